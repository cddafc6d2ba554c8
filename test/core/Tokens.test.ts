import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer, Logger, Redacted, Stream } from "effect"
import { TestClock } from "effect/testing"
import * as Signing from "../../src/core/Signing.js"
import * as Tokens from "../../src/core/Tokens.js"
import { type TokenKey, TokenStore, TokenStoreUnavailable } from "../../src/core/TokenStore.js"
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
      yield* tokens.get("6798700433", ["140"])
      yield* tokens.get("1234567890", ["170"])
      yield* tokens.invalidate("1234567890")
      expect((yield* tokens.stats).cached).toBe(1)
      yield* tokens.get("1234567890", ["140"])
      yield* tokens.get("1234567890", ["170"])
      yield* tokens.get("6798700433", ["140"])
      expect(state.tokenCount).toBe(5)
      // One scope set only: the others stay.
      yield* tokens.invalidate("1234567890", ["140"])
      yield* tokens.get("1234567890", ["170"])
      expect(state.tokenCount).toBe(5)
      yield* tokens.get("1234567890", ["140"])
      expect(state.tokenCount).toBe(6)
    }).pipe(Effect.provide(withTokens(state)))
  })

  it.effect("issues exactly one token for 1,000 concurrent calls on a cold member", () => {
    const state = Fake.makeState(ok)
    return Effect.gen(function*() {
      state.gate = yield* Deferred.make<void>()
      const tokens = yield* Tokens.Tokens
      const fiber = yield* Effect.forkChild(Effect.all(Array.from({ length: 1_000 }, () => tokens.get("1234567890", ["140"])), { concurrency: "unbounded" }))
      yield* Effect.yieldNow
      yield* Deferred.succeed(state.gate, undefined)
      const all = yield* Fiber.join(fiber)
      expect(all).toHaveLength(1_000)
      expect(new Set(all.map(Redacted.value)).size).toBe(1)
      expect(state.tokenCount).toBe(1)
      expect(state.seen).toHaveLength(1)
      expect(yield* tokens.stats).toMatchObject({ issued: 1, reused: 999, cached: 1 })
    }).pipe(Effect.provide(withTokens(state)))
  })

  it.effect("hands out the Authorization value of the token, made once per token", () => {
    const state = Fake.makeState(ok)
    return Effect.gen(function*() {
      const tokens = yield* Tokens.Tokens
      const first = yield* tokens.authorization("1234567890", ["140"])
      const again = yield* tokens.authorization("1234567890", ["member", "140"])
      expect(Redacted.value(first)).toBe("Bearer token-1")
      expect(again).toBe(first)
      expect(String(first)).not.toContain("token-1")
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
      const fiber = yield* Effect.forkChild(
        Effect.all(Array.from({ length: 5 }, () => Effect.flip(tokens.get("1234567890", ["140"]))), { concurrency: "unbounded" })
      )
      yield* Effect.yieldNow
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
    expect(Tokens.localExpiry(t, "2026-11-22T00:20:00.250Z", 60_000)).toBe(t + 20 * 60_000 + 250)
    expect(Tokens.localExpiry(t, "soon", 60_000)).toBe(t + 30 * 60_000)
  })

  it.effect("a token announcing a shorter lifetime is renewed a margin before it ends, on the local clock", () => {
    const state = Fake.makeState(ok)
    state.tokenLifetimeMillis = 10 * 60_000
    return Effect.gen(function*() {
      const tokens = yield* Tokens.Tokens
      yield* tokens.get("1234567890", ["140"])
      // 10 minutes announced, 60 s of margin: still handed out at 8:59, renewed at 9:00.
      yield* TestClock.adjust("539 seconds")
      yield* tokens.get("1234567890", ["140"])
      expect(state.tokenCount).toBe(1)
      yield* TestClock.adjust("1 second")
      yield* tokens.get("1234567890", ["140"])
      expect(state.tokenCount).toBe(2)
    }).pipe(Effect.provide(withTokens(state)))
  })
})

describe("Tokens deadline", () => {
  it.effect("a token request that never answers fails at the deadline with TransportError(Timeout)", () => {
    const state = Fake.makeState(ok)
    return Effect.gen(function*() {
      state.gate = yield* Deferred.make<void>()
      const tokens = yield* Tokens.Tokens
      const fiber = yield* Effect.forkChild(Effect.flip(tokens.get("1234567890", ["140"])))
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
      const fiber = yield* Effect.forkChild(tokens.get("1234567890", ["140"]))
      yield* TestClock.adjust("1 second")
      yield* Fiber.join(fiber)
      expect(state.tokenCount).toBe(1)
      const refused = yield* Effect.flip(tokens.get("9999999999", ["140"]))
      expect(refused._tag).toBe("TokenError")
      expect(state.seen.filter((s) => s.body.includes("9999999999"))).toHaveLength(1)
    }).pipe(Effect.provide(withTokens(state)))
  })
})

/** A store of tokens shared in memory, as a fleet's store would hold them, noting what it is asked. */
const memoryStore = () => {
  const held = new Map<string, { readonly token: Redacted.Redacted<string>; readonly until: number }>()
  const asked: Array<string> = []
  const discarded: Array<string> = []
  const forgotten: Array<string> = []
  const keyOf = (key: TokenKey) => `${key.environment}|${key.linkId}|${key.corpNum}|${key.scopes}`
  let down = false
  const unavailable = Effect.fail(new TokenStoreUnavailable({ reason: "connection refused" }))
  const store = Layer.succeed(TokenStore, {
    obtain: (key, margin, issue) =>
      down ? unavailable : Effect.suspend((): Effect.Effect<{ token: Redacted.Redacted<string>; remainingMillis: number; issuedHere: boolean }, typeof issue extends Effect.Effect<unknown, infer E> ? E : never> => {
        asked.push(keyOf(key))
        const found = held.get(keyOf(key))
        if (found !== undefined && found.until > margin) return Effect.succeed({ token: found.token, remainingMillis: found.until, issuedHere: false })
        return Effect.map(issue, (issued) => {
          held.set(keyOf(key), { token: issued.token, until: issued.lifetimeMillis })
          return { token: issued.token, remainingMillis: issued.lifetimeMillis, issuedHere: true }
        })
      }),
    discard: (key) => down ? unavailable : Effect.sync(() => {
      discarded.push(keyOf(key))
      held.delete(keyOf(key))
    }),
    forgetMember: (member) => down ? unavailable : Effect.sync(() => void forgotten.push(member.corpNum)),
    forgotten: Stream.never
  })
  return { store, held, asked, discarded, forgotten, setDown: (value: boolean) => (down = value) }
}

describe("Tokens with a shared TokenStore", () => {
  it.effect("asks the store on a local miss only; a token another instance issued is taken from it", () => {
    const state = Fake.makeState(ok)
    const shared = memoryStore()
    return Effect.gen(function*() {
      shared.held.set("test|TESTER|1234567890|member,140", { token: Redacted.make("from-the-fleet"), until: 20 * 60_000 })
      const tokens = yield* Tokens.Tokens
      expect(Redacted.value(yield* tokens.get("1234567890", ["140"]))).toBe("from-the-fleet")
      expect(Redacted.value(yield* tokens.get("1234567890", ["140"]))).toBe("from-the-fleet")
      expect(shared.asked).toEqual(["test|TESTER|1234567890|member,140"])
      expect(state.tokenCount).toBe(0)
      yield* tokens.get("6798700433", ["140"])
      expect(state.tokenCount).toBe(1)
      expect(yield* tokens.stats).toMatchObject({ issued: 1, shared: 1 })
      // Refused by the service: dropped from the store too; QuitMember: the fleet is told.
      yield* tokens.invalidate("1234567890", ["140"])
      expect(shared.discarded).toEqual(["test|TESTER|1234567890|member,140"])
      yield* tokens.invalidate("6798700433")
      expect(shared.forgotten).toEqual(["6798700433"])
    }).pipe(Effect.provide(Layer.provide(Tokens.layer, Layer.merge(Fake.layer(state), shared.store))))
  })

  it.effect("a store that is down costs no call: the instance issues its own tokens, says so once, and asks the store again later", () => {
    const state = Fake.makeState(ok)
    const shared = memoryStore()
    const warnings: Array<string> = []
    const capture = Logger.layer([Logger.make((options) => {
      if (options.logLevel === "Warn") warnings.push(String(options.message))
    })])
    return Effect.gen(function*() {
      shared.setDown(true)
      const tokens = yield* Tokens.Tokens
      yield* tokens.get("1234567890", ["140"])
      yield* tokens.get("6798700433", ["140"])
      yield* tokens.invalidate("6798700433")
      expect(state.tokenCount).toBe(2)
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toContain("token store is unreachable")
      shared.setDown(false)
      yield* TestClock.adjust(Tokens.STORE_RETRY_MILLIS)
      yield* tokens.get("5555555555", ["140"])
      expect(shared.asked).toEqual(["test|TESTER|5555555555|member,140"])
    }).pipe(Effect.provide(Layer.provide(Tokens.layer, Layer.merge(Fake.layer(state), shared.store))), Effect.provide(capture))
  })
})
