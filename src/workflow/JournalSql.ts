/**
 * The journal of durable bulk issuances in PostgreSQL: `<prefix>_executions` (one row per execution
 * ID) and `<prefix>_chunks` (one row per submission, with its per-document results once known),
 * created on first use (docs/fleet.md "The tables").
 *
 * @since 0.1.0
 */
import * as Arr from "effect/Array"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SqlClient from "effect/sql/SqlClient"
import {
  type ChunkRecord,
  type ChunkState,
  ExecutionConflict,
  Journal,
  JournalUnavailable,
  type Kind,
  progressOf
} from "./Journal.js"
import { LOCK_CLASS } from "./SharedTokens.js"

/**
 * Options of the journal.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** The tables' prefix (default `taxdoc`): `<prefix>_executions`, `<prefix>_chunks`. */
  readonly prefix?: string | undefined
  /** The prefix of the engine's tables, whose rows of an execution `prune` deletes too. */
  readonly enginePrefix?: string | undefined
}

/**
 * The SQL that creates the journal's tables, as the journal runs it on first use.
 *
 * @since 0.1.0
 * @category constructors
 */
export const migration = (prefix = "taxdoc"): ReadonlyArray<string> => [
  `CREATE TABLE IF NOT EXISTS "${prefix}_executions" (
  execution_id text PRIMARY KEY,
  kind text NOT NULL,
  corp_num text NOT NULL,
  digest text NOT NULL,
  total integer NOT NULL,
  entity_type text,
  entity_id text,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
)`,
  `CREATE TABLE IF NOT EXISTS "${prefix}_chunks" (
  execution_id text NOT NULL REFERENCES "${prefix}_executions" (execution_id) ON DELETE CASCADE,
  chunk integer NOT NULL,
  submit_id text NOT NULL,
  documents integer NOT NULL,
  state text NOT NULL,
  succeeded integer NOT NULL DEFAULT 0,
  results jsonb,
  message text,
  PRIMARY KEY (execution_id, chunk)
)`
]

/**
 * Whether `prefix` can start the journal's table names (letters, digits and `_`, at most 41).
 *
 * @since 1.0.0
 * @category predicates
 */
export const isPrefix = (prefix: string): boolean => /^[A-Za-z_][A-Za-z0-9_]{0,40}$/.test(prefix)

const unavailable = (reason: string) => (cause: unknown) => new JournalUnavailable({ reason, cause })

interface ChunkRow {
  readonly chunk: number
  readonly submit_id: string
  readonly documents: number
  readonly state: ChunkState
  readonly succeeded: number
  readonly results: ReadonlyArray<unknown> | null
  readonly message: string | null
}

/**
 * The journal over the `SqlClient` in the context (PostgreSQL).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options = {}): Effect.Effect<Journal["Service"], never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const prefix = options.prefix ?? "taxdoc"
    if (!isPrefix(prefix)) return yield* Effect.die(new Error(`taxdoc journal: ${prefix} is not a table prefix`))
    const executions = sql(`${prefix}_executions`)
    const chunksTable = sql(`${prefix}_chunks`)
    let ready = false

    const prepare = Effect.suspend(() =>
      ready ? Effect.void : sql.withTransaction(Effect.gen(function*() {
        yield* sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, 1)`
        for (const statement of migration(prefix)) yield* sql.unsafe(statement)
      })).pipe(Effect.tap(() => Effect.sync(() => void (ready = true))))
    )

    // Every failure of the database, a defect of a broken connection included, is the journal's.
    const guarded = <A, E>(reason: string, effect: Effect.Effect<A, E>) =>
      Effect.andThen(prepare, effect).pipe(
        Effect.catchCause((cause) => {
          if (Cause.hasInterruptsOnly(cause)) return Effect.failCause(cause as Cause.Cause<never>)
          const failure = Cause.squash(cause)
          return Effect.fail(failure instanceof ExecutionConflict ? failure : unavailable(reason)(failure))
        })
      ) as Effect.Effect<A, JournalUnavailable | (E extends ExecutionConflict ? ExecutionConflict : never)>

    const begin = (record: Parameters<Journal["Service"]["begin"]>[0]) =>
      guarded("could not record the execution", sql.withTransaction(Effect.gen(function*() {
        const entity = record.entity
        const inserted = yield* sql`
          INSERT INTO ${executions} (execution_id, kind, corp_num, digest, total, entity_type, entity_id)
          VALUES (${record.executionId}, ${record.kind}, ${record.corpNum}, ${record.digest}, ${record.total}, ${entity?.type ?? null}, ${entity?.id ?? null})
          ON CONFLICT (execution_id) DO NOTHING
          RETURNING execution_id`
        if (inserted.length === 0) {
          const [existing] = yield* sql<{ readonly digest: string }>`SELECT digest FROM ${executions} WHERE execution_id = ${record.executionId}`
          if (existing?.digest !== record.digest) return yield* new ExecutionConflict({ executionId: record.executionId })
          return "existing" as const
        }
        const rows: ReadonlyArray<Record<string, unknown>> = record.chunks.map((c, chunk) => ({ execution_id: record.executionId, chunk, submit_id: c.submitId, documents: c.documents, state: "waiting" }))
        for (let i = 0; i < rows.length; i += 1000) {
          const slice = rows.slice(i, i + 1000)
          if (Arr.isReadonlyArrayNonEmpty(slice)) yield* sql`INSERT INTO ${chunksTable} ${sql.insert(slice)}`
        }
        return "started" as const
      })))

    const toRecord = (row: ChunkRow): ChunkRecord => ({
      chunk: row.chunk,
      submitId: row.submit_id,
      documents: row.documents,
      state: row.state,
      succeeded: row.succeeded,
      results: row.results ?? undefined,
      message: row.message ?? undefined
    })

    return Journal.of({
      begin,
      submitted: (executionId, chunk) =>
        guarded("could not record a submission", sql`UPDATE ${chunksTable} SET state = 'submitted' WHERE execution_id = ${executionId} AND chunk = ${chunk} AND state = 'waiting'`),
      ended: (executionId, chunk, end) =>
        guarded(
          "could not record a result",
          sql`UPDATE ${chunksTable} SET state = ${end.state}, succeeded = ${end.succeeded}, results = ${JSON.stringify(end.results)}::jsonb, message = ${end.message ?? null}
              WHERE execution_id = ${executionId} AND chunk = ${chunk}`
        ),
      finished: (executionId) =>
        guarded("could not record the end", sql`UPDATE ${executions} SET finished_at = now() WHERE execution_id = ${executionId} AND finished_at IS NULL`),
      progress: (executionId) =>
        guarded("could not read progress", Effect.gen(function*() {
          const [execution] = yield* sql<{ readonly kind: Kind; readonly corp_num: string; readonly total: number; readonly finished: boolean }>`
            SELECT kind, corp_num, total, finished_at IS NOT NULL AS finished FROM ${executions} WHERE execution_id = ${executionId}`
          if (execution === undefined) return Option.none()
          const chunks = yield* sql<{ readonly state: ChunkState; readonly documents: number; readonly succeeded: number }>`
            SELECT state, sum(documents)::int AS documents, sum(succeeded)::int AS succeeded FROM ${chunksTable} WHERE execution_id = ${executionId} GROUP BY state`
          return Option.some(progressOf({ executionId, kind: execution.kind, corpNum: execution.corp_num, total: execution.total, finished: execution.finished }, chunks))
        })),
      chunks: (executionId) =>
        guarded("could not read results", Effect.gen(function*() {
          const [execution] = yield* sql`SELECT 1 AS present FROM ${executions} WHERE execution_id = ${executionId}`
          if (execution === undefined) return Option.none()
          const rows = yield* sql<ChunkRow>`
            SELECT chunk, submit_id, documents, state, succeeded, results, message FROM ${chunksTable} WHERE execution_id = ${executionId} ORDER BY chunk`
          return Option.some(rows.map(toRecord))
        })),
      prune: (olderThanMillis) =>
        guarded("could not prune", sql.withTransaction(Effect.gen(function*() {
          const old = yield* sql<{ readonly execution_id: string; readonly entity_type: string | null; readonly entity_id: string | null }>`
            SELECT execution_id, entity_type, entity_id FROM ${executions}
            WHERE finished_at IS NOT NULL AND finished_at <= now() - make_interval(secs => ${olderThanMillis / 1000})`
          if (options.enginePrefix !== undefined) {
            const messages = sql(`${options.enginePrefix}_messages`)
            const replies = sql(`${options.enginePrefix}_replies`)
            for (const row of old) {
              if (row.entity_type === null || row.entity_id === null) continue
              yield* sql`DELETE FROM ${replies} WHERE request_id IN (SELECT id FROM ${messages} WHERE entity_type = ${row.entity_type} AND entity_id = ${row.entity_id})`
              yield* sql`DELETE FROM ${messages} WHERE entity_type = ${row.entity_type} AND entity_id = ${row.entity_id}`
            }
          }
          if (old.length > 0) yield* sql`DELETE FROM ${executions} WHERE execution_id IN ${sql.in(old.map((row) => row.execution_id))}`
          return old.length
        })))
    })
  })

/**
 * The journal over the `SqlClient` in the context.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options = {}): Layer.Layer<Journal, never, SqlClient.SqlClient> => Layer.effect(Journal, make(options))
