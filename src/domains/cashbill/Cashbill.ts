/**
 * The cash receipt service (docs/service.md "Cash receipts"): issue, revoke, bulk issue with result polling,
 * delete, status and detail queries, portal URLs (the member's menus, one receipt's pages, mass print) and PDF — plus `issueMany`, `awaitBulkResult` and
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
import * as BulkSubmission from "../../core/BulkSubmission.js"
import { type CallError, TaxdocClient } from "../../core/Client.js"
import type { PollTimeoutError, UnknownOutcomeError, ValidationError } from "../../core/Errors.js"
import * as Outcome from "../../core/Outcome.js"
import type * as Polling from "../../core/Polling.js"
import { CorpNum, type GenericResult, MgtKey } from "../../core/Schemas.js"
import * as Telemetry from "../../core/internal/Telemetry.js"
import { validate } from "../../core/Validation.js"
import * as Operations from "./Operations.js"
import * as Rules from "./Rules.js"
import {
  BulkIssueResult,
  type BulkResult,
  type BulkSubmitResponse,
  type CashbillDetail,
  type CashbillInfo,
  type CashReceiptIssue,
  type CashReceiptRevoke,
  type IssueResponse,
  MassPrintList,
  ReceiptListAt,
  TX_STATE_COMPLETED,
  type UrlMenu
} from "./Schemas.js"
import * as Settle from "./Settle.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens").
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE = Operations.SCOPE

/**
 * The submit ID of a bulk body: derived from the exact bytes sent, so a retried submission of the
 * same receipts is recognised by the service as the same submission (docs/decisions.md "Cash receipts": same ID and
 * digest → the original receipt ID) instead of issuing twice. 36 characters, letters, digits and
 * hyphens.
 *
 * @since 0.1.0
 * @category constructors
 */
export const submitIdFor: (body: Uint8Array) => string = BulkSubmission.submitIdFor

// ── the service's interface ─────────────────────────────────────────────────────────────────

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
 * What the Cashbill service offers: the methods of `Cashbill.Cashbill`.
 *
 * @since 1.0.0
 * @category models
 */
export interface CashbillService {
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
  /** GetPopUpURL: the receipt in a pop-up page, valid 30 seconds. */
  readonly getPopUpURL: (corpNum: string, mgtKey: string, userId?: string) => Effect.Effect<string, CashbillError>
  /** GetViewURL: the receipt's page without menus and buttons, valid 30 seconds. */
  readonly getViewURL: (corpNum: string, mgtKey: string, userId?: string) => Effect.Effect<string, CashbillError>
  /** GetPrintURL: the print page of the merchant's and the customer's copies, valid 30 seconds. */
  readonly getPrintURL: (corpNum: string, mgtKey: string, userId?: string) => Effect.Effect<string, CashbillError>
  /** GetEPrintURL: the print page of the customer's copy, valid 30 seconds. */
  readonly getEPrintURL: (corpNum: string, mgtKey: string, userId?: string) => Effect.Effect<string, CashbillError>
  /** GetMailURL: the page behind the notification mail's button; it does not expire. */
  readonly getMailURL: (corpNum: string, mgtKey: string, userId?: string) => Effect.Effect<string, CashbillError>
  /** GetPDFURL: the receipt as a PDF at a URL, valid 30 seconds. */
  readonly getPDFURL: (corpNum: string, mgtKey: string, userId?: string) => Effect.Effect<string, CashbillError>
  /** GetMassPrintURL: one print page of 1 to 100 receipts, valid 30 seconds (more is a `ValidationError`, nothing sent). */
  readonly getMassPrintURL: (corpNum: string, mgtKeys: ReadonlyArray<string>, userId?: string) => Effect.Effect<string, CashbillError>
}

/**
 * The cash receipt service: `yield* Cashbill` in a program given `Taxdoc.layer` (or
 * `Taxdoc.services`, or this module's `layer`).
 *
 * @since 0.1.0
 * @category services
 */
export class Cashbill extends Context.Service<Cashbill, CashbillService>()("taxdoc/Cashbill") {}

// ── bulk issuance ───────────────────────────────────────────────────────────────────────────

/**
 * Cash receipts as core's bulk issuance engine issues them (BulkSubmit and GetBulkResult, 100 per
 * submission): what `issueMany` runs, and what a durable issuance reuses to make the same
 * submissions.
 *
 * @since 1.0.0
 * @category constants
 */
export const bulkKind: BulkSubmission.Kind<CashReceiptIssue, BulkIssueResult> = BulkSubmission.kind({
  operation: "Cashbill.issueMany",
  submit: Operations.BulkSubmit,
  result: Operations.GetBulkResult,
  completed: TX_STATE_COMPLETED,
  size: Rules.BULK_MAX,
  bodyOf: (cashbills: ReadonlyArray<CashReceiptIssue>) => ({ cashbills }),
  keyOfDocument: (receipt: CashReceiptIssue) => receipt.mgtKey,
  keyOfResult: (result: BulkIssueResult) => result.mgtKey,
  // A completed submission that does not mention a receipt: reported, never silently dropped.
  missing: (mgtKey: string) => new BulkIssueResult({ mgtKey, code: -99999999, message: "the bulk result does not mention this receipt" })
})

const Member = Schema.Struct({ corpNum: CorpNum })

const InfosInput = Schema.Struct({ corpNum: CorpNum, mgtKeys: Schema.Array(MgtKey) })

const MassPrintInput = Schema.Struct({ corpNum: CorpNum, mgtKeys: MassPrintList })

// ── the implementation ──────────────────────────────────────────────────────────────────────

/**
 * The service over `TaxdocClient`: every operation through its catalogue declaration.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<CashbillService, never, TaxdocClient> = Effect.gen(function*() {
  const client = yield* TaxdocClient

  // A receipt read back by its document ID, `None` when there is none.
  const detailOf = (corpNum: string, mgtKey: string, userId: string | undefined) =>
    Outcome.found(client.call(Operations.GetDetailInfo, { corpNum, userId, params: { mgtKey } }))

  const issue = Telemetry.fn("Cashbill.issue")(function*(corpNum: string, receipt: CashReceiptIssue, userId?: string) {
    return yield* Outcome.settle({
      policy: client.policy,
      operation: Operations.RegistIssue,
      corpNum,
      documentId: receipt.mgtKey,
      write: client.call(Operations.RegistIssue, { corpNum, userId, body: receipt }),
      read: detailOf(corpNum, receipt.mgtKey, userId),
      judge: Settle.issued(receipt)
    })
  })

  const revoke = Telemetry.fn("Cashbill.revoke")(function*(corpNum: string, revocation: CashReceiptRevoke, userId?: string) {
    return yield* Outcome.settle({
      policy: client.policy,
      operation: Operations.RevokeRegistIssue,
      corpNum,
      documentId: revocation.mgtKey,
      write: client.call(Operations.RevokeRegistIssue, { corpNum, userId, body: revocation }),
      read: detailOf(corpNum, revocation.mgtKey, userId),
      judge: Settle.revoked(revocation)
    })
  })

  const getBulkResult = (corpNum: string, submitId: string, userId?: string) =>
    client.call(Operations.GetBulkResult, { corpNum, userId, params: { submitID: submitId } })

  const awaitBulkResult = Telemetry.fn("Cashbill.awaitBulkResult")(function*(corpNum: string, submitId: string, options: AwaitOptions = {}) {
    // The kind's result operation is GetBulkResult: the states it reads are `BulkResult`s.
    const state = yield* BulkSubmission.awaitResult(client, bulkKind, { corpNum, userId: options.userId }, submitId, {
      ...options,
      operation: "Cashbill.awaitBulkResult",
      onProgress: options.onProgress as ((progress: Polling.PollProgress<BulkSubmission.BulkState<BulkIssueResult>>) => Effect.Effect<void>) | undefined
    })
    return state as BulkResult
  })

  const issueMany = Telemetry.fn("Cashbill.issueMany")(function*(corpNum: string, receipts: ReadonlyArray<CashReceiptIssue>, options: IssueManyOptions = {}) {
    yield* validate("Cashbill.issueMany", Member, { corpNum })
    if (receipts.length === 0) return []
    // Validate everything first: one bad receipt anywhere means nothing is sent.
    const now = yield* Clock.currentTimeMillis
    const valid = yield* validate("Cashbill.issueMany", ReceiptListAt(now), { cashbills: receipts })
    return yield* Bulk.issueMany(client, bulkKind, { corpNum, userId: options.userId }, valid.cashbills, options)
  })

  const deleteReceipt = Telemetry.fn("Cashbill.delete")(function*(corpNum: string, mgtKey: string, userId?: string) {
    return yield* Outcome.settle({
      policy: client.policy,
      operation: Operations.Delete,
      corpNum,
      documentId: mgtKey,
      write: client.call(Operations.Delete, { corpNum, userId, params: { mgtKey } }),
      read: detailOf(corpNum, mgtKey, userId),
      judge: Settle.deleted
    })
  })

  const getInfos = Telemetry.fn("Cashbill.getInfos")(function*(corpNum: string, mgtKeys: ReadonlyArray<string>, userId?: string) {
    const input = yield* validate("Cashbill.getInfos", InfosInput, { corpNum, mgtKeys })
    const answers = yield* Bulk.inChunks(input.mgtKeys, Rules.INFOS_MAX, (chunk) => client.call(Operations.GetInfos, { corpNum, userId, body: chunk }))
    // Unknown document IDs are left out; the others answer in the order asked.
    return Bulk.inInputOrder(input.mgtKeys, answers, (info) => info.mgtKey, () => undefined)
  })

  const getURL = Telemetry.fn("Cashbill.getURL")(function*(corpNum: string, menu: UrlMenu, userId?: string) {
    const result = yield* client.call(Operations.GetURL, { corpNum, userId, params: { TG: menu } })
    return result.url
  })

  const url = (kind: Rules.UrlKind) =>
    Telemetry.fn(Operations.urlOperations[kind].sdk)(function*(corpNum: string, mgtKey: string, userId?: string) {
      const result = yield* client.call(Operations.urlOperations[kind], { corpNum, userId, params: { mgtKey } })
      return result.url
    })

  const getMassPrintURL = Telemetry.fn("Cashbill.getMassPrintURL")(function*(corpNum: string, mgtKeys: ReadonlyArray<string>, userId?: string) {
    // Validated here so that a list over 100 is reported at `mgtKeys`, before anything is sent.
    yield* validate("Cashbill.getMassPrintURL", MassPrintInput, { corpNum, mgtKeys })
    const result = yield* client.call(Operations.GetMassPrintURL, { corpNum, userId, body: mgtKeys })
    return result.url
  })

  return {
    issue,
    revoke,
    bulkSubmit: (corpNum, submitId, receipts, userId) =>
      client.call(Operations.BulkSubmit, { corpNum, userId, params: { submitID: submitId }, body: { cashbills: receipts } }),
    getBulkResult,
    awaitBulkResult,
    issueMany,
    delete: deleteReceipt,
    getInfo: (corpNum, mgtKey, userId) => client.call(Operations.GetInfo, { corpNum, userId, params: { mgtKey } }),
    getInfos,
    getDetailInfo: (corpNum, mgtKey, userId) => client.call(Operations.GetDetailInfo, { corpNum, userId, params: { mgtKey } }),
    getURL,
    getPDF: (corpNum, mgtKey, userId) => client.call(Operations.GetPDF, { corpNum, userId, params: { mgtKey } }),
    getPopUpURL: url("POPUP"),
    getViewURL: url("VIEW"),
    getPrintURL: url("PRINT"),
    getEPrintURL: url("EPRINT"),
    getMailURL: url("MAIL"),
    getPDFURL: url("PDF"),
    getMassPrintURL
  }
})

/**
 * The cash receipt service alone, over the `TaxdocClient` in the context (`Taxdoc.services`
 * builds every service at once).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Cashbill, never, TaxdocClient> = Layer.effect(Cashbill, make)
