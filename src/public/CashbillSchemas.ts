/**
 * The inputs and answers of the cash receipt service, as Schemas: a receipt to issue and a
 * revocation (each with its `Encoded` side, the plain JSON a program may hold), the portal menus of
 * `getURL`, and what issuing, bulk issuing and the queries answer.
 *
 * @since 0.1.0
 */
export {
  BulkIssueResult,
  BulkResult,
  BulkSubmitResponse,
  CashbillDetail,
  CashbillInfo,
  CashReceiptIssue,
  type CashReceiptIssueEncoded,
  CashReceiptRevoke,
  type CashReceiptRevokeEncoded,
  IssueResponse,
  UrlMenu
} from "../domains/cashbill/Schemas.js"
