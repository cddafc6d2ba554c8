/**
 * The recorded collection scenario: a member signs up and issues two cash receipts, then collects
 * its sales receipts (`TaxPortal.collect`: RequestJob → GetJobState until completed → Search over
 * every page) and the summary, searches before completion (refused), and collects its purchase tax
 * invoices with a filter and reads one crawled detail. Run against the in-process sandbox
 * (recording) and from test/cassettes/taxportal-collect.json (replay, also in CI).
 */
import { Effect, Fiber, type Layer, Stream } from "effect"
import { TestClock } from "effect/testing"
import * as Cashbill from "../../src/domains/cashbill/Cashbill.js"
import * as Member from "../../src/domains/member/Member.js"
import * as TaxPortal from "../../src/domains/taxPortal/TaxPortal.js"
import type * as RecordReplay from "../../src/recordings/RecordReplay.js"
import type * as Taxdoc from "../../src/Taxdoc.js"
import { START } from "./scenario.js"

/** The business of the scenario (valid check digit). */
export const COLLECTOR = "2208162517"

/** The committed cassette of the collection scenario. */
export const COLLECT_CASSETTE = new URL("../cassettes/taxportal-collect.json", import.meta.url).pathname

const receipt = (mgtKey: string, overrides: Record<string, string> = {}) => ({
  mgtKey,
  tradeType: "승인거래" as const,
  tradeUsage: "소득공제용" as const,
  taxationType: "과세" as const,
  totalAmount: "11000",
  supplyCost: "10000",
  tax: "1000",
  serviceFee: "0",
  franchiseCorpNum: COLLECTOR,
  identityNum: "01012341234",
  itemName: "수집 테스트",
  ...overrides
})

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

/** Runs a stream to its end while the test clock moves (polling waits on it). */
const drained = <A, E, R>(stream: Stream.Stream<A, E, R>) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.forkChild(Stream.runCollect(stream))
    yield* TestClock.adjust("30 seconds")
    return yield* Fiber.join(fiber)
  })

/** What the scenario saw, as plain JSON. */
export const collectScenario = Effect.gen(function*() {
  const member = yield* Member.Member
  const cashbill = yield* Cashbill.Cashbill
  const portal = yield* TaxPortal.TaxPortal
  yield* member.join({
    ID: "collector-01",
    Password: "collect12!@",
    CorpNum: COLLECTOR,
    CEOName: "김수집",
    CorpName: "수집 상사",
    Addr: "서울특별시 중구 세종대로 110",
    BizType: "서비스",
    BizClass: "소프트웨어",
    ContactName: "담당자",
    ContactEmail: "collect@example.com",
    ContactTEL: "02-1234-5678"
  })
  const first = yield* cashbill.issue(COLLECTOR, receipt("CL-0001"))
  const second = yield* cashbill.issue(COLLECTOR, receipt("CL-0002", { tradeUsage: "지출증빙용", identityNum: "6088101234" }))

  const sales = yield* drained(portal.collect(COLLECTOR, { kind: "cashbill", queryType: "SELL", from: "20261120", to: "20261122" }, { interval: "2 seconds", perPage: 3 }))
  const [job] = yield* portal.listActiveCashbillJobs(COLLECTOR)
  const summary = yield* portal.summarizeCashbills(COLLECTOR, job!.jobID)

  const pendingJob = yield* portal.requestTaxinvoiceJob(COLLECTOR, { queryType: "BUY", dateType: "W", from: "20261101", to: "20261121" })
  const early = yield* Effect.flip(portal.searchTaxinvoices(COLLECTOR, pendingJob))
  const purchases = yield* drained(portal.collect(
    COLLECTOR,
    { kind: "taxinvoice", queryType: "BUY", dateType: "W", from: "20261101", to: "20261121", filter: { taxTypes: ["T"], types: ["N"] } },
    { interval: "2 seconds" }
  ))
  const detail = purchases.length === 0 ? null : yield* portal.getTaxinvoice(COLLECTOR, purchases[0]!.ntsconfirmNum)

  return plain({
    issued: [first.confirmNum, second.confirmNum],
    sales: sales.map((r) => [r.ntsconfirmNum, r.tradeDT, r.tradeUsage, r.totalAmount]),
    job: { state: job!.jobState, collectCount: job!.collectCount },
    summary,
    early: { tag: early._tag, ...(early._tag === "ApiError" ? { code: early.code } : {}) },
    purchases: purchases.map((i) => [i.ntsconfirmNum, i.writeDate, i.taxType, i.totalAmount]),
    detail
  })
})

/** Runs the scenario from START with the given layer. */
export const runCollectScenario = <E>(layer: Layer.Layer<Taxdoc.Services | RecordReplay.Recorder, E>) =>
  Effect.andThen(TestClock.setTime(START), Effect.provide(collectScenario, layer))
