/**
 * The e-Tax invoice service (SPEC.md "e-Tax invoice"): save a draft, attach files, issue, status
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
import { type CallError, TaxdocClient } from "../../core/Client.js"
import type { PollTimeoutError, UnknownOutcomeError, ValidationError } from "../../core/Errors.js"
import * as Outcome from "../../core/Outcome.js"
import * as Polling from "../../core/Polling.js"
import { CorpNum, type GenericResult, MgtKey } from "../../core/Schemas.js"
import { invalid, validate } from "../../core/Validation.js"
import * as Trace from "../../core/Trace.js"
import * as Operations from "./Operations.js"
import * as Rules from "./Rules.js"
import * as Settle from "./Settle.js"
import {
  type AttachedFile,
  type BulkIssueResult,
  type BulkResult,
  type BulkSubmitResponse,
  type IssueBody,
  type IssueResponse,
  InvoiceListAt,
  type TaxinvoiceDetail,
  type TaxinvoiceDraft,
  type TaxinvoiceInfo,
  TX_STATE_COMPLETED
} from "./Schemas.js"

/**
 * The token scope of these operations (DESIGN.md §6), as declared in the catalogue.
 *
 * @since 0.1.0
 * @category constants
 */
export { SCOPE } from "./Operations.js"

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

const urlOperations = {
  POPUP: Operations.GetPopUpURL,
  VIEW: Operations.GetViewURL,
  PRINT: Operations.GetPrintURL,
  EPRINT: Operations.GetEPrintURL,
  MAIL: Operations.GetMailURL,
  PDF: Operations.GetPDFURL
} as const

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

const Member = Schema.Struct({ corpNum: CorpNum })

// A completed submission that does not mention an invoice: reported, never silently dropped.
const missingResult = (invoicerMgtKey: string): BulkIssueResult =>
  ({ invoicerMgtKey, code: -99999999, message: "the bulk result does not mention this invoice" }) as BulkIssueResult

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

/**
 * The e-Tax invoice service over `TaxdocClient`: every operation through its catalogue declaration.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.gen(function*() {
  const client = yield* TaxdocClient
  const key = (mgtKeyType: Type, mgtKey: string) => ({ MgtKeyType: mgtKeyType, MgtKey: mgtKey })

  // An invoice read back by its document ID, `None` when there is none.
  const infoOf = (corpNum: string, mgtKeyType: Type, mgtKey: string, userId: string | undefined) =>
    Outcome.found(client.call(Operations.GetInfo, { corpNum, userId, params: key(mgtKeyType, mgtKey) }))

  const register = Trace.fn("Taxinvoice.register", (corpNum: string, draft: TaxinvoiceDraft, userId?: string) =>
    Outcome.settle({
      operation: "Taxinvoice.register",
      documentId: draft.invoicerMgtKey,
      write: client.call(Operations.Register, { corpNum, userId, body: draft }),
      read: infoOf(corpNum, "SELL", draft.invoicerMgtKey, userId),
      judge: Settle.registered(draft)
    }))

  const attachFile = Trace.fn("Taxinvoice.attachFile", Effect.fnUntraced(function*(corpNum: string, mgtKeyType: Type, mgtKey: string, file: FileSource, userId?: string) {
    const loaded = yield* loadFile(file)
    const body = loaded.displayName === undefined
      ? { fileName: loaded.fileName, content: loaded.content }
      : { fileName: loaded.fileName, displayName: loaded.displayName, content: loaded.content }
    return yield* client.call(Operations.AttachFile, { corpNum, userId, params: key(mgtKeyType, mgtKey), body })
  }))

  const issue = Trace.fn("Taxinvoice.issue", (corpNum: string, mgtKeyType: Type, mgtKey: string, options: IssueBody = {}, userId?: string) =>
    Outcome.settle({
      operation: "Taxinvoice.issue",
      documentId: mgtKey,
      write: client.call(Operations.Issue, { corpNum, userId, params: key(mgtKeyType, mgtKey), body: options }),
      read: infoOf(corpNum, mgtKeyType, mgtKey, userId),
      judge: Settle.issued
    }))

  const getFiles = (corpNum: string, mgtKeyType: Type, mgtKey: string, userId?: string) =>
    client.call(Operations.GetFiles, { corpNum, userId, params: key(mgtKeyType, mgtKey) })

  const deleteFile = (corpNum: string, mgtKeyType: Type, mgtKey: string, fileId: string, userId?: string) =>
    client.call(Operations.DeleteFile, { corpNum, userId, params: { ...key(mgtKeyType, mgtKey), FileID: fileId } })

  const getInfo = (corpNum: string, mgtKeyType: Type, mgtKey: string, userId?: string) =>
    client.call(Operations.GetInfo, { corpNum, userId, params: key(mgtKeyType, mgtKey) })

  const getInfos = Trace.fn("Taxinvoice.getInfos", Effect.fnUntraced(function*(corpNum: string, mgtKeyType: Type, mgtKeys: ReadonlyArray<string>, userId?: string) {
    const input = yield* validate("Taxinvoice.getInfos", InfosInput, { corpNum, mgtKeys })
    const answers = yield* Bulk.inChunks(input.mgtKeys, Rules.Limits.infos, (chunk) =>
      client.call(Operations.GetInfos, { corpNum, userId, params: { MgtKeyType: mgtKeyType }, body: chunk }))
    return Bulk.inInputOrder(input.mgtKeys, answers, (info) => info.invoicerMgtKey, () => undefined)
  }))

  const getDetailInfo = (corpNum: string, mgtKeyType: Type, mgtKey: string, userId?: string) =>
    client.call(Operations.GetDetailInfo, { corpNum, userId, params: key(mgtKeyType, mgtKey) })

  const getURL = (corpNum: string, mgtKeyType: Type, mgtKey: string, kind: UrlKind, userId?: string) => {
    const operation = urlOperations[kind]
    return client.call(operation, { corpNum, userId, params: key(mgtKeyType, mgtKey) }).pipe(
      Effect.map((result) => result.url),
      Effect.withSpan(operation.sdk, { attributes: { corpNum, mgtKey } })
    )
  }

  const getMassPrintURL = Trace.fn("Taxinvoice.getMassPrintURL", (corpNum: string, mgtKeyType: Type, mgtKeys: ReadonlyArray<string>, userId?: string) =>
    Effect.map(client.call(Operations.GetMassPrintURL, { corpNum, userId, params: { MgtKeyType: mgtKeyType }, body: mgtKeys }), (r) => r.url))

  const sendEmail = (corpNum: string, mgtKeyType: Type, mgtKey: string, receiver: string, userId?: string) =>
    client.call(Operations.SendEmail, { corpNum, userId, params: key(mgtKeyType, mgtKey), body: { receiver } })

  const assignMgtKey = (corpNum: string, itemKey: string, mgtKeyType: Type, mgtKey: string, userId?: string) =>
    client.call(Operations.AssignMgtKey, { corpNum, userId, params: { ItemKey: itemKey, MgtKeyType: mgtKeyType }, body: { MgtKey: mgtKey } })

  const bulkBody = (invoices: ReadonlyArray<TaxinvoiceDraft>, forceIssue: boolean | undefined) =>
    // FACTS.md: the public clients put `forceIssue` first, and only when true.
    forceIssue === true ? { forceIssue: true, invoices } : { invoices }

  const bulkIssue = (corpNum: string, submitId: string, invoices: ReadonlyArray<TaxinvoiceDraft>, forceIssue?: boolean, userId?: string) =>
    client.call(Operations.BulkIssue, { corpNum, userId, params: { submitID: submitId }, body: bulkBody(invoices, forceIssue) })

  const getBulkResult = (corpNum: string, submitId: string, userId?: string) =>
    client.call(Operations.GetBulkResult, { corpNum, userId, params: { submitID: submitId } })

  const awaitBulkResult = (corpNum: string, submitId: string, options: AwaitOptions = {}) =>
    Polling.until({
      operation: "Taxinvoice.awaitBulkResult",
      id: submitId,
      poll: getBulkResult(corpNum, submitId, options.userId),
      isDone: (result) => result.txState === TX_STATE_COMPLETED,
      describe: (result) => `txState ${result.txState}`,
      onProgress: options.onProgress
    }, options).pipe(Effect.withSpan("Taxinvoice.awaitBulkResult", { attributes: { corpNum, submitId } }))

  const issueMany = Trace.fn("Taxinvoice.issueMany", Effect.fnUntraced(function*(corpNum: string, invoices: ReadonlyArray<TaxinvoiceDraft>, options: IssueManyOptions = {}) {
    yield* validate("Taxinvoice.issueMany", Member, { corpNum })
    if (invoices.length === 0) return []
    // Validate everything first: one bad draft anywhere means nothing is sent.
    const now = yield* Clock.currentTimeMillis
    yield* validate("Taxinvoice.issueMany", InvoiceListAt(now), { invoices })
    return yield* Bulk.issueInChunks({
      items: invoices,
      size: Rules.Limits.bulk,
      concurrency: options.concurrency,
      onProgress: options.onProgress,
      run: (chunk, tracker) =>
        Effect.gen(function*() {
          const submitID = yield* Bulk.submit(client, Operations.BulkIssue, bulkBody(chunk, options.forceIssue), { corpNum, userId: options.userId })
          yield* tracker.submitted(submitID)
          const result = yield* awaitBulkResult(corpNum, submitID, {
            ...Polling.pollOptionsOf(options),
            userId: options.userId,
            onProgress: () => tracker.polled
          })
          return result.issueResult ?? []
        }),
      keyOfItem: (invoice) => invoice.invoicerMgtKey,
      keyOfResult: (result) => result.invoicerMgtKey,
      succeeded: (result) => result.code === 1,
      missing: missingResult,
      mayHaveSubmitted: Outcome.isUnknown,
      operation: "Taxinvoice.issueMany"
    })
  }))

  return Taxinvoice.of({
    register,
    attachFile,
    issue,
    getFiles,
    deleteFile,
    getInfo,
    getInfos,
    getDetailInfo,
    getURL,
    getMassPrintURL,
    sendEmail,
    assignMgtKey,
    bulkIssue,
    getBulkResult,
    awaitBulkResult,
    issueMany
  })
})

const InfosInput = Schema.Struct({ corpNum: CorpNum, mgtKeys: Schema.Array(MgtKey) })

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Taxinvoice, never, TaxdocClient> = Layer.effect(Taxinvoice, make)
