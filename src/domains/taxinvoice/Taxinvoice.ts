/**
 * The e-Tax invoice service (docs/service.md "e-Tax invoices"): save a draft, attach files, issue, status
 * and detail queries, the URL operations, resend the notification mail, assign a document ID to a
 * portal-issued invoice, bulk issue with result polling — plus `issueMany`, `awaitBulkResult` and
 * `getInfos` for any number of document IDs. Inputs are validated before anything is sent.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { readFile } from "node:fs/promises"
import { basename } from "node:path"
import * as Bulk from "../../core/Bulk.js"
import * as BulkSubmission from "../../core/BulkSubmission.js"
import { type CallError, TaxdocClient } from "../../core/Client.js"
import type { PollTimeoutError, UnknownOutcomeError, ValidationError } from "../../core/Errors.js"
import * as Outcome from "../../core/Outcome.js"
import type * as Polling from "../../core/Polling.js"
import { CorpNum, type GenericResult, MgtKey } from "../../core/Schemas.js"
import * as Telemetry from "../../core/internal/Telemetry.js"
import { invalid, validate } from "../../core/Validation.js"
import * as Operations from "./Operations.js"
import * as Rules from "./Rules.js"
import {
  type AttachedFile,
  BulkIssueResult,
  type BulkResult,
  type BulkSubmitResponse,
  InvoiceListAt,
  type IssueBody,
  type IssueResponse,
  type TaxinvoiceDetail,
  type TaxinvoiceDraft,
  type TaxinvoiceInfo,
  TX_STATE_COMPLETED
} from "./Schemas.js"
import * as Settle from "./Settle.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens").
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE = Operations.SCOPE

// ── the service's interface ─────────────────────────────────────────────────────────────────

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
export type UrlKind = typeof Rules.URL_KINDS[number]

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
 * @since 1.0.0
 * @category models
 */
export interface TaxinvoiceService {
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
  readonly issueMany: (
    corpNum: string,
    invoices: ReadonlyArray<TaxinvoiceDraft>,
    options?: IssueManyOptions
  ) => Effect.Effect<ReadonlyArray<BulkIssueResult>, TaxinvoiceError | PollTimeoutError | Bulk.BulkIncompleteError>
}

/**
 * The e-Tax invoice service: `yield* Taxinvoice` in a program given `Taxdoc.layer` (or
 * `Taxdoc.services`, or this module's `layer`).
 *
 * @since 0.1.0
 * @category services
 */
export class Taxinvoice extends Context.Service<Taxinvoice, TaxinvoiceService>()("taxdoc/Taxinvoice") {}

// ── bulk issuance ───────────────────────────────────────────────────────────────────────────

// As the public clients send it: `forceIssue` first, and only when true.
const bulkBody = (invoices: ReadonlyArray<TaxinvoiceDraft>, forceIssue: boolean | undefined) =>
  forceIssue === true ? { forceIssue: true, invoices } : { invoices }

/**
 * e-Tax invoices as core's bulk issuance engine issues them (BulkIssue and GetBulkResult, 100 per
 * submission; `forceIssue` sent first, and only when true): what `issueMany` runs, and what a
 * durable issuance reuses to make the same submissions.
 *
 * @since 1.0.0
 * @category constructors
 */
export const bulkKind = (options: { readonly forceIssue?: boolean | undefined } = {}): BulkSubmission.Kind<TaxinvoiceDraft, BulkIssueResult> =>
  BulkSubmission.kind({
    operation: "Taxinvoice.issueMany",
    submit: Operations.BulkIssue,
    result: Operations.GetBulkResult,
    completed: TX_STATE_COMPLETED,
    size: Rules.Limits.bulk,
    bodyOf: (invoices: ReadonlyArray<TaxinvoiceDraft>) => bulkBody(invoices, options.forceIssue),
    keyOfDocument: (invoice: TaxinvoiceDraft) => invoice.invoicerMgtKey,
    keyOfResult: (result: BulkIssueResult) => result.invoicerMgtKey,
    // A completed submission that does not mention an invoice: reported, never silently dropped.
    missing: (invoicerMgtKey: string) =>
      new BulkIssueResult({ invoicerMgtKey, code: -99999999, message: "the bulk result does not mention this invoice" })
  })

// ── the implementation ──────────────────────────────────────────────────────────────────────

const Member = Schema.Struct({ corpNum: CorpNum })

const InfosInput = Schema.Struct({ corpNum: CorpNum, mgtKeys: Schema.Array(MgtKey) })

/** The bytes and name of a file source; a path is read now (directories dropped from the name). */
const loadFile = (file: FileSource) =>
  "bytes" in file
    ? Effect.succeed({ fileName: basename(file.fileName.replaceAll("\\", "/")), content: file.bytes, displayName: file.displayName })
    : Effect.tryPromise({
      try: () => readFile(file.path),
      catch: (cause) => invalid("Taxinvoice.attachFile", "file.path", "readable", `could not read ${file.path}: ${String(cause)}`)
    }).pipe(Effect.map((buffer) => ({
      fileName: basename(file.path),
      content: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength),
      displayName: file.displayName
    })))

const key = (mgtKeyType: Type, mgtKey: string) => ({ MgtKeyType: mgtKeyType, MgtKey: mgtKey })

/**
 * The service over `TaxdocClient`: every operation through its catalogue declaration.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<TaxinvoiceService, never, TaxdocClient> = Effect.gen(function*() {
  const client = yield* TaxdocClient

  // An invoice read back by its document ID, `None` when there is none.
  const infoOf = (corpNum: string, mgtKeyType: Type, mgtKey: string, userId: string | undefined) =>
    Outcome.found(client.call(Operations.GetInfo, { corpNum, userId, params: key(mgtKeyType, mgtKey) }))

  const register = Telemetry.fn("Taxinvoice.register")(function*(corpNum: string, draft: TaxinvoiceDraft, userId?: string) {
    return yield* Outcome.settle({
      policy: client.policy,
      operation: Operations.Register,
      corpNum,
      documentId: draft.invoicerMgtKey,
      write: client.call(Operations.Register, { corpNum, userId, body: draft }),
      read: infoOf(corpNum, "SELL", draft.invoicerMgtKey, userId),
      judge: Settle.registered(draft)
    })
  })

  const attachFile = Telemetry.fn("Taxinvoice.attachFile")(function*(corpNum: string, mgtKeyType: Type, mgtKey: string, file: FileSource, userId?: string) {
    const loaded = yield* loadFile(file)
    const body = loaded.displayName === undefined
      ? { fileName: loaded.fileName, content: loaded.content }
      : { fileName: loaded.fileName, displayName: loaded.displayName, content: loaded.content }
    return yield* client.call(Operations.AttachFile, { corpNum, userId, params: key(mgtKeyType, mgtKey), body })
  })

  const issue = Telemetry.fn("Taxinvoice.issue")(function*(corpNum: string, mgtKeyType: Type, mgtKey: string, options: IssueBody = {}, userId?: string) {
    return yield* Outcome.settle({
      policy: client.policy,
      operation: Operations.Issue,
      corpNum,
      documentId: mgtKey,
      write: client.call(Operations.Issue, { corpNum, userId, params: key(mgtKeyType, mgtKey), body: options }),
      read: infoOf(corpNum, mgtKeyType, mgtKey, userId),
      judge: Settle.issued,
      // Issued already, an invoice is in a state that allows no issue: a rerun, read back.
      rerun: (error) => error._tag === "ApiError" && error.isInvalidState
    })
  })

  const getInfos = Telemetry.fn("Taxinvoice.getInfos")(function*(corpNum: string, mgtKeyType: Type, mgtKeys: ReadonlyArray<string>, userId?: string) {
    const input = yield* validate("Taxinvoice.getInfos", InfosInput, { corpNum, mgtKeys })
    const answers = yield* Bulk.inChunks(input.mgtKeys, Rules.Limits.infos, (chunk) =>
      client.call(Operations.GetInfos, { corpNum, userId, params: { MgtKeyType: mgtKeyType }, body: chunk }))
    return Bulk.inInputOrder(input.mgtKeys, answers, (info) => info.invoicerMgtKey, () => undefined)
  })

  const getURL = (corpNum: string, mgtKeyType: Type, mgtKey: string, kind: UrlKind, userId?: string) =>
    Effect.map(client.call(Operations.urlOperations[kind], { corpNum, userId, params: key(mgtKeyType, mgtKey) }), (result) => result.url)

  const getMassPrintURL = Telemetry.fn("Taxinvoice.getMassPrintURL")(function*(corpNum: string, mgtKeyType: Type, mgtKeys: ReadonlyArray<string>, userId?: string) {
    const result = yield* client.call(Operations.GetMassPrintURL, { corpNum, userId, params: { MgtKeyType: mgtKeyType }, body: mgtKeys })
    return result.url
  })

  const getBulkResult = (corpNum: string, submitId: string, userId?: string) =>
    client.call(Operations.GetBulkResult, { corpNum, userId, params: { submitID: submitId } })

  const awaitBulkResult = Telemetry.fn("Taxinvoice.awaitBulkResult")(function*(corpNum: string, submitId: string, options: AwaitOptions = {}) {
    // The kind's result operation is GetBulkResult: the states it reads are `BulkResult`s.
    const state = yield* BulkSubmission.awaitResult(client, bulkKind(), { corpNum, userId: options.userId }, submitId, {
      ...options,
      operation: "Taxinvoice.awaitBulkResult",
      onProgress: options.onProgress as ((progress: Polling.PollProgress<BulkSubmission.BulkState<BulkIssueResult>>) => Effect.Effect<void>) | undefined
    })
    return state as BulkResult
  })

  const issueMany = Telemetry.fn("Taxinvoice.issueMany")(function*(corpNum: string, invoices: ReadonlyArray<TaxinvoiceDraft>, options: IssueManyOptions = {}) {
    yield* validate("Taxinvoice.issueMany", Member, { corpNum })
    if (invoices.length === 0) return []
    // Validate everything first: one bad draft anywhere means nothing is sent.
    const now = yield* Clock.currentTimeMillis
    const valid = yield* validate("Taxinvoice.issueMany", InvoiceListAt(now), { invoices })
    return yield* Bulk.issueMany(client, bulkKind({ forceIssue: options.forceIssue }), { corpNum, userId: options.userId }, valid.invoices, options)
  })

  return {
    register,
    attachFile,
    issue,
    getFiles: (corpNum, mgtKeyType, mgtKey, userId) => client.call(Operations.GetFiles, { corpNum, userId, params: key(mgtKeyType, mgtKey) }),
    deleteFile: (corpNum, mgtKeyType, mgtKey, fileId, userId) =>
      client.call(Operations.DeleteFile, { corpNum, userId, params: { ...key(mgtKeyType, mgtKey), FileID: fileId } }),
    getInfo: (corpNum, mgtKeyType, mgtKey, userId) => client.call(Operations.GetInfo, { corpNum, userId, params: key(mgtKeyType, mgtKey) }),
    getInfos,
    getDetailInfo: (corpNum, mgtKeyType, mgtKey, userId) => client.call(Operations.GetDetailInfo, { corpNum, userId, params: key(mgtKeyType, mgtKey) }),
    getURL,
    getMassPrintURL,
    sendEmail: (corpNum, mgtKeyType, mgtKey, receiver, userId) =>
      client.call(Operations.SendEmail, { corpNum, userId, params: key(mgtKeyType, mgtKey), body: { receiver } }),
    assignMgtKey: (corpNum, itemKey, mgtKeyType, mgtKey, userId) =>
      client.call(Operations.AssignMgtKey, { corpNum, userId, params: { ItemKey: itemKey, MgtKeyType: mgtKeyType }, body: { MgtKey: mgtKey } }),
    bulkIssue: (corpNum, submitId, invoices, forceIssue, userId) =>
      client.call(Operations.BulkIssue, { corpNum, userId, params: { submitID: submitId }, body: bulkBody(invoices, forceIssue) }),
    getBulkResult,
    awaitBulkResult,
    issueMany
  }
})

/**
 * The e-Tax invoice service alone, over the `TaxdocClient` in the context (`Taxdoc.services`
 * builds every service at once).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Taxinvoice, never, TaxdocClient> = Layer.effect(Taxinvoice, make)
