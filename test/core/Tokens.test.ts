import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer, Redacted, TestClock } from "effect"
import * as Signing from "../../src/core/Signing.js"
import * as Tokens from "../../src/core/Tokens.js"
import * as Fake from "../support/FakeService.js"

const ok = () => Effect.succeed({ status: 200, body: "{}" })

const withTokens = (state: Fake.FakeState, overrides: Parameters<typeof Fake.layer>[1] = {}) =>
  Layer.provide(Tokens.layer, Fake.layer(state, overrides))

describe("Tokens", () => {
  it.effect("signs the token request exactly as the spec says", () => {
    const state = Fake.makeState(ok)
    return Effect.gen(function*() {
      yield* TestClock.setTime(Date.UTC(2026, 10, 22, 4, 16, 15))
      const tokens = yield* Tokens.Tokens
      yield* tokens.get("1234567890", ["140"])
      const seen = state.seen[0]!
      expect(seen.url).toBe("http://auth.example.test/SERVICE_TEST/Token")
      expect(seen.body).toBe("{\"access_id\":\"1234567890\",\"scope\":[\"member\",\"140\"]}")
      expect(seen.headers["x-svc-date"]).toBe("2026-11-22T04:16:15Z")
      expect(seen.headers["x-svc-forwarded"]).toBeUndefined()
      // Same inputs as the first vector of signing.json, so the same Authorization.
      expect(seen.headers["authorization"]).toBe("SVC TESTER eUEwTKCwRtMRfZOjM62wm5Z5O5LBV5F7fZdaXHDkY0w=")
      expect(seen.headers["x-svc-version"]).toBe(Signing.SVC_VERSION)
    }).pipe(Effect.provide(withTokens(state)))
  })

  it.effect("sends X-SVC-Forwarded and signs it when configured", () => {
    const state = Fake.makeState(ok)
    return Effect.gen(function*() {
      yield* TestClock.setTime(Date.UTC(2026, 10, 22, 4, 16, 15))
      const tokens = yield* Tokens.Tokens
      yield* tokens.get("1234567890", ["140", "member"])
      const seen = state.seen[0]!
      expect(seen.headers["x-svc-forwarded"]).toBe("*")
      expect(seen.headers["authorization"]).toBe("SVC TESTER 9CF3ittfZecWdKfttCQjpYNGS7wL6QkxwQNV010C2BM=")
    }).pipe(Effect.provide(withTokens(state, { forwardedIp: "*" })))
  })

  it.effect("reuses a token within its life and refreshes it ahead of expiry", () => {
    const state = Fake.makeState(ok)
    return Effect.gen(function*() {
      const tokens = yield* Tokens.Tokens
      const first = yield* tokens.get("1234567890", ["140"])
      yield* TestClock.adjust("28 minutes")
      const second = yield* tokens.get("1234567890", ["140"])
      expect(Redacted.value(second)).toBe(Redacted.value(first))
      expect(state.tokenCount).toBe(1)
      // 28m + 1m01s: inside the 60 s margin before the 30-minute expiry → a new token.
      yield* TestClock.adjust("61 seconds")
      const third = yield* tokens.get("1234567890", ["140"])
      expect(Redacted.value(third)).not.toBe(Redacted.value(first))
      expect(state.tokenCount).toBe(2)
      const stats = yield* tokens.stats
      expect(stats).toMatchObject({ issued: 2, reused: 1 })
    }).pipe(Effect.provide(withTokens(state)))
  })

  it.effect("honours a configured refresh margin", () => {
    const state = Fake.makeState(ok)
    return Effect.gen(function*() {
      const tokens = yield* Tokens.Tokens
      yield* tokens.get("1234567890", ["140"])
      yield* TestClock.adjust("24 minutes")
      yield* tokens.get("1234567890", ["140"])
      expect(state.tokenCount).toBe(1)
      yield* TestClock.adjust("1 minute")
      yield* tokens.get("1234567890", ["140"])
      expect(state.tokenCount).toBe(2)
    }).pipe(Effect.provide(withTokens(state, { tokenRefreshMargin: "5 minutes" })))
  })

  it.effect("re-issues after invalidation (e.g. QuitMember)", () => {
    const state = Fake.makeState(ok)
    return Effect.gen(function*() {
      const tokens = yield* Tokens.Tokens
      yield* tokens.get("1234567890", ["140"])
      yield* tokens.get("1234567890", ["170"])
      yield* tokens.invalidate("1234567890")
      yield* tokens.get("1234567890", ["140"])
      yield* tokens.get("1234567890", ["170"])
      expect(state.tokenCount).toBe(4)
    }).pipe(Effect.provide(withTokens(state)))
  })

  it.effect("issues exactly one token for 100 concurrent calls on a cold member", () => {
    const state = Fake.makeState(ok)
    return Effect.gen(function*() {
      state.gate = yield* Deferred.make<void>()
      const tokens = yield* Tokens.Tokens
      const fiber = yield* Effect.fork(Effect.all(Array.from({ length: 100 }, () => tokens.get("1234567890", ["140"])), { concurrency: "unbounded" }))
      yield* Effect.yieldNow()
      yield* Deferred.succeed(state.gate, undefined)
      const all = yield* Fiber.join(fiber)
      expect(new Set(all.map(Redacted.value)).size).toBe(1)
      expect(state.tokenCount).toBe(1)
    }).pipe(Effect.provide(withTokens(state)))
  })

  it.effect("keeps different members, scope sets and environments apart", () => {
    const state = Fake.makeState(ok)
    return Effect.gen(function*() {
      const tokens = yield* Tokens.Tokens
      const a = yield* tokens.get("1234567890", ["140"])
      const b = yield* tokens.get("6798700433", ["140"])
      const c = yield* tokens.get("1234567890", ["170"])
      expect(new Set([a, b, c].map(Redacted.value)).size).toBe(3)
      expect(state.tokenCount).toBe(3)
    }).pipe(Effect.provide(withTokens(state)))
  })

  it.effect("issues per environment: production uses SERVICE", () => {
    const state = Fake.makeState(ok)
    return Effect.gen(function*() {
      const tokens = yield* Tokens.Tokens
      yield* tokens.get("1234567890", ["140"])
      expect(state.seen[0]!.url).toBe("http://auth.example.test/SERVICE/Token")
    }).pipe(Effect.provide(withTokens(state, { environment: "production" })))
  })

  it.effect("stays bounded: the least recently used token is dropped", () => {
    const state = Fake.makeState(ok)
    return Effect.gen(function*() {
      const tokens = yield* Tokens.Tokens
      yield* tokens.get("1000000001", ["140"])
      yield* tokens.get("1000000002", ["140"])
      yield* tokens.get("1000000001", ["140"]) // touch 1 → 2 is the oldest
      yield* tokens.get("1000000003", ["140"])
      expect((yield* tokens.stats).cached).toBe(2)
      yield* tokens.get("1000000001", ["140"])
      expect(state.tokenCount).toBe(3)
      yield* tokens.get("1000000002", ["140"])
      expect(state.tokenCount).toBe(4)
    }).pipe(Effect.provide(withTokens(state, { tokenCacheCapacity: 2 })))
  })

  it.effect("a failed issuance is not cached and reaches every waiter as TokenError", () => {
    const state = Fake.makeState(ok)
    return Effect.gen(function*() {
      let refuse = true
      state.refuseToken = () =>
        refuse ? { status: 400, body: JSON.stringify({ code: -99003008, message: "not a member" }) } : undefined
      state.gate = yield* Deferred.make<void>()
      const tokens = yield* Tokens.Tokens
      const fiber = yield* Effect.fork(
        Effect.all(Array.from({ length: 5 }, () => Effect.flip(tokens.get("1234567890", ["140"]))), { concurrency: "unbounded" })
      )
      yield* Effect.yieldNow()
      yield* Deferred.succeed(state.gate, undefined)
      const errors = yield* Fiber.join(fiber)
      expect(errors.map((e) => e._tag)).toEqual(Array(5).fill("TokenError"))
      expect(errors[0]).toMatchObject({ code: -99003008, status: 400, corpNum: "1234567890" })
      expect(state.seen.length).toBe(1)
      refuse = false
      yield* tokens.get("1234567890", ["140"])
      expect(state.tokenCount).toBe(1)
    }).pipe(Effect.provide(withTokens(state)))
  })
})

describe("localExpiry", () => {
  it("uses the announced lifetime when it is sane, else the documented 30 minutes", () => {
    const t = Date.UTC(2026, 10, 22, 0, 0, 0)
    const iso = (ms: number) => new Date(ms).toISOString()
    expect(Tokens.localExpiry(t, iso(t + 30 * 60_000), 60_000)).toBe(t + 30 * 60_000)
    expect(Tokens.localExpiry(t, iso(t + 10 * 60_000), 60_000)).toBe(t + 10 * 60_000)
    // Server clock 1 hour ahead: never more than 30 minutes locally.
    expect(Tokens.localExpiry(t, iso(t + 90 * 60_000), 60_000)).toBe(t + 30 * 60_000)
    // Server clock 1 hour behind: expiration already past → 30 minutes, refusal/retry covers the rest.
    expect(Tokens.localExpiry(t, iso(t - 30 * 60_000), 60_000)).toBe(t + 30 * 60_000)
    expect(Tokens.localExpiry(t, "2026-11-22T00:30:00Z", 60_000)).toBe(t + 30 * 60_000)
  })
})

describe("Tokens deadline", () => {
  it.effect("a token request that never answers fails at the deadline with TransportError(Timeout)", () => {
    const state = Fake.makeState(ok)
    return Effect.gen(function*() {
      state.gate = yield* Deferred.make<void>()
      const tokens = yield* Tokens.Tokens
      const fiber = yield* Effect.fork(Effect.flip(tokens.get("1234567890", ["140"])))
      yield* TestClock.adjust("5 seconds")
      const error = yield* Fiber.join(fiber)
      expect(error).toMatchObject({ _tag: "TransportError", reason: "Timeout", operation: "Tokens.issue" })
      // Not cached: the next call issues again.
      yield* Deferred.succeed(state.gate, undefined)
      yield* tokens.get("1234567890", ["140"])
      expect(state.tokenCount).toBe(1)
    }).pipe(Effect.provide(withTokens(state, { requestTimeout: "5 seconds", retries: 0 })))
  })

  it.effect("an authentication server that is busy (503) is asked again after a backoff; a refusal is not", () => {
    let busy = 1
    const state = Fake.makeState(ok)
    state.refuseToken = (corpNum) =>
      corpNum === "9999999999"
        ? { status: 400, body: JSON.stringify({ code: -99003008, message: "not a member" }) }
        : busy-- > 0
        ? { status: 503, body: JSON.stringify({ code: -99999999, message: "busy" }) }
        : undefined
    return Effect.gen(function*() {
      const tokens = yield* Tokens.Tokens
      const fiber = yield* Effect.fork(tokens.get("1234567890", ["140"]))
      yield* TestClock.adjust("1 second")
      yield* Fiber.join(fiber)
      expect(state.tokenCount).toBe(1)
      const refused = yield* Effect.flip(tokens.get("9999999999", ["140"]))
      expect(refused._tag).toBe("TokenError")
      expect(state.seen.filter((s) => s.body.includes("9999999999"))).toHaveLength(1)
    }).pipe(Effect.provide(withTokens(state)))
  })
})
