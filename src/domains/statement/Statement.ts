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
import { type CallError, TaxdocClient } from "../../core/Client.js"
import type { UnknownOutcomeError, ValidationError } from "../../core/Errors.js"
import type { GenericResult } from "../../core/Schemas.js"
import * as Lazy from "../../core/Lazy.js"
import type * as ItemCodes from "./ItemCode.js"
import type { IssueResponse, StatementDetail, StatementInfo, StatementIssue } from "./Schemas.js"

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

type ItemCode = ItemCodes.ItemCode

/**
 * @since 0.1.0
 * @category services
 */
export class Statement extends Context.Tag("taxdoc/Statement")<Statement, {
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
}>() {}

// Every method of the service, for the lazily loaded implementation (the type lists them all).
const METHODS: { readonly [K in keyof Context.Tag.Service<Statement>]: true } = {
  issue: true,
  cancel: true,
  delete: true,
  getInfo: true,
  getInfos: true,
  getDetailInfo: true,
  getPopUpURL: true,
  getViewURL: true,
  getPrintURL: true,
  getEPrintURL: true,
  getMailURL: true,
  getMassPrintURL: true,
  sendEmail: true
}

// The implementation and the schemas and declarations it uses are loaded on the first call.
const live = Lazy.module<typeof import("./internal/StatementLive.js")>(import.meta.url, "./internal/StatementLive.js", () => import("./internal/StatementLive.js"))

/**
 * The service over `TaxdocClient`: every operation through its catalogue declaration. Its
 * implementation (and the domain's schemas) is loaded on the first call of one of its methods.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<Context.Tag.Service<Statement>, never, TaxdocClient> = Effect.map(TaxdocClient, (client) =>
  Statement.of(Lazy.service(METHODS, Lazy.instance(live, (m) => m.make(client)))))

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Statement, never, TaxdocClient> = Layer.effect(Statement, make)
