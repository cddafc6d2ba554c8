/**
 * The statement service (docs/service.md "Statements"): the six document types of item codes 121 to 126 —
 * issue, cancel, delete, status and detail queries (GetInfos for any number of document IDs), the
 * document URLs, mass print and the notification mail. Inputs are validated before anything is
 * sent; the token scope follows the item code (one token carries all six).
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Bulk from "../../core/Bulk.js"
import { type CallError, TaxdocClient } from "../../core/Client.js"
import type { UnknownOutcomeError, ValidationError } from "../../core/Errors.js"
import * as Outcome from "../../core/Outcome.js"
import { CorpNum, type GenericResult, MgtKey } from "../../core/Schemas.js"
import * as Telemetry from "../../core/internal/Telemetry.js"
import { validate } from "../../core/Validation.js"
import type { ItemCode } from "./ItemCode.js"
import * as Operations from "./Operations.js"
import * as Rules from "./Rules.js"
import { type IssueResponse, MassPrintList, type StatementDetail, type StatementInfo, type StatementIssue } from "./Schemas.js"
import * as Settle from "./Settle.js"

/**
 * The item codes by name (`ItemCode.Estimate` = 123).
 *
 * @since 0.1.0
 * @category constants
 */
export { ItemCode } from "./ItemCode.js"

/**
 * Failures of statement operations.
 *
 * @since 0.1.0
 * @category errors
 */
export type StatementError = ValidationError | CallError | UnknownOutcomeError

/**
 * What the Statement service offers: the methods of `Statement.Statement`.
 *
 * @since 1.0.0
 * @category models
 */
export interface StatementService {
  /** RegistIssue: issues a statement; 300 issued, or 200 pending approval when the member's preference asks for it. */
  readonly issue: (corpNum: string, statement: StatementIssue, userId?: string) => Effect.Effect<IssueResponse, StatementError>
  /** Cancel: a pending (200) or issued (300) statement becomes cancelled (600). */
  readonly cancel: (corpNum: string, itemCode: ItemCode, mgtKey: string, memo?: string, userId?: string) => Effect.Effect<GenericResult, StatementError>
  /** Delete: only a cancelled statement (600); its document ID can then be reused. */
  readonly delete: (corpNum: string, itemCode: ItemCode, mgtKey: string, userId?: string) => Effect.Effect<GenericResult, StatementError>
  readonly getInfo: (corpNum: string, itemCode: ItemCode, mgtKey: string, userId?: string) => Effect.Effect<StatementInfo, StatementError>
  /** GetInfos for any number of document IDs (requests of 1,000), answered in input order; unknown IDs left out. */
  readonly getInfos: (corpNum: string, itemCode: ItemCode, mgtKeys: ReadonlyArray<string>, userId?: string) => Effect.Effect<ReadonlyArray<StatementInfo>, StatementError>
  readonly getDetailInfo: (corpNum: string, itemCode: ItemCode, mgtKey: string, userId?: string) => Effect.Effect<StatementDetail, StatementError>
  /** GetPopUpURL: valid 30 seconds. */
  readonly getPopUpURL: (corpNum: string, itemCode: ItemCode, mgtKey: string, userId?: string) => Effect.Effect<string, StatementError>
  /** GetViewURL: valid 30 seconds. */
  readonly getViewURL: (corpNum: string, itemCode: ItemCode, mgtKey: string, userId?: string) => Effect.Effect<string, StatementError>
  /** GetPrintURL: valid 30 seconds. */
  readonly getPrintURL: (corpNum: string, itemCode: ItemCode, mgtKey: string, userId?: string) => Effect.Effect<string, StatementError>
  /** GetEPrintURL: the receiver's copy, valid 30 seconds. */
  readonly getEPrintURL: (corpNum: string, itemCode: ItemCode, mgtKey: string, userId?: string) => Effect.Effect<string, StatementError>
  /** GetMailURL: the mail button's URL, with no expiry. */
  readonly getMailURL: (corpNum: string, itemCode: ItemCode, mgtKey: string, userId?: string) => Effect.Effect<string, StatementError>
  /** GetMassPrintURL: 1 to 100 document IDs of one type (more is a ValidationError at `mgtKeys`). */
  readonly getMassPrintURL: (corpNum: string, itemCode: ItemCode, mgtKeys: ReadonlyArray<string>, userId?: string) => Effect.Effect<string, StatementError>
  /** SendEmail: the notification mail again, to `receiver`. */
  readonly sendEmail: (corpNum: string, itemCode: ItemCode, mgtKey: string, receiver: string, userId?: string) => Effect.Effect<GenericResult, StatementError>
}

/**
 * The statement service: `yield* Statement` in a program given `Taxdoc.layer` (or
 * `Taxdoc.services`, or this module's `layer`).
 *
 * @since 0.1.0
 * @category services
 */
export class Statement extends Context.Service<Statement, StatementService>()("taxdoc/Statement") {}

const MassPrintInput = Schema.Struct({ corpNum: CorpNum, mgtKeys: MassPrintList })
const InfosInput = Schema.Struct({ corpNum: CorpNum, mgtKeys: Schema.Array(MgtKey) })

// The item code travels as text in the path; a value outside 121–126 is refused by the params schema.
const key = (itemCode: ItemCode, mgtKey: string) => ({ itemCode: String(itemCode), mgtKey })

/**
 * The service over `TaxdocClient`: every operation through its catalogue declaration.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<StatementService, never, TaxdocClient> = Effect.gen(function*() {
  const client = yield* TaxdocClient

  // A write whose answer was lost is settled by reading the statement back (core/Outcome.ts).
  const infoOf = (corpNum: string, itemCode: ItemCode, mgtKey: string, userId: string | undefined) =>
    Outcome.found(client.call(Operations.GetInfo, { corpNum, userId, params: key(itemCode, mgtKey) }))

  const issue = Telemetry.fn("Statement.issue")(function*(corpNum: string, statement: StatementIssue, userId?: string) {
    return yield* Outcome.settle({
      policy: client.policy,
      operation: Operations.RegistIssue,
      corpNum,
      documentId: statement.mgtKey,
      write: client.call(Operations.RegistIssue, { corpNum, userId, body: statement }),
      read: Outcome.found(client.call(Operations.GetDetailInfo, { corpNum, userId, params: key(statement.itemCode, statement.mgtKey) })),
      judge: Settle.issued(statement)
    })
  })

  const cancel = Telemetry.fn("Statement.cancel")(function*(corpNum: string, itemCode: ItemCode, mgtKey: string, memo?: string, userId?: string) {
    return yield* Outcome.settle({
      policy: client.policy,
      operation: Operations.Cancel,
      corpNum,
      documentId: mgtKey,
      write: client.call(Operations.Cancel, { corpNum, userId, params: key(itemCode, mgtKey), body: memo === undefined ? {} : { memo } }),
      read: infoOf(corpNum, itemCode, mgtKey, userId),
      judge: Settle.cancelled
    })
  })

  const deleteStatement = Telemetry.fn("Statement.delete")(function*(corpNum: string, itemCode: ItemCode, mgtKey: string, userId?: string) {
    return yield* Outcome.settle({
      policy: client.policy,
      operation: Operations.Delete,
      corpNum,
      documentId: mgtKey,
      write: client.call(Operations.Delete, { corpNum, userId, params: key(itemCode, mgtKey) }),
      read: infoOf(corpNum, itemCode, mgtKey, userId),
      judge: Settle.deleted
    })
  })

  const getInfos = Telemetry.fn("Statement.getInfos")(function*(corpNum: string, itemCode: ItemCode, mgtKeys: ReadonlyArray<string>, userId?: string) {
    const input = yield* validate("Statement.getInfos", InfosInput, { corpNum, mgtKeys })
    const answers = yield* Bulk.inChunks(input.mgtKeys, Rules.INFOS_MAX, (chunk) =>
      client.call(Operations.GetInfos, { corpNum, userId, params: { itemCode: String(itemCode) }, body: chunk }))
    return Bulk.inInputOrder(input.mgtKeys, answers, (info) => info.mgtKey, () => undefined)
  })

  const url = (kind: Rules.UrlKind) =>
    Telemetry.fn(Operations.urlOperations[kind].sdk)(function*(corpNum: string, itemCode: ItemCode, mgtKey: string, userId?: string) {
      const result = yield* client.call(Operations.urlOperations[kind], { corpNum, userId, params: key(itemCode, mgtKey) })
      return result.url
    })

  const getMassPrintURL = Telemetry.fn("Statement.getMassPrintURL")(function*(corpNum: string, itemCode: ItemCode, mgtKeys: ReadonlyArray<string>, userId?: string) {
    // Validated here so that a list over 100 is reported at `mgtKeys`, before anything is sent.
    yield* validate("Statement.getMassPrintURL", MassPrintInput, { corpNum, mgtKeys })
    const result = yield* client.call(Operations.GetMassPrintURL, { corpNum, userId, params: { itemCode: String(itemCode) }, body: mgtKeys })
    return result.url
  })

  return {
    issue,
    cancel,
    delete: deleteStatement,
    getInfo: (corpNum, itemCode, mgtKey, userId) => client.call(Operations.GetInfo, { corpNum, userId, params: key(itemCode, mgtKey) }),
    getInfos,
    getDetailInfo: (corpNum, itemCode, mgtKey, userId) => client.call(Operations.GetDetailInfo, { corpNum, userId, params: key(itemCode, mgtKey) }),
    getPopUpURL: url("POPUP"),
    getViewURL: url("VIEW"),
    getPrintURL: url("PRINT"),
    getEPrintURL: url("EPRINT"),
    getMailURL: url("MAIL"),
    getMassPrintURL,
    sendEmail: (corpNum, itemCode, mgtKey, receiver, userId) =>
      client.call(Operations.SendEmail, { corpNum, userId, params: key(itemCode, mgtKey), body: { receiver } })
  }
})

/**
 * The statement service alone, over the `TaxdocClient` in the context (`Taxdoc.services` builds
 * every service at once).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Statement, never, TaxdocClient> = Layer.effect(Statement, make)
