/**
 * The statement operations of the catalogue (docs/operations.md "Statement"). The token scope of
 * each call is the statement's item code (docs/decisions.md "Statements"): the path's `{itemCode}`, or, for
 * RegistIssue, whose path has none, the body's `itemCode`; the SDK's tokens carry all six codes
 * together, as the live clients do.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Operation from "../../core/Operation.js"
import { GenericResult, MgtKey, UrlResult } from "../../core/Schemas.js"
import { byPage, urlOperation } from "../../core/UrlOperation.js"
import * as Rules from "./Rules.js"
import {
  CancelBody,
  IssueResponse,
  ItemCodeText,
  MassPrintList,
  MgtKeyList,
  SendEmailBody,
  StatementDetail,
  StatementInfo,
  StatementIssue
} from "./Schemas.js"

const scope = Operation.scopeFromParam("itemCode", Rules.SCOPES)
const ByType = Schema.Struct({ itemCode: ItemCodeText })
const ByKey = Schema.Struct({ itemCode: ItemCodeText, mgtKey: MgtKey })
const DOCUMENT = "/Statement/{itemCode}/{mgtKey}" as const

/**
 * RegistIssue: issues a statement (pending approval when the member's preference asks for it).
 *
 * @since 0.1.0
 * @category operations
 */
export const RegistIssue = Operation.make({
  name: "Statement.RegistIssue",
  sdk: "Statement.issue",
  cli: "statement issue",
  summary: "issue a statement",
  method: "POST",
  path: "/Statement",
  override: "ISSUE",
  scope: Operation.scopeFromBody("itemCode", Rules.SCOPES),
  body: Operation.json(StatementIssue),
  success: IssueResponse,
  safeToRepeat: false
})

/**
 * Cancel: cancels an issued or pending statement (300 or 200 → 600), with an optional memo.
 *
 * @since 0.1.0
 * @category operations
 */
export const Cancel = Operation.make({
  name: "Statement.Cancel",
  sdk: "Statement.cancel",
  cli: "statement cancel",
  summary: "cancel a statement",
  method: "POST",
  path: DOCUMENT,
  override: "CANCEL",
  params: ByKey,
  scope,
  body: Operation.json(CancelBody),
  success: GenericResult,
  safeToRepeat: false
})

/**
 * Delete: a cancelled statement (600); its document ID can then be reused.
 *
 * @since 0.1.0
 * @category operations
 */
export const Delete = Operation.make({
  name: "Statement.Delete",
  sdk: "Statement.delete",
  cli: "statement delete",
  summary: "delete a cancelled statement",
  method: "POST",
  path: DOCUMENT,
  override: "DELETE",
  params: ByKey,
  scope,
  success: GenericResult,
  safeToRepeat: false
})

/**
 * GetInfo: the status record of a statement.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetInfo = Operation.make({
  name: "Statement.GetInfo",
  sdk: "Statement.getInfo",
  cli: "statement info",
  summary: "the status record of a statement",
  method: "GET",
  path: DOCUMENT,
  params: ByKey,
  scope,
  success: StatementInfo,
  safeToRepeat: true
})

/**
 * GetInfos: the status records of up to 1,000 statements of one type.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetInfos = Operation.make({
  name: "Statement.GetInfos",
  sdk: "Statement.getInfos",
  cli: "statement infos",
  summary: "the status records of up to 1,000 statements",
  method: "POST",
  path: "/Statement/{itemCode}",
  params: ByType,
  scope,
  body: Operation.jsonArray(MgtKeyList),
  success: Schema.Array(StatementInfo),
  safeToRepeat: true
})

/**
 * GetDetailInfo: the detail record of a statement.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetDetailInfo = Operation.make({
  name: "Statement.GetDetailInfo",
  sdk: "Statement.getDetailInfo",
  cli: "statement detail",
  summary: "the detail record of a statement",
  method: "GET",
  path: DOCUMENT,
  query: [Operation.flag("Detail")],
  params: ByKey,
  scope,
  success: StatementDetail,
  safeToRepeat: true
})

// The pages of one statement, by their `TG` selector (`Rules.URL_KINDS`).
const statementPage = { domain: "Statement", cli: "statement url", path: DOCUMENT, params: ByKey, scope } as const

/**
 * GetPopUpURL: the statement in a pop-up, valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetPopUpURL = urlOperation(statementPage, "GetPopUpURL", "getPopUpURL", "POPUP", "a pop-up URL of the statement (30 s)")

/**
 * GetViewURL: the statement's view page, valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetViewURL = urlOperation(statementPage, "GetViewURL", "getViewURL", "VIEW", "a view URL of the statement (30 s)")

/**
 * GetPrintURL: the sender's print page, valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetPrintURL = urlOperation(statementPage, "GetPrintURL", "getPrintURL", "PRINT", "a print URL of the statement (30 s)")

/**
 * GetEPrintURL: the receiver's copy print page, valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetEPrintURL = urlOperation(statementPage, "GetEPrintURL", "getEPrintURL", "EPRINT", "a receiver-copy print URL (30 s)")

/**
 * GetMailURL: the mail button's URL, with no expiry.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetMailURL = urlOperation(statementPage, "GetMailURL", "getMailURL", "MAIL", "the mail-button URL (no expiry)")

/**
 * GetMassPrintURL: one print page for up to 100 statements of one type, valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetMassPrintURL = Operation.make({
  name: "Statement.GetMassPrintURL",
  sdk: "Statement.getMassPrintURL",
  cli: "statement url",
  summary: "a print URL of up to 100 statements (30 s)",
  method: "POST",
  path: "/Statement/{itemCode}",
  query: [Operation.flag("Print")],
  params: ByType,
  scope,
  body: Operation.jsonArray(MassPrintList),
  success: UrlResult,
  safeToRepeat: true
})

/**
 * SendEmail: sends the statement's notification mail again, to `receiver`.
 *
 * @since 0.1.0
 * @category operations
 */
export const SendEmail = Operation.make({
  name: "Statement.SendEmail",
  sdk: "Statement.sendEmail",
  cli: "statement email",
  summary: "resend the notification mail",
  method: "POST",
  path: DOCUMENT,
  override: "EMAIL",
  params: ByKey,
  scope,
  body: Operation.json(SendEmailBody),
  success: GenericResult,
  safeToRepeat: false
})

/**
 * The URL operations by their `TG` selector.
 *
 * @since 0.1.0
 * @category operations
 */
export const urlOperations = byPage(Rules.URL_KINDS, [GetPopUpURL, GetViewURL, GetPrintURL, GetEPrintURL, GetMailURL])

/**
 * Every statement operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operations: ReadonlyArray<Operation.Any> = [
  RegistIssue,
  Cancel,
  Delete,
  GetInfo,
  GetInfos,
  GetDetailInfo,
  GetPopUpURL,
  GetViewURL,
  GetPrintURL,
  GetEPrintURL,
  GetMassPrintURL,
  GetMailURL,
  SendEmail
]
