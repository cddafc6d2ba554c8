/**
 * Where the sandbox's tax authority finds the documents issued through the sandbox itself
 * (docs/decisions.md "Tax authority collection"): cash receipts from the cash receipt domain's state, and tax
 * invoices from the e-Tax invoice domain through `TaxinvoiceSource` — a pure read of the store.
 * `taxinvoiceSource` reads the e-Tax invoice domain's issued invoices (`taxinvoice/Collected.ts`).
 *
 * @since 0.1.0
 */
import * as Kst from "../../core/Kst.js"
import { maskIdentityNum } from "../cashbill/Masking.js"
import { cashbillSlot, receiptsOfParty } from "../cashbill/State.js"
import { membersSlot } from "../member/State.js"
import * as Issued from "../taxinvoice/Collected.js"
import type { Environment, SandboxStoreShape } from "../Store.js"
import type { CollectedReceipt, IssuedInvoice, Party } from "./Records.js"

/**
 * The store as handlers see it.
 *
 * @since 0.1.0
 * @category models
 */
export type Store = SandboxStoreShape

/**
 * What a collection asks a source for: the invoices of a member whose date of a date type (W, I,
 * S) is within a range.
 *
 * @since 0.1.0
 * @category models
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
 *
 * @since 0.1.0
 * @category models
 */
export type TaxinvoiceSource = (store: Store, environment: Environment, query?: SourceQuery) => ReadonlyArray<IssuedInvoice>

/**
 * No issued e-Tax invoices.
 *
 * @since 0.1.0
 * @category constants
 */
export const noTaxinvoices: TaxinvoiceSource = () => []

const TAX_TYPES = new Set(["과세", "영세", "면세"])
const PURPOSE_TYPES = new Set(["영수", "청구", "없음"])
const INVOICEE_TYPES = new Set(["사업자", "개인", "외국인"])

const orUndefined = (value: string | null): string | undefined => (value === null || value === "" ? undefined : value)

/**
 * An e-Tax invoice of the e-Tax invoice domain as the tax authority holds it.
 *
 * @since 0.1.0
 * @category combinators
 */
export const collected = (invoice: Issued.IssuedInvoice): IssuedInvoice => {
  const trustee = invoice.trusteeCorpNum === null ? undefined : { corpNum: invoice.trusteeCorpNum, corpName: invoice.trusteeCorpName ?? "" }
  const line = invoice.firstLine
  return {
    ntsconfirmNum: invoice.ntsconfirmNum,
    writeDate: invoice.writeDate,
    issueDT: invoice.issueDT,
    // Filed when it was sent to the authority; until then, on the day it was issued.
    sendDate: (invoice.ntssendDT ?? invoice.issueDT).slice(0, 8),
    taxType: (TAX_TYPES.has(invoice.taxType) ? invoice.taxType : "과세") as IssuedInvoice["taxType"],
    purposeType: (PURPOSE_TYPES.has(invoice.purposeType) ? invoice.purposeType : "없음") as IssuedInvoice["purposeType"],
    modifyYN: invoice.modifyCode !== null,
    invoicer: {
      corpNum: invoice.invoicerCorpNum,
      corpName: invoice.invoicerCorpName,
      ceoName: invoice.invoicerCEOName,
      email: orUndefined(invoice.invoicerEmail)
    },
    invoiceeType: (INVOICEE_TYPES.has(invoice.invoiceeType) ? invoice.invoiceeType : "사업자") as IssuedInvoice["invoiceeType"],
    invoicee: {
      corpNum: invoice.invoiceeCorpNum,
      corpName: invoice.invoiceeCorpName,
      ceoName: invoice.invoiceeCEOName,
      email: orUndefined(invoice.invoiceeEmail1)
    },
    ...(trustee === undefined ? {} : { trustee }),
    supplyCostTotal: invoice.supplyCostTotal,
    taxTotal: invoice.taxTotal,
    totalAmount: invoice.totalAmount,
    remark1: orUndefined(invoice.remark1),
    lines: line === null
      ? []
      : [{
        purchaseDT: line.purchaseDT ?? invoice.writeDate,
        itemName: line.itemName ?? "",
        supplyCost: line.supplyCost ?? invoice.supplyCostTotal,
        tax: line.tax ?? invoice.taxTotal
      }],
    knownAt: Kst.parse(invoice.issueDT)
  }
}

const dateTypeOf = (dateType: string): "W" | "I" | "S" => (dateType === "W" || dateType === "I" ? dateType : "S")

/**
 * The e-Tax invoices collection sees: those the e-Tax invoice domain issued, except those the tax
 * authority refused (filing failed, 305) — for a query, only the member's of the range, through
 * the e-Tax invoice state's index.
 *
 * @since 0.1.0
 * @category constants
 */
export const taxinvoiceSource: TaxinvoiceSource = (store, environment, query) =>
  (query === undefined
    ? Issued.issuedInvoices(store, environment)
    : Issued.issuedInvoicesOf(store, environment, query.corpNum, dateTypeOf(query.dateType), query.sDate, query.eDate))
    .filter((invoice) => invoice.stateCode !== 305)
    .map(collected)

/**
 * The e-Tax invoice with a confirmation number as collection sees it (not when filing failed).
 *
 * @since 0.1.0
 * @category combinators
 */
export const taxinvoiceByConfirmNum = (store: Store, environment: Environment, ntsconfirmNum: string): IssuedInvoice | undefined => {
  const found = Issued.issuedInvoice(store, environment, ntsconfirmNum)
  return found === undefined || found.stateCode === 305 ? undefined : collected(found)
}

/**
 * The cash receipts issued through the sandbox in an environment (every member's) where `corpNum`
 * is the seller (`SELL`) or the buyer named by registration number (`BUY`), traded from `sDate` to
 * `eDate`, except those the tax authority refused (filing failed, 305), as the authority holds them.
 * Found through the receipts' party index: the other stored receipts are never looked at.
 *
 * @since 0.1.0
 * @category combinators
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
    if (r.filing !== undefined && r.filing.outcome.code !== "0000") continue
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

/**
 * The member as a party of its documents (its company information when it joined).
 *
 * @since 0.1.0
 * @category combinators
 */
export const memberParty = (store: Store, environment: Environment, corpNum: string): Party => {
  const info = store.get(membersSlot, environment).members.get(corpNum)?.corpInfo
  return info === undefined
    ? { corpNum, corpName: `회원사 ${corpNum}` }
    : { corpNum, corpName: info.corpName, ceoName: info.ceoname, addr: info.addr, bizType: info.bizType, bizClass: info.bizClass }
}

/**
 * `true` when a KST date is on or before the KST day of an instant.
 *
 * @since 0.1.0
 * @category combinators
 */
export const notAfterDayOf = (date8: string, instant: number): boolean => date8 <= Kst.toDate8(instant)
