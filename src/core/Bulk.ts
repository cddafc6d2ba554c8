/**
 * Work on lists longer than one request takes (GetInfos 1,000, bulk issue 100, mass print 100,
 * company status 1,000): split into chunks of the spec's cap, run with bounded concurrency, and
 * answered in input order (`Chunks.ts`, re-exported here).
 *
 * `issueMany` is bulk issuance of any kind of document (`BulkSubmission.ts`): it runs every
 * submission of the documents and answers one result per document, in input order, or
 * `BulkIncompleteError` with the outcome of every document.
 *
 * @since 0.1.0
 */
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import { type ItemResult, type Kind, runSubmission, type Submission, type SubmissionOutcome, submissions } from "./BulkSubmission.js"
import type { CallError, Member, TaxdocClientShape } from "./Client.js"
import * as Polling from "./Polling.js"
import { annotate } from "./internal/Telemetry.js"
import { Attribute } from "./Telemetry.js"

// ── lists in chunks ─────────────────────────────────────────────────────────────────────────

/**
 * Lists in chunks, and answers in input order (`Chunks.ts`).
 *
 * @since 0.1.0
 * @category combinators
 */
export { chunksOf, inChunks, inInputOrder } from "./Chunks.js"

// ── issueMany ───────────────────────────────────────────────────────────────────────────────

/**
 * What became of one document of a bulk issue: `Issued` or `Refused` (its submission completed;
 * `result` is the service's per-document result), `NotIssued` (its submission surely did not
 * happen: send it again), `Unknown` (its submission may have happened: await the result of
 * `submitId`, or read the document, before sending it again).
 *
 * @since 0.1.0
 * @category models
 */
export interface ItemOutcome<R = unknown> {
  readonly key: string
  readonly status: "Issued" | "Refused" | "NotIssued" | "Unknown"
  /** The per-document result of the service, when its submission completed. */
  readonly result: R | undefined
  /** The submit ID the document's submission was sent (or was to be sent) under. */
  readonly submitId: string
}

/**
 * The outcome of each document of `submission`, in its order.
 *
 * @since 1.0.0
 * @category combinators
 */
export const itemOutcomes = <R extends ItemResult>(submission: Submission, outcome: SubmissionOutcome<R>): ReadonlyArray<ItemOutcome<R>> =>
  submission.keys.map((key, i) => {
    if (outcome._tag === "Completed") {
      const result = outcome.results[i]!
      return { key, status: result.code === 1 ? "Issued" : "Refused", result, submitId: submission.submitId }
    }
    return { key, status: outcome._tag, result: undefined, submitId: submission.submitId }
  })

/**
 * A bulk issue that had to give up on some submissions: the outcome of every document, in input
 * order. Nothing already issued is lost, and nothing is issued twice by a retry (a submission is
 * repeated only with its own submit ID and bytes).
 *
 * @since 0.1.0
 * @category errors
 */
export class BulkIncompleteError extends Data.TaggedError("BulkIncompleteError")<{
  readonly operation: string
  readonly message: string
  readonly items: ReadonlyArray<ItemOutcome>
  /** The failures of the submissions that gave up. */
  readonly causes: ReadonlyArray<unknown>
}> {
  /** The documents whose outcome is `status`. */
  keys(status: ItemOutcome["status"]): ReadonlyArray<string> {
    return this.items.filter((item) => item.status === status).map((item) => item.key)
  }
}

/**
 * Progress of a bulk issue over many submissions, reported after each submission, each poll and
 * each completed result.
 *
 * @since 0.1.0
 * @category models
 */
export interface Progress {
  readonly total: number
  readonly submissions: number
  readonly submitted: number
  /** Documents whose result is known (their submission completed). */
  readonly completed: number
  readonly succeeded: number
  readonly failed: number
  /** Bulk result polls made so far (all submissions together). */
  readonly polls: number
}

/**
 * Options of `issueMany`.
 *
 * @since 1.0.0
 * @category models
 */
export interface IssueOptions extends Polling.PollOptions {
  /** Submissions awaited at once (default 4). */
  readonly concurrency?: number | undefined
  readonly onProgress?: ((progress: Progress) => Effect.Effect<void>) | undefined
}

/**
 * Issues `documents` (already validated) for `member`: chunk → submit → await → reassemble, one
 * result per document in input order. A submission that fails does not stop the others; when any
 * fails, the answer is a `BulkIncompleteError` with every document's outcome (results of the
 * submissions that went through included) — unless none of them can have been sent, when the
 * first failure is the answer.
 *
 * @since 1.0.0
 * @category combinators
 */
export const issueMany = <D, R extends ItemResult>(
  client: TaxdocClientShape,
  kind: Kind<D, R>,
  member: Member,
  documents: ReadonlyArray<D>,
  options: IssueOptions = {}
): Effect.Effect<ReadonlyArray<R>, CallError | BulkIncompleteError> =>
  Effect.suspend(() => {
    const planned = submissions(kind, documents)
    const progress = { total: documents.length, submissions: planned.length, submitted: 0, completed: 0, succeeded: 0, failed: 0, polls: 0 }
    // The progress at the end, on the current span (the method's) when anything is traced.
    const noted = annotate(() => ({
      [Attribute.bulkDocuments]: progress.total,
      [Attribute.bulkSubmissions]: progress.submissions,
      [Attribute.bulkSubmitted]: progress.submitted,
      [Attribute.bulkCompleted]: progress.completed,
      [Attribute.bulkSucceeded]: progress.succeeded,
      [Attribute.bulkFailed]: progress.failed,
      [Attribute.polls]: progress.polls
    }))
    const onProgress = options.onProgress
    const report = onProgress === undefined ? Effect.void : Effect.suspend(() => onProgress({ ...progress }))
    const run = (submission: Submission) =>
      runSubmission(client, kind, submission, member, {
        ...Polling.pollOptionsOf(options),
        onSubmitted: Effect.suspend(() => {
          progress.submitted += submission.keys.length
          return report
        }),
        onPolled: Effect.suspend(() => {
          progress.polls++
          return report
        })
      }).pipe(Effect.tap((outcome) => {
        if (outcome._tag !== "Completed") return Effect.void
        const ok = outcome.results.filter((result) => result.code === 1).length
        progress.completed += submission.keys.length
        progress.succeeded += ok
        progress.failed += submission.keys.length - ok
        return report
      }))
    return Effect.flatMap(Effect.ensuring(Effect.forEach(planned, run, { concurrency: options.concurrency ?? 4 }), noted), (outcomes): Effect.Effect<ReadonlyArray<R>, CallError | BulkIncompleteError> => {
      const failed = outcomes.filter((outcome) => outcome._tag !== "Completed")
      if (failed.length === 0) return Effect.succeed((outcomes as ReadonlyArray<Extract<SubmissionOutcome<R>, { readonly _tag: "Completed" }>>).flatMap((outcome) => outcome.results))
      // Nothing went out at all (a refused token, a closed port): the first failure says it best.
      if (failed.length === outcomes.length && failed.every((outcome) => outcome._tag === "NotIssued")) return Effect.fail(failed[0]!.cause)
      const items = planned.flatMap((submission, i) => itemOutcomes(submission, outcomes[i]!))
      const count = (status: ItemOutcome["status"]) => items.filter((item) => item.status === status).length
      return Effect.fail(
        new BulkIncompleteError({
          operation: kind.operation,
          message: `${kind.operation}: ${failed.length} of ${outcomes.length} submissions gave up — ${count("Issued")} issued, ${
            count("Refused")
          } refused, ${count("NotIssued")} not issued, ${count("Unknown")} unknown (see items)`,
          items,
          causes: failed.map((outcome) => outcome.cause)
        })
      )
    })
  })
