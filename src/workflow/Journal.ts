/**
 * The journal of durable bulk issuances: for each execution ID, what was asked (the kind, the
 * member, a digest of the input, its submissions) and where each submission stands, with the
 * per-document results of those that completed. Progress and results are read from it by any
 * process, during the issuance and afterwards; the workflow engine keeps the rest of the state.
 * `layerMemory` keeps it in the process; `JournalSql` in PostgreSQL, beside the engine's tables.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"

/**
 * What a durable issuance issues.
 *
 * @since 0.1.0
 * @category models
 */
export type Kind = "cashbill" | "taxinvoice"

/**
 * Where one submission stands: `waiting` (not sent yet), `submitted` (accepted, its result awaited),
 * `completed` (its per-document results known), `notIssued` (refused before anything was issued:
 * send its documents again), `unknown` (sent, but its outcome could not be learned: read the
 * documents before sending them again).
 *
 * @since 0.1.0
 * @category models
 */
export type ChunkState = "waiting" | "submitted" | "completed" | "notIssued" | "unknown"

/**
 * An execution as it begins: its submissions in input order.
 *
 * @since 0.1.0
 * @category models
 */
export interface ExecutionRecord {
  readonly executionId: string
  readonly kind: Kind
  readonly corpNum: string
  /** Identifies the input: the same execution ID with another digest is refused. */
  readonly digest: string
  readonly total: number
  readonly chunks: ReadonlyArray<{ readonly submitId: string; readonly documents: number }>
  /** The workflow engine's entity of the execution, whose stored messages `prune` deletes too. */
  readonly entity?: { readonly type: string; readonly id: string } | undefined
}

/**
 * How a submission ended.
 *
 * @since 0.1.0
 * @category models
 */
export interface ChunkEnd {
  readonly state: "completed" | "notIssued" | "unknown"
  /** The per-document results in input order, encoded (plain JSON). */
  readonly results: ReadonlyArray<unknown>
  readonly succeeded: number
  readonly message?: string | undefined
}

/**
 * One submission as the journal holds it.
 *
 * @since 0.1.0
 * @category models
 */
export interface ChunkRecord {
  readonly chunk: number
  readonly submitId: string
  readonly documents: number
  readonly state: ChunkState
  readonly succeeded: number
  readonly results: ReadonlyArray<unknown> | undefined
  readonly message: string | undefined
}

/**
 * Progress of an execution: documents per state of their submission, and of the completed ones,
 * how many were issued (`succeeded`) and refused (`failed`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Progress {
  readonly executionId: string
  readonly kind: Kind
  readonly corpNum: string
  readonly total: number
  readonly submissions: number
  readonly documents: { readonly [S in ChunkState]: number }
  /** Documents whose outcome is known (`completed`, `notIssued`, `unknown`). */
  readonly done: number
  readonly succeeded: number
  readonly failed: number
  readonly finished: boolean
}

/**
 * The same execution ID was started with another input.
 *
 * @since 0.1.0
 * @category errors
 */
export class ExecutionConflict extends Data.TaggedError("ExecutionConflict")<{
  readonly executionId: string
}> {
  override get message(): string {
    return `execution ${this.executionId} was started with other input: resume it with the same input, or choose another execution ID`
  }
}

/**
 * The journal's database could not be reached or failed.
 *
 * @since 0.1.0
 * @category errors
 */
export class JournalUnavailable extends Data.TaggedError("JournalUnavailable")<{
  readonly reason: string
  readonly cause?: unknown
}> {
  override get message(): string {
    return `the journal of durable issuances is unavailable: ${this.reason}`
  }
}

/**
 * The journal in the context (`Engine.layerMemory`, `Engine.layerRunner`, `JournalSql.layer`):
 * where every execution's progress and results are read from.
 *
 * @since 0.1.0
 * @category services
 */
export class Journal extends Context.Service<Journal, {
  /** Records a new execution, or finds the same one; another input under the ID is a conflict. */
  readonly begin: (record: ExecutionRecord) => Effect.Effect<"started" | "existing", ExecutionConflict | JournalUnavailable>
  readonly submitted: (executionId: string, chunk: number) => Effect.Effect<void, JournalUnavailable>
  readonly ended: (executionId: string, chunk: number, end: ChunkEnd) => Effect.Effect<void, JournalUnavailable>
  readonly finished: (executionId: string) => Effect.Effect<void, JournalUnavailable>
  readonly progress: (executionId: string) => Effect.Effect<Option.Option<Progress>, JournalUnavailable>
  /** The submissions of an execution in input order (`None`: no such execution). */
  readonly chunks: (executionId: string) => Effect.Effect<Option.Option<ReadonlyArray<ChunkRecord>>, JournalUnavailable>
  /** Forgets finished executions older than `olderThanMillis`; answers how many. */
  readonly prune: (olderThanMillis: number) => Effect.Effect<number, JournalUnavailable>
}>()("taxdoc/workflow/Journal") {}

/**
 * Progress from an execution's record and its submissions.
 *
 * @since 0.1.0
 * @category constructors
 */
export const progressOf = (
  execution: { readonly executionId: string; readonly kind: Kind; readonly corpNum: string; readonly total: number; readonly finished: boolean },
  chunks: ReadonlyArray<Pick<ChunkRecord, "documents" | "state" | "succeeded">>
): Progress => {
  const documents: Record<ChunkState, number> = { waiting: 0, submitted: 0, completed: 0, notIssued: 0, unknown: 0 }
  let succeeded = 0
  for (const chunk of chunks) {
    documents[chunk.state] += chunk.documents
    succeeded += chunk.succeeded
  }
  return {
    executionId: execution.executionId,
    kind: execution.kind,
    corpNum: execution.corpNum,
    total: execution.total,
    submissions: chunks.length,
    documents,
    done: documents.completed + documents.notIssued + documents.unknown,
    succeeded,
    failed: documents.completed - succeeded,
    finished: execution.finished
  }
}

interface Held {
  readonly record: ExecutionRecord
  readonly chunks: Array<ChunkRecord>
  finishedAt: number | undefined
}

/**
 * The journal in this process's memory (with the in-memory workflow engine).
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeMemory = (): Journal["Service"] => {
  const executions = new Map<string, Held>()
  const update = (executionId: string, chunk: number, change: (record: ChunkRecord) => ChunkRecord) =>
    Effect.sync(() => {
      const held = executions.get(executionId)
      const current = held?.chunks[chunk]
      if (held !== undefined && current !== undefined) held.chunks[chunk] = change(current)
    })
  return Journal.of({
    begin: (record) =>
      Effect.suspend(() => {
        const held = executions.get(record.executionId)
        if (held !== undefined) return held.record.digest === record.digest ? Effect.succeed("existing" as const) : Effect.fail(new ExecutionConflict({ executionId: record.executionId }))
        executions.set(record.executionId, {
          record,
          chunks: record.chunks.map((c, chunk) => ({ chunk, submitId: c.submitId, documents: c.documents, state: "waiting", succeeded: 0, results: undefined, message: undefined })),
          finishedAt: undefined
        })
        return Effect.succeed("started" as const)
      }),
    submitted: (executionId, chunk) => update(executionId, chunk, (c) => (c.state === "waiting" ? { ...c, state: "submitted" } : c)),
    ended: (executionId, chunk, end) => update(executionId, chunk, (c) => ({ ...c, state: end.state, succeeded: end.succeeded, results: end.results, message: end.message })),
    finished: (executionId) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const held = executions.get(executionId)
        if (held !== undefined && held.finishedAt === undefined) held.finishedAt = now
      }),
    progress: (executionId) =>
      Effect.sync(() =>
        Option.map(Option.fromNullishOr(executions.get(executionId)), (held) =>
          progressOf({ ...held.record, finished: held.finishedAt !== undefined }, held.chunks))
      ),
    chunks: (executionId) => Effect.sync(() => Option.map(Option.fromNullishOr(executions.get(executionId)), (held) => [...held.chunks])),
    prune: (olderThanMillis) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const before = now - olderThanMillis
        let pruned = 0
        for (const [id, held] of executions) {
          if (held.finishedAt !== undefined && held.finishedAt <= before) {
            executions.delete(id)
            pruned++
          }
        }
        return pruned
      })
  })
}

/**
 * The journal in memory.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerMemory: Layer.Layer<Journal> = Layer.sync(Journal, makeMemory)
