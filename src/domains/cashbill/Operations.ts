/**
 * The cash receipt operations of the catalogue (docs/operations.md "Cash receipt"; scope 140,
 * docs/decisions.md "Signing and tokens"). Each declaration is the one wire contract of its operation: the SDK builds its
 * requests from it and the sandbox routes and implements it by reference.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Operation from "../../core/Operation.js"
import { GenericResult, MgtKey, UrlResult } from "../../core/Schemas.js"
import { byPage, urlOperation } from "../../core/UrlOperation.js"
import * as Rules from "./Rules.js"
import {
  BulkIssueBody,
  BulkIssueBodyAt,
  BulkResult,
  BulkSubmitResponse,
  CashbillDetail,
  CashbillInfo,
  CashReceiptIssue,
  CashReceiptIssueAt,
  CashReceiptRevoke,
  CashReceiptRevokeAt,
  IssueResponse,
  MassPrintList,
  MgtKeyList,
  SubmitId,
  UrlMenu
} from "./Schemas.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens").
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE = "140"

const scope = Operation.scope(SCOPE)
const ByKey = Schema.Struct({ mgtKey: MgtKey })

/**
 * RegistIssue: issues an approval receipt.
 *
 * @since 0.1.0
 * @category operations
 */
export const RegistIssue = Operation.make({
  name: "Cashbill.RegistIssue",
  sdk: "Cashbill.issue",
  cli: "cashbill issue",
  summary: "issue an approval receipt",
  method: "POST",
  path: "/Cashbill",
  override: "ISSUE",
  scope,
  body: Operation.json(CashReceiptIssue, CashReceiptIssueAt),
  success: IssueResponse,
  safeToRepeat: false
})

/**
 * RevokeRegistIssue: issues a revocation receipt of an original (full or partial).
 *
 * @since 0.1.0
 * @category operations
 */
export const RevokeRegistIssue = Operation.make({
  name: "Cashbill.RevokeRegistIssue",
  sdk: "Cashbill.revoke",
  cli: "cashbill revoke",
  summary: "issue a revocation receipt",
  method: "POST",
  path: "/Cashbill",
  override: "REVOKEISSUE",
  scope,
  body: Operation.json(CashReceiptRevoke, CashReceiptRevokeAt),
  success: IssueResponse,
  safeToRepeat: false
})

/**
 * BulkSubmit: 1 to 100 receipts under a submit ID, with the SHA-1 digest of the exact bytes. Safe
 * to repeat with the same submit ID and bytes: the service answers the original receipt ID.
 *
 * @since 0.1.0
 * @category operations
 */
export const BulkSubmit = Operation.make({
  name: "Cashbill.BulkSubmit",
  sdk: "Cashbill.bulkSubmit",
  cli: "cashbill bulk",
  summary: "submit up to 100 receipts for issue",
  method: "POST",
  path: "/Cashbill",
  override: "BULKISSUE",
  params: Schema.Struct({ submitID: SubmitId }),
  headers: { [Operation.SUBMIT_ID_HEADER]: "submitID" },
  digest: true,
  scope,
  body: Operation.json(BulkIssueBody, BulkIssueBodyAt),
  success: BulkSubmitResponse,
  safeToRepeat: true
})

/**
 * GetBulkResult: the state of a bulk submission (clients write the path with `BULK`).
 *
 * @since 0.1.0
 * @category operations
 */
export const GetBulkResult = Operation.make({
  name: "Cashbill.GetBulkResult",
  sdk: "Cashbill.getBulkResult",
  cli: "cashbill bulk",
  summary: "the state and results of a bulk submission",
  method: "GET",
  path: "/Cashbill/BULK/{submitID}/State",
  params: Schema.Struct({ submitID: SubmitId }),
  scope,
  success: BulkResult,
  safeToRepeat: true
})

/**
 * Delete: a receipt whose filing failed (305); its document ID can then be reused.
 *
 * @since 0.1.0
 * @category operations
 */
export const Delete = Operation.make({
  name: "Cashbill.Delete",
  sdk: "Cashbill.delete",
  cli: "cashbill delete",
  summary: "delete a receipt whose filing failed",
  method: "POST",
  path: "/Cashbill/{mgtKey}",
  override: "DELETE",
  params: ByKey,
  scope,
  success: GenericResult,
  safeToRepeat: false
})

/**
 * GetInfo: the status record of a receipt.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetInfo = Operation.make({
  name: "Cashbill.GetInfo",
  sdk: "Cashbill.getInfo",
  cli: "cashbill info",
  summary: "the status record of a receipt",
  method: "GET",
  path: "/Cashbill/{mgtKey}",
  params: ByKey,
  scope,
  success: CashbillInfo,
  safeToRepeat: true
})

/**
 * GetInfos: the status records of up to 1,000 receipts.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetInfos = Operation.make({
  name: "Cashbill.GetInfos",
  sdk: "Cashbill.getInfos",
  cli: "cashbill infos",
  summary: "the status records of up to 1,000 receipts",
  method: "POST",
  path: "/Cashbill/States",
  scope,
  body: Operation.jsonArray(MgtKeyList),
  success: Schema.Array(CashbillInfo),
  safeToRepeat: true
})

/**
 * GetDetailInfo: the detail record of a receipt.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetDetailInfo = Operation.make({
  name: "Cashbill.GetDetailInfo",
  sdk: "Cashbill.getDetailInfo",
  cli: "cashbill detail",
  summary: "the detail record of a receipt",
  method: "GET",
  path: "/Cashbill/{mgtKey}",
  query: [Operation.flag("Detail")],
  params: ByKey,
  scope,
  success: CashbillDetail,
  safeToRepeat: true
})

/**
 * GetURL: a web-portal URL (PBOX issued receipt box, WRITE create receipt), valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetURL = Operation.make({
  name: "Cashbill.GetURL",
  sdk: "Cashbill.getURL",
  cli: "cashbill url",
  summary: "a web-portal URL (PBOX, WRITE)",
  method: "GET",
  path: "/Cashbill",
  query: [Operation.fromParam("TG", "TG")],
  params: Schema.Struct({ TG: UrlMenu }),
  scope,
  success: UrlResult,
  safeToRepeat: true
})

/**
 * GetPDF: the receipt as a PDF document.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetPDF = Operation.make({
  name: "Cashbill.GetPDF",
  sdk: "Cashbill.getPDF",
  cli: "cashbill pdf",
  summary: "the receipt as a PDF document",
  method: "GET",
  path: "/Cashbill/{mgtKey}",
  query: [Operation.flag("PDF")],
  params: ByKey,
  scope,
  success: "pdf",
  safeToRepeat: true
})

// The pages of one receipt, by their `TG` selector (`Rules.URL_KINDS`).
const receiptPage = { domain: "Cashbill", cli: "cashbill url", path: "/Cashbill/{mgtKey}", params: ByKey, scope } as const

/**
 * GetPopUpURL: the receipt in a pop-up page, valid 30 seconds.
 *
 * @since 1.1.0
 * @category operations
 */
export const GetPopUpURL = urlOperation(receiptPage, "GetPopUpURL", "getPopUpURL", "POPUP", "the receipt's pop-up page URL (30 s)")

/**
 * GetViewURL: the receipt's page without menus and buttons, valid 30 seconds.
 *
 * @since 1.1.0
 * @category operations
 */
export const GetViewURL = urlOperation(receiptPage, "GetViewURL", "getViewURL", "VIEW", "the receipt's view page URL, no menus (30 s)")

/**
 * GetPrintURL: the receipt's print page (the merchant's and the customer's copies), valid 30 seconds.
 *
 * @since 1.1.0
 * @category operations
 */
export const GetPrintURL = urlOperation(receiptPage, "GetPrintURL", "getPrintURL", "PRINT", "the receipt's print page URL (30 s)")

/**
 * GetEPrintURL: the print page of the customer's copy, valid 30 seconds.
 *
 * @since 1.1.0
 * @category operations
 */
export const GetEPrintURL = urlOperation(receiptPage, "GetEPrintURL", "getEPrintURL", "EPRINT", "the customer's copy print page URL (30 s)")

/**
 * GetMailURL: the page behind the notification mail's button; it does not expire.
 *
 * @since 1.1.0
 * @category operations
 */
export const GetMailURL = urlOperation(receiptPage, "GetMailURL", "getMailURL", "MAIL", "the notification mail's page URL (no expiry)")

/**
 * GetPDFURL: the receipt as a PDF, valid 30 seconds.
 *
 * @since 1.1.0
 * @category operations
 */
export const GetPDFURL = urlOperation(receiptPage, "GetPDFURL", "getPDFURL", "PDF", "the receipt's PDF URL (30 s)")

/**
 * GetMassPrintURL: one print page of up to 100 receipts, valid 30 seconds.
 *
 * @since 1.1.0
 * @category operations
 */
export const GetMassPrintURL = Operation.make({
  name: "Cashbill.GetMassPrintURL",
  sdk: "Cashbill.getMassPrintURL",
  cli: "cashbill url",
  summary: "the print page URL of up to 100 receipts (30 s)",
  method: "POST",
  path: "/Cashbill/Prints",
  scope,
  body: Operation.jsonArray(MassPrintList),
  success: UrlResult,
  safeToRepeat: true
})

/**
 * The URL operations of one receipt by their `TG` selector.
 *
 * @since 1.1.0
 * @category operations
 */
export const urlOperations = byPage(Rules.URL_KINDS, [GetPopUpURL, GetViewURL, GetPrintURL, GetEPrintURL, GetMailURL, GetPDFURL])

/**
 * Every cash receipt operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operations: ReadonlyArray<Operation.Any> = [
  RegistIssue,
  RevokeRegistIssue,
  BulkSubmit,
  GetBulkResult,
  Delete,
  GetInfo,
  GetInfos,
  GetDetailInfo,
  GetURL,
  GetPDF,
  GetPopUpURL,
  GetViewURL,
  GetPrintURL,
  GetEPrintURL,
  GetMailURL,
  GetPDFURL,
  GetMassPrintURL
]
