/**
 * The statement operations of the catalogue (docs/operations.md "Statement"), one declaration each:
 * what `TaxdocClient.call` takes, and what a sandbox route implements (`Route.implement`).
 *
 * @since 0.1.0
 */
export {
  Cancel,
  Delete,
  GetDetailInfo,
  GetEPrintURL,
  GetInfo,
  GetInfos,
  GetMailURL,
  GetMassPrintURL,
  GetPopUpURL,
  GetPrintURL,
  GetViewURL,
  RegistIssue,
  SendEmail
} from "../domains/statement/Operations.js"
