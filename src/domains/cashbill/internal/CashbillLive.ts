/**
 * The Cashbill service's implementation, loaded on its first call (see `Cashbill.make`).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Bulk from "../../../core/Bulk.js"
import type { TaxdocClient } from "../../../core/Client.js"
import * as Outcome from "../../../core/Outcome.js"
import * as Polling from "../../../core/Polling.js"
import { CorpNum, MgtKey } from "../../../core/Schemas.js"
import { validate } from "../../../core/Validation.js"
import * as Trace from "../../../core/Trace.js"
import * as Operations from "../Operations.js"
import * as Settle from "../Settle.js"
import * as Rules from "../Rules.js"
import { type BulkIssueResult, type CashReceiptIssue, type CashReceiptRevoke, ReceiptListAt, TX_STATE_COMPLETED, type UrlMenu } from "../Schemas.js"
import type { Service, AwaitOptions, IssueManyOptions } from "../Service.js"

/**
 * The cash receipt service over `TaxdocClient`: every operation through the catalogue declaration
 * of `Operations.ts`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (client: Context.Tag.Service<TaxdocClient>): Service => {
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
    Bulk.awaitResult({
      operation: "Cashbill.awaitBulkResult",
      corpNum,
      submitId,
      completed: TX_STATE_COMPLETED,
      poll: getBulkResult(corpNum, submitId, options.userId)
    }, options)

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

  return {
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
  }
}

const Member = Schema.Struct({ corpNum: CorpNum })

// A completed submission that does not mention a receipt: reported, never silently dropped.
const missingResult = (mgtKey: string): BulkIssueResult =>
  ({ mgtKey, code: -99999999, message: "the bulk result does not mention this receipt" }) as BulkIssueResult

const InfosInput = Schema.Struct({ corpNum: CorpNum, mgtKeys: Schema.Array(MgtKey) })
