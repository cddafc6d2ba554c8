/**
 * What the Cashbill service offers: its methods, their options and their failures. `Cashbill.ts`
 * gives the service its tag and layer and re-exports these; `internal/CashbillLive.ts` implements
 * them.
 *
 * @since 0.1.0
 */
import type * as Effect from "effect/Effect"
import type * as Bulk from "../../core/Bulk.js"
import type { CallError } from "../../core/Client.js"
import type { PollTimeoutError, UnknownOutcomeError, ValidationError } from "../../core/Errors.js"
import type * as Polling from "../../core/Polling.js"
import type { GenericResult } from "../../core/Schemas.js"
import type { BulkIssueResult, BulkResult, BulkSubmitResponse, CashbillDetail, CashbillInfo, CashReceiptIssue, CashReceiptRevoke, IssueResponse, UrlMenu } from "./Schemas.js"

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
 * @since 0.1.0
 * @category models
 */
export interface Service {
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
}
