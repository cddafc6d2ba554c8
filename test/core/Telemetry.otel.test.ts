/**
 * What a program sees of taxdoc through @effect/opentelemetry and the OpenTelemetry SDK's in-memory
 * exporters (real libraries, no fakes of them), against the in-process sandbox: the span tree of
 * one `Cashbill.issue` with its attributes; a read that meets one 503 — two HTTP spans and a retry
 * event; a lost answer — the settlement event and its warning log record; the metrics of a mixed
 * run, counts and labels (and none when metrics are off); W3C `traceparent` once turned on.
 */
import { SpanKind, SpanStatusCode } from "@opentelemetry/api"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Metric, References, Tracer } from "effect"
import type { HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import { Tokens } from "../../src/core/Tokens.js"
import * as Metrics from "../../src/core/Metrics.js"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import { TaxPortal } from "../../src/domains/taxPortal/TaxPortal.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import { driven } from "../support/clock.js"
import { childrenOf, exported, spanNamed, valueOf } from "../support/otel.js"
import { receipt } from "../support/receipts.js"
import * as Sdk from "../support/sdk.js"

const CORP = Sdk.MEMBER
const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const SERVER = { "server.address": "sandbox.taxdoc.local", "server.port": 80 }

const sdk = (options: { readonly metrics?: boolean; readonly traceparent?: boolean; readonly capture?: Array<HttpClientRequest.HttpClientRequest> } = {}) =>
  Sdk.layer({
    connect: { retryBaseDelay: "10 millis", retryMaxDelay: "50 millis", metrics: options.metrics ?? false, traceparent: options.traceparent ?? false },
    sandbox: { members: [{ corpNum: CORP }] },
    ...(options.capture === undefined ? {} : { capture: options.capture })
  })

describe("telemetry through @effect/opentelemetry", () => {
  it.effect("one Cashbill.issue: the operation's span, token issuance under it, a client span per HTTP attempt", () => {
    const otel = exported()
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      yield* Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("OT-1", CORP)))
      const spans = otel.spans()
      const issue = spanNamed(spans, "Cashbill.issue")
      expect(issue.kind).toBe(SpanKind.INTERNAL)
      expect(issue.parentSpanContext).toBeUndefined()
      expect(issue.attributes).toEqual({ "taxdoc.operation": "Cashbill.RegistIssue", "taxdoc.member": CORP, "taxdoc.document.id": "OT-1" })
      expect(issue.status.code).toBe(SpanStatusCode.OK)
      expect(childrenOf(spans, issue).map((span) => span.name).sort()).toEqual(["POST /Cashbill", "Tokens.issue"])

      const token = spanNamed(spans, "Tokens.issue")
      expect(token.attributes).toEqual({ "taxdoc.operation": "Auth.Token", "taxdoc.member": CORP, "taxdoc.token.scopes": "member,140" })
      const [tokenRequest] = childrenOf(spans, token)
      expect(tokenRequest!.name).toBe("POST /{serviceId}/Token")
      expect(tokenRequest!.kind).toBe(SpanKind.CLIENT)
      expect(tokenRequest!.attributes).toEqual({
        "http.request.method": "POST",
        ...SERVER,
        "url.template": "/{serviceId}/Token",
        "taxdoc.operation": "Auth.Token",
        "http.response.status_code": 200
      })

      const request = spanNamed(spans, "POST /Cashbill")
      expect(request.kind).toBe(SpanKind.CLIENT)
      expect(request.attributes).toEqual({
        "http.request.method": "POST",
        ...SERVER,
        "url.template": "/Cashbill",
        "taxdoc.operation": "Cashbill.RegistIssue",
        "http.response.status_code": 200
      })
      // Nothing else: no span of the HTTP client's own, none of the sandbox.
      expect(spans).toHaveLength(4)
    }).pipe(Effect.provide(sdk()), Effect.provide(otel.layer))
  })

  it.effect("a read that meets one 503: two HTTP spans, the first failed, and a retry event with its reason", () => {
    const otel = exported()
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      yield* cashbill.issue(CORP, receipt("OT-2", CORP))
      yield* Effect.flatMap(Sandbox, (s) => s.setFault({ route: "Cashbill.GetInfo", status: 503, count: 1, probability: 1 }))
      expect((yield* driven(cashbill.getInfo(CORP, "OT-2"), "20 millis")).mgtKey).toBe("OT-2")
      const spans = otel.spans()
      const read = spanNamed(spans, "Cashbill.getInfo")
      expect(read.attributes).toEqual({ "taxdoc.operation": "Cashbill.GetInfo", "taxdoc.member": CORP, "taxdoc.document.id": "OT-2", "taxdoc.retried": true })
      expect(read.status.code).toBe(SpanStatusCode.OK)
      const attempts = childrenOf(spans, read)
      expect(attempts.map((span) => span.name)).toEqual(["GET /Cashbill/{mgtKey}", "GET /Cashbill/{mgtKey}"])
      expect(attempts[0]!.attributes).toMatchObject({ "url.template": "/Cashbill/{mgtKey}", "http.response.status_code": 503, "error.type": "503" })
      expect(typeof attempts[0]!.attributes["taxdoc.error.code"]).toBe("number")
      expect(attempts[0]!.status.code).toBe(SpanStatusCode.ERROR)
      expect(attempts[1]!.attributes).toMatchObject({ "http.response.status_code": 200, "http.request.resend_count": 1 })
      expect(attempts[1]!.status.code).toBe(SpanStatusCode.OK)
      expect(read.events.map((event) => event.name)).toEqual(["taxdoc.retry"])
      expect(read.events[0]!.attributes).toMatchObject({
        "taxdoc.operation": "Cashbill.GetInfo",
        "taxdoc.retry.attempt": 1,
        "error.type": "503",
        "http.response.status_code": 503
      })
    }).pipe(Effect.provide(sdk()), Effect.provide(otel.layer))
  })

  it.effect("a lost answer: the settlement event on the write's span, and a warning log record with the same attributes", () => {
    const otel = exported()
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      yield* Effect.flatMap(Sandbox, (s) => s.setFault({ route: "Cashbill.RegistIssue", kind: "dropAfter", count: 1, probability: 1 }))
      const issued = yield* Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("OT-3", CORP)))
      expect(issued.code).toBe(1)
      const spans = otel.spans()
      const issue = spanNamed(spans, "Cashbill.issue")
      const settlement = issue.events.find((event) => event.name === "taxdoc.settlement")
      const told = {
        "taxdoc.operation": "Cashbill.RegistIssue",
        "taxdoc.member": CORP,
        "taxdoc.document.id": "OT-3",
        "error.type": "TransportError.Network",
        "taxdoc.settlement.verdict": "happened"
      }
      expect(settlement!.attributes).toEqual({ ...told, "taxdoc.settlement.attempt": 1 })
      // The read back is a span of its own under the write's.
      expect(childrenOf(spans, issue).map((span) => span.name)).toContain("Cashbill.getDetailInfo")
      const warnings = otel.logs().filter((record) => record.severityText === "Warn")
      expect(warnings).toHaveLength(1)
      expect(warnings[0]!.body).toContain("the answer of Cashbill.issue for OT-3 was lost")
      expect(warnings[0]!.body).toMatch(/read back, it had happened \(1 read and 1 send, \d+\.\d\d s\)$/)
      expect(warnings[0]!.attributes).toMatchObject({ ...told, "taxdoc.settlement.duration_ms": 0 })
      // The log record names the span it was written in.
      expect(warnings[0]!.spanContext?.spanId).toBe(issue.spanContext().spanId)
    }).pipe(Effect.provide(sdk()), Effect.provide(otel.layer))
  })

  it.effect("the metrics of a mixed run: requests by operation and outcome, durations, retries, tokens, bulk documents, waits", () => {
    const otel = exported()
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      const sandbox = yield* Sandbox
      yield* cashbill.issue(CORP, receipt("OT-4", CORP))
      yield* cashbill.getInfo(CORP, "OT-4")
      yield* cashbill.getInfo(CORP, "OT-4")
      // Not found: the service's error code.
      yield* Effect.flip(cashbill.getInfo(CORP, "NO-SUCH"))
      // One 503, retried.
      yield* sandbox.setFault({ route: "Cashbill.GetInfo", status: 503, count: 1, probability: 1 })
      yield* driven(cashbill.getInfo(CORP, "OT-4"), "20 millis")
      // Refused connections until the retries run out: a transport error.
      yield* sandbox.setFault({ route: "Cashbill.GetDetailInfo", kind: "reset", count: 10, probability: 1 })
      yield* Effect.flip(driven(cashbill.getDetailInfo(CORP, "OT-4"), "20 millis"))
      yield* sandbox.clearFaults()
      const many = yield* driven(cashbill.issueMany(CORP, [receipt("OT-5", CORP), receipt("OT-6", CORP), receipt("OT-7", CORP)]), "100 millis")
      expect(many).toHaveLength(3)

      const metrics = yield* otel.metrics
      const requests = (labels: Record<string, string>) => valueOf(metrics, "taxdoc.requests", labels)
      expect(requests({ "taxdoc.operation": "Cashbill.GetInfo", "taxdoc.outcome": "success" })).toBe(3)
      expect(requests({ "taxdoc.operation": "Cashbill.GetInfo", "taxdoc.outcome": "service_error", "taxdoc.error.code": "-14000003" })).toBe(1)
      expect(requests({ "taxdoc.operation": "Cashbill.GetDetailInfo", "taxdoc.outcome": "transport_error" })).toBe(1)
      expect(requests({ "taxdoc.operation": "Cashbill.RegistIssue", "taxdoc.outcome": "success" })).toBe(1)
      expect(requests({ "taxdoc.operation": "Cashbill.BulkSubmit", "taxdoc.outcome": "success" })).toBe(1)
      const duration = valueOf(metrics, "taxdoc.request.duration", { "taxdoc.operation": "Cashbill.GetInfo", "taxdoc.outcome": "success" }) as { count: number }
      expect(duration.count).toBe(3)
      expect(valueOf(metrics, "taxdoc.retries", { "taxdoc.operation": "Cashbill.GetInfo", "error.type": "503" })).toBe(1)
      expect(valueOf(metrics, "taxdoc.retries", { "taxdoc.operation": "Cashbill.GetDetailInfo", "error.type": "TransportError.Network" })).toBe(3)
      expect(valueOf(metrics, "taxdoc.tokens.issued", { "taxdoc.member": CORP })).toBe(1)
      // The cache's hits are its own counter, read when the metrics are collected.
      const stats = yield* Effect.flatMap(Tokens, (tokens) => tokens.stats)
      expect(stats.reused).toBeGreaterThan(5)
      expect(valueOf(metrics, "taxdoc.tokens.cache_hits", {})).toBe(stats.reused)
      expect(valueOf(metrics, "taxdoc.tokens.shared", {})).toBe(0)
      expect(valueOf(metrics, "taxdoc.bulk.documents", { "taxdoc.operation": "Cashbill.BulkSubmit", "taxdoc.outcome": "issued" })).toBe(3)
      // The wait is over: nothing in flight.
      expect(valueOf(metrics, "taxdoc.jobs.in_flight", { "taxdoc.operation": "Cashbill.GetBulkResult" })).toBe(0)
    }).pipe(Effect.provide(sdk({ metrics: true })), Effect.provide(otel.layer), Effect.provideService(Metric.MetricRegistry, new Map()))
  })

  it.effect("metrics off (the default): nothing is recorded, not even with a reader installed", () => {
    const otel = exported()
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      yield* Effect.flatMap(Cashbill, (c) => Effect.andThen(c.issue(CORP, receipt("OT-8", CORP)), c.getInfo(CORP, "OT-8")))
      const metrics = yield* otel.metrics
      expect(metrics.filter((metric) => metric.descriptor.name.startsWith("taxdoc."))).toEqual([])
    }).pipe(Effect.provide(sdk()), Effect.provide(otel.layer), Effect.provideService(Metric.MetricRegistry, new Map()))
  })

  it.effect("traceparent, once turned on: each request names its attempt's span as the parent; off by default", () => {
    const otel = exported()
    const sent: Array<HttpClientRequest.HttpClientRequest> = []
    const quiet: Array<HttpClientRequest.HttpClientRequest> = []
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      yield* Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("OT-9", CORP))).pipe(Effect.provide(sdk({ traceparent: true, capture: sent })))
      const spans = otel.spans()
      for (const [request, attempt] of [[sent[0]!, spanNamed(spans, "POST /{serviceId}/Token")], [sent[1]!, spanNamed(spans, "POST /Cashbill")]] as const) {
        const context = attempt.spanContext()
        expect(request.headers["traceparent"]).toBe(`00-${context.traceId}-${context.spanId}-01`)
      }
      // Off by default: no header at all.
      yield* Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("OT-10", CORP))).pipe(Effect.provide(sdk({ capture: quiet })))
      expect(quiet.length).toBe(2)
      expect(quiet.every((request) => request.headers["traceparent"] === undefined)).toBe(true)
    }).pipe(Effect.provide(otel.layer))
  })

  it.effect("traceparent with nothing traced: a request names the caller's span, and none when there is none", () => {
    const sent: Array<HttpClientRequest.HttpClientRequest> = []
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      yield* cashbill.issue(CORP, receipt("OT-11", CORP))
      expect(sent.every((request) => request.headers["traceparent"] === undefined)).toBe(true)
      const caller = yield* Effect.withSpan(Effect.andThen(cashbill.getInfo(CORP, "OT-11"), Effect.currentSpan), "handler")
      expect(sent.at(-1)!.headers["traceparent"]).toBe(`00-${caller.traceId}-${caller.spanId}-01`)
      // Only the W3C header: not the b3 Effect's propagation writes beside it.
      expect(sent.every((request) => request.headers["b3"] === undefined)).toBe(true)
    }).pipe(Effect.provide(sdk({ traceparent: true, capture: sent })))
  })

  it.effect("traceparent names only the program's own spans, and none where propagation is disabled", () => {
    const sent: Array<HttpClientRequest.HttpClientRequest> = []
    const last = () => sent.at(-1)!.headers["traceparent"]
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      yield* cashbill.issue(CORP, receipt("OT-12", CORP))
      const info = cashbill.getInfo(CORP, "OT-12")
      // A span made while tracing is disabled is not named: its nearest ancestor of the program's is.
      const outer = yield* Effect.withSpan(
        Effect.andThen(Effect.withSpan(info, "quiet").pipe(Effect.provideService(References.TracerEnabled, false)), Effect.currentSpan),
        "handler"
      )
      expect(last()).toBe(`00-${outer.traceId}-${outer.spanId}-01`)
      const before = sent.length
      yield* Effect.withSpan(info, "quiet").pipe(Effect.provideService(References.TracerEnabled, false))
      expect(sent.length).toBe(before + 1)
      expect(last()).toBeUndefined()
      // Another process's span, made current without one of the program's own: not passed on.
      yield* Effect.withParentSpan(info, Tracer.externalSpan({ traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "b7ad6b7169203331", sampled: true }))
      expect(last()).toBeUndefined()
      // The program disables propagation: no header.
      yield* Effect.withSpan(info, "handler").pipe(Effect.provideService(Tracer.DisablePropagation, true))
      expect(sent.length).toBe(before + 3)
      expect(last()).toBeUndefined()
    }).pipe(Effect.provide(sdk({ traceparent: true, capture: sent })))
  })

  it.effect("traceparent with a tracer installed: none where the program disables propagation, the attempt still a span", () => {
    const otel = exported()
    const sent: Array<HttpClientRequest.HttpClientRequest> = []
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      yield* Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("OT-13", CORP))).pipe(
        Effect.provideService(Tracer.DisablePropagation, true),
        Effect.provide(sdk({ traceparent: true, capture: sent }))
      )
      expect(sent.length).toBe(2)
      expect(sent.every((request) => request.headers["traceparent"] === undefined)).toBe(true)
      spanNamed(otel.spans(), "POST /Cashbill")
    }).pipe(Effect.provide(otel.layer))
  })

  it.effect("job polling: a poll event per poll with the job's ID and state, the job counted in flight while it is awaited", () => {
    const otel = exported()
    const inFlight = Metric.withAttributes(Metrics.jobsInFlight, { "taxdoc.operation": "TaxPortalTaxinvoice.GetJobState" })
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const portal = yield* TaxPortal
      const jobID = yield* portal.requestTaxinvoiceJob(CORP, { queryType: "SELL", dateType: "W", from: "20260901", to: "20261121" })
      const seen: Array<number> = []
      const done = yield* driven(portal.awaitJob(CORP, "taxinvoice", jobID, {
        interval: "1 second",
        onProgress: () => Effect.map(Metric.value(inFlight), (state) => void seen.push(state.value))
      }))
      expect(done.jobState).toBe("3")
      expect(seen.length).toBeGreaterThan(0)
      expect(seen.every((value) => value === 1)).toBe(true)
      expect((yield* Metric.value(inFlight)).value).toBe(0)
      const wait = spanNamed(otel.spans(), "TaxPortal.awaitJob")
      const polls = wait.events.filter((event) => event.name === "taxdoc.poll")
      expect(polls.length).toBe(seen.length)
      expect(polls.at(-1)!.attributes).toEqual({ "taxdoc.job.id": jobID, "taxdoc.poll.count": seen.length, "taxdoc.poll.state": "jobState 3" })
      // Each poll is a call of its own under the wait, its job ID on it.
      const reads = childrenOf(otel.spans(), wait)
      expect(reads.map((span) => span.name)).toEqual(polls.map(() => "TaxPortal.getTaxinvoiceJobState"))
      expect(reads[0]!.attributes["taxdoc.job.id"]).toBe(jobID)
    }).pipe(Effect.provide(sdk({ metrics: true })), Effect.provide(otel.layer), Effect.provideService(Metric.MetricRegistry, new Map()))
  })

  it.effect("log lines at levels a program filters: a retry's debug line only when the program asks for debug", () => {
    const otel = exported()
    const retried = (level: "Info" | "Debug") =>
      Effect.gen(function*() {
        const cashbill = yield* Cashbill
        yield* Effect.flatMap(Sandbox, (s) => s.setFault({ route: "Cashbill.GetInfo", status: 503, count: 1, probability: 1 }))
        yield* Effect.flip(driven(cashbill.getInfo(CORP, "NO-SUCH"), "20 millis"))
      }).pipe(Effect.provideService(References.MinimumLogLevel, level))
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      yield* retried("Info")
      expect(otel.logs()).toEqual([])
      yield* retried("Debug")
      const [line] = otel.logs()
      expect(line!.severityText).toBe("Debug")
      expect(line!.body).toBe("taxdoc: Cashbill.GetInfo is retried after 503 (retry 1)")
      expect(line!.attributes).toMatchObject({ "taxdoc.operation": "Cashbill.GetInfo", "taxdoc.retry.attempt": 1, "error.type": "503", "http.response.status_code": 503 })
    }).pipe(Effect.provide(sdk()), Effect.provide(otel.layer))
  })
})
