/**
 * The indexes of issued e-Tax invoices (kept in `TaxinvoiceState`): by confirmation number, and by
 * party (seller and buyer) and day for each date type a tax-portal collection ranges over — write
 * date, issue date and filing date, the last moving from the issue day to the day the invoice was
 * sent once its filing is brought up to date. Finding a member's invoices of a range never looks at
 * the others.
 */
import * as Kst from "../../core/Kst.js"
import { advance, type Policy } from "../Progression.js"
import { courseOf } from "./Filing.js"
import type { DateType, Invoice, TaxinvoiceState } from "./Stored.js"

/** The parties an issued invoice is found under: its seller and its buyer. */
const partiesOf = (invoice: Invoice): ReadonlyArray<string> =>
  invoice.draft.invoiceeCorpNum === invoice.corpNum ? [invoice.corpNum] : [invoice.corpNum, invoice.draft.invoiceeCorpNum]

/** The day (`yyyyMMdd`, KST) of an issued invoice for a date type. */
export const dayOf = (invoice: Invoice, dateType: DateType): string =>
  dateType === "W" ? invoice.draft.writeDate : Kst.toDate8(dateType === "S" ? invoice.progress.reached[2] ?? invoice.issued!.at : invoice.issued!.at)

/**
 * Files an invoice just issued in the indexes: by confirmation number, and under its seller and
 * buyer for each date type.
 */
export const index = (state: TaxinvoiceState, invoice: Invoice): void => {
  state.byConfirmNum.set(invoice.issued!.ntsconfirmNum, invoice)
  for (const party of partiesOf(invoice)) {
    for (const dateType of ["W", "I", "S"] as const) state.byDay[dateType].add(party, dayOf(invoice, dateType), invoice)
  }
}

/**
 * Records the filing of an invoice as of `now` (a query counts as a poll: `poll`); once it is
 * sent, it is found under its filing day.
 */
export const advanceFiling = (state: TaxinvoiceState, invoice: Invoice, policy: Policy, now: number, poll = false): Invoice => {
  const course = courseOf(invoice, policy)
  if (course === undefined) return invoice
  const before = dayOf(invoice, "S")
  advance(invoice, course, now, poll)
  const after = dayOf(invoice, "S")
  if (before !== after) {
    for (const party of partiesOf(invoice)) {
      state.byDay.S.remove(party, before, invoice)
      state.byDay.S.add(party, after, invoice)
    }
  }
  return invoice
}

/**
 * The issued invoices where `corpNum` is seller or buyer whose date of `dateType` is from `sDate`
 * to `eDate`.
 */
export const issuedOfParty = (state: TaxinvoiceState, corpNum: string, dateType: DateType, sDate: string, eDate: string): ReadonlyArray<Invoice> =>
  state.byDay[dateType].between(corpNum, sDate, eDate)

/**
 * Every issued invoice of the state (state ≥ 300; saved drafts are not sent to the authority), in
 * issue order.
 */
export const issuedInvoices = (state: TaxinvoiceState): ReadonlyArray<Invoice> =>
  Array.from(state.byConfirmNum.values()).sort((a, b) => a.issued!.at - b.issued!.at)
