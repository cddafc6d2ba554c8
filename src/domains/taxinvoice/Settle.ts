/**
 * How an e-Tax invoice write whose answer was lost, or which was refused as a rerun (its ID in
 * use, the invoice already issued), is judged from the invoice read back by its document ID (see
 * `core/Outcome.ts`): the fields that make it the draft that was sent, and the answer the write
 * would have given.
 *
 * @since 0.1.0
 */
import * as Option from "effect/Option"
import * as Outcome from "../../core/Outcome.js"
import { GenericResult } from "../../core/Schemas.js"
import * as Rules from "./Rules.js"
import { IssueResponse, type TaxinvoiceInfo } from "./Answers.js"
import type { TaxinvoiceDraft } from "./Schemas.js"

const FIELDS = ["writeDate", "taxType", "issueType", "purposeType", "supplyCostTotal", "taxTotal", "invoiceeCorpNum"] as const

const differences = (info: TaxinvoiceInfo, draft: TaxinvoiceDraft) =>
  FIELDS.filter((field) => draft[field] !== undefined && String(draft[field]) !== String(info[field] ?? ""))

/**
 * A Register happened when the invoice under its ID carries what was sent.
 *
 * @since 0.1.0
 * @category combinators
 */
export const registered = (draft: TaxinvoiceDraft) => (found: Option.Option<TaxinvoiceInfo>, why: Outcome.Why): Outcome.Verdict<GenericResult> => {
  if (Option.isNone(found)) return Outcome.didNotHappen
  const differ = differences(found.value, draft)
  return differ.length === 0
    ? Outcome.happened(
      new GenericResult({
        code: 1,
        message: why === "lost"
          ? "saved (settled by reading the invoice back after the answer was lost)"
          : "saved before under this ID, the same invoice (answered as when it was first saved)"
      })
    )
    : Outcome.different(`${differ.join(", ")} differ`)
}

/**
 * An Issue happened when the invoice under its ID is issued (300 or beyond, with a confirmation
 * number); still saved (100) means it did not, and no invoice at all is a different problem.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issued = (found: Option.Option<TaxinvoiceInfo>, why: Outcome.Why): Outcome.Verdict<IssueResponse> => {
  if (Option.isNone(found)) return Outcome.different("no invoice under that ID")
  const info = found.value
  if (info.stateCode === Rules.StateCode.Saved) return Outcome.didNotHappen
  return Outcome.happened(
    new IssueResponse({
      code: 1,
      message: why === "lost"
        ? "issued (settled by reading the invoice back after the answer was lost)"
        : "issued before (answered as when it was first issued)",
      ...(info.ntsconfirmNum === undefined ? {} : { ntsConfirmNum: info.ntsconfirmNum }),
      ...(info.issueDT === undefined ? {} : { issueDT: info.issueDT })
    })
  )
}
