/**
 * The Taxinvoice service's implementation, loaded on its first call (see `Taxinvoice.make`).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { readFile } from "node:fs/promises"
import { basename } from "node:path"
import * as Bulk from "../../../core/Bulk.js"
import type { TaxdocClient } from "../../../core/Client.js"
import * as Outcome from "../../../core/Outcome.js"
import * as Polling from "../../../core/Polling.js"
import { CorpNum, MgtKey } from "../../../core/Schemas.js"
import { invalid, validate } from "../../../core/Validation.js"
import * as Trace from "../../../core/Trace.js"
import * as Operations from "../Operations.js"
import * as Rules from "../Rules.js"
import * as Settle from "../Settle.js"
import { type BulkIssueResult, type IssueBody, InvoiceListAt, type TaxinvoiceDraft, TX_STATE_COMPLETED } from "../Schemas.js"
import type { Service, AwaitOptions, FileSource, IssueManyOptions, UrlKind } from "../Service.js"


type Type = Rules.MgtKeyType

const urlOperations = {
  POPUP: Operations.GetPopUpURL,
  VIEW: Operations.GetViewURL,
  PRINT: Operations.GetPrintURL,
  EPRINT: Operations.GetEPrintURL,
  MAIL: Operations.GetMailURL,
  PDF: Operations.GetPDFURL
} as const

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
export const make = (client: Context.Tag.Service<TaxdocClient>): Service => {
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
    // As the public clients send it: `forceIssue` first, and only when true.
    forceIssue === true ? { forceIssue: true, invoices } : { invoices }

  const bulkIssue = (corpNum: string, submitId: string, invoices: ReadonlyArray<TaxinvoiceDraft>, forceIssue?: boolean, userId?: string) =>
    client.call(Operations.BulkIssue, { corpNum, userId, params: { submitID: submitId }, body: bulkBody(invoices, forceIssue) })

  const getBulkResult = (corpNum: string, submitId: string, userId?: string) =>
    client.call(Operations.GetBulkResult, { corpNum, userId, params: { submitID: submitId } })

  const awaitBulkResult = (corpNum: string, submitId: string, options: AwaitOptions = {}) =>
    Bulk.awaitResult({
      operation: "Taxinvoice.awaitBulkResult",
      corpNum,
      submitId,
      completed: TX_STATE_COMPLETED,
      poll: getBulkResult(corpNum, submitId, options.userId)
    }, options)

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

  return {
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
  }
}

const InfosInput = Schema.Struct({ corpNum: CorpNum, mgtKeys: Schema.Array(MgtKey) })
