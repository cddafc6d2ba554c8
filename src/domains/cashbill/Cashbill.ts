/**
 * The cash receipt service (docs/service.md "Cash receipts"): issue, revoke, bulk issue with result polling,
 * delete, status and detail queries, portal URLs and PDF — plus `issueMany`, `awaitBulkResult` and
 * `getInfos` for any number of document IDs. Inputs are validated before anything is sent.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Bulk from "../../core/Bulk.js"
import { type CallError, TaxdocClient } from "../../core/Client.js"
import type { PollTimeoutError, UnknownOutcomeError, ValidationError } from "../../core/Errors.js"
import * as Polling from "../../core/Polling.js"
import type { GenericResult } from "../../core/Schemas.js"
import * as Lazy from "../../core/Lazy.js"
import type { BulkIssueResult, BulkResult, BulkSubmitResponse, CashbillDetail, CashbillInfo, CashReceiptIssue, CashReceiptRevoke, IssueResponse, UrlMenu } from "./Schemas.js"
import type * as Operations from "./Operations.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens"), as declared in the catalogue (the type checks it).
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE: typeof Operations.SCOPE = "140"

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
 * same receipts is recognised by the service as the same submission (docs/decisions.md "Cash receipts": same ID and
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

// Every method of the service, for the lazily loaded implementation (the type lists them all).
const METHODS: { readonly [K in keyof Context.Tag.Service<Cashbill>]: true } = {
  issue: true,
  revoke: true,
  bulkSubmit: true,
  getBulkResult: true,
  awaitBulkResult: true,
  issueMany: true,
  delete: true,
  getInfo: true,
  getInfos: true,
  getDetailInfo: true,
  getURL: true,
  getPDF: true
}

// The implementation and the schemas and declarations it uses are loaded on the first call.
const live = Lazy.module<typeof import("./internal/CashbillLive.js")>(import.meta.url, "./internal/CashbillLive.js", () => import("./internal/CashbillLive.js"))

/**
 * The service over `TaxdocClient`: every operation through its catalogue declaration. Its
 * implementation (and the domain's schemas) is loaded on the first call of one of its methods.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<Context.Tag.Service<Cashbill>, never, TaxdocClient> = Effect.map(TaxdocClient, (client) =>
  Cashbill.of(Lazy.service(METHODS, Lazy.instance(live, (m) => m.make(client)))))

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Cashbill, never, TaxdocClient> = Layer.effect(Cashbill, make)
