/**
 * Durable bulk issuance: any number of cash receipts or e-Tax invoices issued as an
 * `effect/workflow` workflow under an execution ID the caller chooses. Each submission of at most
 * 100 documents is an activity keyed by its submit ID (`Submission`) — submit the exact bytes the
 * submit ID is derived from, await the bulk result — so a workflow engine that loses its process
 * (an `effect/cluster` runner killed mid-way) runs it again elsewhere, and a submission sent twice
 * is recognised by the service as the same one: every document is issued once. The same input
 * makes the same submissions and submit IDs as `issueMany`, so re-running identical input recovers
 * either way.
 *
 * The workflows run where `workflows` is provided with a `WorkflowEngine` (`Engine.layerMemory` in
 * one process, `Engine.layerRunner` in a fleet), a `Journal` and the SDK; `issueReceipts` and
 * `issueInvoices` start (or, under the same ID with the same input, resume) an execution and await
 * it, reporting progress from the journal; `progress` and `results` read it from any process.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Data from "effect/Data"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as Workflow from "effect/workflow/Workflow"
import type { WorkflowEngine } from "effect/workflow/WorkflowEngine"
import { createHash } from "node:crypto"
import * as Bulk from "../core/Bulk.js"
import * as BulkSubmission from "../core/BulkSubmission.js"
import type { TaxdocClient } from "../core/Client.js"
import type { ValidationError } from "../core/Errors.js"
import type { BulkIssueResult as ReceiptResult, CashReceiptIssue } from "../domains/cashbill/Schemas.js"
import type { BulkIssueResult as InvoiceResult } from "../domains/taxinvoice/Answers.js"
import type { TaxinvoiceDraft } from "../domains/taxinvoice/Schemas.js"
import { type ExecutionConflict, Journal, type JournalUnavailable, type Progress } from "./Journal.js"
import * as Kinds from "./Kinds.js"
import * as Submission from "./Submission.js"

const Payload = Schema.Struct({
  executionId: Schema.String,
  corpNum: Schema.String,
  userId: Schema.NullOr(Schema.String),
  concurrency: Schema.Number,
  pollMillis: Schema.Number,
  chunks: Schema.Array(Submission.Chunk)
})

type Payload = typeof Payload.Type

/**
 * What a finished execution counts.
 *
 * @since 0.1.0
 * @category models
 */
export const Summary = Schema.Struct({
  total: Schema.Number,
  succeeded: Schema.Number,
  failed: Schema.Number,
  notIssued: Schema.Number,
  unknown: Schema.Number
})

const workflowOf = (name: string) => Workflow.make(name, { payload: Payload, success: Summary, idempotencyKey: (p) => p.executionId })

/**
 * The workflow issuing cash receipts.
 *
 * @since 0.1.0
 * @category workflows
 */
export const CashbillIssuance = workflowOf(Kinds.receipts.workflow)

/**
 * The workflow issuing e-Tax invoices.
 *
 * @since 0.1.0
 * @category workflows
 */
export const TaxinvoiceIssuance = workflowOf(Kinds.invoices.workflow)

type Issuance = typeof CashbillIssuance

const summarise = (p: Payload, ends: ReadonlyArray<typeof Submission.End.Type>): typeof Summary.Type => {
  let succeeded = 0
  let completed = 0
  let notIssued = 0
  let unknown = 0
  ends.forEach((end, index) => {
    const documents = p.chunks[index]?.keys.length ?? 0
    succeeded += end.succeeded
    if (end.state === "completed") completed += documents
    else if (end.state === "notIssued") notIssued += documents
    else unknown += documents
  })
  return { total: completed + notIssued + unknown, succeeded, failed: completed - succeeded, notIssued, unknown }
}

const registration = <D, R extends Kinds.ResultRecord>(kind: Kinds.Kind<D, R>, flow: Issuance) =>
  flow.toLayer((p) =>
    Effect.gen(function*() {
      const journal = yield* Journal
      const context = { executionId: p.executionId, corpNum: p.corpNum, userId: p.userId, pollMillis: p.pollMillis }
      const ends = yield* Effect.forEach(p.chunks, (chunk, index) => Submission.activity(kind, context, index, chunk), { concurrency: p.concurrency })
      yield* Submission.persistently(journal.finished(p.executionId))
      return summarise(p, ends)
    }))

/**
 * Both workflows, run wherever this layer is provided with a `WorkflowEngine`, a `Journal` and the
 * SDK (`TaxdocClient`, whose configuration and secret key stay in that process).
 *
 * @since 0.1.0
 * @category layers
 */
export const workflows: Layer.Layer<never, never, WorkflowEngine | Journal | TaxdocClient> = Layer.mergeAll(
  registration(Kinds.receipts, CashbillIssuance),
  registration(Kinds.invoices, TaxinvoiceIssuance)
)

/**
 * What became of one document — `issueMany`'s outcome: `Issued` or `Refused` (its submission
 * completed; `result` is the service's), `NotIssued` (its submission was refused before anything
 * was issued: send it again), `Unknown` (sent, outcome not learned: read the document before
 * sending it again); `result` only when the submission completed, `submitId` always.
 *
 * @since 0.1.0
 * @category models
 */
export type DocumentResult<R> = Bulk.ItemOutcome<R>

/**
 * No execution under this ID.
 *
 * @since 0.1.0
 * @category errors
 */
export class ExecutionNotFound extends Data.TaggedError("ExecutionNotFound")<{ readonly executionId: string }> {
  override get message(): string {
    return `no durable issuance under execution ID ${this.executionId}: start it with its input`
  }
}

/**
 * The execution has not finished: some documents have no result yet.
 *
 * @since 0.1.0
 * @category errors
 */
export class ExecutionUnfinished extends Data.TaggedError("ExecutionUnfinished")<{ readonly executionId: string; readonly progress: Progress }> {
  override get message(): string {
    return `execution ${this.executionId} has not finished (${this.progress.done} of ${this.progress.total} documents done): await it, or resume it with its input`
  }
}

/**
 * Options of a durable issuance.
 *
 * @since 0.1.0
 * @category models
 */
export interface IssueOptions<D> {
  /** Yours to choose: the same ID with the same input is the same execution (started once, resumed after). */
  readonly executionId: string
  readonly corpNum: string
  readonly documents: ReadonlyArray<D>
  readonly userId?: string | undefined
  /** Submissions awaited at once (default 4). */
  readonly concurrency?: number | undefined
  /** Between polls of a submission's result (default 2 seconds). */
  readonly pollInterval?: Duration.Input | undefined
  /** Called with the progress read from the journal while the execution runs, and once at the end. */
  readonly onProgress?: ((progress: Progress) => Effect.Effect<void>) | undefined
  /** Between progress reads (default 500 milliseconds). */
  readonly progressInterval?: Duration.Input | undefined
}

/**
 * Failures of starting or awaiting a durable issuance.
 *
 * @since 0.1.0
 * @category errors
 */
export type IssueError = ValidationError | ExecutionConflict | JournalUnavailable | ExecutionNotFound | ExecutionUnfinished

const resultsOf = <D, R extends Kinds.ResultRecord>(
  kind: Kinds.Kind<D, R>,
  executionId: string
): Effect.Effect<ReadonlyArray<DocumentResult<R>>, ExecutionNotFound | ExecutionUnfinished | JournalUnavailable, Journal> =>
  Effect.gen(function*() {
    const journal = yield* Journal
    const chunks = yield* journal.chunks(executionId)
    if (Option.isNone(chunks)) return yield* new ExecutionNotFound({ executionId })
    const decode = Schema.decodeUnknownSync(Schema.Array(Submission.Item(kind.resultSchema)))
    const results: Array<DocumentResult<R>> = []
    for (const chunk of chunks.value) {
      if (chunk.results === undefined) {
        const progress = yield* journal.progress(executionId)
        if (Option.isNone(progress)) return yield* new ExecutionNotFound({ executionId })
        return yield* new ExecutionUnfinished({ executionId, progress: progress.value })
      }
      for (const item of decode(chunk.results)) results.push({ key: item.key, status: item.status, result: item.result, submitId: chunk.submitId })
    }
    return results
  })

const issue = <D, R extends Kinds.ResultRecord>(
  kind: Kinds.Kind<D, R>,
  flow: Issuance,
  options: IssueOptions<D> & { readonly forceIssue?: boolean | undefined }
): Effect.Effect<ReadonlyArray<DocumentResult<R>>, IssueError, WorkflowEngine | Journal> =>
  Effect.gen(function*() {
    const documents = yield* kind.validate(`${kind.workflow}Durable`, options.corpNum, options.documents, yield* Clock.currentTimeMillis)
    // The submissions of `issueMany` for the same documents: the same bytes and submit IDs.
    const chunks = BulkSubmission.submissions(kind.bulk(options), documents).map(Submission.chunkOf)
    const input: Payload = {
      executionId: options.executionId,
      corpNum: options.corpNum,
      userId: options.userId ?? null,
      concurrency: options.concurrency ?? 4,
      pollMillis: Duration.toMillis(Duration.fromInputUnsafe(options.pollInterval ?? "2 seconds")),
      chunks
    }
    const digest = createHash("sha256").update(JSON.stringify([kind.name, input.corpNum, input.userId, chunks.map((c) => c.submitId)])).digest("hex")
    const journal = yield* Journal
    yield* journal.begin({
      executionId: options.executionId,
      kind: kind.name,
      corpNum: options.corpNum,
      digest,
      total: options.documents.length,
      chunks: chunks.map((c) => ({ submitId: c.submitId, documents: c.keys.length })),
      entity: { type: `Workflow/${kind.workflow}`, id: yield* flow.executionId(input) }
    })
    const onProgress = options.onProgress
    const report = onProgress === undefined
      ? Effect.void
      : Effect.flatMap(journal.progress(options.executionId), (p) => Option.isSome(p) ? onProgress(p.value) : Effect.void)
    const reporter = yield* Effect.forkChild(Effect.repeat(Effect.ignore(report), Schedule.spaced(options.progressInterval ?? "500 millis")))
    yield* flow.execute(input)
    yield* Fiber.interrupt(reporter)
    yield* Effect.ignore(report)
    return yield* resultsOf(kind, options.executionId)
  })

/**
 * Issues any number of cash receipts durably under `executionId`: validates them all first, starts
 * the execution (or resumes it: same ID, same input), awaits it and answers one result per receipt,
 * in input order.
 *
 * @since 0.1.0
 * @category issuance
 */
export const issueReceipts = (options: IssueOptions<CashReceiptIssue>): Effect.Effect<ReadonlyArray<DocumentResult<ReceiptResult>>, IssueError, WorkflowEngine | Journal> =>
  issue(Kinds.receipts, CashbillIssuance, options)

/**
 * Issues any number of e-Tax invoices durably under `executionId` (as `issueReceipts`).
 *
 * @since 0.1.0
 * @category issuance
 */
export const issueInvoices = (
  options: IssueOptions<TaxinvoiceDraft> & { readonly forceIssue?: boolean | undefined }
): Effect.Effect<ReadonlyArray<DocumentResult<InvoiceResult>>, IssueError, WorkflowEngine | Journal> => issue(Kinds.invoices, TaxinvoiceIssuance, options)

/**
 * The progress of an execution, from any process sharing the journal.
 *
 * @since 0.1.0
 * @category reading
 */
export const progress = (executionId: string): Effect.Effect<Progress, ExecutionNotFound | JournalUnavailable, Journal> =>
  Journal.use((journal) =>
    Effect.flatMap(journal.progress(executionId), Option.match({ onNone: () => Effect.fail(new ExecutionNotFound({ executionId })), onSome: Effect.succeed })))

/**
 * The results of a finished execution of cash receipts, in input order.
 *
 * @since 0.1.0
 * @category reading
 */
export const receiptResults = (executionId: string): Effect.Effect<ReadonlyArray<DocumentResult<ReceiptResult>>, ExecutionNotFound | ExecutionUnfinished | JournalUnavailable, Journal> =>
  resultsOf(Kinds.receipts, executionId)

/**
 * The results of a finished execution of e-Tax invoices, in input order.
 *
 * @since 0.1.0
 * @category reading
 */
export const invoiceResults = (executionId: string): Effect.Effect<ReadonlyArray<DocumentResult<InvoiceResult>>, ExecutionNotFound | ExecutionUnfinished | JournalUnavailable, Journal> =>
  resultsOf(Kinds.invoices, executionId)

/**
 * Forgets the executions that finished more than `olderThan` ago (their results included);
 * answers how many.
 *
 * @since 0.1.0
 * @category cleaning
 */
export const prune = (olderThan: Duration.Input): Effect.Effect<number, JournalUnavailable, Journal> =>
  Journal.use((journal) => journal.prune(Duration.toMillis(Duration.fromInputUnsafe(olderThan))))
