/**
 * The PostgreSQL token store by itself, several stores (as several instances would hold) on one
 * database: one issuance per key however many ask at once, a fresh token answered without a lock,
 * renewal within the margin judged on the database's clock, a refused token dropped, a member
 * forgotten for everyone and heard by the listening stores, a table in a schema of its own, and the
 * database unreachable → `TokenStoreUnavailable` until it answers again. (With the SDK on top:
 * SharedTokens.test.ts; across processes: Fleet.test.ts.)
 */
import { describe, expect, it } from "@effect/vitest"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Fiber, Redacted, Stream } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import type { IssuedToken, TokenKey, TokenStoreShape } from "../../src/core/TokenStore.js"
import * as SharedTokens from "../../src/workflow/SharedTokens.js"
import { freshDatabase, relay } from "../support/postgres.js"

const KEY: TokenKey = { environment: "test", linkId: "TESTER", corpNum: "1234567891", scopes: "member,140" }

/** A store of its own connections on the database at `url`. */
const store = (url: string, table?: string) =>
  Effect.map(
    PgClient.make({ url: Redacted.make(url), maxConnections: 4, connectTimeout: "2 seconds" }).pipe(Effect.provide(Reactivity.layer)),
    (pg) => SharedTokens.makeWith(pg, pg, { table, statementTimeout: "5 seconds" })
  ).pipe(Effect.orDie)

/** An issuer counting its issuances: token `T<n>`, valid for `lifetimeMillis`. */
const issuer = (lifetimeMillis = 3_600_000) => {
  let issued = 0
  const issue: Effect.Effect<IssuedToken> = Effect.sync(() => {
    issued++
    return { token: Redacted.make(`T${issued}`), lifetimeMillis, expiration: "2099-01-01T00:00:00Z" }
  })
  return { issue, count: () => issued }
}

const obtained = (s: TokenStoreShape, issue: Effect.Effect<IssuedToken>, margin = 60_000) =>
  Effect.map(s.obtain(KEY, margin, issue), (o) => ({ token: Redacted.value(o.token), issuedHere: o.issuedHere }))

/** Waits until `count` sessions of the database at `url` listen (asked again as each answer comes; no timer). */
const listening = (url: string, count: number) =>
  Effect.scoped(Effect.gen(function*() {
    const sql = yield* PgClient.make({ url: Redacted.make(url), maxConnections: 1 })
    const listeners = Effect.map(
      sql<{ readonly n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
      ([row]) => row?.n ?? 0
    )
    while ((yield* listeners) < count) yield* Effect.yieldNow
  })).pipe(Effect.provide(Reactivity.layer), Effect.orDie)

describe("SharedTokens store", () => {
  it.live("three stores, five callers each, all cold at once: one issuance", () =>
    Effect.gen(function*() {
      const url = yield* Effect.promise(() => freshDatabase("store_once"))
      const stores = yield* Effect.all([store(url), store(url), store(url)])
      const { issue, count } = issuer()
      const answers = yield* Effect.forEach(stores, (s) => Effect.forEach([1, 2, 3, 4, 5], () => obtained(s, issue), { concurrency: "unbounded" }), {
        concurrency: "unbounded"
      })
      expect(count()).toBe(1)
      expect(new Set(answers.flat().map((a) => a.token))).toEqual(new Set(["T1"]))
      expect(answers.flat().filter((a) => a.issuedHere)).toHaveLength(1)
    }).pipe(Effect.scoped))

  it.live("a token within the margin of its lifetime is renewed once; a refused one is dropped", () =>
    Effect.gen(function*() {
      const url = yield* Effect.promise(() => freshDatabase("store_renew"))
      const [a, b] = yield* Effect.all([store(url), store(url)])
      const short = issuer(30_000)
      expect(yield* obtained(a, short.issue)).toEqual({ token: "T1", issuedHere: true })
      // 30 s of life left is within a 60 s margin: renewed, once for both.
      expect(yield* obtained(b, short.issue)).toEqual({ token: "T2", issuedHere: true })
      expect(yield* obtained(a, short.issue, 10_000)).toEqual({ token: "T2", issuedHere: false })
      yield* a.discard(KEY, Redacted.make("T1"))
      expect(yield* obtained(b, short.issue, 10_000)).toEqual({ token: "T2", issuedHere: false })
      yield* a.discard(KEY, Redacted.make("T2"))
      expect(yield* obtained(b, short.issue, 10_000)).toEqual({ token: "T3", issuedHere: true })
      expect(short.count()).toBe(3)
    }).pipe(Effect.scoped))

  it.live("a failed issuance is answered as is, and nothing is stored", () =>
    Effect.gen(function*() {
      const url = yield* Effect.promise(() => freshDatabase("store_failed"))
      const s = yield* store(url)
      const refused = yield* Effect.flip(s.obtain(KEY, 0, Effect.fail("refused" as const)))
      expect(refused).toBe("refused")
      const { issue, count } = issuer()
      expect(yield* obtained(s, issue)).toEqual({ token: "T1", issuedHere: true })
      expect(count()).toBe(1)
    }).pipe(Effect.scoped))

  it.live("a member forgotten by one store is deleted for all and heard by those listening", () =>
    Effect.gen(function*() {
      const url = yield* Effect.promise(() => freshDatabase("store_forget"))
      const [a, b] = yield* Effect.all([store(url), store(url)])
      const { issue, count } = issuer()
      yield* obtained(a, issue)
      const heard = yield* Effect.forkChild(Stream.runHead(b.forgotten))
      yield* listening(url, 1)
      yield* a.forgetMember({ environment: KEY.environment, linkId: KEY.linkId, corpNum: KEY.corpNum })
      expect(yield* Fiber.join(heard)).toMatchObject({ value: { environment: "test", linkId: "TESTER", corpNum: "1234567891" } })
      expect(yield* obtained(b, issue)).toEqual({ token: "T2", issuedHere: true })
      expect(count()).toBe(2)
    }).pipe(Effect.scoped))

  it.live("a table in a schema of its own is created there on first use", () =>
    Effect.gen(function*() {
      const url = yield* Effect.promise(() => freshDatabase("store_schema"))
      const [a, b] = yield* Effect.all([store(url, "fleet.tokens"), store(url, "fleet.tokens")])
      const { issue, count } = issuer()
      yield* Effect.all([obtained(a, issue), obtained(b, issue)], { concurrency: 2 })
      expect(count()).toBe(1)
      const pg = yield* PgClient.make({ url: Redacted.make(url), maxConnections: 1 }).pipe(Effect.provide(Reactivity.layer))
      const [row] = yield* pg<{ readonly n: number }>`SELECT count(*)::int AS n FROM fleet.tokens`
      expect(row?.n).toBe(1)
    }).pipe(Effect.scoped))

  it.live("the database unreachable: TokenStoreUnavailable, nothing issued through the store; back when it answers", () =>
    Effect.gen(function*() {
      const gate = yield* Effect.acquireRelease(Effect.promise(() => freshDatabase("store_down").then(relay)), (r) => Effect.promise(() => r.close()))
      const s = yield* store(gate.url)
      const { issue, count } = issuer()
      expect(yield* obtained(s, issue)).toEqual({ token: "T1", issuedHere: true })
      yield* Effect.promise(() => gate.cut())
      const down = yield* Effect.flip(s.obtain({ ...KEY, corpNum: "1234567892" }, 0, issue))
      expect(down._tag).toBe("TokenStoreUnavailable")
      expect((yield* Effect.flip(s.forgetMember({ environment: "test", linkId: "TESTER", corpNum: "1234567892" })))._tag).toBe("TokenStoreUnavailable")
      expect(count()).toBe(1)
      yield* Effect.promise(() => gate.restore())
      expect(yield* obtained(s, issue)).toEqual({ token: "T1", issuedHere: false })
    }).pipe(Effect.scoped))

  it("documents its migration and refuses what is not a table name", () => {
    expect(SharedTokens.migration("fleet.tokens")).toContain(`CREATE TABLE IF NOT EXISTS "fleet"."tokens"`)
    expect(SharedTokens.migration("fleet.tokens")).toContain(`CREATE SCHEMA IF NOT EXISTS "fleet";`)
    expect(() => SharedTokens.migration("tokens; DROP TABLE x")).toThrow(/not a table name/)
  })
})
