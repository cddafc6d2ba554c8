/**
 * What the Statement service offers: its methods, their options and their failures. `Statement.ts`
 * gives the service its tag and layer and re-exports these; `internal/StatementLive.ts` implements
 * them.
 *
 * @since 0.1.0
 */
import type * as Effect from "effect/Effect"
import type { CallError } from "../../core/Client.js"
import type { UnknownOutcomeError, ValidationError } from "../../core/Errors.js"
import type { GenericResult } from "../../core/Schemas.js"
import type { ItemCode } from "./ItemCode.js"
import type { IssueResponse, StatementDetail, StatementInfo, StatementIssue } from "./Schemas.js"

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
 * @since 0.1.0
 * @category models
 */
export interface Service {
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
