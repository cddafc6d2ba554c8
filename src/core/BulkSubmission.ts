/**
 * One bulk submission, for every kind of document issued in bulk (cash receipts, e-Tax invoices)
 * and every caller (a service's `issueMany`, the durable workflow): a `Kind` says which operations
 * submit and read back, how a submission's body is made and how documents and results are keyed.
 * Each chunk of documents is a `Submission` under a submit ID derived from its exact bytes, so a
 * submission sent again is recognised by the service as the same one and nothing is issued twice.
 * `runSubmission` sends one — settled by its submit ID when its answer is lost (`Outcome.ts`) — and
 * awaits its result through an outage, answering what became of it. Each submission accepted and
 * completed is an event on the current span (when anything is traced); with metrics on, documents
 * are counted by outcome and waits in flight.
 *
 * @since 1.2.0
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { constFalse } from "effect/Function"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import type * as Schedule from "effect/Schedule"
import { createHash } from "node:crypto"
import type * as Body from "./Body.js"
import { chunksOf, inInputOrder } from "./Chunks.js"
import type { CallError, Member, TaxdocClientShape } from "./Client.js"
import type { PollTimeoutError, UnknownOutcomeError, ValidationError } from "./Errors.js"
import type * as Operation from "./Operation.js"
import * as Outcome from "./Outcome.js"
import * as Polling from "./Polling.js"
import * as RequestBuilder from "./RequestBuilder.js"
import { isTransient } from "./Retry.js"
import { event } from "./internal/Telemetry.js"
import { Attribute, Event } from "./Telemetry.js"

/**
 * The per-document result of a submission, as the service answers it (`code` 1: issued).
 *
 * @since 1.0.0
 * @category models
 */
export interface ItemResult {
  readonly code: number
}

/**
 * A bulk result as read back: the submission's state, and the per-document results once it
 * completed.
 *
 * @since 1.0.0
 * @category models
 */
export interface BulkState<R> {
  readonly txState: number
  readonly issueResult?: ReadonlyArray<R> | null | undefined
}

/**
 * A kind of document issued in bulk: documents `D`, per-document results `R`.
 *
 * @since 1.0.0
 * @category models
 */
export interface Kind<D, R extends ItemResult> {
  /** Names the work in progress reports, timeouts and `BulkIncompleteError` (`Cashbill.issueMany`). */
  readonly operation: string
  /** The bulk submission; its params are `{ submitID }`, its body `bodyOf`'s. */
  readonly submit: Operation.Any
  /** The read of a submission's result; its params are `{ submitID }`, its answer a `BulkState<R>`. */
  readonly result: Operation.Any
  /** The `txState` of a completed submission. */
  readonly completed: number
  /** The most documents per submission. */
  readonly size: number
  /** The body of one submission (before encoding). */
  readonly bodyOf: (documents: ReadonlyArray<D>) => unknown
  readonly keyOfDocument: (document: D) => string
  readonly keyOfResult: (result: R) => string | null | undefined
  /** The result of a document its completed submission does not mention: reported, never dropped. */
  readonly missing: (key: string) => R
}

/**
 * A `Kind`, its result operation checked to answer a `BulkState` of the kind's results.
 *
 * @since 1.0.0
 * @category constructors
 */
export const kind = <D, R extends ItemResult, G extends Operation.Any>(
  kind: Kind<D, R> & { readonly result: G } & (Operation.SuccessType<G> extends BulkState<R> ? unknown
    : { readonly result: "the result operation must answer { txState, issueResult }" })
): Kind<D, R> => kind

/**
 * The submit ID of a bulk body: derived from the exact bytes sent, so a retried submission of the
 * same documents is recognised by the service as the same submission (docs/decisions.md "Cash
 * receipts": same ID and digest → the original receipt ID) instead of issuing twice. 36
 * characters, letters, digits and hyphens.
 *
 * @since 0.1.0
 * @category constructors
 */
export const submitIdFor = (body: Uint8Array): string => `TD-${createHash("sha256").update(body).digest("hex").slice(0, 33)}`

/**
 * One submission: its submit ID, the exact bytes sent under it, the keys of its documents in order.
 *
 * @since 1.0.0
 * @category models
 */
export interface Submission {
  readonly submitId: string
  readonly body: Body.Body
  readonly keys: ReadonlyArray<string>
}

/**
 * The submissions of `documents` (already validated), in order: the same documents always make the
 * same submissions, bytes and submit IDs.
 *
 * @since 1.0.0
 * @category constructors
 */
export const submissions = <D, R extends ItemResult>(kind: Kind<D, R>, documents: ReadonlyArray<D>): ReadonlyArray<Submission> =>
  chunksOf(documents, kind.size).map((chunk) => {
    const body = RequestBuilder.encodeBody(kind.submit, kind.bodyOf(chunk))
    return { submitId: submitIdFor(body.bytes), body, keys: chunk.map(kind.keyOfDocument) }
  })

/**
 * Sends a submission: its exact bytes under its submit ID (with the digest, as the declaration
 * says). Sending it again sends the same ID and bytes, which the service recognises.
 *
 * @since 1.0.0
 * @category combinators
 */
export const submit = <D, R extends ItemResult>(
  client: TaxdocClientShape,
  kind: Kind<D, R>,
  submission: Submission,
  member: Member
): Effect.Effect<void, CallError> =>
  Effect.asVoid(client.send(kind.submit, RequestBuilder.build(kind.submit, { submitID: submission.submitId }, submission.body), member))

/**
 * Options of `awaitResult`.
 *
 * @since 1.0.0
 * @category models
 */
export interface AwaitOptions<R> extends Polling.PollOptions {
  /** Names the wait in `PollTimeoutError` (default: the kind's operation). */
  readonly operation?: string | undefined
  readonly onProgress?: ((progress: Polling.PollProgress<BulkState<R>>) => Effect.Effect<void>) | undefined
}

/**
 * Polls the result of the submission `submitId` until it completed, through an outage (a poll that
 * meets a transient fault is tried again along the client's patience); each state read goes to
 * `onProgress`, and `PollTimeoutError` ends a wait past the deadline.
 *
 * @since 1.0.0
 * @category combinators
 */
export const awaitResult = <D, R extends ItemResult>(
  client: TaxdocClientShape,
  kind: Kind<D, R>,
  member: Member,
  submitId: string,
  options: AwaitOptions<R> = {}
): Effect.Effect<BulkState<R>, CallError | ValidationError | PollTimeoutError> =>
  untilCompleted(
    client,
    kind,
    options.operation ?? kind.operation,
    submitId,
    throughOutages(readResult(client, kind, member, submitId), Option.getOrUndefined(client.policy.patience)),
    options.onProgress,
    options
  )

// A read of a result tried again through an outage along `patience` (the polling deadline bounds it).
const throughOutages = <A, E extends CallError | ValidationError>(read: Effect.Effect<A, E>, patience: Schedule.Schedule<unknown> | undefined): Effect.Effect<A, E> =>
  patience === undefined ? read : Effect.retry(read, { schedule: patience, while: (error: E) => isTransient(error as CallError) })

// The wait for the submission `submitId` to complete, counted in flight while it runs.
const untilCompleted = <D, R extends ItemResult, E>(
  client: TaxdocClientShape,
  kind: Kind<D, R>,
  operation: string,
  submitId: string,
  poll: Effect.Effect<BulkState<R>, E>,
  onProgress: ((progress: Polling.PollProgress<BulkState<R>>) => Effect.Effect<void>) | undefined,
  options: Polling.PollOptions
): Effect.Effect<BulkState<R>, E | PollTimeoutError> =>
  client.metrics.inFlight(
    kind.result.name,
    Polling.until({
      operation,
      id: submitId,
      poll,
      isDone: (state) => state.txState === kind.completed,
      describe: (state) => `txState ${state.txState}`,
      onProgress,
      attributes: { [Attribute.submitId]: submitId }
    }, options)
  )

const readResult = <D, R extends ItemResult>(client: TaxdocClientShape, kind: Kind<D, R>, member: Member, submitId: string) =>
  client.call(kind.result, { corpNum: member.corpNum, userId: member.userId, params: { submitID: submitId } } as Operation.Input<Operation.Any>) as Effect.Effect<
    unknown,
    CallError | ValidationError
  > as Effect.Effect<BulkState<R>, CallError | ValidationError>

/**
 * The results of a completed submission, one per document in the submission's order.
 *
 * @since 1.0.0
 * @category combinators
 */
export const resultsOf = <D, R extends ItemResult>(kind: Kind<D, R>, submission: Submission, state: BulkState<R>): ReadonlyArray<R> =>
  inInputOrder(submission.keys, state.issueResult ?? [], kind.keyOfResult, kind.missing)

/**
 * What became of one submission: `Completed` (every document's result, in order), `NotIssued`
 * (it surely was not accepted: send it again), `Unknown` (it may have been accepted: await the
 * result of its submit ID, or read the documents, before sending them again).
 *
 * @since 1.0.0
 * @category models
 */
export type SubmissionOutcome<R> =
  | { readonly _tag: "Completed"; readonly results: ReadonlyArray<R> }
  | { readonly _tag: "NotIssued"; readonly cause: CallError }
  | { readonly _tag: "Unknown"; readonly accepted: boolean; readonly cause: CallError | ValidationError | PollTimeoutError | UnknownOutcomeError }

/**
 * Options of `runSubmission`.
 *
 * @since 1.0.0
 * @category models
 */
export interface RunOptions extends Polling.PollOptions {
  /** The submission was accepted. */
  readonly onSubmitted?: Effect.Effect<void> | undefined
  /** One read of its result. */
  readonly onPolled?: Effect.Effect<void> | undefined
  /**
   * Patience without a deadline: the submission is settled, and each read of its result tried
   * again, along this schedule for as long as it takes (the durable workflow waits out an outage
   * this way). By default the submission is settled within the client's call deadline
   * (`callTimeout`) and its result read through an outage until the polling deadline.
   */
  readonly patience?: Schedule.Schedule<unknown> | undefined
}

/**
 * Submits `submission` and awaits its result; never fails: the outcome says what became of it.
 * A submission whose answer is lost, or which an outage refused, is settled by its submit ID
 * (`Outcome.settle`): looked up, and sent again (same ID, same bytes) only when the service does not
 * know it, until the call's deadline. Its result is then polled through an outage until the
 * polling deadline.
 *
 * @since 1.0.0
 * @category combinators
 */
export const runSubmission = <D, R extends ItemResult>(
  client: TaxdocClientShape,
  kind: Kind<D, R>,
  submission: Submission,
  member: Member,
  options: RunOptions = {}
): Effect.Effect<SubmissionOutcome<R>> => {
  const read = readResult(client, kind, member, submission.submitId)
  const poll = throughOutages(read, options.patience ?? Option.getOrUndefined(client.policy.patience))
  const awaited = untilCompleted(
    client,
    kind,
    kind.operation,
    submission.submitId,
    options.onPolled === undefined ? poll : Effect.tap(poll, () => options.onPolled!),
    undefined,
    options
  )
  const sent = Outcome.settle({
    operation: kind.submit,
    documentId: submission.submitId,
    corpNum: member.corpNum,
    policy: client.policy,
    write: submit(client, kind, submission, member),
    read: Outcome.found(read),
    // Known to the service under its submit ID, the submission was accepted.
    judge: (state) => (Option.isSome(state) ? Outcome.happened(undefined) : Outcome.didNotHappen),
    rerun: constFalse,
    ...(options.patience === undefined ? {} : { deadline: Duration.infinity, patience: options.patience })
  })
  const told = { [Attribute.submitId]: submission.submitId, [Attribute.bulkDocuments]: submission.keys.length }
  return Effect.result(sent).pipe(
    Effect.flatMap((sent): Effect.Effect<SubmissionOutcome<R>> => {
      if (Result.isFailure(sent)) {
        return Effect.succeed(
          sent.failure._tag === "UnknownOutcomeError"
            ? { _tag: "Unknown", accepted: false, cause: sent.failure }
            : { _tag: "NotIssued", cause: sent.failure }
        )
      }
      return event(Event.bulkSubmitted, () => told).pipe(
        Effect.andThen(options.onSubmitted ?? Effect.void),
        Effect.andThen(Effect.result(awaited)),
        Effect.map((done): SubmissionOutcome<R> =>
          Result.isSuccess(done)
            ? { _tag: "Completed", results: resultsOf(kind, submission, done.success) }
            : { _tag: "Unknown", accepted: true, cause: done.failure }
        )
      )
    }),
    Effect.tap((outcome) => counted(client, kind, submission, outcome, told))
  )
}

// A submission's documents counted by outcome, and its completion told on the span.
const counted = <D, R extends ItemResult>(client: TaxdocClientShape, kind: Kind<D, R>, submission: Submission, outcome: SubmissionOutcome<R>, told: object) => {
  const count = (status: "issued" | "refused" | "not_issued" | "unknown", n: number) => client.metrics.bulkDocuments(kind.submit.name, status, n)
  if (outcome._tag !== "Completed") return count(outcome._tag === "NotIssued" ? "not_issued" : "unknown", submission.keys.length)
  const issued = outcome.results.filter((result) => result.code === 1).length
  return event(Event.bulkCompleted, () => ({ ...told, [Attribute.bulkSucceeded]: issued, [Attribute.bulkFailed]: submission.keys.length - issued })).pipe(
    Effect.andThen(count("issued", issued)),
    Effect.andThen(count("refused", submission.keys.length - issued))
  )
}
