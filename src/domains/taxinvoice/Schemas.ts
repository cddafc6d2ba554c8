/**
 * Wire shapes of e-Tax invoices (docs/service.md "e-Tax invoices"): the draft with every rule the spec
 * gives, the issue, mail, form and file inputs, and the answers, decoded tolerantly (docs/service.md
 * "Answers": unknown fields ignored, `null` for absent values, booleans and numbers in their string
 * forms too).
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { type CrossRule, withCrossRules } from "../../core/CrossRule.js"
import * as Gen from "../../core/Gen.js"
import { perKstDay } from "../../core/Kst.js"
import { maxLen, requiredLen, rule } from "../../core/Rule.js"
import { CorpNumText, corpNumValues, Date8, MgtKey, oneOf, optional, SignedAmount } from "../../core/Schemas.js"
import * as Rules from "./Rules.js"

// ── fields ──────────────────────────────────────────────────────────────────────────────────

const LOWER = "abcdefghijklmnopqrstuvwxyz"
const DIGITS = "0123456789"
const ALNUM = `${LOWER}${DIGITS}${LOWER.toUpperCase()}`

const TaxRegId = Schema.String.pipe(
  rule("taxRegID", (s: string) => /^\d{4}$/.test(s), "must be a branch number of exactly 4 digits", { values: Gen.digits(4) })
)

/**
 * An amount of an invoice: an integer string, sign allowed, at most 18 characters.
 *
 * @since 0.1.0
 * @category schemas
 */
export const InvoiceAmount = SignedAmount(18)

const BookNumber = Schema.Number.pipe(
  rule<number>("bookNumber", (n) => Number.isInteger(n) && Math.abs(n) <= 9999, "must be an integer of at most 4 digits (sign allowed)", {
    values: Gen.integer(-9999, 9999)
  })
)

const ModifyCode = Schema.Number.pipe(
  rule<number>("modifyCode", (n) => (Rules.MODIFY_CODES as ReadonlyArray<number>).includes(n), "must be 1 to 6 (the reason for the revision)", {
    values: Gen.constantFrom(...Rules.MODIFY_CODES)
  })
)

/**
 * A confirmation number of the tax authority: exactly 24 letters or digits.
 *
 * @since 0.1.0
 * @category schemas
 */
export const NtsConfirmNum = Schema.String.pipe(
  rule("ntsConfirmNum", Rules.isNtsConfirmNum, "must be a confirmation number of exactly 24 letters or digits", {
    values: Gen.text(`${DIGITS}${LOWER}`, 24, 24)
  })
)

const InvoiceeCorpNum = Schema.String.pipe(
  rule("invoiceeCorpNum", (s: string) => /^\d{10}$|^\d{13}$/.test(s), "must be 10 or 13 digits, no hyphen", { values: corpNumValues })
)

/**
 * The document ID kind of the path: SELL, BUY or TRUSTEE.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MgtKeyType = oneOf("MgtKeyType", Rules.MGT_KEY_TYPES)

/**
 * The item key of an invoice issued on the web portal: 18 characters.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ItemKey = Schema.String.pipe(
  rule("itemKey", (s: string) => /^[A-Za-z0-9]{18}$/.test(s), "must be an item key of exactly 18 letters or digits", { values: Gen.digits(18) })
)

/**
 * An attached file ID (the `attachedFile` of a file record): path-safe, at most 255 characters.
 *
 * @since 0.1.0
 * @category schemas
 */
export const FileId = Schema.String.pipe(
  // "." and ".." are path segments every URL parser removes: the request would reach another route.
  rule(
    "fileId",
    (s: string) => /^[A-Za-z0-9_.-]{1,255}$/.test(s) && s !== "." && s !== "..",
    "must be the attachedFile value of a file record (letters, digits, '-', '_', '.'; not '.' or '..')",
    { values: Gen.filter(Gen.text(`${ALNUM}_.-`, 1, 40), (id) => id !== "." && id !== "..") }
  )
)

/**
 * A line of the detail list. The spec lists the fields without lengths; the lengths here are the
 * sandbox's (documented in docs/taxinvoice.md).
 *
 * @since 0.1.0
 * @category schemas
 */
export const DetailLine = Schema.Struct({
  serialNum: optional(Schema.Number.pipe(rule<number>("serialNum", (n) => Number.isInteger(n) && n >= 1 && n <= 99, "must be 1 to 99", { values: Gen.integer(1, 99) }))),
  purchaseDT: optional(Date8),
  itemName: optional(maxLen(100)),
  spec: optional(maxLen(100)),
  qty: optional(maxLen(12)),
  unitCost: optional(maxLen(18)),
  supplyCost: optional(InvoiceAmount),
  tax: optional(InvoiceAmount),
  remark: optional(maxLen(100))
})

/**
 * An extra buyer contact for the notification mail.
 *
 * @since 0.1.0
 * @category schemas
 */
export const AddContact = Schema.Struct({
  serialNum: optional(Schema.Number),
  contactName: optional(maxLen(100)),
  email: requiredLen(100)
})

const listOf = <S extends Schema.Top>(item: S, max: number, what: string) =>
  Schema.Array(item).pipe(rule<ReadonlyArray<S["Type"]>>(`maxItems(${max})`, (list) => list.length <= max, `must hold at most ${max} ${what}`))

// ── the draft ───────────────────────────────────────────────────────────────────────────────

const DraftFields = Schema.Struct({
  issueType: oneOf("issueType", Rules.ISSUE_TYPES),
  taxType: oneOf("taxType", Rules.TAX_TYPES),
  chargeDirection: oneOf("chargeDirection", Rules.CHARGE_DIRECTIONS),
  serialNum: optional(maxLen(30)),
  kwon: optional(BookNumber),
  ho: optional(BookNumber),
  writeDate: Date8,
  purposeType: oneOf("purposeType", Rules.PURPOSE_TYPES),
  supplyCostTotal: InvoiceAmount,
  taxTotal: InvoiceAmount,
  totalAmount: InvoiceAmount,
  // Drafts built from the official examples leave the payment amounts out.
  cash: optional(InvoiceAmount),
  chkBill: optional(InvoiceAmount),
  credit: optional(InvoiceAmount),
  note: optional(InvoiceAmount),
  remark1: optional(maxLen(150)),
  remark2: optional(maxLen(150)),
  remark3: optional(maxLen(150)),
  invoicerMgtKey: MgtKey,
  invoicerCorpNum: CorpNumText,
  invoicerTaxRegID: optional(TaxRegId),
  invoicerCorpName: requiredLen(200),
  invoicerCEOName: requiredLen(100),
  invoicerAddr: optional(maxLen(300)),
  invoicerBizType: optional(maxLen(100)),
  invoicerBizClass: optional(maxLen(100)),
  invoicerContactName: optional(maxLen(100)),
  invoicerDeptName: optional(maxLen(100)),
  invoicerTEL: optional(maxLen(20)),
  invoicerHP: optional(maxLen(20)),
  invoicerEmail: optional(maxLen(100)),
  invoiceeType: optional(oneOf("invoiceeType", Rules.INVOICEE_TYPES)),
  invoiceeCorpNum: InvoiceeCorpNum,
  invoiceeTaxRegID: optional(TaxRegId),
  invoiceeCorpName: requiredLen(200),
  invoiceeCEOName: requiredLen(100),
  invoiceeAddr: optional(maxLen(300)),
  invoiceeBizType: optional(maxLen(100)),
  invoiceeBizClass: optional(maxLen(100)),
  invoiceeContactName1: optional(maxLen(100)),
  invoiceeDeptName1: optional(maxLen(100)),
  invoiceeTEL1: optional(maxLen(20)),
  invoiceeHP1: optional(maxLen(20)),
  invoiceeEmail1: optional(maxLen(100)),
  modifyCode: optional(ModifyCode),
  orgNTSConfirmNum: optional(NtsConfirmNum),
  detailList: optional(listOf(DetailLine, Rules.Limits.detailList, "detail lines")),
  addContactList: optional(listOf(AddContact, Rules.Limits.addContactList, "extra contacts")),
  memo: optional(maxLen(200)),
  writeSpecification: optional(Schema.Boolean)
})

/**
 * The draft (`TaxinvoiceDraft`).
 *
 * @since 0.1.0
 * @category models
 */
export type TaxinvoiceDraft = typeof DraftFields.Type

/**
 * The draft as it travels: every optional field may also be `null` or `""` (absent).
 *
 * @since 0.1.0
 * @category models
 */
export type TaxinvoiceDraftEncoded = typeof DraftFields.Encoded

const draftWith = (...extra: ReadonlyArray<CrossRule<TaxinvoiceDraft>>): typeof DraftFields =>
  DraftFields.pipe(withCrossRules<TaxinvoiceDraft>(Rules.invoiceeCorpNumRule, Rules.revisionPairRule, Rules.totalsRule, ...extra))

/**
 * The draft with every rule that needs no clock: required fields and lengths, the values of the
 * enumerated fields, integer amounts, real dates, the buyer number by buyer type, the revision pair,
 * consistent totals, at most 99 detail lines and 5 extra contacts.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TaxinvoiceDraft = draftWith()

/**
 * The draft plus writeDate not after today (KST of `nowMillis`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TaxinvoiceDraftAt: (nowMillis: number) => typeof DraftFields = perKstDay(
  (nowMillis) => draftWith(Rules.writeDateRule(nowMillis))
)

// ── other inputs ────────────────────────────────────────────────────────────────────────────

/**
 * The issue body: a memo, the notification mail's subject, and `forceIssue` to issue an overdue
 * invoice. The smallest body the live clients send is `{"forceIssue":false}`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const IssueBody = Schema.Struct({
  memo: optional(maxLen(200)),
  emailSubject: optional(maxLen(300)),
  forceIssue: optional(Schema.Boolean)
})

/**
 * @since 0.1.0
 * @category models
 */
export type IssueBody = typeof IssueBody.Type

/**
 * The body of SendEmail: one receiver address per call.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SendEmailBody = Schema.Struct({
  receiver: requiredLen(100).pipe(
    rule("email", (s: string) => /^[^@\s]+@[^@\s]+$/.test(s), "must be an e-mail address", {
      values: Gen.tuple([Gen.text(LOWER, 1, 1), Gen.text(`${LOWER}${DIGITS}`, 0, 7)], ([first, rest]) => `${first}${rest}@example.com`)
    })
  )
})

/**
 * The form of AssignMgtKey: `MgtKey=<document ID>`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const AssignMgtKeyForm = Schema.Struct({ MgtKey })

/**
 * A file to attach, as the SDK validates it and the sandbox reads it from the multipart body: the
 * file name (directories removed), the name shown (`DisplayName`, the file name when absent) and
 * the bytes, at most `Rules.MAX_FILE_BYTES`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const AttachedFileInput = Schema.Struct({
  // The name travels raw in a quoted multipart header (docs/service.md "e-Tax invoices"), so quotes and line breaks cannot.
  fileName: requiredLen(255).pipe(rule("fileName", (s: string) => !/["\r\n]/.test(s), "may not contain '\"' or line breaks")),
  displayName: optional(maxLen(255)),
  content: Schema.Uint8Array.pipe(
    rule<Uint8Array>(
      `maxBytes(${Rules.MAX_FILE_BYTES})`,
      (bytes) => bytes.length <= Rules.MAX_FILE_BYTES,
      `must be at most ${Rules.MAX_FILE_BYTES} bytes (the sandbox's documented file size limit)`
    )
  )
})

/**
 * @since 0.1.0
 * @category models
 */
export type AttachedFileInput = typeof AttachedFileInput.Type

/**
 * A list of at most `max` document IDs (GetInfos: 1,000; mass print: 100).
 *
 * @since 0.1.0
 * @category schemas
 */
export const MgtKeyList = (max: number) =>
  Schema.Array(MgtKey).pipe(
    rule<ReadonlyArray<string>>(`maxItems(${max})`, (keys) => keys.length <= max, `must hold at most ${max} document IDs`)
  )

/**
 * The bulk issue body (docs/decisions.md "e-Tax invoices"): `{invoices, forceIssue?}`.
 *
 * @since 0.1.0
 * @category models
 */
export interface BulkIssueBody {
  readonly forceIssue?: boolean
  readonly invoices: ReadonlyArray<TaxinvoiceDraft>
}

/**
 * The bulk issue body as it travels (`forceIssue` and each draft's optional fields may be `null` or `""`).
 *
 * @since 0.1.0
 * @category models
 */
export interface BulkIssueBodyEncoded {
  readonly forceIssue?: boolean | null | ""
  readonly invoices: ReadonlyArray<TaxinvoiceDraftEncoded>
}

const bulkWith = (item: typeof TaxinvoiceDraft, max?: number): Schema.Codec<BulkIssueBody, BulkIssueBodyEncoded> => {
  const items = Schema.Array(item)
  return Schema.Struct({
    forceIssue: optional(Schema.Boolean),
    invoices: max === undefined ? items : items.pipe(
      rule<ReadonlyArray<TaxinvoiceDraft>>(`items(1..${max})`, (list) => list.length >= 1 && list.length <= max, `must hold 1 to ${max} invoices`)
    )
  }).pipe(withCrossRules<BulkIssueBody>(Rules.uniqueMgtKeysRule))
}

/**
 * The bulk issue body: 1 to 100 valid drafts with distinct document IDs.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BulkIssueBody: Schema.Codec<BulkIssueBody, BulkIssueBodyEncoded> = bulkWith(TaxinvoiceDraft, Rules.Limits.bulk)

/**
 * The bulk issue body with every writeDate judged at `nowMillis`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BulkIssueBodyAt: (nowMillis: number) => Schema.Codec<BulkIssueBody, BulkIssueBodyEncoded> = perKstDay(
  (nowMillis) => bulkWith(TaxinvoiceDraftAt(nowMillis), Rules.Limits.bulk)
)

/**
 * Any number of drafts with distinct document IDs judged at `nowMillis` (the input of `issueMany`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const InvoiceListAt: (nowMillis: number) => Schema.Codec<BulkIssueBody, BulkIssueBodyEncoded> = perKstDay(
  (nowMillis) => bulkWith(TaxinvoiceDraftAt(nowMillis))
)

/**
 * A bulk submit ID (`X-SVC-Submit-ID`): 1 to 36 letters, digits or hyphens.
 *
 * @since 0.1.0
 * @category schemas
 */
export const SubmitId = Schema.String.pipe(
  rule("submitID", (s: string) => /^[A-Za-z0-9-]{1,36}$/.test(s), "must be 1 to 36 letters, digits or hyphens", { values: Gen.text(`${ALNUM}-`, 1, 36) })
)

// The answers (status, detail, file and bulk records) are in Answers.ts, part of this module's surface.
export * from "./Answers.js"
