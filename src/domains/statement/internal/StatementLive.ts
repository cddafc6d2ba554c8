/**
 * The Statement service's implementation, loaded on its first call (see `Statement.make`).
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Bulk from "../../../core/Bulk.js"
import type { TaxdocClient } from "../../../core/Client.js"
import * as Outcome from "../../../core/Outcome.js"
import { CorpNum, MgtKey } from "../../../core/Schemas.js"
import { validate } from "../../../core/Validation.js"
import * as Trace from "../../../core/Trace.js"
import * as Operations from "../Operations.js"
import * as Rules from "../Rules.js"
import * as Settle from "../Settle.js"
import { MassPrintList, type StatementIssue } from "../Schemas.js"
import type { ItemCode } from "../ItemCode.js"
import type { Service } from "../Service.js"

const MassPrintInput = Schema.Struct({ corpNum: CorpNum, mgtKeys: MassPrintList })
const InfosInput = Schema.Struct({ corpNum: CorpNum, mgtKeys: Schema.Array(MgtKey) })

/**
 * The statement service over `TaxdocClient`: every operation through the catalogue declaration of
 * `Operations.ts`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (client: Context.Tag.Service<TaxdocClient>): Service => {
  // The item code travels as text in the path; a value outside 121–126 is refused by the params schema.
  const key = (itemCode: ItemCode, mgtKey: string) => ({ itemCode: String(itemCode), mgtKey })

  // A write whose answer was lost is settled by reading the statement back (core/Outcome.ts).
  const infoOf = (corpNum: string, itemCode: ItemCode, mgtKey: string, userId: string | undefined) =>
    Outcome.found(client.call(Operations.GetInfo, { corpNum, userId, params: key(itemCode, mgtKey) }))

  const issue = Trace.fn("Statement.issue", (corpNum: string, statement: StatementIssue, userId?: string) =>
    Outcome.settle({
      operation: "Statement.issue",
      documentId: statement.mgtKey,
      write: client.call(Operations.RegistIssue, { corpNum, userId, body: statement }),
      read: Outcome.found(client.call(Operations.GetDetailInfo, { corpNum, userId, params: key(statement.itemCode, statement.mgtKey) })),
      judge: Settle.issued(statement)
    }))

  const cancel = Trace.fn("Statement.cancel", (corpNum: string, itemCode: ItemCode, mgtKey: string, memo?: string, userId?: string) =>
    Outcome.settle({
      operation: "Statement.cancel",
      documentId: mgtKey,
      write: client.call(Operations.Cancel, { corpNum, userId, params: key(itemCode, mgtKey), body: memo === undefined ? {} : { memo } }),
      read: infoOf(corpNum, itemCode, mgtKey, userId),
      judge: Settle.cancelled
    }))

  const deleteStatement = Trace.fn("Statement.delete", (corpNum: string, itemCode: ItemCode, mgtKey: string, userId?: string) =>
    Outcome.settle({
      operation: "Statement.delete",
      documentId: mgtKey,
      write: client.call(Operations.Delete, { corpNum, userId, params: key(itemCode, mgtKey) }),
      read: infoOf(corpNum, itemCode, mgtKey, userId),
      judge: Settle.deleted
    }))

  const getInfo = (corpNum: string, itemCode: ItemCode, mgtKey: string, userId?: string) =>
    client.call(Operations.GetInfo, { corpNum, userId, params: key(itemCode, mgtKey) })

  const getInfos = Trace.fn("Statement.getInfos", Effect.fnUntraced(function*(corpNum: string, itemCode: ItemCode, mgtKeys: ReadonlyArray<string>, userId?: string) {
    const input = yield* validate("Statement.getInfos", InfosInput, { corpNum, mgtKeys })
    const answers = yield* Bulk.inChunks(input.mgtKeys, Rules.INFOS_MAX, (chunk) =>
      client.call(Operations.GetInfos, { corpNum, userId, params: { itemCode: String(itemCode) }, body: chunk }))
    return Bulk.inInputOrder(input.mgtKeys, answers, (info) => info.mgtKey, () => undefined)
  }))

  const getDetailInfo = (corpNum: string, itemCode: ItemCode, mgtKey: string, userId?: string) =>
    client.call(Operations.GetDetailInfo, { corpNum, userId, params: key(itemCode, mgtKey) })

  const url = (kind: Rules.UrlKind, span: string) =>
    Trace.fn(span, (corpNum: string, itemCode: ItemCode, mgtKey: string, userId?: string) =>
      Effect.map(client.call(Operations.urlOperations[kind], { corpNum, userId, params: key(itemCode, mgtKey) }), (result) => result.url))

  const getMassPrintURL = Trace.fn("Statement.getMassPrintURL", Effect.fnUntraced(function*(corpNum: string, itemCode: ItemCode, mgtKeys: ReadonlyArray<string>, userId?: string) {
    // Validated here so that a list over 100 is reported at `mgtKeys`, before anything is sent.
    yield* validate("Statement.getMassPrintURL", MassPrintInput, { corpNum, mgtKeys })
    const result = yield* client.call(Operations.GetMassPrintURL, { corpNum, userId, params: { itemCode: String(itemCode) }, body: mgtKeys })
    return result.url
  }))

  const sendEmail = (corpNum: string, itemCode: ItemCode, mgtKey: string, receiver: string, userId?: string) =>
    client.call(Operations.SendEmail, { corpNum, userId, params: key(itemCode, mgtKey), body: { receiver } })

  return {
    issue,
    cancel,
    delete: deleteStatement,
    getInfo,
    getInfos,
    getDetailInfo,
    getPopUpURL: url("POPUP", "Statement.getPopUpURL"),
    getViewURL: url("VIEW", "Statement.getViewURL"),
    getPrintURL: url("PRINT", "Statement.getPrintURL"),
    getEPrintURL: url("EPRINT", "Statement.getEPrintURL"),
    getMailURL: url("MAIL", "Statement.getMailURL"),
    getMassPrintURL,
    sendEmail
  }
}
