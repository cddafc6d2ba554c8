/**
 * What the Taxinvoice service offers: its methods, their options and their failures.
 * `Taxinvoice.ts` gives the service its tag and layer and re-exports these;
 * `internal/TaxinvoiceLive.ts` implements them.
 *
 * @since 0.1.0
 */
import type * as Effect from "effect/Effect"
import type * as Bulk from "../../core/Bulk.js"
import type { CallError } from "../../core/Client.js"
import type { PollTimeoutError, UnknownOutcomeError, ValidationError } from "../../core/Errors.js"
import type * as Polling from "../../core/Polling.js"
import type { GenericResult } from "../../core/Schemas.js"
import type * as Rules from "./Rules.js"
import type { AttachedFile, BulkIssueResult, BulkResult, BulkSubmitResponse, IssueBody, IssueResponse, TaxinvoiceDetail, TaxinvoiceDraft, TaxinvoiceInfo } from "./Schemas.js"

/**
 * Failures of e-Tax invoice operations.
 *
 * @since 0.1.0
 * @category errors
 */
export type TaxinvoiceError = ValidationError | CallError | UnknownOutcomeError

/**
 * A file to attach: bytes with a file name, or a path read when the call runs. `displayName` is
 * the name shown (the file name when absent).
 *
 * @since 0.1.0
 * @category models
 */
export type FileSource =
  | { readonly bytes: Uint8Array; readonly fileName: string; readonly displayName?: string | undefined }
  | { readonly path: string; readonly displayName?: string | undefined }

/**
 * The URL operations of one invoice: popup, view (no menus), print, buyer print, the notification
 * mail's confirmation page (no expiry) and PDF.
 *
 * @since 0.1.0
 * @category models
 */
export type UrlKind = "POPUP" | "VIEW" | "PRINT" | "EPRINT" | "MAIL" | "PDF"

/**
 * Options of `issueMany`.
 *
 * @since 0.1.0
 * @category models
 */
export interface IssueManyOptions extends Polling.PollOptions {
  /** Issue overdue invoices too (late issue), for every submission. */
  readonly forceIssue?: boolean | undefined
  /** Called after each submission, each poll and each completed result. */
  readonly onProgress?: ((progress: Bulk.Progress) => Effect.Effect<void>) | undefined
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

type Type = Rules.MgtKeyType

/**
 * What the Taxinvoice service offers: the methods of `Taxinvoice.Taxinvoice`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  /** Register: saves a draft (state 100). */
  readonly register: (corpNum: string, draft: TaxinvoiceDraft, userId?: string) => Effect.Effect<GenericResult, TaxinvoiceError>
  /** AttachFile: attaches a file (bytes or a path) while the invoice is saved; at most 5. */
  readonly attachFile: (corpNum: string, mgtKeyType: Type, mgtKey: string, file: FileSource, userId?: string) => Effect.Effect<GenericResult, TaxinvoiceError>
  /** Issue: issues a saved invoice; `forceIssue` allows an overdue one. Answers the confirmation number. */
  readonly issue: (corpNum: string, mgtKeyType: Type, mgtKey: string, options?: IssueBody, userId?: string) => Effect.Effect<IssueResponse, TaxinvoiceError>
  readonly getFiles: (corpNum: string, mgtKeyType: Type, mgtKey: string, userId?: string) => Effect.Effect<ReadonlyArray<AttachedFile>, TaxinvoiceError>
  /** DeleteFile: by the `attachedFile` ID of a file record, while the invoice is saved. */
  readonly deleteFile: (corpNum: string, mgtKeyType: Type, mgtKey: string, fileId: string, userId?: string) => Effect.Effect<GenericResult, TaxinvoiceError>
  readonly getInfo: (corpNum: string, mgtKeyType: Type, mgtKey: string, userId?: string) => Effect.Effect<TaxinvoiceInfo, TaxinvoiceError>
  /** GetInfos for any number of document IDs (requests of 1,000), answered in input order; unknown IDs left out. */
  readonly getInfos: (corpNum: string, mgtKeyType: Type, mgtKeys: ReadonlyArray<string>, userId?: string) => Effect.Effect<ReadonlyArray<TaxinvoiceInfo>, TaxinvoiceError>
  readonly getDetailInfo: (corpNum: string, mgtKeyType: Type, mgtKey: string, userId?: string) => Effect.Effect<TaxinvoiceDetail, TaxinvoiceError>
  /** One of the URL operations (POPUP, VIEW, PRINT, EPRINT, MAIL, PDF). */
  readonly getURL: (corpNum: string, mgtKeyType: Type, mgtKey: string, kind: UrlKind, userId?: string) => Effect.Effect<string, TaxinvoiceError>
  /** GetMassPrintURL: one print page for up to 100 invoices (more is a `ValidationError`). */
  readonly getMassPrintURL: (corpNum: string, mgtKeyType: Type, mgtKeys: ReadonlyArray<string>, userId?: string) => Effect.Effect<string, TaxinvoiceError>
  /** SendEmail: the notification mail again, to one address. */
  readonly sendEmail: (corpNum: string, mgtKeyType: Type, mgtKey: string, receiver: string, userId?: string) => Effect.Effect<GenericResult, TaxinvoiceError>
  /** AssignMgtKey: gives the portal-issued invoice `itemKey` the document ID `mgtKey`. */
  readonly assignMgtKey: (corpNum: string, itemKey: string, mgtKeyType: Type, mgtKey: string, userId?: string) => Effect.Effect<GenericResult, TaxinvoiceError>
  /** BulkIssue: submits 1 to 100 drafts under `submitId` (see `issueMany` for any number). */
  readonly bulkIssue: (corpNum: string, submitId: string, invoices: ReadonlyArray<TaxinvoiceDraft>, forceIssue?: boolean, userId?: string) => Effect.Effect<BulkSubmitResponse, TaxinvoiceError>
  readonly getBulkResult: (corpNum: string, submitId: string, userId?: string) => Effect.Effect<BulkResult, TaxinvoiceError>
  /** Polls GetBulkResult until txState is 2 (completed) or the deadline passes. */
  readonly awaitBulkResult: (corpNum: string, submitId: string, options?: AwaitOptions) => Effect.Effect<BulkResult, TaxinvoiceError | PollTimeoutError>
  /**
   * Validates every draft, submits them in bulk submissions of at most 100, awaits each result and
   * answers one result per invoice, in input order.
   */
  readonly issueMany: (corpNum: string, invoices: ReadonlyArray<TaxinvoiceDraft>, options?: IssueManyOptions) => Effect.Effect<ReadonlyArray<BulkIssueResult>, TaxinvoiceError | PollTimeoutError | Bulk.BulkIncompleteError>
}
