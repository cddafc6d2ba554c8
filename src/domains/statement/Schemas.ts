/**
 * Wire shapes of statements (docs/service.md "Statements"): the issue body with every rule of the spec, the
 * small bodies of Cancel, SendEmail, GetInfos and mass print, and the answers, decoded tolerantly
 * (docs/service.md "Answers": unknown fields ignored, `null` for absent values, `stateCode` as a number or
 * a string, booleans in their string forms).
 *
 * Optional input fields are absent or valid; `null` and `""` in one are absent, as everywhere
 * (`core/Absent.ts`).
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { withCrossRules } from "../../core/CrossRule.js"
import * as Gen from "../../core/Gen.js"
import { maxLen, requiredLen, rule } from "../../core/Rule.js"
import {
  AnswerKey,
  CorpNumText,
  Date8,
  LenientBoolean,
  LenientNumber,
  MgtKey,
  nullable,
  oneOf,
  oneOfNumbers,
  optional,
  SignedAmount
} from "../../core/Schemas.js"
import * as Rules from "./Rules.js"

// ── fields ──────────────────────────────────────────────────────────────────────────────────

/**
 * An item code in a body: the number 121 to 126.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ItemCodeNumber = oneOfNumbers("itemCode", Rules.ITEM_CODES, "must be a statement item code: 121, 122, 123, 124, 125 or 126")

/**
 * An item code as it travels in the path (`/Statement/121/…`): the text "121" to "126".
 *
 * @since 0.1.0
 * @category schemas
 */
export const ItemCodeText = Schema.String.pipe(
  rule<string>("itemCode", (s) => Rules.SCOPES.includes(s), "must be a statement item code: 121, 122, 123, 124, 125 or 126", {
    values: Gen.constantFrom(...Rules.SCOPES)
  })
)

/** A branch number: 4 digits (the official examples send `""`, which is absent). */
const TaxRegId = Schema.String.pipe(
  rule("taxRegID", (s: string) => /^\d{4}$/.test(s), "must be a branch number of exactly 4 digits", { values: Gen.digits(4) })
)

/**
 * One line of a statement (the fields the spec's samples show).
 *
 * @since 0.1.0
 * @category schemas
 */
export const DetailItem = Schema.Struct({
  serialNum: optional(
    Schema.Number.pipe(rule<number>("serialNum", (n) => Number.isInteger(n) && n >= 1, "must be a whole number from 1", { values: Gen.integer(1, 99) }))
  ),
  purchaseDT: optional(Date8),
  itemName: optional(Schema.String),
  spec: optional(Schema.String),
  qty: optional(Schema.String),
  unitCost: optional(Schema.String),
  supplyCost: optional(SignedAmount(18)),
  tax: optional(SignedAmount(18)),
  remark: optional(Schema.String),
  spare1: optional(Schema.String),
  spare2: optional(Schema.String),
  spare3: optional(Schema.String),
  spare4: optional(Schema.String),
  spare5: optional(Schema.String)
})

/**
 * @since 0.1.0
 * @category models
 */
export type DetailItem = typeof DetailItem.Type

const IssueFields = Schema.Struct({
  itemCode: ItemCodeNumber,
  mgtKey: MgtKey,
  formCode: optional(maxLen(8)),
  writeDate: Date8,
  taxType: optional(oneOf("taxType", Rules.TAX_TYPES)),
  purposeType: oneOf("purposeType", Rules.PURPOSE_TYPES),
  serialNum: optional(maxLen(30)),
  taxTotal: SignedAmount(18),
  supplyCostTotal: SignedAmount(18),
  totalAmount: optional(SignedAmount(18)),
  remark1: optional(maxLen(150)),
  remark2: optional(maxLen(150)),
  remark3: optional(maxLen(150)),
  senderCorpNum: CorpNumText,
  senderTaxRegID: optional(TaxRegId),
  senderCorpName: optional(maxLen(200)),
  senderCEOName: optional(maxLen(100)),
  senderAddr: optional(maxLen(300)),
  senderBizType: optional(maxLen(100)),
  senderBizClass: optional(maxLen(100)),
  senderContactName: optional(maxLen(100)),
  senderDeptName: optional(maxLen(40)),
  senderTEL: optional(maxLen(20)),
  senderHP: optional(maxLen(20)),
  senderFAX: optional(maxLen(20)),
  senderEmail: optional(maxLen(100)),
  receiverCorpNum: optional(CorpNumText),
  receiverTaxRegID: optional(TaxRegId),
  receiverCorpName: optional(maxLen(200)),
  receiverCEOName: optional(maxLen(100)),
  receiverAddr: optional(maxLen(300)),
  receiverBizType: optional(maxLen(100)),
  receiverBizClass: optional(maxLen(100)),
  receiverContactName: optional(maxLen(100)),
  receiverDeptName: optional(maxLen(40)),
  receiverTEL: optional(maxLen(20)),
  receiverHP: optional(maxLen(20)),
  receiverFAX: optional(maxLen(20)),
  receiverEmail: optional(maxLen(100)),
  /** Extra properties that depend on the type (e.g. a deposit slip's `Balance`, `Deposit`, `CBalance`); keys as in answers (`Rules.propertyBagKeysRule`). */
  propertyBag: optional(Schema.Record(Schema.String, Schema.String)),
  /** No length limit (docs/service.md "Limits"). */
  detailList: optional(Schema.Array(DetailItem)),
  memo: optional(maxLen(200)),
  emailSubject: optional(maxLen(300))
})

/**
 * The issue body (`StatementIssue`).
 *
 * @since 0.1.0
 * @category models
 */
export type StatementIssue = typeof IssueFields.Type

/**
 * The issue body as it travels: every optional field may also be `null` or `""` (absent).
 *
 * @since 0.1.0
 * @category models
 */
export type StatementIssueEncoded = typeof IssueFields.Encoded

/**
 * The issue body with every rule of the spec: required fields, lengths, signed integer amounts
 * (`-` allowed, at most 18 characters), `writeDate` a calendar date, registration numbers of 10
 * digits, branch numbers of 4, `detailList` without a length limit, `propertyBag` a record of
 * strings whose keys an answer may carry, and `taxType` required for item codes 121, 122, 123, 124 and 126 (every type but the
 * deposit slip 125 — `Rules.TAX_TYPE_REQUIRED`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const StatementIssue = IssueFields.pipe(
  withCrossRules<StatementIssue>(Rules.taxTypeRule, Rules.propertyBagKeysRule)
)

/**
 * The body of Cancel: an optional memo (clients send `{}`, `{"memo":…}` or nothing at all).
 *
 * @since 0.1.0
 * @category schemas
 */
export const CancelBody = Schema.Struct({ memo: optional(maxLen(200)) })

/**
 * The body of SendEmail: the receiver's address.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SendEmailBody = Schema.Struct({ receiver: requiredLen(100) })

/**
 * The body of GetInfos: at most 1,000 document IDs.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MgtKeyList = Schema.Array(MgtKey).pipe(
  rule<ReadonlyArray<string>>(`maxItems(${Rules.INFOS_MAX})`, (keys) => keys.length <= Rules.INFOS_MAX, `must hold at most ${Rules.INFOS_MAX} document IDs`)
)

/**
 * The body of GetMassPrintURL: 1 to 100 document IDs.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MassPrintList = Schema.Array(MgtKey).pipe(
  rule<ReadonlyArray<string>>("minItems(1)", (keys) => keys.length >= 1, "must hold at least one document ID"),
  rule<ReadonlyArray<string>>(
    `maxItems(${Rules.MASS_PRINT_MAX})`,
    (keys) => keys.length <= Rules.MASS_PRINT_MAX,
    `must hold at most ${Rules.MASS_PRINT_MAX} document IDs (mass print limit)`
  )
)

// ── answers ─────────────────────────────────────────────────────────────────────────────────

/**
 * The answer of RegistIssue: the invoice number assigned at issuance (24 characters).
 *
 * @since 0.1.0
 * @category schemas
 */
export class IssueResponse extends Schema.Class<IssueResponse>("StatementIssueResponse")({
  code: LenientNumber,
  message: Schema.String,
  invoiceNum: nullable(Schema.String)
}) {}

/**
 * The status record (GetInfo; GetInfos returns an array of them). `stateCode` 200 pending
 * approval, 300 issued, 600 cancelled.
 *
 * @since 0.1.0
 * @category schemas
 */
export class StatementInfo extends Schema.Class<StatementInfo>("StatementInfo")({
  itemCode: LenientNumber,
  itemKey: nullable(Schema.String),
  invoiceNum: nullable(Schema.String),
  mgtKey: Schema.String,
  taxType: nullable(Schema.String),
  writeDate: nullable(Schema.String),
  regDT: nullable(Schema.String),
  senderCorpName: nullable(Schema.String),
  senderCorpNum: nullable(Schema.String),
  senderPrintYN: nullable(LenientBoolean),
  receiverCorpName: nullable(Schema.String),
  receiverCorpNum: nullable(Schema.String),
  receiverPrintYN: nullable(LenientBoolean),
  supplyCostTotal: nullable(Schema.String),
  taxTotal: nullable(Schema.String),
  purposeType: nullable(Schema.String),
  issueDT: nullable(Schema.String),
  stateCode: LenientNumber,
  stateDT: nullable(Schema.String),
  stateMemo: nullable(Schema.String),
  openYN: nullable(LenientBoolean),
  openDT: nullable(Schema.String)
}) {}

const text = nullable(Schema.String)

/**
 * A detail line as answered.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DetailLine = Schema.Struct({
  serialNum: nullable(LenientNumber),
  purchaseDT: text,
  itemName: text,
  spec: text,
  qty: text,
  unitCost: text,
  supplyCost: text,
  tax: text,
  remark: text,
  spare1: text,
  spare2: text,
  spare3: text,
  spare4: text,
  spare5: text
})

/**
 * The detail record (GetDetailInfo): the statement as issued, with its lines and `propertyBag`.
 *
 * @since 0.1.0
 * @category schemas
 */
export class StatementDetail extends Schema.Class<StatementDetail>("StatementDetail")({
  itemCode: LenientNumber,
  mgtKey: Schema.String,
  invoiceNum: text,
  formCode: text,
  writeDate: text,
  taxType: text,
  purposeType: text,
  serialNum: text,
  supplyCostTotal: text,
  taxTotal: text,
  totalAmount: text,
  remark1: text,
  remark2: text,
  remark3: text,
  senderCorpNum: text,
  senderTaxRegID: text,
  senderCorpName: text,
  senderCEOName: text,
  senderAddr: text,
  senderBizType: text,
  senderBizClass: text,
  senderContactName: text,
  senderDeptName: text,
  senderTEL: text,
  senderHP: text,
  senderFAX: text,
  senderEmail: text,
  receiverCorpNum: text,
  receiverTaxRegID: text,
  receiverCorpName: text,
  receiverCEOName: text,
  receiverAddr: text,
  receiverBizType: text,
  receiverBizClass: text,
  receiverContactName: text,
  receiverDeptName: text,
  receiverTEL: text,
  receiverHP: text,
  receiverFAX: text,
  receiverEmail: text,
  /** Keys that are not answer keys (which taxdoc never sends) are left out. */
  propertyBag: nullable(Schema.Record(AnswerKey, Schema.String)),
  detailList: nullable(Schema.Array(DetailLine)),
  memo: text,
  emailSubject: text,
  stateCode: nullable(LenientNumber)
}) {}
