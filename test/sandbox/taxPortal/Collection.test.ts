/**
 * What a job collects from the sandbox's own e-Tax invoices through a `TaxinvoiceSource` (the
 * e-Tax invoice domain plugs its read function in there): the member's side, the range by the
 * job's date type, and only what the authority knew when the job completed.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as Kst from "../../../src/core/Kst.js"
import { collectInvoices } from "../../../src/sandbox/taxPortal/Collection.js"
import type { IssuedInvoice } from "../../../src/sandbox/taxPortal/Records.js"
import type { TaxinvoiceSource } from "../../../src/sandbox/taxPortal/Sources.js"
import * as Store from "../../../src/sandbox/Store.js"

const MEMBER = "1234567891"
const OTHER = "2208162517"
const THIRD = "1058734216"

const invoice = (n: number, invoicer: string, invoicee: string, writeDate: string, trustee?: string): IssuedInvoice => ({
  ntsconfirmNum: `${writeDate}${"OWN".padEnd(12, "X")}${String(n).padStart(4, "0")}`,
  writeDate,
  issueDT: `${Kst.addDays(writeDate, 1)}100000`,
  sendDate: Kst.addDays(writeDate, 2),
  taxType: "과세",
  purposeType: "청구",
  modifyYN: false,
  invoicer: { corpNum: invoicer, corpName: invoicer },
  invoiceeType: "사업자",
  invoicee: { corpNum: invoicee, corpName: invoicee },
  trustee: trustee === undefined ? undefined : { corpNum: trustee, corpName: trustee },
  supplyCostTotal: "10000",
  taxTotal: "1000",
  totalAmount: "11000",
  lines: [],
  knownAt: Kst.parse(`${Kst.addDays(writeDate, 1)}100000`)
})

const own: ReadonlyArray<IssuedInvoice> = [
  invoice(1, MEMBER, OTHER, "20261110"),
  invoice(2, OTHER, MEMBER, "20261110"),
  invoice(3, OTHER, THIRD, "20261110", MEMBER),
  invoice(4, MEMBER, OTHER, "20261118"),
  invoice(5, THIRD, OTHER, "20261110")
]
const source: TaxinvoiceSource = () => own

const ownOf = (found: ReadonlyArray<IssuedInvoice>) => found.filter((i) => i.ntsconfirmNum.includes("OWN")).map((i) => i.ntsconfirmNum.slice(-1))

describe("collected e-Tax invoices from the sandbox's own", () => {
  it.effect("by side, by range of the date type, and as known at completion", () =>
    Effect.gen(function*() {
      const store = yield* Store.SandboxStore
      const late = Kst.parse("20261125120000")
      const query = (queryType: string, dateType: string, sDate: string, eDate: string) => ({ corpNum: MEMBER, queryType, dateType, sDate, eDate })
      expect(ownOf(collectInvoices(store, "test", query("SELL", "W", "20261101", "20261120"), late, source))).toEqual(["1", "4"])
      expect(ownOf(collectInvoices(store, "test", query("BUY", "W", "20261101", "20261120"), late, source))).toEqual(["2"])
      expect(ownOf(collectInvoices(store, "test", query("TRUSTEE", "W", "20261101", "20261120"), late, source))).toEqual(["3"])
      // Filing date 20261112 of invoice 1 is outside 20261101–20261111; its write date is inside.
      expect(ownOf(collectInvoices(store, "test", query("SELL", "S", "20261101", "20261111"), late, source))).toEqual([])
      expect(ownOf(collectInvoices(store, "test", query("SELL", "I", "20261111", "20261111"), late, source))).toEqual(["1"])
      // Completed on 20261115: invoice 4 (issued 20261119) was not known yet.
      expect(ownOf(collectInvoices(store, "test", query("SELL", "W", "20261101", "20261120"), Kst.parse("20261115120000"), source))).toEqual(["1"])
    }).pipe(Effect.provide(Store.layer)))
})
