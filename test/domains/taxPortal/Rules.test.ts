import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as Operation from "../../../src/core/Operation.js"
import * as RequestBuilder from "../../../src/core/RequestBuilder.js"
import * as Operations from "../../../src/domains/taxPortal/Operations.js"
import * as Rules from "../../../src/domains/taxPortal/Rules.js"
import { cashbillFilterParams, pageParams, taxinvoiceFilterParams } from "../../../src/domains/taxPortal/Filters.js"

const NOW = Date.UTC(2026, 10, 22, 3, 0, 0)
const issuesOf = <O extends Operation.Any>(operation: O, input: Operation.Input<O>) =>
  Result.match(RequestBuilder.request(operation, input, NOW), { onFailure: (e) => e.issues.map((i) => `${i.path} ${i.rule}`), onSuccess: () => [] })

describe("collection rules", () => {
  it("a range is at most 3 calendar months, clamped to the end of the month, and not reversed", () => {
    expect(Rules.addMonths("20261130", 3)).toBe("20270228")
    expect(Rules.addMonths("20260131", 1)).toBe("20260228")
    expect(Rules.addMonths("20261015", 3)).toBe("20270115")
    expect(Rules.rangeWithinLimit("20260101", "20260401")).toBe(true)
    expect(Rules.rangeWithinLimit("20260101", "20260402")).toBe(false)
    expect(Rules.rangeOrdered("20260102", "20260101")).toBe(false)
    expect(Rules.daysOf("20261230", "20270102")).toEqual(["20261230", "20261231", "20270101", "20270102"])
  })

  it("typed filters travel as comma-joined strings, only those given", () => {
    expect(taxinvoiceFilterParams({ types: ["N", "M"], taxTypes: ["T"], taxRegIDType: "S", taxRegIDs: ["0001", "0002"], searchString: "한빛" }))
      .toEqual({ Type: "N,M", TaxType: "T", TaxRegIDType: "S", TaxRegID: "0001,0002", SearchString: "한빛" })
    expect(cashbillFilterParams({ tradeUsages: ["P", "C"] })).toEqual({ TradeUsage: "P,C" })
    expect(pageParams({ page: 2, perPage: 1000, order: "A" })).toEqual({ Page: "2", PerPage: "1000", Order: "A" })
    expect(taxinvoiceFilterParams()).toEqual({})
  })

  it("refuses before sending, at the parameter: lists of unknown values, 5-digit branch numbers, long search text, pages", () => {
    const jobID = "123456789012345678"
    expect(issuesOf(Operations.TaxinvoiceSearch, { corpNum: "1234567891", params: { jobID, Type: "N,X", TaxRegID: "00001", SearchString: "x".repeat(14), Page: "0", PerPage: "1001", Order: "B" } }))
      .toEqual(["Type type", "TaxRegID taxRegID", "SearchString maxLength(13)", "Page page", "PerPage perPage(1..1000)", "Order order"])
    expect(issuesOf(Operations.CashbillSummarize, { corpNum: "1234567891", params: { jobID: `${jobID}9`, TradeType: "A" } }))
      .toEqual(["jobID jobID", "TradeType tradeType"])
    expect(issuesOf(Operations.TaxinvoiceRequestJob, { corpNum: "1234567891", params: { queryType: "SELL", DType: "X", SDate: "20260101", EDate: "20260101" } }))
      .toEqual(["DType DType"])
    expect(issuesOf(Operations.TaxinvoiceSearch, { corpNum: "1234567891", params: { jobID, Type: "", TaxRegIDType: "S" } })).toEqual([])
  })
})
