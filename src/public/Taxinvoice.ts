/**
 * The e-Tax invoice service (docs/service.md "e-Tax invoices", docs/taxinvoice.md): save a draft,
 * attach files, issue, status and detail queries, the URL operations, the notification mail, bulk
 * issue with result polling — plus `issueMany`, `awaitBulkResult` and `getInfos` for any number of
 * document IDs.
 *
 * @since 0.1.0
 */
export {
  type AwaitOptions,
  type FileSource,
  type IssueManyOptions,
  layer,
  Taxinvoice,
  type TaxinvoiceError,
  type TaxinvoiceService,
  type UrlKind
} from "../domains/taxinvoice/Taxinvoice.js"
