/**
 * Filing of issued e-Tax invoices to the tax authority (docs/decisions.md "e-Tax invoices"):
 * 300 issued → 301 waiting to be sent → 302 sending → 303 sent → 304 filed or 305 failed, along the
 * `taxinvoice.filing` progression on document time, derived when read and frozen once reached.
 * Filing fails when the buyer (사업자) is closed per the sandbox's company-status table.
 *
 * @since 0.1.0
 */
import { States } from "../../domains/companyStatus/Schemas.js"
import * as Rules from "../../domains/taxinvoice/Rules.js"
import type { TaxinvoiceDraft } from "../../domains/taxinvoice/Schemas.js"
import { companyStatusOf } from "../companyStatus/Table.js"
import { type Policy, stageOf, stageReachedAt } from "../Progression.js"
import type { Invoice } from "./Stored.js"

const FILING_STEPS = 4

/**
 * The filing steps of an invoice as of `now` under `policy` — the stage reached and when each step
 * was reached, the recorded ones and those now due — without recording them: what a read would
 * find (the sandbox's pages look without changing).
 *
 * @since 1.1.0
 * @category combinators
 */
export const filingAsOf = (invoice: Invoice, policy: Policy, now: number): { readonly stage: number; readonly times: ReadonlyArray<number> } => {
  const issued = invoice.issued
  if (issued === undefined || invoice.filingStage >= FILING_STEPS) return { stage: invoice.filingStage, times: invoice.filingTimes }
  const stage = Math.max(invoice.filingStage, stageOf(policy, { startedAt: issued.at, now, polls: invoice.polls, stages: FILING_STEPS }))
  // Nothing due: the recorded times as they are (a read of an invoice copies nothing).
  if (stage === invoice.filingStage) return { stage, times: invoice.filingTimes }
  const times = [...invoice.filingTimes]
  for (let step = invoice.filingStage + 1; step <= stage; step++) times.push(stageReachedAt(policy, issued.at, step) ?? now)
  return { stage, times }
}

/**
 * Brings the filing of an issued invoice up to date under `policy` (300 → 301 → 302 → 303 →
 * 304/305), recording when each step was reached.
 *
 * @since 0.1.0
 * @category combinators
 */
export const advanceFiling = (invoice: Invoice, policy: Policy, now: number): Invoice => {
  const { stage, times } = filingAsOf(invoice, policy, now)
  for (let step = invoice.filingStage; step < stage; step++) invoice.filingTimes.push(times[step]!)
  invoice.filingStage = stage
  return invoice
}

/**
 * The status code of an invoice at a filing stage (0 … 4).
 *
 * @since 1.1.0
 * @category combinators
 */
export const stateCodeAt = (invoice: Invoice, filingStage: number): number => {
  if (invoice.issued === undefined) return Rules.StateCode.Saved
  switch (filingStage) {
    case 0:
      return Rules.StateCode.Issued
    case 1:
      return Rules.StateCode.WaitingToSend
    case 2:
      return Rules.StateCode.Sending
    case 3:
      return Rules.StateCode.Sent
    default:
      return invoice.issued.filingFails ? Rules.StateCode.FilingFailed : Rules.StateCode.Filed
  }
}

/**
 * The status code of an invoice.
 *
 * @since 0.1.0
 * @category combinators
 */
export const stateCodeOf = (invoice: Invoice): number => stateCodeAt(invoice, invoice.filingStage)

/**
 * When the invoice last changed state.
 *
 * @since 0.1.0
 * @category combinators
 */
export const stateAt = (invoice: Invoice): number => invoice.filingTimes.at(-1) ?? invoice.issued?.at ?? invoice.regAt

/**
 * `true` when filing of this invoice fails: the buyer is a business closed per the company-status
 * table (docs/decisions.md "e-Tax invoices").
 *
 * @since 0.1.0
 * @category rules
 */
export const buyerClosed = (draft: TaxinvoiceDraft, now: number): boolean =>
  (draft.invoiceeType ?? "사업자") === "사업자" && companyStatusOf(draft.invoiceeCorpNum, now).state === States.Closed
