import { describe, expect, it } from "@effect/vitest"
import { Clock, Duration, Effect, Layer, Random, Schedule, Schema } from "effect"
import { HttpClientError, HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import * as Client from "../../src/core/Client.js"
import { ApiError, ResponseError, TokenError, TransportError } from "../../src/core/Errors.js"
import * as Operation from "../../src/core/Operation.js"
import * as Retry from "../../src/core/Retry.js"
import { LocalRefusal } from "../../src/core/Transport.js"
import { driven as drivenBy } from "../support/clock.js"
import { exported } from "../support/otel.js"
import * as Fake from "../support/FakeService.js"

const Thing = Schema.Struct({ name: Schema.String })
const declare = (name: string, method: "GET" | "POST", safeToRepeat: boolean) =>
  Operation.make({
    name: `Thing.${name}`,
    sdk: `Thing.${name}`,
    summary: name,
    method,
    path: "/Thing/{key}",
    params: Schema.Struct({ key: Schema.String }),
    scope: Operation.scope("140"),
    success: Thing,
    safeToRepeat
  })
const Read = declare("read", "GET", true)
const Write = declare("write", "POST", false)
// A write the service recognises when repeated, by the submit ID it carries.
const Submit = Operation.make({
  name: "Thing.submit",
  sdk: "Thing.submit",
  summary: "submit",
  method: "POST",
  path: "/Thing/{key}",
  params: Schema.Struct({ key: Schema.String, submitID: Schema.String }),
  headers: { [Operation.SUBMIT_ID_HEADER]: "submitID" },
  scope: Operation.scope("140"),
  success: Thing,
  safeToRepeat: true
})
const input = { corpNum: "1234567890", params: { key: "K1" } }

const ok = { status: 200, body: JSON.stringify({ name: "done" }) }
const unavailable = (headers: Record<string, string> = {}) => ({
  status: 503,
  body: JSON.stringify({ code: -99999999, message: "busy" }),
  headers: { "content-type": "application/json", ...headers }
})
const gatewayPage = { status: 502, body: "<html><body>Bad Gateway</body></html>", headers: { "content-type": "text/html" } }
const truncated = { status: 200, body: "{\"name\":\"do" }

/** A service answering API calls from `script` in turn (the last answer repeats), noting when each came. */
const scripted = (script: ReadonlyArray<Fake.Answer>) => {
  const times: Array<number> = []
  const state = Fake.makeState(() =>
    Effect.map(Clock.currentTimeMillis, (now) => {
      times.push(now)
      return script[Math.min(times.length - 1, script.length - 1)]!
    })
  )
  return { state, times }
}

const clientLayer = (state: Fake.FakeState, overrides: Parameters<typeof Fake.layer>[1] = {}) =>
  Layer.provide(Client.layer, Fake.layer(state, overrides))

/** Runs `effect` while moving the TestClock in 100 ms steps until it completes. */
const driven = <A, E, R>(effect: Effect.Effect<A, E, R>) => drivenBy(effect, "100 millis", 2_000)

const callOf = (operation: typeof Read) => Effect.flatMap(Client.TaxdocClient, (client) => client.call(operation, input))

describe("retries", () => {
  it.effect("a read is retried after a 503, an HTML gateway page and a truncated body, then answers", () => {
    const { state, times } = scripted([unavailable(), gatewayPage, truncated, ok])
    return Effect.gen(function*() {
      const answer = yield* driven(callOf(Read))
      expect(answer.name).toBe("done")
      expect(times).toHaveLength(4)
      // Full jitter under a cap doubling from 200 ms: each wait is at most 200, 400, 800 ms.
      const waits = times.slice(1).map((t, i) => t - times[i]!)
      waits.forEach((wait, n) => expect(wait).toBeLessThanOrEqual(200 * 2 ** n + 100))
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("waits at least as long as Retry-After says", () => {
    const { state, times } = scripted([unavailable({ "retry-after": "7" }), ok])
    return Effect.gen(function*() {
      yield* driven(callOf(Read))
      expect(times).toHaveLength(2)
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(7_000)
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("gives up after the configured retries with the last failure", () => {
    const { state, times } = scripted([unavailable()])
    return Effect.gen(function*() {
      const error = yield* Effect.flip(driven(callOf(Read)))
      expect(error._tag).toBe("ApiError")
      expect(times).toHaveLength(3)
    }).pipe(Effect.provide(clientLayer(state, { retries: 2 })))
  })

  it.effect("never past the call's overall deadline", () => {
    const { state, times } = scripted([unavailable({ "retry-after": "4" })])
    return Effect.gen(function*() {
      const started = yield* Clock.currentTimeMillis
      const error = yield* Effect.flip(driven(callOf(Read)))
      expect(error._tag).toBe("ApiError")
      expect(times.length).toBeLessThanOrEqual(3)
      expect((yield* Clock.currentTimeMillis) - started).toBeLessThanOrEqual(10_100)
    }).pipe(Effect.provide(clientLayer(state, { retries: 10, callTimeout: "10 seconds" })))
  })

  it.effect("a write is not repeated after a fault that may have followed its processing", () => {
    const { state, times } = scripted([unavailable(), ok])
    return Effect.gen(function*() {
      const error = yield* Effect.flip(driven(callOf(Write)))
      expect(error._tag).toBe("ApiError")
      expect(times).toHaveLength(1)
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("patientReads: a read is retried until the call's deadline instead of a count", () => {
    const { state, times } = scripted([unavailable()])
    return Effect.gen(function*() {
      const started = yield* Clock.currentTimeMillis
      const error = yield* Effect.flip(driven(callOf(Read)))
      expect(error._tag).toBe("ApiError")
      expect(times.length).toBeGreaterThan(3)
      expect((yield* Clock.currentTimeMillis) - started).toBeGreaterThanOrEqual(4_000)
      expect((yield* Clock.currentTimeMillis) - started).toBeLessThanOrEqual(5_000)
    }).pipe(Effect.provide(clientLayer(state, { retries: 2, patientReads: true, callTimeout: "5 seconds", retryMaxDelay: "500 millis" })))
  })

  it.effect("a write the service recognises by its submit ID is retried until the call's deadline, an ordinary read only its count", () => {
    const submits = scripted([unavailable()])
    const reads = scripted([unavailable()])
    const submit = Effect.flatMap(Client.TaxdocClient, (client) => client.call(Submit, { corpNum: "1234567890", params: { key: "K1", submitID: "S-1" } }))
    return Effect.gen(function*() {
      yield* Effect.flip(driven(submit)).pipe(Effect.provide(clientLayer(submits.state, { retries: 2, callTimeout: "5 seconds", retryMaxDelay: "500 millis" })))
      yield* Effect.flip(driven(callOf(Read))).pipe(Effect.provide(clientLayer(reads.state, { retries: 2, callTimeout: "5 seconds", retryMaxDelay: "500 millis" })))
      expect(submits.times.length).toBeGreaterThan(3)
      expect(submits.times[submits.times.length - 1]! - submits.times[0]!).toBeGreaterThanOrEqual(4_000)
      expect(reads.times).toHaveLength(3)
    })
  })

  it.effect("no retry whose wait would end past the deadline: a Retry-After as long as the time left ends the call at once", () => {
    const { state, times } = scripted([unavailable({ "retry-after": "7" }), ok])
    return Effect.gen(function*() {
      const started = yield* Clock.currentTimeMillis
      const error = yield* Effect.flip(driven(callOf(Read)))
      expect(error._tag).toBe("ApiError")
      expect(times).toHaveLength(1)
      expect((yield* Clock.currentTimeMillis) - started).toBeLessThan(1_000)
    }).pipe(Effect.provide(clientLayer(state, { callTimeout: "7 seconds" })))
  })

  it.effect("a page that is not a gateway's (404 HTML) is not retried, even for a read", () => {
    const { state, times } = scripted([{ status: 404, body: "<html>Not Found</html>", headers: { "content-type": "text/html" } }, ok])
    return Effect.gen(function*() {
      const error = yield* Effect.flip(driven(callOf(Read)))
      expect(error).toMatchObject({ _tag: "ResponseError", status: 404 })
      expect(times).toHaveLength(1)
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("retries: 0 turns retrying off", () => {
    const { state, times } = scripted([unavailable(), ok])
    return Effect.gen(function*() {
      yield* Effect.flip(driven(callOf(Read)))
      expect(times).toHaveLength(1)
    }).pipe(Effect.provide(clientLayer(state, { retries: 0 })))
  })

  it.effect("a refusal of the service (4xx) is not retried", () => {
    const { state, times } = scripted([{ status: 404, body: JSON.stringify({ code: -14000003, message: "없음" }) }, ok])
    return Effect.gen(function*() {
      const error = yield* Effect.flip(driven(callOf(Read)))
      expect(error._tag).toBe("ApiError")
      expect(times).toHaveLength(1)
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("an answer larger than maxAnswerBytes fails with ResponseError TooLarge, and is not retried", () => {
    const { state, times } = scripted([{ status: 200, body: JSON.stringify({ name: "x".repeat(5_000) }) }])
    return Effect.gen(function*() {
      const error = yield* Effect.flip(driven(callOf(Read)))
      expect(error._tag === "ResponseError" ? error.reason : error._tag).toBe("TooLarge")
      expect(times).toHaveLength(1)
    }).pipe(Effect.provide(clientLayer(state, { maxAnswerBytes: 2_048 })))
  })
})

/** A transport failure whose cause is `cause` (what a client reports when no answer came). */
const failing = (cause: unknown) => (seen: Fake.Seen) =>
  Effect.fail(new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request: HttpClientRequest.get(seen.url), cause }) }))

/** A service whose API calls fail with `causes` in turn, then answer `ok`. */
const failingThen = (causes: ReadonlyArray<unknown>) => {
  let calls = 0
  const state = Fake.makeState((seen) => (calls++ < causes.length ? failing(causes[calls - 1])(seen) : Effect.succeed(ok)) as never)
  return { state, calls: () => calls }
}

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" })

describe("retries of requests that surely were not sent", () => {
  it.effect("a write whose connection was refused is sent again: it never reached the service", () => {
    const service = failingThen([refused])
    return Effect.gen(function*() {
      expect(yield* driven(callOf(Write))).toEqual({ name: "done" })
      expect(service.calls()).toBe(2)
    }).pipe(Effect.provide(clientLayer(service.state)))
  })

  it.effect("a write whose connection dropped after sending is not: it may have been processed", () => {
    const service = failingThen([new Error("socket hang up")])
    return Effect.gen(function*() {
      const error = yield* Effect.flip(driven(callOf(Write)))
      expect(error).toMatchObject({ _tag: "TransportError", reason: "Network", outcome: "Unknown" })
      expect(service.calls()).toBe(1)
    }).pipe(Effect.provide(clientLayer(service.state)))
  })

  it.effect("the call's deadline passing while a resend is on its way: Unknown (Timeout), not the refusal before it", () => {
    let calls = 0
    const state = Fake.makeState((seen) => (calls++ === 0 ? failing(refused)(seen) : Effect.never) as never)
    return Effect.gen(function*() {
      yield* TestClock.setTime(Date.UTC(2026, 10, 22, 1, 0, 0))
      const started = yield* Clock.currentTimeMillis
      const error = yield* Effect.flip(driven(callOf(Write)))
      expect(error).toMatchObject({ _tag: "TransportError", reason: "Timeout", outcome: "Unknown", operation: "Thing.write" })
      expect(error.message).toBe("Thing.write: no answer within the call's deadline")
      expect(calls).toBe(2)
      expect((yield* Clock.currentTimeMillis) - started).toBeLessThanOrEqual(2_100)
    }).pipe(Effect.provide(clientLayer(state, { callTimeout: "2 seconds", requestTimeout: "30 seconds" })))
  })

  it.effect("the deadline passing while waiting before a resend: the refusal before it is the answer", () => {
    const state = Fake.makeState((seen) => failing(refused)(seen) as never)
    return Effect.gen(function*() {
      const error = yield* Effect.flip(driven(callOf(Write)))
      expect(error).toMatchObject({ _tag: "TransportError", outcome: "NotSent" })
    }).pipe(Effect.provide(clientLayer(state, { callTimeout: "1 second", retries: 50, retryBaseDelay: "400 millis", retryMaxDelay: "400 millis" })))
  })

  for (const operation of [Read, Write]) {
    it.effect(`a refusal of a local layer (a replay cassette's miss) is never retried: ${operation.name}`, () => {
      const service = failingThen([{ [LocalRefusal]: true, message: "no recorded answer" }])
      return Effect.gen(function*() {
        const error = yield* Effect.flip(driven(callOf(operation)))
        expect(error).toMatchObject({ _tag: "TransportError", reason: "Local", outcome: "NotSent" })
        expect(service.calls()).toBe(1)
      }).pipe(Effect.provide(clientLayer(service.state)))
    })
  }
})

describe("Retry.isTransient and Retry.isNotSent", () => {
  const transport = (reason: TransportError["reason"], outcome: TransportError["outcome"]) => new TransportError({ operation: "Thing.write", reason, outcome, message: "" })
  const response = (status: number, reason: ResponseError["reason"]) => new ResponseError({ operation: "Thing.read", status, reason, bodyExcerpt: "", message: "" })
  const api = (status: number) => new ApiError({ operation: "Thing.read", status, code: -99999999, message: "", serviceMessage: "" })
  const token = (status: number) => new TokenError({ corpNum: "1234567891", status, code: -99999999, message: "", serviceMessage: "" })

  it("transient: the network (not a local layer), 429 and 5xx gateways, a 200 cut short; not a refusal, a page of another status, or an answer too large", () => {
    const cases: ReadonlyArray<readonly [Retry.AttemptError, boolean]> = [
      [transport("Network", "Unknown"), true],
      [transport("Timeout", "Unknown"), true],
      [transport("Local", "NotSent"), false],
      [api(503), true],
      [api(429), true],
      [api(400), false],
      [api(200), false],
      [response(502, "UnexpectedStatus"), true],
      [response(404, "UnexpectedStatus"), false],
      [response(200, "Decode"), true],
      [response(400, "Decode"), false],
      [response(200, "TooLarge"), false],
      [token(503), true],
      [token(401), false]
    ]
    expect(cases.map(([error]) => Retry.isTransient(error))).toEqual(cases.map(([, transient]) => transient))
  })

  it("surely not sent: a transport failure before sending, never one of a local layer, an unknown outcome or an answer", () => {
    expect(Retry.isNotSent(transport("Network", "NotSent"))).toBe(true)
    expect(Retry.isNotSent(transport("Local", "NotSent"))).toBe(false)
    expect(Retry.isNotSent(transport("Network", "Unknown"))).toBe(false)
    expect(Retry.isNotSent(transport("Timeout", "Unknown"))).toBe(false)
    expect(Retry.isNotSent(api(503))).toBe(false)
    expect(Retry.isNotSent(response(502, "UnexpectedStatus"))).toBe(false)
  })
})

describe("Retry.observed", () => {
  it.effect("a retry's event: its number, wait and failure type, and the status and service code when an answer came", () => {
    const otel = exported()
    const service = failingThen([refused])
    const { state } = scripted([unavailable(), ok])
    // The retries of the n-th call (its span, Thing.read).
    const retries = (n: number) =>
      otel.spans().filter((span) => span.name === "Thing.read")[n]!.events.filter((event) => event.name === "taxdoc.retry").map((event) => event.attributes)
    return Effect.gen(function*() {
      yield* driven(callOf(Read)).pipe(Effect.provide(clientLayer(service.state)))
      yield* driven(callOf(Read)).pipe(Effect.provide(clientLayer(state)))
      const [afterRefusal] = retries(0)
      expect(Object.keys(afterRefusal!).sort()).toEqual(["error.type", "taxdoc.operation", "taxdoc.retry.attempt", "taxdoc.retry.delay_ms"])
      expect(afterRefusal).toMatchObject({ "taxdoc.operation": "Thing.read", "taxdoc.retry.attempt": 1, "error.type": "TransportError.Network" })
      expect(retries(1)[0]).toMatchObject({ "error.type": "503", "http.response.status_code": 503, "taxdoc.error.code": -99999999 })
    }).pipe(Effect.provide(otel.layer))
  })
})

describe("Retry.backoff", () => {
  it.effect("waits a random delay between 0 and the doubling cap, at most the given retries", () =>
    Effect.gen(function*() {
      const step = yield* Schedule.toStepWithSleep(Retry.backoff({ retries: 4, baseDelay: "100 millis", maxDelay: "300 millis" }))
      const caps = [100, 200, 300, 300]
      const delays: Array<number> = []
      for (const cap of caps) {
        const started = yield* Clock.currentTimeMillis
        yield* step(new Error("x") as never)
        const waited = (yield* Clock.currentTimeMillis) - started
        expect(waited).toBeLessThanOrEqual(cap)
        delays.push(waited)
      }
      expect(yield* Effect.flip(step(new Error("x") as never))).toBeDefined()
      expect(new Set(delays).size).toBeGreaterThan(1)
    }).pipe(Random.withSeed("taxdoc"), (effect) => drivenBy(effect, Duration.millis(1), 5_000)))
})
