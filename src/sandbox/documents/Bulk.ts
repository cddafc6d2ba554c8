/**
 * Bulk issue, one mechanism for every kind of document that has it (cash receipts, e-Tax
 * invoices), configured per kind (`BulkKind`): the two routes (submit, result), the submission and
 * its progress (txState 0 submitted → 1 in progress → 2 completed along the kind's progression,
 * each item issued once at the instant of completion), the result record (kept per stage, as
 * documents' records are), and the stored row of a durable sandbox.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import type * as Schema from "effect/Schema"
import * as Kst from "../../core/Kst.js"
import * as Operation from "../../core/Operation.js"
import { messageDigest } from "../../core/Signing.js"
import { type BulkResultEncoded, TX_STATE_COMPLETED } from "../../domains/BulkResult.js"
import type { AnswerCache } from "./AnswerCache.js"
import { fail, failureOfRow, type FailureRow, rowOfFailure, type SandboxFailure } from "../Failure.js"
import type { MemberView } from "../HandlerContext.js"
import { dateTime } from "./Records.js"
import { advance, type Course, notStarted, type Policy, type Progress } from "../Progression.js"
import { type Answer, bodyJson, decodeValue, implement, json, type Route, successMessage } from "../routing/Route.js"

/** What became of one item of a submission: the document issued, or the refusal. */
export type ItemResult<D> =
  | { readonly _tag: "Issued"; readonly mgtKey: string; readonly document: D }
  | { readonly _tag: "Failed"; readonly mgtKey: string | null; readonly failure: SandboxFailure }

/** A bulk submission: its items until it completes, its results after. */
export interface Submission<D> {
  readonly submitID: string
  readonly receiptID: string
  /** Base64(SHA-1) of the body as received: a repeat with the same ID must carry the same bytes. */
  readonly digest: string
  readonly receivedAt: number
  readonly submitCount: number
  /** Issue every item even past its due date (e-Tax invoices). */
  readonly forceIssue: boolean
  items: ReadonlyArray<unknown> | undefined
  progress: Progress
  results: ReadonlyArray<ItemResult<D>> | undefined
}

/** The submissions of one member, and those still without results. */
export interface Submissions<D> {
  readonly all: Map<string, Submission<D>>
  readonly pending: Set<Submission<D>>
}

/** No submissions. */
export const submissions = <D>(): Submissions<D> => ({ all: new Map(), pending: new Set() })

/** How a submission progresses under `policy`: a stage for each txState after 0, up to completed. */
export const courseOf = (bulk: Submission<unknown>, policy: Policy): Course => ({ policy, since: bulk.receivedAt, stages: TX_STATE_COMPLETED })

/**
 * Brings a submission up to date (a poll counts for `AfterPolls`); on completion each item is
 * issued by `issue` at the instant of completion.
 */
export const advanceSubmission = <D>(
  bulk: Submission<D>,
  policy: Policy,
  now: number,
  poll: boolean,
  issue: (item: unknown, at: number) => ItemResult<D>
): Submission<D> => {
  const { reached } = advance(bulk, courseOf(bulk, policy), now, poll)
  if (reached.length === TX_STATE_COMPLETED && bulk.results === undefined) {
    bulk.results = (bulk.items ?? []).map((item) => issue(item, reached[1]!))
    bulk.items = undefined
  }
  return bulk
}

/** What a member's context offers bulk issue. */
export interface BulkContext<D> {
  readonly submissions: Submissions<D>
  readonly answers: AnswerCache
  readonly now: number
  readonly bulkPolicy: Policy
  /** The receipt ID of a new submission (unique in its environment). */
  readonly receiptId: (submitID: string) => string
  /** Issues one item of `bulk` at `at`, as the single issue operation would. */
  readonly issue: (bulk: Submission<D>) => (item: unknown, at: number) => ItemResult<D>
}

/**
 * Completes the member's submissions that are due (without counting a poll): what the member
 * view does first, so the documents of a completed submission are there. Answers whether any
 * progressed.
 */
export const settle = <D>(ctx: BulkContext<D>): boolean => {
  let progressed = false
  for (const bulk of ctx.submissions.pending) {
    const before = bulk.progress
    advanceSubmission(bulk, ctx.bulkPolicy, ctx.now, false, ctx.issue(bulk))
    progressed ||= bulk.progress !== before
    if (bulk.results !== undefined) ctx.submissions.pending.delete(bulk)
  }
  return progressed
}

/** The document ID an item names (its `mgtKey` field), before it is validated. */
export const mgtKeyOf = (item: unknown, field: string): string | null => {
  const value = typeof item === "object" && item !== null ? (item as Record<string, unknown>)[field] : undefined
  return typeof value === "string" ? value : null
}

/** An item's outcome as a result: issued with its document ID, or refused. */
export const itemResult = <D>(mgtKey: string | null, issued: Result.Result<{ readonly mgtKey: string; readonly document: D }, SandboxFailure>): ItemResult<D> =>
  Result.isSuccess(issued) ? { _tag: "Issued", ...issued.success } : { _tag: "Failed", mgtKey, failure: issued.failure }

/** An operation naming a submission by its submit ID (the submission, its result). */
type BySubmitId = Operation.Any & { readonly params: Schema.Codec<{ readonly submitID: string }, { readonly submitID: string }> }

/** Bulk issue of one kind of document. */
export interface BulkKind<C extends BulkContext<D>, D, S extends BySubmitId, R extends BySubmitId, E> {
  readonly submit: S
  readonly result: R
  readonly view: MemberView<C>
  /** The envelope of a submission: its items (each judged when processed) and its options. */
  readonly envelope: Schema.Codec<E, unknown>
  readonly items: (envelope: E) => ReadonlyArray<unknown>
  readonly forceIssue?: (envelope: E) => boolean
  readonly max: number
  /** One item's line of the result record. */
  readonly item: (result: ItemResult<D>, language: "ko" | "en") => object
}

/** The result record: every item's result once completed (txState 2). */
const record = <D>(bulk: Submission<D>, item: (result: ItemResult<D>, language: "ko" | "en") => object, language: "ko" | "en"): BulkResultEncoded<object> => {
  const results = bulk.results ?? []
  const successCount = results.filter((r) => r._tag === "Issued").length
  return {
    code: 1,
    message: successMessage(language),
    submitID: bulk.submitID,
    submitCount: bulk.submitCount,
    successCount,
    failCount: results.length - successCount,
    txState: bulk.progress.reached.length,
    txResultCode: bulk.results === undefined ? null : 1,
    txStartDT: dateTime(bulk.progress.reached[0]),
    txEndDT: dateTime(bulk.progress.reached[1]),
    receiptDT: Kst.toDateTime14(bulk.receivedAt),
    receiptID: bulk.receiptID,
    issueResult: results.map((result) => item(result, language))
  }
}

/**
 * The two routes of a kind's bulk issue: the submission (the digest checked over the bytes
 * received; the same submit ID and digest again answer the first receipt ID, a different digest
 * `BulkSubmitIdReused`) and its result, a poll, kept per stage.
 */
export const bulkRoutes = <C extends BulkContext<D>, D, S extends BySubmitId, R extends BySubmitId, E>(kind: BulkKind<C, D, S, R, E>): ReadonlyArray<Route> => [
  implement(kind.submit, Effect.fnUntraced(function*(request, caller) {
    const { submitID } = yield* Effect.mapError(request.parameters, () => fail("BulkSubmitIdInvalid", request.headers[Operation.SUBMIT_ID_HEADER]))
    // The digest is over the raw bytes received, never a re-serialisation (docs/service.md "Signing and digests").
    const digest = messageDigest(request.body)
    if (request.headers[Operation.DIGEST_HEADER] !== digest) return yield* fail("BulkDigestMismatch")
    // Each item is judged on its own when the submission is processed; only the envelope here.
    const envelope = yield* Effect.flatMap(bodyJson(request), (input) => decodeValue(input, kind.envelope))
    const receiptID = yield* kind.view(request, caller.corpNum, (ctx) => {
      const existing = ctx.submissions.all.get(submitID)
      if (existing !== undefined) {
        // Same ID and digest: a safe retry answers the original receipt ID (docs/decisions.md).
        return existing.digest === digest ? Result.succeed(existing.receiptID) : Result.fail(fail("BulkSubmitIdReused", submitID))
      }
      const items = kind.items(envelope)
      const count = items.length
      if (count < 1 || count > kind.max) return Result.fail(fail("BulkTooMany", String(count)))
      const bulk: Submission<D> = {
        submitID,
        receiptID: ctx.receiptId(submitID),
        digest,
        receivedAt: ctx.now,
        submitCount: count,
        forceIssue: kind.forceIssue?.(envelope) === true,
        items,
        progress: notStarted,
        results: undefined
      }
      advanceSubmission(bulk, ctx.bulkPolicy, ctx.now, false, ctx.issue(bulk))
      ctx.submissions.all.set(submitID, bulk)
      if (bulk.results === undefined) ctx.submissions.pending.add(bulk)
      return Result.succeed(bulk.receiptID)
    })
    return json({ code: 1, message: successMessage(request.language), receiptID }) as Answer<S>
  })),
  // A poll moves the submission: a write.
  implement(kind.result, (request, caller) =>
    kind.view(request, caller.corpNum, (ctx) => {
      const { submitID } = request.params as Readonly<Record<string, string>>
      const bulk = ctx.submissions.all.get(submitID!)
      if (bulk === undefined) return Result.fail(fail("BulkNotFound", submitID))
      advanceSubmission(bulk, ctx.bulkPolicy, ctx.now, true, ctx.issue(bulk))
      if (bulk.results !== undefined) ctx.submissions.pending.delete(bulk)
      // The record changes only with the stage (results come with stage 2, then never change).
      return Result.succeed(ctx.answers.answer(bulk, request.language, bulk.progress.reached.length, () => record(bulk, kind.item, request.language)) as Answer<R>)
    }))
]

/**
 * A submission as a durable sandbox stores it (the stored format of taxdoc 1.0: progress as
 * `polls`, `stage`, `startedAt`, `completedAt`), each issued item named by `issuedRow`.
 */
export const rowOf = <D>(bulk: Submission<D>, issuedRow: (result: Extract<ItemResult<D>, { _tag: "Issued" }>) => object, withForceIssue: boolean): object => {
  const { forceIssue, progress, results, ...rest } = bulk
  return {
    ...rest,
    ...(withForceIssue ? { forceIssue } : {}),
    polls: progress.polls,
    stage: progress.reached.length,
    startedAt: progress.reached[0],
    completedAt: progress.reached[1],
    ...(results === undefined ? {} : {
      results: results.map((r) => (r._tag === "Failed" ? { _tag: "Failed", mgtKey: r.mgtKey, failure: rowOfFailure(r.failure) } : issuedRow(r)))
    })
  }
}

interface StoredRow {
  readonly submitID: string
  readonly receiptID: string
  readonly digest: string
  readonly receivedAt: number
  readonly submitCount: number
  readonly forceIssue?: boolean
  readonly items?: ReadonlyArray<unknown>
  readonly polls: number
  readonly stage: number
  readonly startedAt?: number
  readonly completedAt?: number
  readonly results?: ReadonlyArray<{ readonly _tag: "Issued" | "Failed"; readonly mgtKey: string | null; readonly failure?: FailureRow }>
}

/**
 * The submissions stored under `prefix` among a member's rows, put back into `into`; `issued`
 * finds the document an issued item's row names.
 */
export const loadInto = <D, I>(
  into: Submissions<D>,
  rows: ReadonlyMap<string, unknown>,
  prefix: string,
  issued: (row: I, submitID: string) => D
): void => {
  for (const [key, value] of rows) {
    if (!key.startsWith(prefix)) continue
    const row = value as StoredRow
    const bulk: Submission<D> = {
      submitID: row.submitID,
      receiptID: row.receiptID,
      digest: row.digest,
      receivedAt: row.receivedAt,
      submitCount: row.submitCount,
      forceIssue: row.forceIssue === true,
      items: row.items,
      progress: { polls: row.polls, reached: [row.startedAt, row.completedAt].slice(0, row.stage) as Array<number> },
      results: row.results?.map((result): ItemResult<D> =>
        result._tag === "Failed"
          ? { _tag: "Failed", mgtKey: result.mgtKey, failure: failureOfRow(result.failure!) }
          : { _tag: "Issued", mgtKey: result.mgtKey!, document: issued(result as I, row.submitID) }
      )
    }
    into.all.set(bulk.submitID, bulk)
    if (bulk.results === undefined) into.pending.add(bulk)
  }
}
