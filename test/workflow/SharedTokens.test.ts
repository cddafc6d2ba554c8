/**
 * The PostgreSQL token store with several SDK instances in one process, on one in-process sandbox:
 * one issuance per key for all of them, renewal once, a member forgotten everywhere, a refused
 * token never handed out again, and the database unreachable → the instances' own tokens, one
 * warning, back to the store when it answers. (The claim across processes: Fleet.test.ts.)
 */
import { describe, expect, it } from "@effect/vitest"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Context, Effect, Layer, Logger, Redacted, type Scope } from "effect"
import type { HttpClient } from "effect/http"
import * as Reactivity from "effect/reactivity/Reactivity"
import { TestClock } from "effect/testing"
import * as Client from "../../src/core/Client.js"
import * as Config from "../../src/core/Config.js"
import * as Tokens from "../../src/core/Tokens.js"
import * as Connect from "../../src/sandbox/Connect.js"
import type * as Sandbox from "../../src/sandbox/Sandbox.js"
import * as Taxdoc from "../../src/Taxdoc.js"
import * as SharedTokens from "../../src/workflow/SharedTokens.js"
import { api, MEMBER, sandboxLayer } from "../sandbox/support.js"
import { freshDatabase, relay, type Relay } from "../support/postgres.js"

const OTHER = "1234567892"

interface Issuances {
  readonly totalTokens: number
  readonly tokensIssued: ReadonlyArray<{ readonly corpNum: string; readonly count: number }>
}
const issuances = Effect.map(api({ path: "/_sandbox/stats" }), (answer) => answer.body as Issuances)

/** One instance of the SDK: its own tokens and client, the store at `url`, the sandbox in context. */
const instance = (url: string, table?: string) =>
  Effect.gen(function*() {
    const scope = yield* Effect.scope
    const stack = Taxdoc.services.pipe(
      Layer.provide(SharedTokens.layer({ url: Redacted.make(url), table, statementTimeout: "2 seconds" })),
      Layer.provideMerge(Connect.layerConfig(table === undefined ? {} : { tokenStoreTable: table }))
    )
    const context = yield* Layer.buildWithScope(Layer.fresh(stack), scope)
    return { tokens: Context.get(context, Tokens.Tokens), client: Context.get(context, Client.TaxdocClient) }
  })

const withSandbox = <A, E>(effect: Effect.Effect<A, E, HttpClient.HttpClient | Sandbox.Sandbox | Scope.Scope>) =>
  effect.pipe(Effect.scoped, Effect.provide(sandboxLayer({ members: [{ corpNum: MEMBER }, { corpNum: OTHER }] })))

/**
 * Waits until `count` sessions of the database at `url` listen for forgotten members: the server's
 * sessions asked again as soon as each answer comes (the round trip paces the loop; no timer).
 */
const listening = (url: string, count: number) =>
  Effect.scoped(Effect.gen(function*() {
    const sql = yield* PgClient.make({ url: Redacted.make(url), maxConnections: 1 })
    const listeners = Effect.map(
      sql<{ readonly n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
      ([row]) => row?.n ?? 0
    )
    while ((yield* listeners) < count) yield* Effect.yieldNow
  })).pipe(Effect.provide(Reactivity.layer), Effect.orDie)

describe("SharedTokens", () => {
  it.live("instances share one issuance per key, even all cold at once", () =>
    Effect.gen(function*() {
      const url = yield* Effect.promise(() => freshDatabase("tokens_share"))
      const instances = yield* Effect.all([instance(url), instance(url), instance(url)])
      const tokens = yield* Effect.forEach(instances, (i) => Effect.forEach([1, 2, 3, 4, 5], () => i.tokens.get(MEMBER, ["140"]), { concurrency: "unbounded" }), { concurrency: "unbounded" })
      const values = new Set(tokens.flat().map(Redacted.value))
      expect(values.size).toBe(1)
      expect((yield* issuances).totalTokens).toBe(1)
      const stats = yield* Effect.forEach(instances, (i) => i.tokens.stats)
      expect(stats.map((s) => s.issued).reduce((a, b) => a + b, 0)).toBe(1)
      expect(stats.map((s) => s.shared).reduce((a, b) => a + b, 0)).toBe(2)
    }).pipe(withSandbox))

  it.live("a token the service refused is not handed to the fleet again", () =>
    Effect.gen(function*() {
      const url = yield* Effect.promise(() => freshDatabase("tokens_refused"))
      const [a, b] = yield* Effect.all([instance(url), instance(url)])
      const first = yield* a.tokens.get(MEMBER, ["140"])
      yield* a.tokens.invalidate(MEMBER, ["140"])
      const renewed = yield* b.tokens.get(MEMBER, ["140"])
      expect(Redacted.value(renewed)).not.toBe(Redacted.value(first))
      expect((yield* issuances).totalTokens).toBe(2)
    }).pipe(withSandbox))

  it.live("a member forgotten by one instance is forgotten by the others", () =>
    Effect.gen(function*() {
      const url = yield* Effect.promise(() => freshDatabase("tokens_forget"))
      const [a, b] = yield* Effect.all([instance(url), instance(url)])
      yield* a.tokens.get(OTHER, ["140"])
      yield* b.tokens.get(OTHER, ["140"])
      expect((yield* b.tokens.stats).cached).toBe(1)
      // A notification reaches only the instances already listening: wait for both to listen.
      yield* listening(url, 2)
      yield* a.client.forgetMember(OTHER)
      // The notification reaches b through its listening connection: wait for it by polling b's cache.
      while ((yield* b.tokens.stats).cached !== 0) yield* Effect.yieldNow
      yield* b.tokens.get(OTHER, ["140"])
      expect((yield* issuances).tokensIssued.find((i) => i.corpNum === OTHER)?.count).toBe(2)
    }).pipe(withSandbox))

  it.live("a schema of its own: the table is created there on first use", () =>
    Effect.gen(function*() {
      const url = yield* Effect.promise(() => freshDatabase("tokens_schema"))
      const [a, b] = yield* Effect.all([instance(url, "fleet.tokens"), instance(url, "fleet.tokens")])
      yield* Effect.all([a.tokens.get(MEMBER, []), b.tokens.get(MEMBER, [])], { concurrency: 2 })
      expect((yield* issuances).totalTokens).toBe(1)
    }).pipe(withSandbox))

  it.effect("the database unreachable: own tokens, one warning, the store again once it answers", () => {
    const logs: Array<string> = []
    const capture = Logger.layer([Logger.make(({ logLevel, message }) => void logs.push(`${logLevel.toUpperCase()} ${[message].flat().map(String).join(" ")}`))])
    return Effect.gen(function*() {
      const url = yield* Effect.promise(() => freshDatabase("tokens_down"))
      const gate: Relay = yield* Effect.acquireRelease(Effect.promise(() => relay(url)), (r) => Effect.promise(() => r.close()))
      const [a, b] = yield* Effect.all([instance(gate.url), instance(gate.url)])
      yield* a.tokens.get(MEMBER, ["140"])
      yield* Effect.promise(() => gate.cut())
      // Cold members while the database is away: every call succeeds on the instances' own tokens.
      yield* a.tokens.get(OTHER, ["140"])
      yield* b.tokens.get(OTHER, ["140"])
      yield* a.tokens.get(OTHER, ["150"])
      expect((yield* issuances).tokensIssued.find((i) => i.corpNum === OTHER)?.count).toBe(3)
      yield* Effect.promise(() => gate.restore())
      yield* TestClock.adjust(Tokens.STORE_RETRY_MILLIS)
      // Back: a cold key is issued once for both again.
      yield* a.tokens.get(OTHER, ["160"])
      yield* TestClock.adjust(Tokens.STORE_RETRY_MILLIS)
      yield* b.tokens.get(OTHER, ["160"])
      expect((yield* issuances).tokensIssued.find((i) => i.corpNum === OTHER)?.count).toBe(4)
      // One warning per instance while it was away, one word from each when it answered again.
      expect(logs.filter((line) => line.startsWith("WARN") && line.includes("token store is unreachable"))).toHaveLength(2)
      expect(logs.filter((line) => line.startsWith("INFO") && line.includes("answers again"))).toHaveLength(2)
    }).pipe(withSandbox, Effect.provide(capture))
  })

  it("names the table in the migration it documents", () => {
    expect(SharedTokens.migration("fleet.tokens")).toContain(`CREATE TABLE IF NOT EXISTS "fleet"."tokens"`)
    expect(() => SharedTokens.migration("tokens; DROP TABLE x")).toThrow(/not a table name/)
    expect(Config.isTableName("a.b.c")).toBe(false)
    expect(Taxdoc.sharedTokens).toBeDefined()
  })
})
