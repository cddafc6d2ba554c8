/**
 * Durable bulk issuance in one process (the in-memory engine and journal) and with the journal in
 * PostgreSQL: results per document in input order, progress per state, the same execution ID with
 * the same input answering the same execution, another input refused, and the same submissions as
 * `issueMany` (identical input issued either way recovers, never doubles); the journal's database
 * stopped mid-way and back. Runners in several processes: Fleet.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Deferred, Effect, Fiber, Layer, Redacted } from "effect"
import * as WorkflowEngine from "effect/workflow/WorkflowEngine"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import * as BulkIssuance from "../../src/workflow/BulkIssuance.js"
import * as Engine from "../../src/workflow/Engine.js"
import { Journal, type JournalUnavailable, type Progress } from "../../src/workflow/Journal.js"
import * as JournalSql from "../../src/workflow/JournalSql.js"
import { api } from "../sandbox/support.js"
import { receipt } from "../support/receipts.js"
import * as Sdk from "../support/sdk.js"
import { freshDatabase, relay, type Relay } from "../support/postgres.js"

const MEMBER = Sdk.MEMBER
const receipts = (count: number, from = 0) => Array.from({ length: count }, (_, i) => receipt(`D-${from + i}`, MEMBER))

const sdk = Sdk.layer({ sandbox: { members: [{ corpNum: MEMBER }] } })
const inMemory = BulkIssuance.workflows.pipe(Layer.provideMerge(Engine.layerMemory), Layer.provideMerge(sdk))

const issuedCount = Effect.map(api({ path: "/_sandbox/stats" }), (a) => (a.body as { readonly calls: Record<string, number> }).calls["Cashbill.BulkSubmit"] ?? 0)

describe("BulkIssuance", () => {
  it.live("issues in one process: one result per receipt in input order, progress per state", () =>
    Effect.gen(function*() {
      const seen: Array<Progress> = []
      const input = receipts(250)
      const results = yield* BulkIssuance.issueReceipts({
        executionId: "run-1",
        corpNum: MEMBER,
        documents: input,
        pollInterval: "10 millis",
        progressInterval: "20 millis",
        onProgress: (p) => Effect.sync(() => void seen.push(p))
      })
      expect(results.map((r) => r.key)).toEqual(input.map((r) => r.mgtKey))
      expect(results.every((r) => r.status === "Issued" && r.result?.code === 1)).toBe(true)
      const last = seen.at(-1)!
      expect(last).toMatchObject({ total: 250, submissions: 3, done: 250, succeeded: 250, failed: 0, finished: true })
      expect(last.documents).toEqual({ waiting: 0, submitted: 0, completed: 250, notIssued: 0, unknown: 0 })
      // Read back afterwards by execution ID.
      expect((yield* BulkIssuance.receiptResults("run-1")).map((r) => r.result?.confirmNum)).toEqual(results.map((r) => r.result?.confirmNum))
      expect((yield* BulkIssuance.progress("run-1")).finished).toBe(true)
    }).pipe(Effect.provide(inMemory)))

  it.live("the same ID with the same input is the same execution; other input is refused", () =>
    Effect.gen(function*() {
      const input = receipts(120)
      const options = { executionId: "run-2", corpNum: MEMBER, documents: input, pollInterval: "10 millis" as const }
      const first = yield* BulkIssuance.issueReceipts(options)
      const again = yield* BulkIssuance.issueReceipts(options)
      expect(again).toEqual(first)
      expect(yield* issuedCount).toBe(2)
      const other = yield* Effect.flip(BulkIssuance.issueReceipts({ ...options, documents: receipts(120, 1000) }))
      expect(other._tag).toBe("ExecutionConflict")
      expect(other.message).toContain("run-2")
      const missing = yield* Effect.flip(BulkIssuance.receiptResults("nothing"))
      expect(missing._tag).toBe("ExecutionNotFound")
    }).pipe(Effect.provide(inMemory)))

  it.live("makes the submissions of issueMany: identical input issued either way issues once", () =>
    Effect.gen(function*() {
      const input = receipts(150)
      const plain = yield* Cashbill.use((c) => c.issueMany(MEMBER, input, { interval: "10 millis" }))
      const durable = yield* BulkIssuance.issueReceipts({ executionId: "run-3", corpNum: MEMBER, documents: input, pollInterval: "10 millis" })
      expect(durable.map((r) => r.result?.confirmNum)).toEqual(plain.map((r) => r.confirmNum))
      const infos = yield* Cashbill.use((c) => c.getInfos(MEMBER, input.map((r) => r.mgtKey)))
      expect(infos).toHaveLength(150)
    }).pipe(Effect.provide(inMemory)))

  it.live("refuses invalid input before anything is sent", () =>
    Effect.gen(function*() {
      const input = [...receipts(3), { ...receipt("BAD", MEMBER), identityNum: "" }]
      const error = yield* Effect.flip(BulkIssuance.issueReceipts({ executionId: "run-4", corpNum: MEMBER, documents: input }))
      expect(error._tag).toBe("ValidationError")
      expect(yield* issuedCount).toBe(0)
    }).pipe(Effect.provide(inMemory)))

  it.live("keeps the journal in PostgreSQL: progress and results by execution ID, pruned when asked", () =>
    Effect.gen(function*() {
      const url = yield* Effect.promise(() => freshDatabase("journal"))
      const journal = JournalSql.layer().pipe(Layer.provide(PgClient.layer({ url: Redacted.make(url) })))
      const input = receipts(130)
      const program = Effect.gen(function*() {
        const results = yield* BulkIssuance.issueReceipts({ executionId: "sql-1", corpNum: MEMBER, documents: input, pollInterval: "10 millis" })
        expect(results).toHaveLength(130)
        expect((yield* BulkIssuance.receiptResults("sql-1")).map((r) => r.key)).toEqual(input.map((r) => r.mgtKey))
        expect(yield* BulkIssuance.progress("sql-1")).toMatchObject({ total: 130, done: 130, succeeded: 130, finished: true })
        expect(yield* BulkIssuance.prune("1 hour")).toBe(0)
        expect(yield* BulkIssuance.prune(0)).toBe(1)
        expect((yield* Effect.flip(BulkIssuance.progress("sql-1")))._tag).toBe("ExecutionNotFound")
      })
      yield* program.pipe(Effect.provide(BulkIssuance.workflows.pipe(Layer.provideMerge(Layer.merge(journal, WorkflowEngine.layerMemory)), Layer.provideMerge(sdk))))
    }))

  it.live("the journal's database stopped mid-way: the issuance waits, resumes when it returns, and issues each receipt once", () =>
    Effect.gen(function*() {
      const gate: Relay = yield* Effect.acquireRelease(Effect.promise(() => freshDatabase("journal_down").then(relay)), (r) => Effect.promise(() => r.close()))
      let failed = 0
      const firstRefusal = yield* Deferred.make<void>()
      const counted = <A>(effect: Effect.Effect<A, JournalUnavailable>) =>
        Effect.tapError(effect, () => Effect.andThen(Effect.sync(() => void failed++), Deferred.succeed(firstRefusal, undefined)))
      // The journal as the workflows use it, counting the writes the stopped database refused.
      const journal = Layer.effect(Journal, Journal.useSync((j) => Journal.of({
        ...j,
        submitted: (id, chunk) => counted(j.submitted(id, chunk)),
        ended: (id, chunk, end) => counted(j.ended(id, chunk, end)),
        finished: (id) => counted(j.finished(id))
      }))).pipe(
        Layer.provide(JournalSql.layer()),
        Layer.provide(PgClient.layer({ url: Redacted.make(gate.url), connectTimeout: "1 second" }))
      )
      const input = receipts(300, 5000)
      let stopped = false
      const stopOnce = (p: Progress) =>
        p.done < 100 || stopped ? Effect.void : Effect.promise(() => gate.cut()).pipe(Effect.tap(() => Effect.sync(() => void (stopped = true))))
      // Back once a write was refused: the issuance was waiting for it.
      const restore = Effect.gen(function*() {
        yield* Deferred.await(firstRefusal)
        yield* Effect.promise(() => gate.restore())
      })
      const program = Effect.gen(function*() {
        const restoring = yield* Effect.forkChild(restore)
        const results = yield* BulkIssuance.issueReceipts({
          executionId: "down-1",
          corpNum: MEMBER,
          documents: input,
          concurrency: 1,
          pollInterval: "10 millis",
          progressInterval: "10 millis",
          onProgress: stopOnce
        })
        yield* Fiber.join(restoring)
        expect(stopped).toBe(true)
        expect(failed).toBeGreaterThan(0)
        expect(results.map((r) => r.key)).toEqual(input.map((r) => r.mgtKey))
        expect(results.every((r) => r.status === "Issued")).toBe(true)
        const infos = yield* Cashbill.use((c) => c.getInfos(MEMBER, input.map((r) => r.mgtKey)))
        expect(new Set(infos.map((i) => i.confirmNum)).size).toBe(300)
        expect(yield* issuedCount).toBe(3)
      })
      yield* program.pipe(Effect.provide(BulkIssuance.workflows.pipe(Layer.provideMerge(Layer.merge(journal, WorkflowEngine.layerMemory)), Layer.provideMerge(sdk))))
    }).pipe(Effect.scoped))
})
