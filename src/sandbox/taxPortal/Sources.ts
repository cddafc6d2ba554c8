/**
 * Where the sandbox's tax authority finds the documents issued through the sandbox itself
 * (docs/decisions.md "Tax authority collection"): cash receipts from the cash receipt domain's state, and tax
 * invoices from the e-Tax invoice domain through `TaxinvoiceSource` — a pure read of the store,
 * through the domains' indexes. Filing times are those recorded so far.
 */
import * as Kst from "../../core/Kst.js"
import { stateCodeOf as receiptState } from "../cashbill/Filing.js"
import { maskIdentityNum } from "../cashbill/Masking.js"
import { cashbillSlot, receiptsOfParty } from "../cashbill/State.js"
import { membersSlot } from "../member/State.js"
import type { Environment, SandboxStoreShape } from "../Store.js"
import { stateCodeOf } from "../taxinvoice/Filing.js"
import { issuedInvoices, issuedOfParty } from "../taxinvoice/IssuedIndexes.js"
import { type Invoice, taxinvoiceSlot } from "../taxinvoice/Stored.js"
import type { CollectedReceipt, IssuedInvoice, Party } from "./Records.js"

/** The store as handlers see it. */
export type Store = SandboxStoreShape

/**
 * What a collection asks a source for: the invoices of a member whose date of a date type (W, I,
 * S) is within a range.
 */
export interface SourceQuery {
  readonly corpNum: string
  readonly dateType: string
  readonly sDate: string
  readonly eDate: string
}

/**
 * The e-Tax invoices issued through the sandbox in an environment, as the tax authority holds
 * them: with a query, at least those of the query (collection then picks the member's side and
 * range exactly); without one, every member's. Must be pure: it reads the store and changes
 * nothing.
 */
export type TaxinvoiceSource = (store: Store, environment: Environment, query?: SourceQuery) => ReadonlyArray<IssuedInvoice>

const orUndefined = (value: string | undefined): string | undefined => (value === "" ? undefined : value)

/**
 * An issued e-Tax invoice of the e-Tax invoice domain as the tax authority holds it: the parties,
 * amounts and first item line; filed on the day it was sent (until then, the day it was issued).
 */
export const collected = (invoice: Invoice): IssuedInvoice => {
  const d = invoice.draft
  const issued = invoice.issued!
  const line = d.detailList?.[0]
  const issueDT = Kst.toDateTime14(issued.at)
  return {
    ntsconfirmNum: issued.ntsconfirmNum,
    writeDate: d.writeDate,
    issueDT,
    sendDate: Kst.toDate8(invoice.progress.reached[2] ?? issued.at),
    taxType: d.taxType,
    purposeType: d.purposeType,
    modifyYN: d.modifyCode !== undefined,
    invoicer: { corpNum: d.invoicerCorpNum, corpName: d.invoicerCorpName, ceoName: d.invoicerCEOName, email: orUndefined(d.invoicerEmail) },
    invoiceeType: d.invoiceeType ?? "사업자",
    invoicee: { corpNum: d.invoiceeCorpNum, corpName: d.invoiceeCorpName, ceoName: d.invoiceeCEOName, email: orUndefined(d.invoiceeEmail1) },
    supplyCostTotal: d.supplyCostTotal,
    taxTotal: d.taxTotal,
    totalAmount: d.totalAmount,
    remark1: orUndefined(d.remark1),
    lines: line === undefined
      ? []
      : [{ purchaseDT: line.purchaseDT ?? d.writeDate, itemName: line.itemName ?? "", supplyCost: line.supplyCost ?? d.supplyCostTotal, tax: line.tax ?? d.taxTotal }],
    knownAt: Kst.parse(issueDT)
  }
}

const dateTypeOf = (dateType: string): "W" | "I" | "S" => (dateType === "W" || dateType === "I" ? dateType : "S")

/** Those the tax authority took: not when filing failed (305). */
const filed = (invoices: ReadonlyArray<Invoice>): ReadonlyArray<IssuedInvoice> =>
  invoices.filter((invoice) => stateCodeOf(invoice) !== 305).map(collected)

/**
 * The e-Tax invoices collection sees: those the e-Tax invoice domain issued, except those the tax
 * authority refused (filing failed, 305) — for a query, only the member's of the range, through
 * the e-Tax invoice state's index.
 */
export const taxinvoiceSource: TaxinvoiceSource = (store, environment, query) => {
  const state = store.get(taxinvoiceSlot, environment)
  return filed(
    query === undefined
      ? issuedInvoices(state)
      : [...issuedOfParty(state, query.corpNum, dateTypeOf(query.dateType), query.sDate, query.eDate)].sort((a, b) => a.issued!.at - b.issued!.at)
  )
}

/** The e-Tax invoice with a confirmation number as collection sees it (not when filing failed). */
export const taxinvoiceByConfirmNum = (store: Store, environment: Environment, ntsconfirmNum: string): IssuedInvoice | undefined => {
  const found = store.get(taxinvoiceSlot, environment).byConfirmNum.get(ntsconfirmNum)
  return found === undefined ? undefined : filed([found])[0]
}

/**
 * The cash receipts issued through the sandbox in an environment (every member's) where `corpNum`
 * is the seller (`SELL`) or the buyer named by registration number (`BUY`), traded from `sDate` to
 * `eDate`, except those the tax authority refused (filing failed, 305), as the authority holds them.
 * Found through the receipts' party index: the other stored receipts are never looked at.
 */
export const issuedReceipts = (
  store: Store,
  environment: Environment,
  side: "SELL" | "BUY",
  corpNum: string,
  sDate: string,
  eDate: string
): ReadonlyArray<CollectedReceipt> => {
  const out: Array<CollectedReceipt> = []
  for (const r of receiptsOfParty(store.get(cashbillSlot, environment), side, corpNum, sDate, eDate)) {
    if (receiptState(r) === 305) continue
    out.push({
      ntsconfirmNum: r.confirmNum,
      tradeDate: r.tradeDate,
      tradeDT: r.tradeDT,
      tradeType: r.tradeType,
      tradeUsage: r.tradeUsage,
      totalAmount: r.totalAmount,
      supplyCost: r.supplyCost,
      tax: r.tax,
      serviceFee: r.serviceFee,
      franchiseCorpNum: r.franchiseCorpNum,
      franchiseCorpName: r.franchiseCorpName ?? "",
      identityNum: maskIdentityNum(r.identityNum),
      customerName: r.customerName ?? "",
      knownAt: r.issuedAt
    })
  }
  return out
}

/** The member as a party of its documents (its company information when it joined). */
export const memberParty = (store: Store, environment: Environment, corpNum: string): Party => {
  const info = store.get(membersSlot, environment).members.get(corpNum)?.corpInfo
  return info === undefined
    ? { corpNum, corpName: `회원사 ${corpNum}` }
    : { corpNum, corpName: info.corpName, ceoName: info.ceoname, addr: info.addr, bizType: info.bizType, bizClass: info.bizClass }
}

/** `true` when a KST date is on or before the KST day of an instant. */
export const notAfterDayOf = (date8: string, instant: number): boolean => date8 <= Kst.toDate8(instant)
