/**
 * How a statement write whose answer was lost, or which was answered that its ID is in use (a
 * rerun), is judged from the statement read back by its item code and document ID (see
 * `core/Outcome.ts`).
 *
 * @since 0.1.0
 */
import * as Option from "effect/Option"
import * as Outcome from "../../core/Outcome.js"
import { GenericResult } from "../../core/Schemas.js"
import { StateCode } from "./Rules.js"
import { IssueResponse, type StatementDetail, type StatementInfo, type StatementIssue } from "./Schemas.js"

const FIELDS = ["writeDate", "supplyCostTotal", "taxTotal", "senderCorpNum", "receiverCorpNum", "purposeType"] as const

/**
 * An issue happened when the statement under its ID carries what was sent.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issued = (statement: StatementIssue) => (found: Option.Option<StatementDetail>, why: Outcome.Why): Outcome.Verdict<IssueResponse> => {
  if (Option.isNone(found)) return Outcome.didNotHappen
  const sent = statement as unknown as Readonly<Record<string, unknown>>
  const differ = FIELDS.filter((field) => sent[field] !== undefined && String(sent[field]) !== String(found.value[field] ?? ""))
  return differ.length === 0
    ? Outcome.happened(
      new IssueResponse({
        code: 1,
        message: why === "lost"
          ? "issued (settled by reading the statement back after the answer was lost)"
          : "issued before under this ID, the same statement (answered as when it was first issued)",
        ...(found.value.invoiceNum === undefined ? {} : { invoiceNum: found.value.invoiceNum })
      })
    )
    : Outcome.different(`${differ.join(", ")} differ`)
}

/**
 * A cancellation happened when the statement is cancelled (600); still pending or issued, it did not.
 *
 * @since 0.1.0
 * @category combinators
 */
export const cancelled = (found: Option.Option<StatementInfo>): Outcome.Verdict<GenericResult> => {
  if (Option.isNone(found)) return Outcome.different("no statement is left under this ID")
  return Number(found.value.stateCode) === StateCode.Cancelled
    ? Outcome.happened(new GenericResult({ code: 1, message: "cancelled (settled by reading back after the answer was lost)" }))
    : Outcome.didNotHappen
}

/**
 * A deletion happened when no statement is left under the ID.
 *
 * @since 0.1.0
 * @category combinators
 */
export const deleted = (found: Option.Option<StatementInfo>): Outcome.Verdict<GenericResult> =>
  Option.isNone(found)
    ? Outcome.happened(new GenericResult({ code: 1, message: "deleted (settled by reading back after the answer was lost)" }))
    : Outcome.didNotHappen
