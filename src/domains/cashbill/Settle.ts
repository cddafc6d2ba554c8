/**
 * How a cash receipt write whose answer was lost, or which was answered that its ID is in use (a
 * rerun), is judged from the receipt read back by its document ID (see `core/Outcome.ts`): the
 * fields that make it the receipt that was sent, and the answer the write would have given.
 *
 * @since 0.1.0
 */
import * as Option from "effect/Option"
import * as Outcome from "../../core/Outcome.js"
import { GenericResult } from "../../core/Schemas.js"
import { type CashbillDetail, type CashReceiptIssue, type CashReceiptRevoke, IssueResponse } from "./Schemas.js"

const answerOf = (detail: CashbillDetail, why: Outcome.Why): IssueResponse =>
  new IssueResponse({
    code: 1,
    message: why === "lost"
      ? "issued (settled by reading the receipt back after the answer was lost)"
      : "issued before under this ID, the same receipt (answered as when it was first issued)",
    confirmNum: detail.confirmNum,
    tradeDate: detail.tradeDate,
    ...(detail.tradeDT === undefined ? {} : { tradeDT: detail.tradeDT })
  })

const differences = (detail: CashbillDetail, sent: Readonly<Record<string, unknown>>, fields: ReadonlyArray<keyof CashbillDetail & string>) =>
  fields.filter((field) => sent[field] !== undefined && String(sent[field]) !== String(detail[field] ?? ""))

// The fields an issue is compared by: the receipt under its ID is the one sent when each of them
// that was sent is the same, and it revokes nothing (docs/resilience.md lists them).
const ISSUE_FIELDS = [
  "tradeType",
  "tradeUsage",
  "taxationType",
  "totalAmount",
  "supplyCost",
  "tax",
  "serviceFee",
  "franchiseCorpNum",
  "identityNum"
] as const

// The fields a revocation is compared by, besides being one.
const REVOKE_FIELDS = ["orgConfirmNum", "orgTradeDate", "totalAmount", "supplyCost", "tax", "serviceFee"] as const

/**
 * An issue happened when the receipt under its ID carries what was sent.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issued = (receipt: CashReceiptIssue) => (found: Option.Option<CashbillDetail>, why: Outcome.Why): Outcome.Verdict<IssueResponse> => {
  if (Option.isNone(found)) return Outcome.didNotHappen
  if (found.value.orgConfirmNum) return Outcome.different("the receipt under this ID revokes another")
  const differ = differences(found.value, receipt, ISSUE_FIELDS)
  return differ.length === 0 ? Outcome.happened(answerOf(found.value, why)) : Outcome.different(`${differ.join(", ")} differ`)
}

/**
 * A revocation happened when the receipt under its ID revokes the same original (and, when partial,
 * the same amounts).
 *
 * @since 0.1.0
 * @category combinators
 */
export const revoked = (revocation: CashReceiptRevoke) => (found: Option.Option<CashbillDetail>, why: Outcome.Why): Outcome.Verdict<IssueResponse> => {
  if (Option.isNone(found)) return Outcome.didNotHappen
  if (!found.value.orgConfirmNum) return Outcome.different("the receipt under this ID is not a revocation")
  const differ = differences(found.value, revocation, REVOKE_FIELDS)
  return differ.length === 0 ? Outcome.happened(answerOf(found.value, why)) : Outcome.different(`${differ.join(", ")} differ`)
}

/**
 * A deletion happened when no receipt is left under the ID.
 *
 * @since 0.1.0
 * @category combinators
 */
export const deleted = (found: Option.Option<CashbillDetail>): Outcome.Verdict<GenericResult> =>
  Option.isNone(found)
    ? Outcome.happened(new GenericResult({ code: 1, message: "deleted (settled by reading back after the answer was lost)" }))
    : Outcome.didNotHappen
