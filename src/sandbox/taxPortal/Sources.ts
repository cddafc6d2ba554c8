/**
 * Where the sandbox's tax authority finds the documents issued through the sandbox itself
 * (DESIGN.md §6 "collection data"): cash receipts from the cash receipt domain's state, and tax
 * invoices from the e-Tax invoice domain through `TaxinvoiceSource` — a pure read of the store.
 * Until that domain provides its read function, `taxinvoiceSource` is `noTaxinvoices`; wiring it
 * is the one line below.
 *
 * @since 0.1.0
 */
import type { Context } from "effect"
import * as Kst from "../../core/Kst.js"
import { maskIdentityNum } from "../cashbill/Masking.js"
import { cashbillSlot } from "../cashbill/State.js"
import { membersSlot } from "../member/State.js"
import type { Environment, SandboxStore } from "../Store.js"
import type { CollectedReceipt, IssuedInvoice, Party } from "./Records.js"

/**
 * The store as handlers see it.
 *
 * @since 0.1.0
 * @category models
 */
export type Store = Context.Tag.Service<typeof SandboxStore>

/**
 * The e-Tax invoices issued through the sandbox in an environment, as the tax authority holds
 * them (every member's; collection picks those where the member is a party). Must be pure: it
 * reads the store and changes nothing.
 *
 * @since 0.1.0
 * @category models
 */
export type TaxinvoiceSource = (store: Store, environment: Environment) => ReadonlyArray<IssuedInvoice>

/**
 * No issued e-Tax invoices.
 *
 * @since 0.1.0
 * @category constants
 */
export const noTaxinvoices: TaxinvoiceSource = () => []

/**
 * The e-Tax invoices collection sees. Replace with the e-Tax invoice domain's read function when
 * it lands (`import { issuedInvoices } from "../taxinvoice/…"`).
 *
 * @since 0.1.0
 * @category constants
 */
export const taxinvoiceSource: TaxinvoiceSource = noTaxinvoices

/**
 * An issued cash receipt with its parties: the seller (franchiseCorpNum) and the buyer when the
 * receipt identifies one by registration number (expense proof).
 *
 * @since 0.1.0
 * @category models
 */
export interface IssuedReceipt {
  readonly seller: string
  readonly buyer: string | undefined
  readonly receipt: CollectedReceipt
}

/**
 * The cash receipts issued through the sandbox in an environment (every member's), except those
 * the tax authority refused (filing failed, 305).
 *
 * @since 0.1.0
 * @category combinators
 */
export const issuedReceipts = (store: Store, environment: Environment): ReadonlyArray<IssuedReceipt> => {
  const out: Array<IssuedReceipt> = []
  for (const member of store.get(cashbillSlot, environment).members.values()) {
    for (const r of member.receipts.values()) {
      if (r.filing !== undefined && r.filing.outcome.code !== "0000") continue
      out.push({
        seller: r.franchiseCorpNum,
        buyer: /^\d{10}$/.test(r.identityNum) ? r.identityNum : undefined,
        receipt: {
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
        }
      })
    }
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
