import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Fiber, Layer, Option, Schema, TestClock } from "effect"
import * as Client from "../../src/core/Client.js"
import * as Operation from "../../src/core/Operation.js"
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
const driven = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.fork(effect)
    for (let i = 0; i < 2_000; i++) {
      yield* Effect.yieldNow()
      if (Option.isSome(yield* Fiber.poll(fiber))) break
      yield* TestClock.adjust("100 millis")
    }
    return yield* Fiber.join(fiber)
  })

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
