/**
 * Filing of issued e-Tax invoices to the tax authority (docs/decisions.md "e-Tax invoices"):
 * 300 issued → 301 waiting to be sent → 302 sending → 303 sent → 304 filed or 305 failed, along the
 * `taxinvoice.filing` progression on document time: the invoice's `Progress`, derived when read and
 * frozen once recorded.
 * Filing fails when the buyer (사업자) is closed per the sandbox's company-status table.
 */
import { States } from "../../domains/companyStatus/Schemas.js"
import * as Rules from "../../domains/taxinvoice/Rules.js"
import type { TaxinvoiceDraft } from "../../domains/taxinvoice/Schemas.js"
import { companyStatusOf } from "../companyStatus/Table.js"
import type { StateNames } from "../documents/DocumentKind.js"
import { asOf, type Course, type Policy, type Progress } from "../Progression.js"
import type { Invoice } from "./Stored.js"

/** The names of the states of an e-Tax invoice, for the pages, the portal and the PDF. */
export const STATES: StateNames = {
  [Rules.StateCode.Saved]: { ko: "임시저장", en: "Saved" },
  [Rules.StateCode.Issued]: { ko: "발행완료", en: "Issued" },
  [Rules.StateCode.WaitingToSend]: { ko: "전송대기", en: "Waiting to be sent" },
  [Rules.StateCode.Sending]: { ko: "전송중", en: "Sending" },
  [Rules.StateCode.Sent]: { ko: "전송완료(결과대기)", en: "Sent, awaiting the result" },
  [Rules.StateCode.Filed]: { ko: "국세청 신고완료", en: "Filed to the tax authority" },
  [Rules.StateCode.FilingFailed]: { ko: "국세청 전송실패", en: "Filing failed" }
}

/**
 * How an issued invoice's filing progresses under `policy`: four steps from its issue (301, 302,
 * 303, then 304 or 305). A saved invoice (100) does not progress.
 */
export const courseOf = (invoice: Invoice, policy: Policy): Course | undefined =>
  invoice.issued === undefined ? undefined : { policy, since: invoice.issued.at, stages: 4 }

/**
 * The filing of an invoice as of `now` under `policy` (`Progression.asOf`), without recording it:
 * what a read would find (the sandbox's pages look without changing).
 */
export const filingAsOf = (invoice: Invoice, policy: Policy, now: number): Progress => {
  const course = courseOf(invoice, policy)
  return course === undefined ? invoice.progress : asOf(invoice.progress, course, now)
}

/** The status code of an invoice at a filing stage (0 … 4). */
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

/** The status code of an invoice. */
export const stateCodeOf = (invoice: Invoice): number => stateCodeAt(invoice, invoice.progress.reached.length)

/** When the invoice last changed state. */
export const stateAt = (invoice: Invoice, progress: Progress = invoice.progress): number => progress.reached.at(-1) ?? invoice.issued?.at ?? invoice.regAt

/**
 * `true` when filing of this invoice fails: the buyer is a business closed per the company-status
 * table (docs/decisions.md "e-Tax invoices").
 */
export const buyerClosed = (draft: TaxinvoiceDraft, now: number): boolean =>
  (draft.invoiceeType ?? "사업자") === "사업자" && companyStatusOf(draft.invoiceeCorpNum, now).state === States.Closed
