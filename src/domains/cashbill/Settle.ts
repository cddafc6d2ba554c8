/**
 * How a cash receipt write whose answer was lost is judged from the receipt read back by its
 * document ID (see `core/Outcome.ts`): the fields that make it the receipt that was sent, and the
 * answer the write would have given.
 *
 * @since 0.1.0
 */
import * as Option from "effect/Option"
import * as Outcome from "../../core/Outcome.js"
import { GenericResult } from "../../core/Schemas.js"
import { type CashbillDetail, type CashReceiptIssue, type CashReceiptRevoke, IssueResponse } from "./Schemas.js"

const answerOf = (detail: CashbillDetail): IssueResponse =>
  new IssueResponse({
    code: 1,
    message: "issued (settled by reading the receipt back after the answer was lost)",
    confirmNum: detail.confirmNum,
    tradeDate: detail.tradeDate,
    ...(detail.tradeDT === undefined ? {} : { tradeDT: detail.tradeDT })
  })

const differences = (detail: CashbillDetail, sent: Readonly<Record<string, unknown>>, fields: ReadonlyArray<keyof CashbillDetail & string>) =>
  fields.filter((field) => sent[field] !== undefined && String(sent[field]) !== String(detail[field] ?? ""))

/**
 * An issue happened when the receipt under its ID carries what was sent.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issued = (receipt: CashReceiptIssue) => (found: Option.Option<CashbillDetail>): Outcome.Verdict<IssueResponse> => {
  if (Option.isNone(found)) return Outcome.didNotHappen
  const differ = differences(found.value, receipt, [
    "tradeUsage",
    "taxationType",
    "totalAmount",
    "supplyCost",
    "tax",
    "serviceFee",
    "franchiseCorpNum",
    "identityNum"
  ])
  return differ.length === 0 ? Outcome.happened(answerOf(found.value)) : Outcome.different(`${differ.join(", ")} differ`)
}

/**
 * A revocation happened when the receipt under its ID revokes the same original (and, when partial,
 * the same amounts).
 *
 * @since 0.1.0
 * @category combinators
 */
export const revoked = (revocation: CashReceiptRevoke) => (found: Option.Option<CashbillDetail>): Outcome.Verdict<IssueResponse> => {
  if (Option.isNone(found)) return Outcome.didNotHappen
  const differ = differences(found.value, revocation, ["orgConfirmNum", "orgTradeDate", "totalAmount", "supplyCost", "tax", "serviceFee"])
  return differ.length === 0 ? Outcome.happened(answerOf(found.value)) : Outcome.different(`${differ.join(", ")} differ`)
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
