/**
 * The cash receipt service (SPEC.md "Cash receipt"): issue, revoke, bulk issue with result polling,
 * delete, status and detail queries, portal URLs and PDF — plus `issueMany`, `awaitBulkResult` and
 * `getInfos` for any number of document IDs. Inputs are validated before anything is sent.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Bulk from "../../core/Bulk.js"
import { type CallError, TaxdocClient } from "../../core/Client.js"
import type { PollTimeoutError, UnknownOutcomeError, ValidationError } from "../../core/Errors.js"
import * as Outcome from "../../core/Outcome.js"
import * as Polling from "../../core/Polling.js"
import { CorpNum, type GenericResult, MgtKey } from "../../core/Schemas.js"
import { validate } from "../../core/Validation.js"
import * as Trace from "../../core/Trace.js"
import * as Operations from "./Operations.js"
import * as Settle from "./Settle.js"
import * as Rules from "./Rules.js"
import {
  type BulkIssueResult,
  type BulkResult,
  type BulkSubmitResponse,
  type CashbillDetail,
  type CashbillInfo,
  type CashReceiptIssue,
  type CashReceiptRevoke,
  type IssueResponse,
  ReceiptListAt,
  TX_STATE_COMPLETED,
  type UrlMenu
} from "./Schemas.js"

/**
 * The token scope of these operations (DESIGN.md §6), as declared in the catalogue.
 *
 * @since 0.1.0
 * @category constants
 */
export { SCOPE } from "./Operations.js"

/**
 * Failures of cash receipt operations.
 *
 * @since 0.1.0
 * @category errors
 */
export type CashbillError = ValidationError | CallError | UnknownOutcomeError

/**
 * Progress of `issueMany`, reported after each submission and each poll.
 *
 * @since 0.1.0
 * @category models
 */
export type IssueManyProgress = Bulk.Progress

/**
 * Options of `issueMany`.
 *
 * @since 0.1.0
 * @category models
 */
export interface IssueManyOptions extends Polling.PollOptions {
  /** Called after each submission, each poll and each completed result. */
  readonly onProgress?: ((progress: IssueManyProgress) => Effect.Effect<void>) | undefined
  /** Submissions awaited at once (default 4). */
  readonly concurrency?: number | undefined
  readonly userId?: string | undefined
}

/**
 * Options of `awaitBulkResult`.
 *
 * @since 0.1.0
 * @category models
 */
export interface AwaitOptions extends Polling.PollOptions {
  readonly onProgress?: ((progress: Polling.PollProgress<BulkResult>) => Effect.Effect<void>) | undefined
  readonly userId?: string | undefined
}

/**
 * The submit ID of a bulk body: derived from the exact bytes sent, so a retried submission of the
 * same receipts is recognised by the service as the same submission (DESIGN.md §6: same ID and
 * digest → the original receipt ID) instead of issuing twice. 36 characters, letters, digits and
 * hyphens.
 *
 * @since 0.1.0
 * @category constructors
 */
export const submitIdFor: (body: Uint8Array) => string = Bulk.submitIdFor

/**
 * @since 0.1.0
 * @category services
 */
export class Cashbill extends Context.Tag("taxdoc/Cashbill")<Cashbill, {
  /** RegistIssue: issues an approval receipt. */
  readonly issue: (corpNum: string, receipt: CashReceiptIssue, userId?: string) => Effect.Effect<IssueResponse, CashbillError>
  /** RevokeRegistIssue: issues a revocation receipt of an original (full or partial). */
  readonly revoke: (corpNum: string, revocation: CashReceiptRevoke, userId?: string) => Effect.Effect<IssueResponse, CashbillError>
  /** BulkSubmit: submits 1 to 100 receipts under `submitId` (see `issueMany` for any number). */
  readonly bulkSubmit: (corpNum: string, submitId: string, receipts: ReadonlyArray<CashReceiptIssue>, userId?: string) => Effect.Effect<BulkSubmitResponse, CashbillError>
  /** GetBulkResult: the state of a bulk submission. */
  readonly getBulkResult: (corpNum: string, submitId: string, userId?: string) => Effect.Effect<BulkResult, CashbillError>
  /** Polls GetBulkResult until txState is 2 (completed) or the deadline passes. */
  readonly awaitBulkResult: (corpNum: string, submitId: string, options?: AwaitOptions) => Effect.Effect<BulkResult, CashbillError | PollTimeoutError>
  /**
   * Validates every receipt, submits them in bulk submissions of at most 100, awaits each result
   * and answers one result per receipt, in input order.
   */
  readonly issueMany: (
    corpNum: string,
    receipts: ReadonlyArray<CashReceiptIssue>,
    options?: IssueManyOptions
  ) => Effect.Effect<ReadonlyArray<BulkIssueResult>, CashbillError | PollTimeoutError | Bulk.BulkIncompleteError>
  /** Delete: only a receipt whose filing failed (305); its document ID can then be reused. */
  readonly delete: (corpNum: string, mgtKey: string, userId?: string) => Effect.Effect<GenericResult, CashbillError>
  readonly getInfo: (corpNum: string, mgtKey: string, userId?: string) => Effect.Effect<CashbillInfo, CashbillError>
  /** GetInfos for any number of document IDs (requests of 1,000), answered in input order. */
  readonly getInfos: (corpNum: string, mgtKeys: ReadonlyArray<string>, userId?: string) => Effect.Effect<ReadonlyArray<CashbillInfo>, CashbillError>
  readonly getDetailInfo: (corpNum: string, mgtKey: string, userId?: string) => Effect.Effect<CashbillDetail, CashbillError>
  /** GetURL: a web-portal URL (PBOX issued receipt box, WRITE create receipt), valid 30 seconds. */
  readonly getURL: (corpNum: string, menu: UrlMenu, userId?: string) => Effect.Effect<string, CashbillError>
  /** GetPDF: the receipt as a PDF document. */
  readonly getPDF: (corpNum: string, mgtKey: string, userId?: string) => Effect.Effect<Uint8Array, CashbillError>
}>() {}

/**
 * The cash receipt service over `TaxdocClient`: every operation through the catalogue declaration
 * of `Operations.ts`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.gen(function*() {
  const client = yield* TaxdocClient

  // A receipt read back by its document ID, `None` when there is none.
  const detailOf = (corpNum: string, mgtKey: string, userId: string | undefined) =>
    Outcome.found(client.call(Operations.GetDetailInfo, { corpNum, userId, params: { mgtKey } }))

  const issue = Trace.fn("Cashbill.issue", (corpNum: string, receipt: CashReceiptIssue, userId?: string) =>
    Outcome.settle({
      operation: "Cashbill.issue",
      documentId: receipt.mgtKey,
      write: client.call(Operations.RegistIssue, { corpNum, userId, body: receipt }),
      read: detailOf(corpNum, receipt.mgtKey, userId),
      judge: Settle.issued(receipt)
    }))

  const revoke = Trace.fn("Cashbill.revoke", (corpNum: string, revocation: CashReceiptRevoke, userId?: string) =>
    Outcome.settle({
      operation: "Cashbill.revoke",
      documentId: revocation.mgtKey,
      write: client.call(Operations.RevokeRegistIssue, { corpNum, userId, body: revocation }),
      read: detailOf(corpNum, revocation.mgtKey, userId),
      judge: Settle.revoked(revocation)
    }))

  const bulkSubmit = (corpNum: string, submitId: string, receipts: ReadonlyArray<CashReceiptIssue>, userId?: string) =>
    client.call(Operations.BulkSubmit, { corpNum, userId, params: { submitID: submitId }, body: { cashbills: receipts } })

  const getBulkResult = (corpNum: string, submitId: string, userId?: string) =>
    client.call(Operations.GetBulkResult, { corpNum, userId, params: { submitID: submitId } })

  const awaitBulkResult = (corpNum: string, submitId: string, options: AwaitOptions = {}) =>
    Polling.until({
      operation: "Cashbill.awaitBulkResult",
      id: submitId,
      poll: getBulkResult(corpNum, submitId, options.userId),
      isDone: (result) => result.txState === TX_STATE_COMPLETED,
      describe: (result) => `txState ${result.txState}`,
      onProgress: options.onProgress
    }, options).pipe(Effect.withSpan("Cashbill.awaitBulkResult", { attributes: { corpNum, submitId } }))

  const issueMany = Trace.fn("Cashbill.issueMany", Effect.fnUntraced(function*(corpNum: string, receipts: ReadonlyArray<CashReceiptIssue>, options: IssueManyOptions = {}) {
    yield* validate("Cashbill.issueMany", Member, { corpNum })
    if (receipts.length === 0) return []
    // Validate everything first: one bad receipt anywhere means nothing is sent.
    const now = yield* Clock.currentTimeMillis
    yield* validate("Cashbill.issueMany", ReceiptListAt(now), { cashbills: receipts })
    return yield* Bulk.issueInChunks({
      items: receipts,
      size: Rules.BULK_MAX,
      concurrency: options.concurrency,
      onProgress: options.onProgress,
      run: (chunk, tracker) =>
        Effect.gen(function*() {
          const submitID = yield* Bulk.submit(client, Operations.BulkSubmit, { cashbills: chunk }, { corpNum, userId: options.userId })
          yield* tracker.submitted(submitID)
          const result = yield* awaitBulkResult(corpNum, submitID, {
            ...Polling.pollOptionsOf(options),
            userId: options.userId,
            onProgress: () => tracker.polled
          })
          return result.issueResult ?? []
        }),
      keyOfItem: (receipt) => receipt.mgtKey,
      keyOfResult: (result) => result.mgtKey,
      succeeded: (result) => result.code === 1,
      missing: missingResult,
      mayHaveSubmitted: Outcome.isUnknown,
      operation: "Cashbill.issueMany"
    })
  }))

  const deleteReceipt = Trace.fn("Cashbill.delete", (corpNum: string, mgtKey: string, userId?: string) =>
    Outcome.settle({
      operation: "Cashbill.delete",
      documentId: mgtKey,
      write: client.call(Operations.Delete, { corpNum, userId, params: { mgtKey } }),
      read: detailOf(corpNum, mgtKey, userId),
      judge: Settle.deleted
    }))

  const getInfo = (corpNum: string, mgtKey: string, userId?: string) =>
    client.call(Operations.GetInfo, { corpNum, userId, params: { mgtKey } })

  const getInfos = Trace.fn("Cashbill.getInfos", Effect.fnUntraced(function*(corpNum: string, mgtKeys: ReadonlyArray<string>, userId?: string) {
    const input = yield* validate("Cashbill.getInfos", InfosInput, { corpNum, mgtKeys })
    const answers = yield* Bulk.inChunks(input.mgtKeys, Rules.INFOS_MAX, (chunk) =>
      client.call(Operations.GetInfos, { corpNum, userId, body: chunk }))
    // Unknown document IDs are left out; the others answer in the order asked.
    return Bulk.inInputOrder(input.mgtKeys, answers, (info) => info.mgtKey, () => undefined)
  }))

  const getDetailInfo = (corpNum: string, mgtKey: string, userId?: string) =>
    client.call(Operations.GetDetailInfo, { corpNum, userId, params: { mgtKey } })

  const getURL = Trace.fn("Cashbill.getURL", (corpNum: string, menu: UrlMenu, userId?: string) =>
    Effect.map(client.call(Operations.GetURL, { corpNum, userId, params: { TG: menu } }), (result) => result.url))

  const getPDF = (corpNum: string, mgtKey: string, userId?: string) =>
    client.call(Operations.GetPDF, { corpNum, userId, params: { mgtKey } })

  return Cashbill.of({
    issue,
    revoke,
    bulkSubmit,
    getBulkResult,
    awaitBulkResult,
    issueMany,
    delete: deleteReceipt,
    getInfo,
    getInfos,
    getDetailInfo,
    getURL,
    getPDF
  })
})

const Member = Schema.Struct({ corpNum: CorpNum })

// A completed submission that does not mention a receipt: reported, never silently dropped.
const missingResult = (mgtKey: string): BulkIssueResult =>
  ({ mgtKey, code: -99999999, message: "the bulk result does not mention this receipt" }) as BulkIssueResult

const InfosInput = Schema.Struct({ corpNum: CorpNum, mgtKeys: Schema.Array(MgtKey) })

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Cashbill, never, TaxdocClient> = Layer.effect(Cashbill, make)
