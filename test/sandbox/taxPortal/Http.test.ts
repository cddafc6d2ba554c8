/**
 * Raw HTTP against the sandbox with the exact requests the public clients send (docs/service.md
 * "Tax authority collection"): RequestJob with no body, Search always starting `?Type=`, comma lists,
 * percent-encoded SearchString, parameters in any order, `TaxRegIDType=S` alone, the cash receipt
 * search and summary paths the spec leaves out, `secAuth: null`, DeleteDeptUser by override, and
 * literal segments never taken for job IDs.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { api, type Answer, codeOf, issueToken, MEMBER, sandboxLayer } from "../support.js"

// 2026-11-22 12:00 KST
const NOW = Date.UTC(2026, 10, 22, 3, 0, 0)

const session = Effect.gen(function*() {
  yield* TestClock.setTime(NOW)
  const token = (yield* issueToken({ scopes: ["member", "111", "141"] })).session_token
  const get = (path: string) => api({ path, token })
  const post = (path: string, body?: unknown, headers: Record<string, string> = {}) => api({ method: "POST", path, token, body, headers })
  return { token, get, post }
})

const body = <A>(answer: Answer): A => answer.body as A

interface Page {
  readonly code: number
  readonly total: number
  readonly pageNum: number
  readonly pageCount: number
  readonly perPage: number
  readonly list: ReadonlyArray<Record<string, unknown>>
}

/** Requests a job the way the clients do and polls it to completion (one stage per poll). */
const completedJob = (s: { readonly get: (p: string) => Effect.Effect<Answer, never, any>; readonly post: (p: string) => Effect.Effect<Answer, never, any> }, path: string, kind: string) =>
  Effect.gen(function*() {
    const requested = yield* s.post(path)
    expect(requested.status).toBe(200)
    const { jobID } = body<{ jobID: string }>(requested)
    expect(jobID).toMatch(/^\d{18}$/)
    yield* s.get(`/TaxPortal/${kind}/${jobID}/State`)
    const state = yield* s.get(`/TaxPortal/${kind}/${jobID}/State`)
    expect(body<{ jobState: string; errorCode: number }>(state)).toMatchObject({ jobState: "3", errorCode: 1 })
    return jobID
  })

describe("collection over raw HTTP, as the public clients send it", () => {
  it.effect("tax invoices: RequestJob without a body, Search from `?Type=`, lists, encoded SearchString, any order, Summary, detail", () =>
    Effect.gen(function*() {
      const s = yield* session
      const jobID = yield* completedJob(s, "/TaxPortal/Taxinvoice/SELL?DType=S&SDate=20260901&EDate=20261122", "Taxinvoice")
      const all = body<Page>(yield* s.get(`/TaxPortal/Taxinvoice/${jobID}?Type=&TaxType=&PurposeType=&TaxRegIDType=&TaxRegIDYN=&TaxRegID=&SearchString=&Page=1&PerPage=1000&Order=D`))
      expect(all).toMatchObject({ code: 1, pageNum: 1, perPage: 1000, pageCount: 1 })
      expect(all.total).toBeGreaterThan(20)

      // `TaxRegIDType=S` alone filters nothing out.
      expect(body<Page>(yield* s.get(`/TaxPortal/Taxinvoice/${jobID}?Type=&TaxRegIDType=S`)).total).toBe(all.total)
      // Every value of each list: the same as no filter.
      const lists = body<Page>(yield* s.get(`/TaxPortal/Taxinvoice/${jobID}?Type=N,M&TaxType=T,N,Z&PurposeType=R,C,N&TaxRegIDType=S&TaxRegIDYN=&TaxRegID=&SearchString=&Page=1&PerPage=500&Order=D`))
      expect(lists.total).toBe(all.total)
      const taxable = body<Page>(yield* s.get(`/TaxPortal/Taxinvoice/${jobID}?Type=&TaxType=T&PerPage=1000`))
      expect(taxable.list.every((i) => i["taxType"] === "과세")).toBe(true)
      expect(taxable.total).toBeLessThan(all.total)

      // SearchString percent-encoded (한빛), parameters in another order.
      const named = body<Page>(yield* s.get(`/TaxPortal/Taxinvoice/${jobID}?SearchString=%ED%95%9C%EB%B9%9B&PerPage=1000&Type=`))
      expect(named.total).toBeGreaterThan(0)
      expect(named.list.every((i) => String(i["invoiceeCorpName"]).includes("한빛") || String(i["invoicerCorpName"]).includes("한빛"))).toBe(true)
      const second = body<Page>(yield* s.get(`/TaxPortal/Taxinvoice/${jobID}?Order=A&Page=2&PerPage=5&Type=`))
      expect(second).toMatchObject({ pageNum: 2, perPage: 5, total: all.total })
      expect(second.list).toHaveLength(5)

      const summary = body<{ count: number; amountTotal: number }>(
        yield* s.get(`/TaxPortal/Taxinvoice/${jobID}/Summary?Type=&TaxType=&PurposeType=&TaxRegIDType=&TaxRegIDYN=&TaxRegID=&SearchString=`)
      )
      expect(summary.count).toBe(all.total)
      expect(summary.amountTotal).toBe(all.list.reduce((sum, i) => sum + Number(i["totalAmount"]), 0))

      const ntsConfirmNum = String(all.list[0]!["ntsconfirmNum"])
      expect(ntsConfirmNum).toHaveLength(24)
      const detail = yield* s.get(`/TaxPortal/Taxinvoice/${ntsConfirmNum}`)
      expect(detail.status).toBe(200)
      expect(body<{ ntsconfirmNum: string; invoiceType: number }>(detail)).toMatchObject({ ntsconfirmNum: ntsConfirmNum })

      const jobs = yield* s.get("/TaxPortal/Taxinvoice/JobList")
      expect(body<ReadonlyArray<{ jobID: string }>>(jobs).map((j) => j.jobID)).toEqual([jobID])
      expect((yield* s.get("/taxportal/taxinvoice/joblist")).status).toBe(200)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("cash receipts: RequestJob, the search and summary paths the spec leaves out, certificate and department account", () =>
    Effect.gen(function*() {
      const s = yield* session
      const jobID = yield* completedJob(s, "/TaxPortal/Cashbill/BUY?SDate=20261001&EDate=20261122", "Cashbill")
      const all = body<Page>(yield* s.get(`/TaxPortal/Cashbill/${jobID}?TradeType=&TradeUsage=&Page=1&PerPage=500&Order=D`))
      expect(all.total).toBeGreaterThan(0)
      expect(all.list.every((r) => r["invoiceType"] === "매입" && r["identityNum"] === MEMBER)).toBe(true)
      expect(body<Page>(yield* s.get(`/TaxPortal/Cashbill/${jobID}?TradeType=N,C&TradeUsage=P,C&Page=1&PerPage=500&Order=D`)).total).toBe(all.total)
      const approvals = body<Page>(yield* s.get(`/TaxPortal/Cashbill/${jobID}?TradeType=N&TradeUsage=&Page=1&PerPage=500&Order=A`))
      expect(approvals.list.every((r) => r["tradeType"] === "승인거래")).toBe(true)
      const summary = body<{ count: number; amountTotal: number }>(yield* s.get(`/TaxPortal/Cashbill/${jobID}/Summary?TradeType=N&TradeUsage=`))
      expect(summary.count).toBe(approvals.total)
      expect(summary.amountTotal).toBe(approvals.list.reduce((sum, r) => sum + Number(r["totalAmount"]), 0))
      expect(body<ReadonlyArray<unknown>>(yield* s.get("/TaxPortal/Cashbill/JobList"))).toHaveLength(1)

      const noCertificate = yield* s.get("/TaxPortal/Cashbill/CertInfo")
      expect([noCertificate.status, codeOf(noCertificate)]).toEqual([400, -11100006])
      expect(codeOf(yield* s.get("/TaxPortal/Cashbill/CertCheck"))).toBe(-11100006)
      expect(body<{ url: string }>(yield* s.get("/TaxPortal/Cashbill?TG=CERT")).url).toMatch(/\/portal\/[0-9a-f]{32}$/)

      expect(codeOf(yield* s.post("/TaxPortal/Cashbill/DeptUser", { id: "dept01", pwd: "secret-pw", secAuth: null }))).toBe(1)
      const check = yield* s.get("/TaxPortal/Cashbill/DeptUser")
      expect(body<{ code: number; message: string }>(check)).toMatchObject({ code: 1 })
      expect(JSON.stringify(check.body)).toContain("dept01")
      expect(JSON.stringify(check.body)).not.toContain("secret-pw")
      expect(codeOf(yield* s.get("/TaxPortal/Cashbill/DeptUser/Check"))).toBe(1)
      expect(codeOf(yield* s.post("/TaxPortal/Cashbill/DeptUser", undefined, { "x-http-method-override": "DELETE" }))).toBe(1)
      expect(codeOf(yield* s.get("/TaxPortal/Cashbill/DeptUser"))).toBe(-11100007)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("a reversed range or one over 3 months, an unknown or 17-character job ID, a missing scope: documented codes", () =>
    Effect.gen(function*() {
      const s = yield* session
      const reversed = yield* s.post("/TaxPortal/Taxinvoice/BUY?DType=W&SDate=20261122&EDate=20261121")
      expect([reversed.status, codeOf(reversed)]).toEqual([400, -11100004])
      expect(codeOf(yield* s.post("/TaxPortal/Cashbill/SELL?SDate=20260101&EDate=20260402"))).toBe(-11100004)
      expect(codeOf(yield* s.post("/TaxPortal/Cashbill/SELL?SDate=20260101&EDate=20260401"))).toBeUndefined()
      const unknown = yield* s.get("/TaxPortal/Taxinvoice/123456789012345678/State")
      expect([unknown.status, codeOf(unknown)]).toEqual([404, -11100001])
      // A 17-character segment is no job ID: no operation has that shape.
      expect((yield* s.get("/TaxPortal/Taxinvoice/12345678901234567")).status).toBe(404)
      const member = (yield* issueToken({ scopes: ["member", "141"] })).session_token
      const refused = yield* api({ method: "POST", path: "/TaxPortal/Taxinvoice/SELL?DType=S&SDate=20261101&EDate=20261122", token: member })
      expect([refused.status, codeOf(refused)]).toEqual([403, -10000037])
    }).pipe(Effect.provide(sandboxLayer())))
})
