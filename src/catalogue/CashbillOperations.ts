/**
 * The cash receipt operations of the catalogue (docs/operations.md "Cash receipt"), one declaration
 * each: what `TaxdocClient.call` takes, and what a sandbox route implements (`Route.implement`).
 *
 * @since 0.1.0
 */
export {
  BulkSubmit,
  Delete,
  GetBulkResult,
  GetDetailInfo,
  GetEPrintURL,
  GetInfo,
  GetInfos,
  GetMailURL,
  GetMassPrintURL,
  GetPDF,
  GetPDFURL,
  GetPopUpURL,
  GetPrintURL,
  GetURL,
  GetViewURL,
  RegistIssue,
  RevokeRegistIssue
} from "../domains/cashbill/Operations.js"
