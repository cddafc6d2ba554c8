/**
 * The issued e-Tax invoices of an environment as the tax-authority collection sees them (docs/decisions.md
 * "Tax authority collection"): a pure read for the tax-portal collection, which lists what the sandbox
 * itself issued for a member as seller (SELL), buyer (BUY) or trustee.
 *
 * `issuedInvoices(store, environment)` answers every issued invoice (state ≥ 300; saved drafts are
 * not sent to the authority) with the fields a collected record needs; `issuedInvoicesOf` those of
 * one party and date range, `issuedInvoice` the one with a confirmation number — both through the
 * e-Tax invoice state's indexes. They read, never change the state: filing times (`ntssendDT`) are
 * those reached so far by reads of the invoice.
 *
 * @since 0.1.0
 */
import * as Kst from "../../core/Kst.js"
import type { Environment, SandboxStoreShape } from "../Store.js"
import { stateCodeOf } from "./Filing.js"
import { issuedOfParty } from "./IssuedIndexes.js"
import { type DateType, type Invoice, type Issued, taxinvoiceSlot } from "./State.js"

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

/** An issued invoice as collected. */
const collectedOf = (invoice: Invoice, issued: Issued): IssuedInvoice => {
  const d = invoice.draft
  const line = d.detailList?.[0]
  const sent = invoice.filingTimes[2]
  return {
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
  }
}

const byIssue = (a: IssuedInvoice, b: IssuedInvoice): number => (a.issueDT < b.issueDT ? -1 : a.issueDT > b.issueDT ? 1 : 0)

/**
 * Every issued invoice of `environment`, in issue order.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issuedInvoices = (store: SandboxStoreShape, environment: Environment): ReadonlyArray<IssuedInvoice> => {
  const found: Array<IssuedInvoice> = []
  for (const invoice of store.get(taxinvoiceSlot, environment).byConfirmNum.values()) found.push(collectedOf(invoice, invoice.issued!))
  return found.sort(byIssue)
}

/**
 * The issued invoices where `corpNum` is seller or buyer whose date of `dateType` (W write, I
 * issue, S filing date) is from `sDate` to `eDate`, in issue order — found through the invoices'
 * party index, never by looking at the others.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issuedInvoicesOf = (
  store: SandboxStoreShape,
  environment: Environment,
  corpNum: string,
  dateType: DateType,
  sDate: string,
  eDate: string
): ReadonlyArray<IssuedInvoice> =>
  issuedOfParty(store.get(taxinvoiceSlot, environment), corpNum, dateType, sDate, eDate)
    .map((invoice) => collectedOf(invoice, invoice.issued!))
    .sort(byIssue)

/**
 * The issued invoice with a confirmation number, if any.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issuedInvoice = (store: SandboxStoreShape, environment: Environment, ntsconfirmNum: string): IssuedInvoice | undefined => {
  const invoice = store.get(taxinvoiceSlot, environment).byConfirmNum.get(ntsconfirmNum)
  return invoice === undefined ? undefined : collectedOf(invoice, invoice.issued!)
}
