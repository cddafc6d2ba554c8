/**
 * The inputs and answers of the e-Tax invoice service, as Schemas: a draft (with its `Encoded`
 * side), its detail lines and extra contacts, the options of `issue`, an attached file, and what
 * issuing, bulk issuing and the queries answer.
 *
 * @since 0.1.0
 */
export {
  AddContact,
  AttachedFile,
  AttachedFileInput,
  BulkIssueResult,
  BulkResult,
  BulkSubmitResponse,
  DetailLine,
  IssueBody,
  IssueResponse,
  MgtKeyType,
  TaxinvoiceDetail,
  TaxinvoiceDraft,
  type TaxinvoiceDraftEncoded,
  TaxinvoiceInfo
} from "../domains/taxinvoice/Schemas.js"
