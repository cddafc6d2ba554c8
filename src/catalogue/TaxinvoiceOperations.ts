/**
 * The e-Tax invoice operations of the catalogue (docs/operations.md "e-Tax invoice"), one
 * declaration each: what `TaxdocClient.call` takes, and what a sandbox route implements
 * (`Route.implement`).
 *
 * @since 0.1.0
 */
export {
  AssignMgtKey,
  AttachFile,
  BulkIssue,
  DeleteFile,
  GetBulkResult,
  GetDetailInfo,
  GetEPrintURL,
  GetFiles,
  GetInfo,
  GetInfos,
  GetMailURL,
  GetMassPrintURL,
  GetPDFURL,
  GetPopUpURL,
  GetPrintURL,
  GetViewURL,
  Issue,
  Register,
  SendEmail
} from "../domains/taxinvoice/Operations.js"
