/**
 * Wire shapes of cash receipts (docs/service.md "Cash receipts"): the inputs with every length, form and
 * cross-field rule of the spec, and the answers, decoded tolerantly (docs/service.md "Answers"): unknown
 * fields are ignored, fields the service may send as `null` are optional, booleans and numbers are
 * accepted in their string forms too.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { type CrossRule, withCrossRules } from "../../core/CrossRule.js"
import * as Gen from "../../core/Gen.js"
import { perKstDay } from "../../core/Kst.js"
import { maxLen, maxLength, rule } from "../../core/Rule.js"
import {
  Amount,
  CorpNumText,
  Date8,
  DateTime14,
  LenientBoolean,
  LenientNumber,
  MgtKey,
  nullable,
  oneOf,
  oneOfNumbers,
  optional
} from "../../core/Schemas.js"
import { bulkResultFields } from "../BulkResult.js"
import * as Rules from "./Rules.js"

// ── fields ──────────────────────────────────────────────────────────────────────────────────

const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

/** 1 returned/cancelled, 2 error correction, 3 other. */
const CancelType = oneOfNumbers("cancelType", Rules.CANCEL_TYPES, "must be 1 (returned or cancelled), 2 (error correction) or 3 (other)")

const TaxRegId = Schema.String.pipe(
  rule("taxRegID", (s: string) => /^\d{4}$/.test(s), "must be a branch number of exactly 4 digits", { values: Gen.digits(4) })
)

const IdentityNum = Schema.String.pipe(
  maxLength(19),
  rule(
    "identityNum",
    Rules.isIdentityNumShape,
    `must be digits only, without hyphens: a registration number (10), mobile number (10–11), resident number (13) or card number (13–19); or, for a buyer who gives none (소득공제용), the voluntary-issuance number ${Rules.VOLUNTARY_IDENTITY_NUM} as it is written`,
    { values: Rules.identityNumValues }
  )
)

const ConfirmNum = Schema.String.pipe(
  rule("confirmNum", (s: string) => /^[A-Za-z0-9]{9}$/.test(s), "must be the 9-character confirmation number of the original", {
    values: Gen.text(ALNUM, 9, 9)
  })
)

/**
 * An amount of a receipt: a whole number of won, at most 9 digits; 0 allowed (tax of 비과세, no
 * service fee).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ReceiptAmount = Amount(9)

/**
 * A total amount: a positive whole number of won, at most 9 digits.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TotalAmount = Amount(9).pipe(
  rule("positive", Rules.isPositiveAmount, "must be a positive whole number", { values: Gen.map(Gen.integer(1, 10 ** 8 - 1), String) })
)

/**
 * A bulk submit ID (`X-SVC-Submit-ID`): 1 to 36 letters, digits or hyphens.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SubmitId = Schema.String.pipe(
  rule("submitID", Rules.submitIdValid, "must be 1 to 36 letters, digits or hyphens", { values: Gen.text(`${ALNUM}-`, 1, 36) })
)

/**
 * The web-portal menu of GetURL: PBOX issued receipt box, WRITE create a receipt.
 *
 * @since 0.1.0
 * @category schemas
 */
export const UrlMenu = oneOf("TG", ["PBOX", "WRITE"])

/**
 * @since 0.1.0
 * @category models
 */
export type UrlMenu = typeof UrlMenu.Type

// ── inputs ──────────────────────────────────────────────────────────────────────────────────

const IssueFields = Schema.Struct({
  mgtKey: MgtKey,
  tradeDT: optional(DateTime14),
  tradeType: oneOf("tradeType", ["승인거래"]),
  tradeUsage: oneOf("tradeUsage", Rules.TRADE_USAGES),
  tradeOpt: optional(oneOf("tradeOpt", Rules.TRADE_OPTS)),
  taxationType: oneOf("taxationType", Rules.TAXATION_TYPES),
  totalAmount: TotalAmount,
  supplyCost: ReceiptAmount,
  tax: ReceiptAmount,
  serviceFee: ReceiptAmount,
  franchiseCorpNum: CorpNumText,
  franchiseTaxRegID: optional(TaxRegId),
  franchiseCorpName: optional(maxLen(200)),
  franchiseCEOName: optional(maxLen(100)),
  franchiseAddr: optional(maxLen(400)),
  franchiseTEL: optional(maxLen(20)),
  identityNum: IdentityNum,
  customerName: optional(maxLen(70)),
  itemName: optional(maxLen(70)),
  orderNumber: optional(maxLen(200)),
  email: optional(maxLen(100)),
  hp: optional(maxLen(20)),
  memo: optional(maxLen(200)),
  emailSubject: optional(maxLen(300))
})

/**
 * The issue body (`CashReceiptIssue`).
 *
 * @since 0.1.0
 * @category models
 */
export type CashReceiptIssue = typeof IssueFields.Type

/**
 * The issue body as it travels: every optional field may also be `null` or `""` (absent).
 *
 * @since 0.1.0
 * @category models
 */
export type CashReceiptIssueEncoded = typeof IssueFields.Encoded

const issueWith = (...extra: ReadonlyArray<CrossRule<CashReceiptIssue>>): typeof IssueFields =>
  IssueFields.pipe(withCrossRules<CashReceiptIssue>(Rules.identityNumForUsageRule, Rules.amountSumRule, ...extra))

/**
 * The issue body with every rule that needs no clock: lengths, forms, identityNum by tradeUsage,
 * total = supply + tax + service fee.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CashReceiptIssue = issueWith()

// The trade-time rule depends only on the KST day of "now": each clock-aware schema below is built
// once per day (`perKstDay`), not once per call.

/**
 * The issue body plus the trade-time window judged at `nowMillis` (today or the previous day, KST).
 *
 * @since 0.1.0
 * @category schemas
 */
export const CashReceiptIssueAt: (nowMillis: number) => typeof IssueFields = perKstDay(
  (nowMillis) => issueWith(Rules.tradeDTRule(nowMillis))
)

const RevokeFields = Schema.Struct({
  mgtKey: MgtKey,
  orgConfirmNum: ConfirmNum,
  orgTradeDate: Date8,
  smssendYN: optional(Schema.Boolean),
  memo: optional(maxLen(200)),
  isPartCancel: optional(Schema.Boolean),
  cancelType: optional(CancelType),
  supplyCost: optional(ReceiptAmount),
  tax: optional(ReceiptAmount),
  serviceFee: optional(ReceiptAmount),
  totalAmount: optional(TotalAmount),
  emailSubject: optional(maxLen(300)),
  tradeDT: optional(DateTime14)
})

/**
 * The revocation body (`CashReceiptRevoke`).
 *
 * @since 0.1.0
 * @category models
 */
export type CashReceiptRevoke = typeof RevokeFields.Type

/**
 * The revocation body as it travels: every optional field may also be `null` or `""` (absent).
 *
 * @since 0.1.0
 * @category models
 */
export type CashReceiptRevokeEncoded = typeof RevokeFields.Encoded

const revokeWith = (...extra: ReadonlyArray<CrossRule<CashReceiptRevoke>>): typeof RevokeFields =>
  RevokeFields.pipe(withCrossRules<CashReceiptRevoke>(...Rules.partCancelRules, ...extra))

/**
 * The revocation body: amounts required (and adding up) when isPartCancel is true, omitted
 * otherwise.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CashReceiptRevoke = revokeWith()

/**
 * The revocation body plus the trade-time window judged at `nowMillis`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CashReceiptRevokeAt: (nowMillis: number) => typeof RevokeFields = perKstDay(
  (nowMillis) => revokeWith(Rules.tradeDTRule(nowMillis))
)

/**
 * The bulk issue body.
 *
 * @since 0.1.0
 * @category models
 */
export interface BulkIssueBody {
  readonly cashbills: ReadonlyArray<CashReceiptIssue>
}

/**
 * The bulk issue body as it travels.
 *
 * @since 0.1.0
 * @category models
 */
export interface BulkIssueBodyEncoded {
  readonly cashbills: ReadonlyArray<CashReceiptIssueEncoded>
}

// `cashbills` with distinct document IDs; `max` bounds one submission (issueMany takes any number).
const bulkWith = (item: typeof CashReceiptIssue, max?: number): Schema.Codec<BulkIssueBody, BulkIssueBodyEncoded> => {
  const items = Schema.Array(item)
  return Schema.Struct({
    cashbills: max === undefined ? items : items.pipe(
      rule<ReadonlyArray<CashReceiptIssue>>(
        `items(1..${max})`,
        (list) => list.length >= 1 && list.length <= max,
        `must hold 1 to ${max} receipts`
      )
    )
  }).pipe(withCrossRules<BulkIssueBody>(Rules.uniqueMgtKeysRule))
}

/**
 * The bulk issue body: 1 to 100 receipts with distinct document IDs, each a valid issue body.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BulkIssueBody: Schema.Codec<BulkIssueBody, BulkIssueBodyEncoded> = bulkWith(CashReceiptIssue, Rules.BULK_MAX)

/**
 * The bulk issue body with every receipt's trade time judged at `nowMillis`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BulkIssueBodyAt: (nowMillis: number) => Schema.Codec<BulkIssueBody, BulkIssueBodyEncoded> = perKstDay(
  (nowMillis) => bulkWith(CashReceiptIssueAt(nowMillis), Rules.BULK_MAX)
)

/**
 * Any number of receipts with distinct document IDs, each judged at `nowMillis` (the input of
 * `issueMany`, which splits them into bulk submissions).
 *
 * @since 0.1.0
 * @category schemas
 */
export const ReceiptListAt: (nowMillis: number) => Schema.Codec<BulkIssueBody, BulkIssueBodyEncoded> = perKstDay(
  (nowMillis) => bulkWith(CashReceiptIssueAt(nowMillis))
)

/**
 * The body of GetInfos: at most 1,000 document IDs.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MgtKeyList = Schema.Array(MgtKey).pipe(
  rule<ReadonlyArray<string>>(
    `maxItems(${Rules.INFOS_MAX})`,
    (keys) => keys.length <= Rules.INFOS_MAX,
    `must hold at most ${Rules.INFOS_MAX} document IDs`
  )
)

/**
 * The body of GetMassPrintURL: 1 to 100 document IDs.
 *
 * @since 1.1.0
 * @category schemas
 */
export const MassPrintList = Schema.Array(MgtKey).pipe(
  rule<ReadonlyArray<string>>("minItems(1)", (keys) => keys.length >= 1, "must hold at least one document ID"),
  rule<ReadonlyArray<string>>(
    `maxItems(${Rules.MASS_PRINT_MAX})`,
    (keys) => keys.length <= Rules.MASS_PRINT_MAX,
    `must hold at most ${Rules.MASS_PRINT_MAX} document IDs`
  )
)

// ── answers ─────────────────────────────────────────────────────────────────────────────────

/**
 * The answer of RegistIssue and RevokeRegistIssue.
 *
 * @since 0.1.0
 * @category schemas
 */
export class IssueResponse extends Schema.Class<IssueResponse>("IssueResponse")({
  code: LenientNumber,
  message: Schema.String,
  confirmNum: Schema.String,
  tradeDate: Schema.String,
  /** Sent by the live service though the spec omits it. */
  tradeDT: nullable(Schema.String)
}) {}

/**
 * The answer of BulkSubmit.
 *
 * @since 0.1.0
 * @category schemas
 */
export class BulkSubmitResponse extends Schema.Class<BulkSubmitResponse>("BulkSubmitResponse")({
  code: LenientNumber,
  message: Schema.String,
  receiptID: Schema.String
}) {}

// Fields the status and the detail record share.
const tradeFields = {
  mgtKey: Schema.String,
  confirmNum: Schema.String,
  orgConfirmNum: nullable(Schema.String),
  orgTradeDate: nullable(Schema.String),
  tradeDate: Schema.String,
  tradeDT: nullable(Schema.String),
  tradeType: nullable(Schema.String),
  tradeUsage: nullable(Schema.String),
  tradeOpt: nullable(Schema.String),
  taxationType: nullable(Schema.String),
  totalAmount: nullable(Schema.String),
  supplyCost: nullable(Schema.String),
  tax: nullable(Schema.String),
  serviceFee: nullable(Schema.String),
  identityNum: nullable(Schema.String),
  itemName: nullable(Schema.String),
  customerName: nullable(Schema.String),
  printYN: nullable(LenientBoolean)
}

/**
 * The status record (GetInfo; GetInfos returns an array of them). identityNum comes masked.
 *
 * @since 0.1.0
 * @category schemas
 */
export class CashbillInfo extends Schema.Class<CashbillInfo>("CashbillInfo")({
  ...tradeFields,
  itemKey: nullable(Schema.String),
  issueDT: nullable(Schema.String),
  regDT: nullable(Schema.String),
  stateDT: nullable(Schema.String),
  stateCode: LenientNumber,
  ntssendDT: nullable(Schema.String),
  ntsresultDT: nullable(Schema.String),
  ntsresultCode: nullable(Schema.String),
  ntsresultMessage: nullable(Schema.String),
  interOPYN: nullable(LenientBoolean)
}) {}

/**
 * The detail record (GetDetailInfo).
 *
 * @since 0.1.0
 * @category schemas
 */
export class CashbillDetail extends Schema.Class<CashbillDetail>("CashbillDetail")({
  ...tradeFields,
  franchiseCorpNum: nullable(Schema.String),
  franchiseTaxRegID: nullable(Schema.String),
  franchiseCorpName: nullable(Schema.String),
  franchiseCEOName: nullable(Schema.String),
  franchiseAddr: nullable(Schema.String),
  franchiseTEL: nullable(Schema.String),
  orderNumber: nullable(Schema.String),
  email: nullable(Schema.String),
  hp: nullable(Schema.String),
  cancelType: nullable(LenientNumber),
  smssendYN: nullable(LenientBoolean),
  faxsendYN: nullable(LenientBoolean)
}) {}

/**
 * The result of one receipt of a bulk submission; confirmNum, tradeDate and issueDT are absent
 * when the receipt failed (code is then the failure code).
 *
 * @since 0.1.0
 * @category schemas
 */
export class BulkIssueResult extends Schema.Class<BulkIssueResult>("BulkIssueResult")({
  mgtKey: nullable(Schema.String),
  code: LenientNumber,
  message: nullable(Schema.String),
  confirmNum: nullable(Schema.String),
  tradeDate: nullable(Schema.String),
  issueDT: nullable(Schema.String)
}) {}

/**
 * The bulk result record (GetBulkResult, `domains/BulkResult.ts`). txState 0 submitted, 1 in
 * progress, 2 completed; the per-receipt results arrive once txState is 2.
 *
 * @since 0.1.0
 * @category schemas
 */
export class BulkResult extends Schema.Class<BulkResult>("BulkResult")(bulkResultFields(BulkIssueResult)) {}

export {
  /**
   * The txState of a completed bulk submission.
   *
   * @since 0.1.0
   * @category constants
   */
  TX_STATE_COMPLETED
} from "../BulkResult.js"
