/**
 * The e-Tax invoice service (docs/service.md "e-Tax invoices"): save a draft, attach files, issue, status
 * and detail queries, the URL operations, resend the notification mail, assign a document ID to a
 * portal-issued invoice, bulk issue with result polling — plus `issueMany`, `awaitBulkResult` and
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
import type * as Rules from "./Rules.js"
import type { AttachedFile, BulkIssueResult, BulkResult, BulkSubmitResponse, IssueBody, IssueResponse, TaxinvoiceDetail, TaxinvoiceDraft, TaxinvoiceInfo } from "./Schemas.js"
import type * as Operations from "./Operations.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens"), as declared in the catalogue (the type checks it).
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE: typeof Operations.SCOPE = "110"

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
 * @since 0.1.0
 * @category services
 */
export class Taxinvoice extends Context.Tag("taxdoc/Taxinvoice")<Taxinvoice, {
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
}>() {}

// Every method of the service, for the lazily loaded implementation (the type lists them all).
const METHODS: { readonly [K in keyof Context.Tag.Service<Taxinvoice>]: true } = {
  register: true,
  attachFile: true,
  issue: true,
  getFiles: true,
  deleteFile: true,
  getInfo: true,
  getInfos: true,
  getDetailInfo: true,
  getURL: true,
  getMassPrintURL: true,
  sendEmail: true,
  assignMgtKey: true,
  bulkIssue: true,
  getBulkResult: true,
  awaitBulkResult: true,
  issueMany: true
}

// The implementation and the schemas and declarations it uses are loaded on the first call.
const live = Lazy.module<typeof import("./internal/TaxinvoiceLive.js")>(import.meta.url, "./internal/TaxinvoiceLive.js", () => import("./internal/TaxinvoiceLive.js"))

/**
 * The service over `TaxdocClient`: every operation through its catalogue declaration. Its
 * implementation (and the domain's schemas) is loaded on the first call of one of its methods.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<Context.Tag.Service<Taxinvoice>, never, TaxdocClient> = Effect.map(TaxdocClient, (client) =>
  Taxinvoice.of(Lazy.service(METHODS, Lazy.instance(live, (m) => m.make(client)))))

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Taxinvoice, never, TaxdocClient> = Layer.effect(Taxinvoice, make)
