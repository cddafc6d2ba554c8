/**
 * The journal of durable issuances, in memory and in PostgreSQL, through the same cases: an
 * execution begun once and found again under the same input, refused under another, its submissions
 * moving from waiting to submitted to their end with the per-document results kept as sent,
 * progress per state, and finished executions pruned (unfinished ones never).
 */
import { describe, expect, it } from "@effect/vitest"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Layer, Option, Redacted } from "effect"
import { TestClock } from "effect/testing"
import { type ExecutionRecord, Journal, layerMemory } from "../../src/workflow/Journal.js"
import * as JournalSql from "../../src/workflow/JournalSql.js"
import { freshDatabase } from "../support/postgres.js"

const record = (executionId: string, digest = "d1"): ExecutionRecord => ({
  executionId,
  kind: "cashbill",
  corpNum: "1234567891",
  digest,
  total: 250,
  chunks: [{ submitId: "TD-a", documents: 100 }, { submitId: "TD-b", documents: 100 }, { submitId: "TD-c", documents: 50 }]
})

const results = (count: number, code: number) => Array.from({ length: count }, (_, i) => ({ mgtKey: `K-${i}`, code, message: code === 1 ? "issued" : "refused" }))

const lifecycle = Effect.gen(function*() {
  const journal = yield* Journal
  expect(yield* journal.begin(record("e-1"))).toBe("started")
  expect(yield* journal.begin(record("e-1"))).toBe("existing")
  const conflict = yield* Effect.flip(journal.begin(record("e-1", "d2")))
  expect(conflict._tag).toBe("ExecutionConflict")
  expect(conflict.message).toContain("e-1")
  expect(Option.getOrThrow(yield* journal.progress("e-1")).documents).toEqual({ waiting: 250, submitted: 0, completed: 0, notIssued: 0, unknown: 0 })

  yield* journal.submitted("e-1", 0)
  yield* journal.submitted("e-1", 1)
  yield* journal.ended("e-1", 0, { state: "completed", succeeded: 99, results: [...results(99, 1), ...results(1, -11000001)] })
  yield* journal.ended("e-1", 2, { state: "notIssued", succeeded: 0, message: "not issued: refused", results: results(50, -99999999) })
  const midway = Option.getOrThrow(yield* journal.progress("e-1"))
  expect(midway).toMatchObject({ total: 250, submissions: 3, done: 150, succeeded: 99, failed: 1, finished: false })
  expect(midway.documents).toEqual({ waiting: 0, submitted: 100, completed: 100, notIssued: 50, unknown: 0 })

  // A submission already ended stays ended when a late `submitted` comes.
  yield* journal.submitted("e-1", 0)
  const chunks = Option.getOrThrow(yield* journal.chunks("e-1"))
  expect(chunks.map((c) => [c.chunk, c.submitId, c.state])).toEqual([[0, "TD-a", "completed"], [1, "TD-b", "submitted"], [2, "TD-c", "notIssued"]])
  expect(chunks[0]!.results).toEqual([...results(99, 1), ...results(1, -11000001)])
  expect(chunks[1]!.results).toBeUndefined()
  expect(chunks[2]!.message).toBe("not issued: refused")

  yield* journal.ended("e-1", 1, { state: "unknown", succeeded: 0, message: "outcome unknown", results: results(100, -99999999) })
  // Unfinished executions are never pruned.
  expect(yield* journal.prune(0)).toBe(0)
  yield* journal.finished("e-1")
  expect(Option.getOrThrow(yield* journal.progress("e-1"))).toMatchObject({ done: 250, finished: true })
  expect(Option.isNone(yield* journal.progress("nothing"))).toBe(true)
  expect(Option.isNone(yield* journal.chunks("nothing"))).toBe(true)
})

describe("Journal", () => {
  it.effect("in memory: an execution's life, and pruning on the clock", () =>
    Effect.gen(function*() {
      yield* lifecycle
      const journal = yield* Journal
      expect(yield* journal.prune(60_000)).toBe(0)
      yield* TestClock.adjust("2 minutes")
      expect(yield* journal.prune(60_000)).toBe(1)
      expect(Option.isNone(yield* journal.progress("e-1"))).toBe(true)
    }).pipe(Effect.provide(layerMemory)))

  it.live("in PostgreSQL: an execution's life, and pruning", () =>
    Effect.gen(function*() {
      const url = yield* Effect.promise(() => freshDatabase("journal_life"))
      const journal = JournalSql.layer({ prefix: "fleet" }).pipe(Layer.provide(PgClient.layer({ url: Redacted.make(url) })))
      yield* Effect.gen(function*() {
        yield* lifecycle
        const journal = yield* Journal
        expect(yield* journal.prune(3_600_000)).toBe(0)
        expect(yield* journal.prune(0)).toBe(1)
        expect(Option.isNone(yield* journal.chunks("e-1"))).toBe(true)
      }).pipe(Effect.provide(journal))
    }))

  it("documents its tables' SQL and refuses a prefix that is not a name", () => {
    expect(JournalSql.migration("fleet").join("\n")).toContain(`CREATE TABLE IF NOT EXISTS "fleet_chunks"`)
    expect(JournalSql.isPrefix("fleet")).toBe(true)
    expect(JournalSql.isPrefix("fleet; DROP TABLE x")).toBe(false)
  })
})
