/**
 * The cash receipt service (SPEC.md "Cash receipt"): issue, revoke, bulk issue with result polling,
 * delete, status and detail queries, portal URLs and PDF — plus `issueMany`, `awaitBulkResult` and
 * `getInfos` for any number of document IDs. Inputs are validated before anything is sent.
 *
 * @since 0.1.0
 */
import { Chunk, Clock, Context, Effect, Layer, Schema } from "effect"
import { createHash } from "node:crypto"
import * as Body from "../../core/Body.js"
import { type CallError, TaxdocClient } from "../../core/Client.js"
import type { PollTimeoutError, ValidationError } from "../../core/Errors.js"
import * as Polling from "../../core/Polling.js"
import { CorpNum, GenericResult, MgtKey, UrlResult } from "../../core/Schemas.js"
import * as Signing from "../../core/Signing.js"
import { validate } from "../../core/Validation.js"
import * as Rules from "./Rules.js"
import {
  BulkIssueBodyAt,
  type BulkIssueResult,
  BulkResult,
  BulkSubmitResponse,
  CashbillDetail,
  CashbillInfo,
  type CashReceiptIssue,
  CashReceiptIssueAt,
  type CashReceiptRevoke,
  CashReceiptRevokeAt,
  IssueResponse,
  MgtKeyList,
  ReceiptListAt,
  SubmitId,
  TX_STATE_COMPLETED,
  UrlMenu
} from "./Schemas.js"

/**
 * The scope of cash receipt operations (DESIGN.md §6).
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE = "140"

/**
 * Failures of cash receipt operations.
 *
 * @since 0.1.0
 * @category errors
 */
export type CashbillError = ValidationError | CallError

/**
 * Progress of `issueMany`, reported after each submission and each poll.
 *
 * @since 0.1.0
 * @category models
 */
export interface IssueManyProgress {
  readonly total: number
  readonly submissions: number
  readonly submitted: number
  /** Receipts whose result is known (their submission completed). */
  readonly completed: number
  readonly succeeded: number
  readonly failed: number
  /** Bulk result polls made so far (all submissions together). */
  readonly polls: number
}

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
export const submitIdFor = (body: Uint8Array): string =>
  `TD-${createHash("sha256").update(body).digest("hex").slice(0, 33)}`

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
  readonly issueMany: (corpNum: string, receipts: ReadonlyArray<CashReceiptIssue>, options?: IssueManyOptions) => Effect.Effect<ReadonlyArray<BulkIssueResult>, CashbillError | PollTimeoutError>
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

const Member = Schema.Struct({ corpNum: CorpNum })
const MemberAndKey = Schema.Struct({ corpNum: CorpNum, mgtKey: MgtKey })

/**
 * The cash receipt service over `TaxdocClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.gen(function*() {
  const client = yield* TaxdocClient
  const auth = (corpNum: string, userId?: string) => ({ corpNum, scopes: [SCOPE], userId })

  const issue = Effect.fn("Cashbill.issue")(function*(corpNum: string, receipt: CashReceiptIssue, userId?: string) {
    yield* validate("Cashbill.issue", Member, { corpNum })
    const now = yield* Clock.currentTimeMillis
    const body = yield* validate("Cashbill.issue", CashReceiptIssueAt(now), receipt)
    return yield* client.execute({
      operation: "Cashbill.issue",
      method: "POST",
      path: "/Cashbill",
      override: "ISSUE",
      body: Body.json(body),
      auth: auth(corpNum, userId),
      response: IssueResponse
    })
  })

  const revoke = Effect.fn("Cashbill.revoke")(function*(corpNum: string, revocation: CashReceiptRevoke, userId?: string) {
    yield* validate("Cashbill.revoke", Member, { corpNum })
    const now = yield* Clock.currentTimeMillis
    const body = yield* validate("Cashbill.revoke", CashReceiptRevokeAt(now), revocation)
    return yield* client.execute({
      operation: "Cashbill.revoke",
      method: "POST",
      path: "/Cashbill",
      override: "REVOKEISSUE",
      body: Body.json(body),
      auth: auth(corpNum, userId),
      response: IssueResponse
    })
  })

  // Sends an already validated bulk body; the digest is over the exact bytes sent.
  const submitEncoded = (corpNum: string, submitId: string, body: Body.Body, userId: string | undefined) =>
    client.execute({
      operation: "Cashbill.bulkSubmit",
      method: "POST",
      path: "/Cashbill",
      override: "BULKISSUE",
      headers: { "x-svc-submit-id": submitId, "x-svc-message-digest": Signing.messageDigest(body.bytes) },
      body,
      auth: auth(corpNum, userId),
      response: BulkSubmitResponse
    })

  const bulkSubmit = Effect.fn("Cashbill.bulkSubmit")(function*(corpNum: string, submitId: string, receipts: ReadonlyArray<CashReceiptIssue>, userId?: string) {
    const input = yield* validate("Cashbill.bulkSubmit", Schema.Struct({ corpNum: CorpNum, submitId: SubmitId }), { corpNum, submitId })
    const now = yield* Clock.currentTimeMillis
    const body = yield* validate("Cashbill.bulkSubmit", BulkIssueBodyAt(now), { cashbills: receipts })
    return yield* submitEncoded(input.corpNum, input.submitId, Body.json(body), userId)
  })

  const getBulkResult = Effect.fn("Cashbill.getBulkResult")(function*(corpNum: string, submitId: string, userId?: string) {
    const input = yield* validate("Cashbill.getBulkResult", Schema.Struct({ corpNum: CorpNum, submitId: SubmitId }), { corpNum, submitId })
    return yield* client.execute({
      operation: "Cashbill.getBulkResult",
      method: "GET",
      path: `/Cashbill/BULK/${input.submitId}/State`,
      auth: auth(input.corpNum, userId),
      response: BulkResult
    })
  })

  const awaitBulkResult = (corpNum: string, submitId: string, options: AwaitOptions = {}) =>
    Polling.until({
      operation: "Cashbill.awaitBulkResult",
      id: submitId,
      poll: getBulkResult(corpNum, submitId, options.userId),
      isDone: (result) => result.txState === TX_STATE_COMPLETED,
      describe: (result) => `txState ${result.txState}`,
      onProgress: options.onProgress
    }, options).pipe(Effect.withSpan("Cashbill.awaitBulkResult", { attributes: { corpNum, submitId } }))

  const issueMany = Effect.fn("Cashbill.issueMany")(function*(corpNum: string, receipts: ReadonlyArray<CashReceiptIssue>, options: IssueManyOptions = {}) {
    yield* validate("Cashbill.issueMany", Member, { corpNum })
    if (receipts.length === 0) return []
    const now = yield* Clock.currentTimeMillis
    // Validate everything first: one bad receipt anywhere means nothing is sent.
    const chunks = Chunk.toReadonlyArray(Chunk.chunksOf(Chunk.fromIterable(receipts), Rules.BULK_MAX)).map(Chunk.toReadonlyArray)
    yield* validate("Cashbill.issueMany", ReceiptListAt(now), { cashbills: receipts })
    const bodies = chunks.map((chunk) => Body.json({ cashbills: chunk }))

    const progress = { total: receipts.length, submissions: chunks.length, submitted: 0, completed: 0, succeeded: 0, failed: 0, polls: 0 }
    const report = options.onProgress === undefined ? Effect.void : Effect.suspend(() => options.onProgress!({ ...progress }))

    const results = yield* Effect.forEach(bodies, (body, i) =>
      Effect.gen(function*() {
        const submitId = submitIdFor(body.bytes)
        yield* submitEncoded(corpNum, submitId, body, options.userId)
        progress.submitted += chunks[i]!.length
        yield* report
        const result = yield* awaitBulkResult(corpNum, submitId, {
          interval: options.interval,
          factor: options.factor,
          maxInterval: options.maxInterval,
          deadline: options.deadline,
          userId: options.userId,
          onProgress: () => {
            progress.polls++
            return report
          }
        })
        const issued = result.issueResult ?? []
        progress.completed += chunks[i]!.length
        const ok = issued.filter((r) => r.code === 1).length
        progress.succeeded += ok
        progress.failed += chunks[i]!.length - ok
        yield* report
        return issued
      }), { concurrency: options.concurrency ?? 4 })

    // Re-assemble in input order (document IDs are unique across the whole call).
    const byKey = new Map<string, BulkIssueResult>()
    for (const r of results.flat()) if (r.mgtKey !== undefined) byKey.set(r.mgtKey, r)
    return receipts.map((receipt) =>
      byKey.get(receipt.mgtKey) ?? missingResult(receipt.mgtKey)
    )
  })

  const deleteReceipt = Effect.fn("Cashbill.delete")(function*(corpNum: string, mgtKey: string, userId?: string) {
    const input = yield* validate("Cashbill.delete", MemberAndKey, { corpNum, mgtKey })
    return yield* client.execute({
      operation: "Cashbill.delete",
      method: "POST",
      path: `/Cashbill/${input.mgtKey}`,
      override: "DELETE",
      auth: auth(input.corpNum, userId),
      response: GenericResult
    })
  })

  const getInfo = Effect.fn("Cashbill.getInfo")(function*(corpNum: string, mgtKey: string, userId?: string) {
    const input = yield* validate("Cashbill.getInfo", MemberAndKey, { corpNum, mgtKey })
    return yield* client.execute({
      operation: "Cashbill.getInfo",
      method: "GET",
      path: `/Cashbill/${input.mgtKey}`,
      auth: auth(input.corpNum, userId),
      response: CashbillInfo
    })
  })

  const getInfos = Effect.fn("Cashbill.getInfos")(function*(corpNum: string, mgtKeys: ReadonlyArray<string>, userId?: string) {
    const input = yield* validate("Cashbill.getInfos", Schema.Struct({ corpNum: CorpNum, mgtKeys: Schema.Array(MgtKey) }), { corpNum, mgtKeys })
    if (input.mgtKeys.length === 0) return []
    const chunks = Chunk.toReadonlyArray(Chunk.chunksOf(Chunk.fromIterable(input.mgtKeys), Rules.INFOS_MAX)).map(Chunk.toReadonlyArray)
    const answers = yield* Effect.forEach(chunks, (chunk) =>
      client.execute({
        operation: "Cashbill.getInfos",
        method: "POST",
        path: "/Cashbill/States",
        body: Body.json(Schema.encodeSync(MgtKeyList)(chunk)),
        auth: auth(input.corpNum, userId),
        response: Schema.Array(CashbillInfo)
      }), { concurrency: 4 })
    const byKey = new Map(answers.flat().map((info) => [info.mgtKey, info]))
    return input.mgtKeys.flatMap((key) => {
      const info = byKey.get(key)
      return info === undefined ? [] : [info]
    })
  })

  const getDetailInfo = Effect.fn("Cashbill.getDetailInfo")(function*(corpNum: string, mgtKey: string, userId?: string) {
    const input = yield* validate("Cashbill.getDetailInfo", MemberAndKey, { corpNum, mgtKey })
    return yield* client.execute({
      operation: "Cashbill.getDetailInfo",
      method: "GET",
      path: `/Cashbill/${input.mgtKey}`,
      query: { Detail: "" },
      auth: auth(input.corpNum, userId),
      response: CashbillDetail
    })
  })

  const getURL = Effect.fn("Cashbill.getURL")(function*(corpNum: string, menu: UrlMenu, userId?: string) {
    const input = yield* validate("Cashbill.getURL", Schema.Struct({ corpNum: CorpNum, TG: UrlMenu }), { corpNum, TG: menu })
    const result = yield* client.execute({
      operation: "Cashbill.getURL",
      method: "GET",
      path: "/Cashbill",
      query: { TG: input.TG },
      auth: auth(input.corpNum, userId),
      response: UrlResult
    })
    return result.url
  })

  const getPDF = Effect.fn("Cashbill.getPDF")(function*(corpNum: string, mgtKey: string, userId?: string) {
    const input = yield* validate("Cashbill.getPDF", MemberAndKey, { corpNum, mgtKey })
    return yield* client.executePdf({
      operation: "Cashbill.getPDF",
      method: "GET",
      path: `/Cashbill/${input.mgtKey}`,
      query: { PDF: "" },
      auth: auth(input.corpNum, userId)
    })
  })

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

// A completed submission that does not mention a receipt: reported, never silently dropped.
const missingResult = (mgtKey: string): BulkIssueResult =>
  ({ mgtKey, code: -99999999, message: "the bulk result does not mention this receipt" }) as BulkIssueResult

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Cashbill, never, TaxdocClient> = Layer.effect(Cashbill, make)
