/**
 * One bulk submission (`BulkSubmission.ts`) against a scripted service of made-up "things": sent
 * under its submit ID, settled by it when its answer is lost or an outage refuses it (looked up
 * before it is sent again), its result polled through an outage; what became of it, and what it
 * tells the span, the log and the metrics.
 */
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Schedule } from "effect"
import { HttpClientError, HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import * as Bulk from "../../src/core/Bulk.js"
import * as BulkSubmission from "../../src/core/BulkSubmission.js"
import { documents, GetBulkResult, member, service, things, withClient } from "../support/bulkThings.js"
import { driven } from "../support/clock.js"
import * as Fake from "../support/FakeService.js"
import { exported, spanNamed, valueOf } from "../support/otel.js"

const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const busyAnswer = { status: 503, body: JSON.stringify({ code: -99999999, message: "busy" }) }
const lostAnswer = (seen: Fake.Seen) =>
  Effect.fail(new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request: HttpClientRequest.post(seen.url), cause: new Error("socket hang up") }) }))

const submissionOf = (n: number) => BulkSubmission.submissions(things, documents(n))[0]!

describe("BulkSubmission.runSubmission", () => {
  it.effect("with patience of its own, an outage longer than the call's deadline is waited out", () => {
    const { state } = service()
    // Busy for the first 20 seconds.
    const flaky = Fake.makeState((seen, s) => Effect.flatMap(Clock.currentTimeMillis, (now) => (now < START + 20_000 ? Effect.succeed(busyAnswer) : state.api(seen, s))))
    const submission = submissionOf(2)
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const outcome = yield* driven(
        withClient(flaky, (client) => BulkSubmission.runSubmission(client, things, submission, member, { interval: "1 second", patience: Schedule.spaced("1 second") }), {
          callTimeout: "5 seconds"
        }),
        "1 second"
      )
      expect(outcome._tag).toBe("Completed")
      expect(Bulk.itemOutcomes(submission, outcome).map((o) => o.status)).toEqual(["Issued", "Issued"])
    })
  })

  it.effect("without it, the same outage past the call's deadline leaves the submission Unknown, not accepted", () => {
    let calls = 0
    const busyAlways = Fake.makeState(() => Effect.sync(() => (calls++, busyAnswer)))
    return Effect.gen(function*() {
      const outcome = yield* driven(withClient(busyAlways, (client) => BulkSubmission.runSubmission(client, things, submissionOf(2), member), { callTimeout: "5 seconds" }), "1 second")
      expect(outcome).toMatchObject({ _tag: "Unknown", accepted: false, cause: { _tag: "UnknownOutcomeError", reason: "ReadFailed" } })
      expect(calls).toBeGreaterThan(3)
    })
  })

  it.effect("a lost answer: looked up by its submit ID and found, so not sent again", () => {
    const { state, submitted } = service()
    let posts = 0
    const losing = Fake.makeState((seen, s) => {
      if (seen.method !== "POST") return state.api(seen, s)
      return posts++ === 0 ? Effect.flatMap(state.api(seen, s), () => lostAnswer(seen)) as never : state.api(seen, s)
    })
    return Effect.gen(function*() {
      const outcome = yield* driven(withClient(losing, (client) => BulkSubmission.runSubmission(client, things, submissionOf(3), member)), "1 second")
      expect(outcome._tag).toBe("Completed")
      expect(posts).toBe(1)
      expect(submitted).toHaveLength(1)
    })
  })

  it.effect("a submission refused by the service is NotIssued, its documents too", () => {
    const refusing = Fake.makeState(() => Effect.succeed({ status: 400, body: JSON.stringify({ code: -14001019, message: "in use" }) }))
    const submission = submissionOf(2)
    return Effect.gen(function*() {
      const outcome = yield* withClient(refusing, (client) => BulkSubmission.runSubmission(client, things, submission, member))
      expect(outcome).toMatchObject({ _tag: "NotIssued", cause: { _tag: "ApiError", code: -14001019 } })
      expect(Bulk.itemOutcomes(submission, outcome)).toEqual([
        { key: "T-0000", status: "NotIssued", result: undefined, submitId: submission.submitId },
        { key: "T-0001", status: "NotIssued", result: undefined, submitId: submission.submitId }
      ])
    })
  })

  it.effect("accepted, its result never complete before the polling deadline: Unknown, accepted", () => {
    const { state } = service()
    const never = Fake.makeState((seen, s) => (seen.method === "POST" ? state.api(seen, s) : Effect.succeed({ status: 200, body: JSON.stringify({ txState: 1 }) })))
    return Effect.gen(function*() {
      const outcome = yield* driven(withClient(never, (client) => BulkSubmission.runSubmission(client, things, submissionOf(2), member, { interval: "1 second", deadline: "5 seconds" })), "1 second")
      expect(outcome).toMatchObject({ _tag: "Unknown", accepted: true, cause: { _tag: "PollTimeoutError", operation: "Thing.issueMany" } })
    })
  })

  it.effect("a completed result without per-document results: each document reported, never dropped", () => {
    const empty = Fake.makeState((seen) =>
      Effect.succeed(seen.method === "POST" ? { status: 200, body: JSON.stringify({ code: 1, receiptID: "R" }) } : { status: 200, body: JSON.stringify({ txState: 2 }) })
    )
    return Effect.gen(function*() {
      const outcome = yield* driven(withClient(empty, (client) => BulkSubmission.runSubmission(client, things, submissionOf(2), member)), "1 second")
      expect(outcome).toEqual({ _tag: "Completed", results: [{ key: "T-0000", code: -99999999, message: "not mentioned" }, { key: "T-0001", code: -99999999, message: "not mentioned" }] })
    })
  })
})

describe("BulkSubmission.awaitResult", () => {
  it.effect("polls through an outage longer than a read's retries; past the deadline, PollTimeoutError names the kind's operation and the last state", () => {
    let polls = 0
    const flaky = Fake.makeState((seen) =>
      Effect.suspend(() => (polls++ < 8 ? lostAnswer(seen) as never : Effect.succeed({ status: 200, body: JSON.stringify({ txState: 1 }) })))
    )
    return Effect.gen(function*() {
      const error = yield* Effect.flip(driven(withClient(flaky, (client) => BulkSubmission.awaitResult(client, things, member, "S-1", { interval: "1 second", deadline: "10 seconds" })), "1 second"))
      expect(error).toMatchObject({ _tag: "PollTimeoutError", operation: "Thing.issueMany", id: "S-1", lastState: "txState 1" })
      expect(polls).toBeGreaterThan(10)
    })
  })

  it.effect("with retrying off, a poll that fails ends the wait with its failure", () => {
    const lost = Fake.makeState((seen) => lostAnswer(seen) as never)
    return Effect.gen(function*() {
      const error = yield* Effect.flip(driven(withClient(lost, (client) => BulkSubmission.awaitResult(client, things, member, "S-1", { interval: "1 second" }), { retries: 0 }), "1 second"))
      expect(error).toMatchObject({ _tag: "TransportError", outcome: "Unknown" })
    })
  })
})

describe("what a bulk issue tells", () => {
  it.effect("events of each submission, the progress on the span, documents counted by outcome", () => {
    const otel = exported()
    const { state } = service()
    // The second submission's connection is refused until the deadline: not issued.
    let posts = 0
    const refusing = Fake.makeState((seen, s) => {
      if (seen.method === "POST" && seen.body.includes("T-0100")) {
        posts++
        return Effect.fail(new HttpClientError.HttpClientError({
          reason: new HttpClientError.TransportError({ request: HttpClientRequest.post(seen.url), cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) })
        })) as never
      }
      return state.api(seen, s)
    })
    const input = documents(150, (i) => i === 3)
    const planned = BulkSubmission.submissions(things, input)
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const error = yield* Effect.flip(driven(
        withClient(refusing, (client) => Bulk.issueMany(client, things, member, input, { interval: "1 second" }).pipe(Effect.withSpan("Thing.issueMany")), { metrics: true }),
        "1 second"
      ))
      expect(error._tag).toBe("BulkIncompleteError")
      expect(posts).toBeGreaterThan(1)
      const span = spanNamed(otel.spans(), "Thing.issueMany")
      expect(span.attributes).toMatchObject({
        "taxdoc.bulk.documents": 150,
        "taxdoc.bulk.submissions": 2,
        "taxdoc.bulk.submitted": 100,
        "taxdoc.bulk.completed": 100,
        "taxdoc.bulk.succeeded": 99,
        "taxdoc.bulk.failed": 1,
        "taxdoc.poll.count": 2
      })
      const events = span.events.map((event) => [event.name, event.attributes])
      expect(events).toContainEqual(["taxdoc.bulk.submitted", { "taxdoc.submit.id": planned[0]!.submitId, "taxdoc.bulk.documents": 100 }])
      expect(events).toContainEqual([
        "taxdoc.bulk.completed",
        { "taxdoc.submit.id": planned[0]!.submitId, "taxdoc.bulk.documents": 100, "taxdoc.bulk.succeeded": 99, "taxdoc.bulk.failed": 1 }
      ])
      expect(events).toContainEqual(["taxdoc.poll", { "taxdoc.submit.id": planned[0]!.submitId, "taxdoc.poll.count": 2, "taxdoc.poll.state": "txState 2" }])
      const metrics = yield* otel.metrics
      const documentsOf = (outcome: string) => valueOf(metrics, "taxdoc.bulk.documents", { "taxdoc.operation": "Thing.BulkSubmit", "taxdoc.outcome": outcome })
      expect([documentsOf("issued"), documentsOf("refused"), documentsOf("not_issued"), documentsOf("unknown")]).toEqual([99, 1, 50, undefined])
    }).pipe(Effect.provide(otel.layer))
  })

  it.effect("a submission left unknown is counted unknown", () => {
    const otel = exported()
    const never = Fake.makeState((seen) =>
      Effect.succeed(seen.method === "POST" ? { status: 200, body: JSON.stringify({ code: 1, receiptID: "R" }) } : { status: 200, body: JSON.stringify({ txState: 1 }) })
    )
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      yield* driven(withClient(never, (client) => BulkSubmission.runSubmission(client, things, submissionOf(3), member, { interval: "1 second", deadline: "3 seconds" }), { metrics: true }), "1 second")
      const metrics = yield* otel.metrics
      expect(valueOf(metrics, "taxdoc.bulk.documents", { "taxdoc.operation": "Thing.BulkSubmit", "taxdoc.outcome": "unknown" })).toBe(3)
      expect(valueOf(metrics, "taxdoc.jobs.in_flight", { "taxdoc.operation": GetBulkResult.name })).toBe(0)
    }).pipe(Effect.provide(otel.layer))
  })
})
