/**
 * Properties of collection search: for generated document sets and generated filters, the pages of
 * a search, concatenated, are the filtered set — each document exactly once, in the date type's
 * order — and the summary is the sum over that set. Checked on the sandbox's search directly (tax
 * invoices, against a reference filter written independently here) and end to end through SDK and
 * sandbox (cash receipts issued through the SDK, then collected).
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Effect, Schema, Stream } from "effect"
import { TestClock } from "effect/testing"
import * as Kst from "../../src/core/Kst.js"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import * as TaxPortalOperations from "../../src/domains/taxPortal/Operations.js"
import * as Rules from "../../src/domains/taxPortal/Rules.js"
import { TaxPortal } from "../../src/domains/taxPortal/TaxPortal.js"
import type { IssuedInvoice, Party } from "../../src/sandbox/taxPortal/Records.js"
import * as Search from "../../src/sandbox/taxPortal/Search.js"
import * as Testing from "../../src/testing/index.js"
import { receipt } from "../support/receipts.js"
import { CORP, fresh, NOW, pick } from "./support.js"

// ── tax invoices: the sandbox's search against a reference ──────────────────────────────────

const integer = (minimum: number, maximum: number) => Arbitrary.schema(Schema.Int.check(Schema.isBetween({ minimum, maximum })))
const flag = Arbitrary.schema(Schema.Boolean)
const maybe = <A>(arbitrary: Arbitrary.Arbitrary<A>) => Arbitrary.flatMap(flag, (present) => (present ? arbitrary : Arbitrary.Constant(undefined)))

const party: Arbitrary.Arbitrary<Party> = Arbitrary.all({
  corpNum: pick(["1234567891", "1058734216", "2208162517", "8001011234567", "9999999999999"]),
  corpName: pick(["한빛상사", "가온물산", "Sandbox Trading", "홍길동"]),
  taxRegID: maybe(pick(["0001", "0002", "0003"]))
})

const invoiceFields = Arbitrary.all({
  writeOffset: integer(0, 30),
  issueLag: integer(0, 2),
  taxType: pick(["과세", "영세", "면세"] as const),
  purposeType: pick(["영수", "청구", "없음"] as const),
  modifyYN: flag,
  invoicer: party,
  invoicee: party,
  trustee: maybe(party),
  supply: integer(0, 10_000_000),
  tax: integer(0, 1_000_000)
})

type InvoiceFields = typeof invoiceFields extends Arbitrary.Arbitrary<infer A> ? A : never

const invoiceOf = (g: InvoiceFields, index: number): IssuedInvoice => {
  const writeDate = Kst.addDays("20261001", g.writeOffset)
  const issueDate = Kst.addDays(writeDate, g.issueLag)
  return {
    ntsconfirmNum: `${writeDate}${String(index).padStart(16, "0")}`,
    writeDate,
    issueDT: `${issueDate}1${index % 10}0000`,
    sendDate: Kst.addDays(issueDate, 1),
    taxType: g.taxType,
    purposeType: g.purposeType,
    modifyYN: g.modifyYN,
    invoicer: g.invoicer,
    invoiceeType: "사업자",
    invoicee: g.invoicee,
    trustee: g.trustee,
    supplyCostTotal: String(g.supply),
    taxTotal: String(g.tax),
    totalAmount: String(g.supply + g.tax),
    lines: [],
    knownAt: 0
  }
}

const invoices = Arbitrary.map(Arbitrary.array(invoiceFields, { maxLength: 40 }), (fields) => fields.map(invoiceOf))

/** Tax invoice filters as they travel (`taxdoc/testing`'s search parameters, without job and paging); the search text one the reference data holds, or none. */
const taxinvoiceFilters = Arbitrary.map(
  Arbitrary.all([Testing.toArbitrary(Testing.valid(TaxPortalOperations.TaxinvoiceSearch)), pick([undefined, "한빛", "1058734216", "9999999999999", "상사"])]),
  ([{ params }, text]): Record<string, string | undefined> => {
    const { jobID: _jobID, Order: _order, Page: _page, PerPage: _perPage, SearchString: _drawn, ...filters } = params as Record<string, string | undefined>
    return text === undefined ? filters : { ...filters, SearchString: text }
  }
)

/** Cash receipt filters as they travel, without job and paging. */
const cashbillFilters = Arbitrary.map(Testing.toArbitrary(Testing.valid(TaxPortalOperations.CashbillSearch)), ({ params }): Record<string, string | undefined> => {
  const { jobID: _jobID, Order: _order, Page: _page, PerPage: _perPage, ...filters } = params as Record<string, string | undefined>
  return filters
})

const split = (text: string | undefined): Array<string> => (text ?? "").split(",").filter((s) => s !== "")

/** The filters as the spec describes them, written without the sandbox's code. */
const reference = (docs: ReadonlyArray<IssuedInvoice>, f: Record<string, string | undefined>, dateType: string, order: string | undefined) => {
  const code = { 과세: "T", 면세: "N", 영세: "Z", 영수: "R", 청구: "C", 없음: "N" } as Record<string, string>
  const kept = docs.filter((d) => {
    const partyOf = f.TaxRegIDType === "B" ? d.invoicee : f.TaxRegIDType === "T" ? d.trustee : d.invoicer
    const branch = partyOf?.taxRegID ?? ""
    const needle = (f.SearchString ?? "").toLowerCase()
    const parties = [d.invoicer, d.invoicee, d.trustee].filter((p): p is Party => p !== undefined)
    return (split(f.Type).length === 0 || split(f.Type).includes(d.modifyYN ? "M" : "N")) &&
      (split(f.TaxType).length === 0 || split(f.TaxType).includes(code[d.taxType]!)) &&
      (split(f.PurposeType).length === 0 || split(f.PurposeType).includes(code[d.purposeType]!)) &&
      (f.TaxRegIDYN !== "0" || branch === "") &&
      (f.TaxRegIDYN !== "1" || branch !== "") &&
      (split(f.TaxRegID).length === 0 || split(f.TaxRegID).includes(branch)) &&
      (needle === "" || parties.some((p) => p.corpName.toLowerCase().includes(needle) || p.corpNum.includes(needle)))
  })
  const dateOf = (d: IssuedInvoice) => (dateType === "W" ? d.writeDate : dateType === "I" ? d.issueDT : d.sendDate)
  const sorted = [...kept].sort((a, b) => (dateOf(a) + a.ntsconfirmNum).localeCompare(dateOf(b) + b.ntsconfirmNum))
  return order === "A" ? sorted : sorted.reverse()
}

const pagesOf = (docs: ReadonlyArray<IssuedInvoice>, dateType: string, params: Record<string, string | undefined>, perPage: number) => {
  const ordered = Search.filterInvoices(docs, dateType, params)
  const first = Rules.pageOf(ordered, 1, perPage)
  const pages = [first]
  for (let page = 2; page <= first.pageCount; page++) pages.push(Rules.pageOf(ordered, page, perPage))
  return pages
}

describe("tax invoice search over generated documents and filters", () => {
  it.prop(
    "pages concatenated are the filtered set, each once, in order; the summary is its sums",
    [invoices, taxinvoiceFilters, pick(["W", "I", "S"]), integer(1, 12), pick(["A", "D", undefined])],
    ([docs, filter, dateType, perPage, order]) => {
      const params = { ...filter, Order: order }
      const pages = pagesOf(docs, dateType, params, perPage)
      const concatenated = pages.flatMap((p) => p.list)
      const expected = reference(docs, filter, dateType, order)
      expect(concatenated.map((d) => d.ntsconfirmNum)).toEqual(expected.map((d) => d.ntsconfirmNum))
      expect(new Set(concatenated.map((d) => d.ntsconfirmNum)).size).toBe(concatenated.length)
      expect(pages.every((p) => p.total === expected.length && p.list.length <= perPage)).toBe(true)
      const summary = Search.invoiceSummary(Search.filterInvoices(docs, dateType, params))
      expect(summary).toEqual({
        count: expected.length,
        supplyCostTotal: expected.reduce((s, d) => s + Number(d.supplyCostTotal), 0),
        taxTotal: expected.reduce((s, d) => s + Number(d.taxTotal), 0),
        amountTotal: expected.reduce((s, d) => s + Number(d.totalAmount), 0)
      })
    },
    { arbitrary: { runs: 100, size: 40 } }
  )

  it.prop("TaxRegIDType alone filters nothing out", [invoices, pick(["S", "B", "T"])], ([docs, type]) => {
    expect(Search.filterInvoices(docs, "S", { Type: "", TaxRegIDType: type })).toEqual(Search.filterInvoices(docs, "S", {}))
    expect(Search.filterInvoices(docs, "S", { TaxRegIDType: type })).toHaveLength(docs.length)
  }, { arbitrary: { runs: 50, size: 40 } })
})

// ── cash receipts: issued through the SDK, collected end to end ─────────────────────────────

const issued = Arbitrary.array(
  Arbitrary.all({
    usage: pick(["소득공제용", "지출증빙용"] as const),
    total: Arbitrary.map(integer(2, 500), (n) => n * 110)
  }),
  { maxLength: 6 }
)

describe("cash receipt collection over generated receipts and filters", () => {
  it.effect.prop(
    "searchAll's pages are the filtered set of the unfiltered result, each once; own receipts all there; summary is its sums",
    [issued, cashbillFilters, integer(1, 4), pick(["A", "D"] as const)],
    ([receipts, filter, perPage, order]) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(NOW)
        const cashbill = yield* Cashbill
        const portal = yield* TaxPortal
        const confirmNums: Array<string> = []
        for (const [i, r] of receipts.entries()) {
          const supply = Math.round(r.total / 1.1)
          const answer = yield* cashbill.issue(CORP, receipt(`P-${i}`, CORP, {
            tradeUsage: r.usage,
            identityNum: r.usage === "지출증빙용" ? "6798700433" : "01012341234",
            totalAmount: String(r.total),
            supplyCost: String(supply),
            tax: String(r.total - supply)
          }))
          confirmNums.push(answer.confirmNum)
        }
        const jobID = yield* portal.requestCashbillJob(CORP, { queryType: "SELL", from: "20261121", to: "20261122" })
        yield* portal.getCashbillJobState(CORP, jobID)
        yield* portal.getCashbillJobState(CORP, jobID)
        const everything = (yield* portal.searchCashbills(CORP, jobID, {}, { perPage: 1000, order })).list
        expect(everything.map((r) => r.ntsconfirmNum)).toEqual(expect.arrayContaining(confirmNums))
        const tradeTypes = split(filter.TradeType)
        const usages = split(filter.TradeUsage)
        const expected = everything.filter((r) =>
          (tradeTypes.length === 0 || tradeTypes.includes(r.tradeType === "승인거래" ? "N" : "C")) &&
          (usages.length === 0 || usages.includes(r.tradeUsage === "소득공제용" ? "P" : "C"))
        )
        const typed = { tradeTypes: tradeTypes as Array<"N" | "C">, tradeUsages: usages as Array<"P" | "C"> }
        const paged = yield* Stream.runCollect(portal.searchAll(CORP, "cashbill", jobID, typed, { perPage, order }))
        expect(paged.map((r) => r.ntsconfirmNum)).toEqual(expected.map((r) => r.ntsconfirmNum))
        const summary = yield* portal.summarizeCashbills(CORP, jobID, typed)
        expect(summary.count).toBe(expected.length)
        expect(summary.amountTotal).toBe(expected.reduce((s, r) => s + Number(r.totalAmount), 0))
        expect(summary.supplyCostTotal).toBe(expected.reduce((s, r) => s + Number(r.supplyCost), 0))
        expect(summary.taxTotal).toBe(expected.reduce((s, r) => s + Number(r.tax), 0))
      }).pipe(Effect.provide(fresh())),
    { arbitrary: { runs: 30 } }
  )
})
