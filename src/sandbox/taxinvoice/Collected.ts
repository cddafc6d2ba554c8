/**
 * The issued e-Tax invoices of an environment as the tax-authority collection sees them (DESIGN.md
 * §6 "collection data"): a pure read for the tax-portal collection, which lists what the sandbox
 * itself issued for a member as seller (SELL), buyer (BUY) or trustee.
 *
 * `issuedInvoices(store, environment)` answers every issued invoice (state ≥ 300; saved drafts are
 * not sent to the authority) with the fields a collected record needs. It reads, never changes the
 * state: filing times (`ntssendDT`) are those reached so far by reads of the invoice.
 *
 * @since 0.1.0
 */
import * as Kst from "../../core/Kst.js"
import type { Environment, SandboxStore } from "../Store.js"
import { stateCodeOf } from "./Filing.js"
import { taxinvoiceSlot } from "./State.js"

/**
 * An issued invoice as collected: dates (KST), the confirmation number, types, amounts, both
 * parties (and the trustee, when there is one) and the first detail line.
 *
 * @since 0.1.0
 * @category models
 */
export interface IssuedInvoice {
  /** The member that issued it (the seller). */
  readonly corpNum: string
  readonly stateCode: number
  readonly writeDate: string
  readonly issueDT: string
  readonly ntssendDT: string | null
  readonly ntsconfirmNum: string
  readonly taxType: string
  readonly purposeType: string
  readonly modifyCode: number | null
  readonly supplyCostTotal: string
  readonly taxTotal: string
  readonly totalAmount: string
  readonly invoicerCorpNum: string
  readonly invoicerCorpName: string
  readonly invoicerCEOName: string
  readonly invoicerEmail: string | null
  readonly invoiceeType: string
  readonly invoiceeCorpNum: string
  readonly invoiceeCorpName: string
  readonly invoiceeCEOName: string
  readonly invoiceeEmail1: string | null
  /** Drafts carry no trustee fields; `null` until trustee issue exists. */
  readonly trusteeCorpNum: string | null
  readonly trusteeCorpName: string | null
  readonly remark1: string | null
  readonly firstLine: {
    readonly purchaseDT: string | null
    readonly itemName: string | null
    readonly supplyCost: string | null
    readonly tax: string | null
  } | null
}

/**
 * Every issued invoice of `environment`, in issue order.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issuedInvoices = (store: SandboxStore["Type"], environment: Environment): ReadonlyArray<IssuedInvoice> => {
  const state = store.get(taxinvoiceSlot, environment)
  const found: Array<IssuedInvoice> = []
  for (const member of state.members.values()) {
    for (const invoice of member.byItemKey.values()) {
      const issued = invoice.issued
      if (issued === undefined) continue
      const d = invoice.draft
      const line = d.detailList?.[0]
      const sent = invoice.filingTimes[2]
      found.push({
        corpNum: invoice.corpNum,
        stateCode: stateCodeOf(invoice),
        writeDate: d.writeDate,
        issueDT: Kst.toDateTime14(issued.at),
        ntssendDT: sent === undefined ? null : Kst.toDateTime14(sent),
        ntsconfirmNum: issued.ntsconfirmNum,
        taxType: d.taxType,
        purposeType: d.purposeType,
        modifyCode: d.modifyCode ?? null,
        supplyCostTotal: d.supplyCostTotal,
        taxTotal: d.taxTotal,
        totalAmount: d.totalAmount,
        invoicerCorpNum: d.invoicerCorpNum,
        invoicerCorpName: d.invoicerCorpName,
        invoicerCEOName: d.invoicerCEOName,
        invoicerEmail: d.invoicerEmail ?? null,
        invoiceeType: d.invoiceeType ?? "사업자",
        invoiceeCorpNum: d.invoiceeCorpNum,
        invoiceeCorpName: d.invoiceeCorpName,
        invoiceeCEOName: d.invoiceeCEOName,
        invoiceeEmail1: d.invoiceeEmail1 ?? null,
        trusteeCorpNum: null,
        trusteeCorpName: null,
        remark1: d.remark1 ?? null,
        firstLine: line === undefined
          ? null
          : { purchaseDT: line.purchaseDT ?? null, itemName: line.itemName ?? null, supplyCost: line.supplyCost ?? null, tax: line.tax ?? null }
      })
    }
  }
  return found.sort((a, b) => (a.issueDT < b.issueDT ? -1 : a.issueDT > b.issueDT ? 1 : 0))
}
