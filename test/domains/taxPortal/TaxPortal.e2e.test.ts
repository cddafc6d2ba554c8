import { describe, expect, it } from "@effect/vitest"
import type { HttpClientRequest } from "effect/http"
import { Effect, Redacted, Result, Stream } from "effect"
import { TestClock } from "effect/testing"
import { Cashbill } from "../../../src/domains/cashbill/Cashbill.js"
import { JobFailedError, type Kind, TaxPortal } from "../../../src/domains/taxPortal/TaxPortal.js"
import { JOB_ERROR_PREFERENCE } from "../../../src/sandbox/taxPortal/State.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import * as Portal from "../../sandbox/portal/support.js"
import * as Sdk from "../../support/sdk.js"
import { receipt } from "../../support/receipts.js"
import { driven } from "../../support/clock.js"

const CORP = Sdk.MEMBER
const OTHER = "6798700433"
const seeded = { sandbox: { members: [{ corpNum: CORP }, { corpNum: OTHER }] } }
// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const atStart = TestClock.setTime(START)


const failureOf = <A, E>(effect: Effect.Effect<A, E>) => Effect.map(Effect.result(effect), (r) => Result.isFailure(r) ? r.failure : undefined)
const codeOf = (error: unknown) => (error as { readonly code?: number }).code

describe("TaxPortal tax invoices, end to end through the in-process sandbox", () => {
  it.effect("requests a job, awaits it with progress, lists, searches, summarises and reads a detail", () =>
    Effect.gen(function*() {
      yield* atStart
      const portal = yield* TaxPortal
      const jobID = yield* portal.requestTaxinvoiceJob(CORP, { queryType: "SELL", dateType: "W", from: "20260901", to: "20261121" })
      expect(jobID).toMatch(/^\d{18}$/)
      const pending = yield* portal.getTaxinvoiceJobState(CORP, jobID)
      expect(pending.jobState).toBe("2") // one poll: one stage
      const states: Array<string> = []
      const done = yield* driven(portal.awaitJob(CORP, "taxinvoice", jobID, { interval: "1 second", onProgress: (p) => Effect.sync(() => states.push(p.state.jobState)) }))
      expect(done).toMatchObject({ jobID, jobState: "3", errorCode: 1, queryType: "매출", queryDateType: "WriteDate", queryStDate: "20260901", queryEnDate: "20261121" })
      expect(states.at(-1)).toBe("3")
      expect(done.collectCount).toBeGreaterThan(20)
      expect(done.jobEndDT).toMatch(/^\d{14}$/)

      const second = yield* portal.requestTaxinvoiceJob(CORP, { queryType: "BUY", from: "20261101", to: "20261121" })
      expect((yield* portal.listActiveTaxinvoiceJobs(CORP)).map((j) => j.jobID)).toEqual([second, jobID])

      const page1 = yield* portal.searchTaxinvoices(CORP, jobID, {}, { page: 1, perPage: 10, order: "A" })
      expect(page1).toMatchObject({ code: 1, total: done.collectCount, perPage: 10, pageNum: 1, pageCount: Math.ceil(done.collectCount! / 10) })
      expect(page1.list).toHaveLength(10)
      const dates = page1.list.map((i) => i.writeDate)
      expect([...dates].sort()).toEqual(dates)
      expect(page1.list.every((i) => i.invoicerCorpNum === CORP && i.invoiceType === "매출")).toBe(true)

      const all = yield* Stream.runCollect(portal.searchAll(CORP, "taxinvoice", jobID, {}, { perPage: 7 }))
      expect(all).toHaveLength(done.collectCount!)
      const summary = yield* portal.summarizeTaxinvoices(CORP, jobID)
      expect(summary.count).toBe(all.length)
      expect(summary.amountTotal).toBe(all.reduce((s, i) => s + Number(i.totalAmount), 0))

      const taxable = yield* portal.searchTaxinvoices(CORP, jobID, { taxTypes: ["T"], types: ["N"] }, { perPage: 1000 })
      expect(taxable.list.every((i) => i.taxType === "과세" && i.modifyYN === false)).toBe(true)

      const detail = yield* portal.getTaxinvoice(CORP, all[0]!.ntsconfirmNum)
      expect(detail.ntsconfirmNum).toBe(all[0]!.ntsconfirmNum)
      expect([101, 102, 103, 105, 201, 202, 203, 205, 301, 303, 401, 403]).toContain(detail.invoiceType)
      expect(detail.detailList?.length).toBeGreaterThan(0)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("the same member and range show the same documents; `collect` streams them", () =>
    Effect.gen(function*() {
      yield* atStart
      const portal = yield* TaxPortal
      const query = { kind: "taxinvoice", queryType: "BUY", dateType: "S", from: "20261001", to: "20261120" } as const
      const first = yield* driven(Stream.runCollect(portal.collect(CORP, query, { interval: "1 second" })))
      const again = yield* driven(Stream.runCollect(portal.collect(CORP, query, { interval: "1 second" })))
      expect(first.length).toBeGreaterThan(0)
      expect(again.map((i) => i.ntsconfirmNum)).toEqual(first.map((i) => i.ntsconfirmNum))
      expect(first.every((i) => i.invoiceeCorpNum === CORP && i.sendDate! >= "20261001" && i.sendDate! <= "20261120")).toBe(true)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("validates before sending: job ID 18, confirmation number 24, range order and 3 months, PerPage", () =>
    Effect.gen(function*() {
      yield* atStart
      const portal = yield* TaxPortal
      const paths = (e: unknown) => (e as { readonly paths: ReadonlyArray<string> }).paths
      expect(paths(yield* failureOf(portal.getTaxinvoiceJobState(CORP, "12345678901234567")))).toEqual(["jobID"])
      expect(paths(yield* failureOf(portal.getTaxinvoice(CORP, "x".repeat(23))))).toEqual(["ntsConfirmNum"])
      expect(paths(yield* failureOf(portal.requestTaxinvoiceJob(CORP, { queryType: "SELL", from: "20261102", to: "20261101" })))).toEqual(["EDate"])
      expect(paths(yield* failureOf(portal.requestCashbillJob(CORP, { queryType: "BUY", from: "20260101", to: "20260402" })))).toEqual(["EDate"])
      expect(paths(yield* failureOf(portal.searchCashbills(CORP, "123456789012345678", {}, { perPage: 1001 })))).toEqual(["PerPage"])
      const stats = yield* Effect.flatMap(Sandbox, (s) => s.stats)
      expect(Object.keys(stats.calls).filter((n) => n !== "Auth.Token")).toEqual([])
      // 20260101 → 20260401 is exactly 3 months: accepted.
      expect(yield* portal.requestCashbillJob(CORP, { queryType: "BUY", from: "20260101", to: "20260401" })).toMatch(/^\d{18}$/)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("search before completion, after expiry, and of another member's job answer documented codes", () =>
    Effect.gen(function*() {
      yield* atStart
      const portal = yield* TaxPortal
      const jobID = yield* portal.requestTaxinvoiceJob(CORP, { queryType: "SELL", from: "20261101", to: "20261121" })
      expect(codeOf(yield* failureOf(portal.searchTaxinvoices(CORP, jobID)))).toBe(-11100002)
      expect(codeOf(yield* failureOf(portal.summarizeTaxinvoices(CORP, jobID)))).toBe(-11100002)
      expect(codeOf(yield* failureOf(portal.getTaxinvoiceJobState(OTHER, jobID)))).toBe(-11100001)
      yield* portal.getTaxinvoiceJobState(CORP, jobID)
      yield* portal.getTaxinvoiceJobState(CORP, jobID)
      expect((yield* portal.searchTaxinvoices(CORP, jobID)).code).toBe(1)
      yield* TestClock.adjust("1 hour")
      expect(codeOf(yield* failureOf(portal.searchTaxinvoices(CORP, jobID)))).toBe(-11100003)
      expect(codeOf(yield* failureOf(portal.getTaxinvoiceJobState(CORP, jobID)))).toBe(-11100003)
      expect(yield* portal.listActiveTaxinvoiceJobs(CORP)).toEqual([])
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("awaitJob gives up at its deadline with PollTimeoutError carrying the last state", () =>
    Effect.gen(function*() {
      yield* atStart
      const portal = yield* TaxPortal
      const jobID = yield* portal.requestTaxinvoiceJob(CORP, { queryType: "SELL", from: "20261101", to: "20261121" })
      const failure = yield* failureOf(driven(portal.awaitJob(CORP, "taxinvoice", jobID, { interval: "1 second", deadline: "10 seconds" })))
      expect(failure).toMatchObject({ _tag: "PollTimeoutError", id: jobID, lastState: "jobState 1" })
    }).pipe(Effect.provide(Sdk.layer({ sandbox: { ...seeded.sandbox, progressions: { "taxPortal.job": { _tag: "AfterPolls", polls: 100 } } } }))))

  it.effect("a failed job (member preference) is a typed JobFailedError", () =>
    Effect.gen(function*() {
      yield* atStart
      const sandbox = yield* Sandbox
      yield* sandbox.setMemberPreferences("test", CORP, { [JOB_ERROR_PREFERENCE]: -11100099 })
      const portal = yield* TaxPortal
      const jobID = yield* portal.requestCashbillJob(CORP, { queryType: "SELL", from: "20261101", to: "20261121" })
      const failure = yield* failureOf(driven(portal.awaitJob(CORP, "cashbill", jobID, { interval: "1 second" })))
      expect(failure).toBeInstanceOf(JobFailedError)
      expect(failure).toMatchObject({ jobID, errorCode: -11100099 })
    }).pipe(Effect.provide(Sdk.layer(seeded))))
})

describe("TaxPortal cash receipts, end to end", () => {
  it.effect("collects the sandbox's own receipts as seller and as buyer, filters and sums them; later receipts stay out", () =>
    Effect.gen(function*() {
      yield* atStart
      const cashbill = yield* Cashbill
      const portal = yield* TaxPortal
      const sold = yield* cashbill.issue(CORP, receipt("TP-1", CORP))
      const proof = yield* cashbill.issue(CORP, receipt("TP-2", CORP, { tradeUsage: "지출증빙용", identityNum: OTHER }))
      const jobID = yield* portal.requestCashbillJob(CORP, { queryType: "SELL", from: "20261120", to: "20261122" })
      yield* driven(portal.awaitJob(CORP, "cashbill", jobID, { interval: "1 second" }))
      yield* cashbill.issue(CORP, receipt("TP-3", CORP))
      const all = yield* Stream.runCollect(portal.searchAll(CORP, "cashbill", jobID))
      const numbers = all.map((r) => r.ntsconfirmNum)
      expect(numbers).toContain(sold.confirmNum)
      expect(numbers).toContain(proof.confirmNum)
      expect(all.filter((r) => r.franchiseCorpNum === CORP && /^\d{9}$/.test(r.ntsconfirmNum))).toHaveLength(2)
      expect(all.every((r) => r.invoiceType === "매출")).toBe(true)
      const own = all.find((r) => r.ntsconfirmNum === sold.confirmNum)!
      expect(own.identityNum).toContain("*")

      const usage = yield* portal.searchCashbills(CORP, jobID, { tradeUsages: ["C"], tradeTypes: ["N"] })
      expect(usage.list.every((r) => r.tradeUsage === "지출증빙용" && r.tradeType === "승인거래")).toBe(true)
      expect(usage.list.map((r) => r.ntsconfirmNum)).toContain(proof.confirmNum)
      const summary = yield* portal.summarizeCashbills(CORP, jobID, { tradeUsages: ["C"], tradeTypes: ["N"] })
      expect(summary.count).toBe(usage.total)
      expect(summary.amountTotal).toBe(usage.list.reduce((s, r) => s + Number(r.totalAmount), 0))

      const bought = yield* driven(Stream.runCollect(
        portal.collect(OTHER, { kind: "cashbill", queryType: "BUY", from: "20261122", to: "20261122" }, { interval: "1 second" })
      ))
      expect(bought.map((r) => r.ntsconfirmNum)).toContain(proof.confirmNum)
      expect(bought.every((r) => r.invoiceType === "매입")).toBe(true)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("the snapshot is of the completion instant: a receipt issued after it, before the job is next read, stays out", () =>
    Effect.gen(function*() {
      yield* atStart
      const cashbill = yield* Cashbill
      const portal = yield* TaxPortal
      const before = yield* cashbill.issue(CORP, receipt("SN-1", CORP))
      const jobID = yield* portal.requestCashbillJob(CORP, { queryType: "SELL", from: "20261122", to: "20261122" })
      yield* TestClock.adjust("30 seconds") // completes at +20 s under the policy, unobserved
      const after = yield* cashbill.issue(CORP, receipt("SN-2", CORP))
      const job = yield* portal.getCashbillJobState(CORP, jobID)
      expect(job.jobState).toBe("3")
      expect(job.jobEndDT).toBe("20261122100020")
      const numbers = (yield* portal.searchCashbills(CORP, jobID)).list.map((r) => r.ntsconfirmNum)
      expect(numbers).toContain(before.confirmNum)
      expect(numbers).not.toContain(after.confirmNum)
    }).pipe(Effect.provide(Sdk.layer({ sandbox: { ...seeded.sandbox, progressions: { "taxPortal.job": { _tag: "AfterDuration", millis: 10_000 } } } }))))

  it.effect("certificate: none, then registered through the popup page; expiry as text and instant; login test; one certificate for both collections", () =>
    Effect.gen(function*() {
      yield* atStart
      const portal = yield* TaxPortal
      expect(codeOf(yield* failureOf(portal.getCertificateExpireDate(CORP, "cashbill")))).toBe(-11100006)
      expect(codeOf(yield* failureOf(portal.checkCertValidation(CORP, "taxinvoice")))).toBe(-11100006)
      const url = yield* portal.getCertificatePopUpURL(CORP, "cashbill")
      const page = yield* Portal.open(url)
      expect(page.text).toContain(CORP.slice(0, 3))
      // Opening the page registers nothing; its button does.
      expect(codeOf(yield* failureOf(portal.getCertificateExpireDate(CORP, "cashbill")))).toBe(-11100006)
      expect((yield* Portal.post(url, { token: Portal.tokenOf(page) })).status).toBe(200)
      const expiry = yield* portal.getCertificateExpireDate(CORP, "cashbill")
      expect(expiry.certificateExpiration).toMatch(/^\d{14}$/)
      expect(expiry.certificateExpiration.slice(0, 8)).toBe("20271122")
      expect(expiry.expiresAt.getTime()).toBe(START + 365 * 24 * 3600 * 1000)
      expect((yield* portal.checkCertValidation(CORP, "cashbill")).code).toBe(1)
      // The tax invoice collection's calls (scope 111) answer from the same certificate.
      expect(yield* portal.getCertificateExpireDate(CORP, "taxinvoice")).toEqual(expiry)
      expect((yield* portal.checkCertValidation(CORP, "taxinvoice")).code).toBe(1)
      expect(yield* portal.getCertificatePopUpURL(CORP, "taxinvoice")).toMatch(/^http/)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("department account: registered with a redacted password that is never answered; checked; deleted — on either collection's paths", () => {
    const seen: Array<HttpClientRequest.HttpClientRequest> = []
    return Effect.gen(function*() {
      yield* atStart
      const portal = yield* TaxPortal
      expect(codeOf(yield* failureOf(portal.checkDeptUser(CORP, "cashbill")))).toBe(-11100007)
      const password = Redacted.make("dept-pass-123")
      expect(String(password)).not.toContain("dept-pass")
      expect((yield* portal.registDeptUser(CORP, "cashbill", "deptuser01", password)).code).toBe(1)
      const check = yield* portal.checkDeptUser(CORP, "cashbill")
      expect(check.message).toContain("deptuser01")
      expect(JSON.stringify(check)).not.toContain("dept-pass")
      expect((yield* portal.checkLoginDeptUser(CORP, "cashbill")).code).toBe(1)
      expect((yield* portal.deleteDeptUser(CORP, "cashbill")).code).toBe(1)
      expect(codeOf(yield* failureOf(portal.checkLoginDeptUser(CORP, "cashbill")))).toBe(-11100007)
      const sent = seen.find((r) => r.url.endsWith("/TaxPortal/Cashbill/DeptUser") && r.method === "POST" && r.headers["x-http-method-override"] === undefined)
      expect(sent).toBeDefined()

      // The same calls on the tax invoice collection's paths.
      expect((yield* portal.registDeptUser(CORP, "taxinvoice", "deptuser02", password)).code).toBe(1)
      expect((yield* portal.checkDeptUser(CORP, "taxinvoice")).message).toContain("deptuser02")
      expect((yield* portal.checkDeptUser(CORP, "cashbill")).message).toContain("deptuser02")
      expect((yield* portal.checkLoginDeptUser(CORP, "taxinvoice")).code).toBe(1)
      expect((yield* portal.deleteDeptUser(CORP, "taxinvoice")).code).toBe(1)
      expect(codeOf(yield* failureOf(portal.checkDeptUser(CORP, "taxinvoice")))).toBe(-11100007)
      const paths = seen.filter((r) => r.url.includes("/TaxPortal/Taxinvoice/")).map((r) => `${r.method} ${new URL(r.url).pathname} ${r.headers["x-http-method-override"] ?? ""}`.trim())
      expect(paths).toEqual([
        "POST /TaxPortal/Taxinvoice/DeptUser",
        "GET /TaxPortal/Taxinvoice/DeptUser",
        "GET /TaxPortal/Taxinvoice/DeptUser/Check",
        "POST /TaxPortal/Taxinvoice/DeptUser DELETE",
        "GET /TaxPortal/Taxinvoice/DeptUser"
      ])
      expect(seen.filter((r) => r.url.includes("/TaxPortal/Taxinvoice/")).every((r) => !JSON.stringify(r.headers).includes("dept-pass"))).toBe(true)
    }).pipe(Effect.provide(Sdk.layer({ ...seeded, capture: seen })))
  })

  it.effect("a kind that is neither collection is refused before anything is sent", () =>
    Effect.gen(function*() {
      const portal = yield* TaxPortal
      const error = yield* Effect.flip(portal.checkDeptUser(CORP, "statement" as Kind))
      expect(error._tag).toBe("ValidationError")
      expect(error).toMatchObject({ operation: "TaxPortal.checkDeptUser", issues: [{ path: "kind", rule: "kind" }] })
    }).pipe(Effect.provide(Sdk.layer(seeded))))
})
