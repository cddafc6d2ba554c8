/**
 * One submission of a durable bulk issuance as an `effect/workflow` activity: the bulk issuance
 * engine's `BulkSubmission.runSubmission` (its exact bytes sent under the submit ID derived from
 * them, settled by it through any outage, its result awaited) with the outcome written to the
 * journal. The activity is named by its submit
 * ID, so a workflow replayed by another runner finds its recorded end instead of running it again;
 * a runner that dies inside it leaves it to be run again under the same submit ID and bytes, which
 * the service recognises as the same submission: nothing is issued twice.
 *
 * @since 1.0.0
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as Activity from "effect/workflow/Activity"
import * as Bulk from "../core/Bulk.js"
import * as BulkSubmission from "../core/BulkSubmission.js"
import { TaxdocClient } from "../core/Client.js"
import { type ChunkEnd, Journal, type JournalUnavailable } from "./Journal.js"
import type * as Kinds from "./Kinds.js"

/**
 * A submission as the execution's payload holds it: its submit ID, its body as it was when the
 * execution started, and the keys of its documents in input order.
 *
 * @since 1.0.0
 * @category schemas
 */
export const Chunk = Schema.Struct({
  submitId: Schema.String,
  contentType: Schema.String,
  body: Schema.String,
  keys: Schema.Array(Schema.String)
})

/**
 * @since 1.0.0
 * @category models
 */
export type Chunk = typeof Chunk.Type

/**
 * The chunk of a planned submission (its bytes are the JSON text the engine encoded).
 *
 * @since 1.0.0
 * @category constructors
 */
export const chunkOf = (submission: BulkSubmission.Submission): Chunk => ({
  submitId: submission.submitId,
  contentType: submission.body.contentType ?? "application/json;charset=utf-8",
  body: new TextDecoder().decode(submission.body.bytes),
  keys: submission.keys
})

const submissionOf = (chunk: Chunk): BulkSubmission.Submission => ({
  submitId: chunk.submitId,
  body: { contentType: chunk.contentType, bytes: new TextEncoder().encode(chunk.body) },
  keys: chunk.keys
})

/**
 * How a submission ended (the journal's `ChunkEnd`), as the activity records it: `results` holds
 * each document's outcome (`{ key, status, result? }`, the result encoded).
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
 * A document's outcome as the journal keeps it, its result in `resultSchema`'s encoding.
 *
 * @since 1.0.0
 * @category schemas
 */
export const Item = <R, I>(resultSchema: Schema.Codec<R, I>) =>
  Schema.Struct({
    key: Schema.String,
    status: Schema.Literals(["Issued", "Refused", "NotIssued", "Unknown"]),
    result: Schema.optionalKey(resultSchema)
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

const endOf = <R extends Kinds.ResultRecord>(kind: Kinds.Kind<unknown, R>, submission: BulkSubmission.Submission, outcome: BulkSubmission.SubmissionOutcome<R>): ChunkEnd => {
  const encode = Schema.encodeSync(Item(kind.resultSchema))
  const items = Bulk.itemOutcomes(submission, outcome)
  const results = items.map((item) => encode(item.result === undefined ? { key: item.key, status: item.status } : { key: item.key, status: item.status, result: item.result }))
  switch (outcome._tag) {
    case "Completed":
      return { state: "completed", succeeded: items.filter((item) => item.status === "Issued").length, results }
    case "NotIssued":
      return { state: "notIssued", succeeded: 0, message: `not issued: ${outcome.cause.message}`, results }
    case "Unknown":
      return {
        state: "unknown",
        succeeded: 0,
        message: outcome.accepted
          ? `submitted as ${submission.submitId}, outcome unknown: ${outcome.cause.message}`
          : `sent as ${submission.submitId}, perhaps accepted: ${outcome.cause.message}`,
        results
      }
  }
}

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
      const submission = submissionOf(chunk)
      // The body is the one the execution started with: the kind's body options play no part here.
      const outcome = yield* BulkSubmission.runSubmission(client, kind.bulk({}), submission, member, {
        interval: Duration.millis(context.pollMillis),
        deadline: Duration.infinity,
        patience: patiently,
        onSubmitted: persistently(journal.submitted(context.executionId, index))
      })
      const end = endOf(kind as Kinds.Kind<unknown, R>, submission, outcome)
      yield* persistently(journal.ended(context.executionId, index, end))
      return end
    })
  })
