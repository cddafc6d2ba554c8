/**
 * One submission of a durable bulk issuance as an `effect/workflow` activity: its exact bytes sent
 * under the submit ID derived from them, its result awaited, its end written to the journal. The
 * activity is named by its submit ID, so a workflow replayed by another runner finds its recorded
 * end instead of running it again; a runner that dies inside it leaves it to be run again under the
 * same submit ID and bytes, which the service recognises as the same submission: nothing is issued
 * twice.
 *
 * @since 1.0.0
 */
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as Activity from "effect/workflow/Activity"
import * as Bulk from "../core/Bulk.js"
import { TaxdocClient } from "../core/Client.js"
import * as RequestBuilder from "../core/RequestBuilder.js"
import * as Retry from "../core/Retry.js"
import { type ChunkEnd, Journal, type JournalUnavailable } from "./Journal.js"
import type * as Kinds from "./Kinds.js"

/**
 * A submission as the execution's payload holds it: its submit ID, its body as it was when the
 * execution started, and the keys of its documents in input order.
 *
 * @since 1.0.0
 * @category schemas
 */
export const Chunk = Schema.Struct({ submitId: Schema.String, body: Schema.String, keys: Schema.Array(Schema.String) })

/**
 * @since 1.0.0
 * @category models
 */
export type Chunk = typeof Chunk.Type

/**
 * How a submission ended (the journal's `ChunkEnd`), as the activity records it.
 *
 * @since 1.0.0
 * @category schemas
 */
export const End = Schema.Struct({
  state: Schema.Literals(["completed", "notIssued", "unknown"]),
  results: Schema.Array(Schema.Unknown),
  succeeded: Schema.Number,
  message: Schema.optional(Schema.String)
})

/**
 * What one submission knows of its execution.
 *
 * @since 1.0.0
 * @category models
 */
export interface Context {
  readonly executionId: string
  readonly corpNum: string
  readonly userId: string | null
  readonly pollMillis: number
}

// The service or the network failing for a while is waited out: a durable issuance keeps trying
// (exponential backoff up to 30 seconds apart); only a refusal ends a submission.
const patiently = Schedule.min([Schedule.exponential("1 second"), Schedule.spaced("30 seconds")])
const journalRetry = Schedule.min([Schedule.exponential("200 millis"), Schedule.spaced("5 seconds")])

/**
 * A journal write that waits for the database to answer again (up to 5 seconds apart, without end).
 *
 * @since 1.0.0
 * @category combinators
 */
export const persistently = <A>(effect: Effect.Effect<A, JournalUnavailable>): Effect.Effect<A> => Effect.orDie(Effect.retry(effect, journalRetry))

const UNRESOLVED_CODE = -99999999

/**
 * The code of a document whose submission did not complete (its `message` says why).
 *
 * @since 1.0.0
 * @category constants
 */
export const UNRESOLVED = UNRESOLVED_CODE

/**
 * The activity of submission `index` of an execution.
 *
 * @since 1.0.0
 * @category constructors
 */
export const activity = <D, R extends Kinds.ResultRecord>(kind: Kinds.Kind<D, R>, context: Context, index: number, chunk: Chunk) =>
  Activity.make({
    name: `submission ${chunk.submitId}`,
    success: End,
    execute: Effect.gen(function*() {
      const client = yield* TaxdocClient
      const journal = yield* Journal
      const member = context.userId === null ? { corpNum: context.corpNum } : { corpNum: context.corpNum, userId: context.userId }
      const encode = Schema.encodeSync(Schema.Array(kind.resultSchema))
      const record = (end: ChunkEnd) => Effect.as(persistently(journal.ended(context.executionId, index, end)), end)
      const unresolved = (state: "notIssued" | "unknown", message: string) =>
        record({ state, succeeded: 0, message, results: encode(chunk.keys.map((key) => kind.unresolved(key, UNRESOLVED_CODE, message))) })
      // The exact bytes of the submission, as they were when the execution started.
      const body = { contentType: "application/json;charset=utf-8", bytes: new TextEncoder().encode(chunk.body) }
      const sent = yield* client.send(kind.submit, RequestBuilder.build(kind.submit, { submitID: chunk.submitId }, body), member).pipe(
        Effect.retry({ schedule: patiently, while: Retry.isTransient }),
        Effect.result
      )
      if (sent._tag === "Failure") return yield* unresolved("notIssued", `not issued: ${sent.failure.message}`)
      yield* persistently(journal.submitted(context.executionId, index))
      const poll = Effect.retry(
        client.call(kind.result, { corpNum: member.corpNum, userId: context.userId ?? undefined, params: { submitID: chunk.submitId } }) as Effect.Effect<
          { readonly txState: number; readonly issueResult?: ReadonlyArray<R> | undefined },
          Retry.AttemptError
        >,
        { schedule: patiently, while: Retry.isTransient }
      )
      const done = yield* Bulk.awaitResult(
        { operation: kind.workflow, corpNum: member.corpNum, submitId: chunk.submitId, completed: kind.completed, poll },
        { interval: `${context.pollMillis} millis`, deadline: "30 days" }
      ).pipe(Effect.result)
      if (done._tag === "Failure") return yield* unresolved("unknown", `submitted as ${chunk.submitId}, outcome unknown: ${done.failure.message}`)
      const ordered = Bulk.inInputOrder(
        chunk.keys,
        done.success.issueResult ?? [],
        (r) => kind.keyOfResult(r),
        (key) => kind.unresolved(key, UNRESOLVED_CODE, "the bulk result does not mention this document")
      )
      return yield* record({ state: "completed", succeeded: ordered.filter((r) => r.code === 1).length, results: encode(ordered) })
    })
  })
