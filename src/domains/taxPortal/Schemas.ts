/**
 * Wire shapes of tax-authority collection (SPEC.md "Tax authority collection", FACTS.md
 * "Collection"): the parameters of every operation as they travel (strings; lists comma-joined),
 * with the spec's rules — job ID 18 and confirmation number 24 characters, range at most 3 months
 * and not reversed, PerPage at most 1,000 — and the answers, decoded tolerantly (unknown fields
 * ignored, `null` accepted where the service may send it, numbers in their string forms too).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { fieldRule, withCrossRules } from "../../core/CrossRule.js"
import { rule } from "../../core/Rule.js"
import { Date8, LenientBoolean, LenientNumericString, oneOf, optional } from "../../core/Schemas.js"
import * as Rules from "./Rules.js"

// ── identifiers ─────────────────────────────────────────────────────────────────────────────

/**
 * A collection job ID: exactly 18 characters (FACTS.md: the clients check this before sending).
 *
 * @since 0.1.0
 * @category schemas
 */
export const JobId = Schema.String.pipe(
  rule("jobID", (s: string) => s.length === Rules.JOB_ID_LENGTH && /^[A-Za-z0-9]+$/.test(s), `must be a job ID of exactly ${Rules.JOB_ID_LENGTH} letters or digits`)
)

/**
 * A tax authority confirmation number: exactly 24 characters.
 *
 * @since 0.1.0
 * @category schemas
 */
export const NtsConfirmNum = Schema.String.pipe(
  rule(
    "ntsConfirmNum",
    (s: string) => s.length === Rules.NTS_CONFIRM_NUM_LENGTH && /^[A-Za-z0-9]+$/.test(s),
    `must be a confirmation number of exactly ${Rules.NTS_CONFIRM_NUM_LENGTH} letters or digits`
  )
)

/**
 * Whose tax invoices are collected: SELL sales, BUY purchases, TRUSTEE consigned.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TaxinvoiceQueryType = oneOf("queryType", ["SELL", "BUY", "TRUSTEE"])

/**
 * @since 0.1.0
 * @category models
 */
export type TaxinvoiceQueryType = typeof TaxinvoiceQueryType.Type

/**
 * Whose cash receipts are collected: SELL sales, BUY purchases.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CashbillQueryType = oneOf("queryType", ["SELL", "BUY"])

/**
 * @since 0.1.0
 * @category models
 */
export type CashbillQueryType = typeof CashbillQueryType.Type

/**
 * The date a tax invoice range applies to: W preparation (write) date, I issue date, S filing
 * (send) date — recommended.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DateType = oneOf("DType", ["W", "I", "S"])

/**
 * @since 0.1.0
 * @category models
 */
export type DateType = typeof DateType.Type

// ── request job ─────────────────────────────────────────────────────────────────────────────

const rangeRules = <A extends { readonly SDate: string; readonly EDate: string }>() => [
  fieldRule<A>(["EDate"], "dateOrder", (r) => Rules.rangeOrdered(r.SDate, r.EDate), "must not be before SDate"),
  fieldRule<A>(
    ["EDate"],
    "rangeMax(3 months)",
    (r) => !Rules.rangeOrdered(r.SDate, r.EDate) || Rules.rangeWithinLimit(r.SDate, r.EDate),
    "must be at most 3 months after SDate"
  )
] as const

/**
 * Parameters of the tax invoice RequestJob: queryType (path), DType, SDate, EDate (query).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TaxinvoiceJobParams = Schema.Struct({ queryType: TaxinvoiceQueryType, DType: DateType, SDate: Date8, EDate: Date8 }).pipe(
  withCrossRules(...rangeRules<{ readonly queryType: TaxinvoiceQueryType; readonly DType: DateType; readonly SDate: string; readonly EDate: string }>())
)

/**
 * Parameters of the cash receipt RequestJob: queryType (path), SDate, EDate (query).
 *
 * @since 0.1.0
 * @category schemas
 */
export const CashbillJobParams = Schema.Struct({ queryType: CashbillQueryType, SDate: Date8, EDate: Date8 }).pipe(
  withCrossRules(...rangeRules<{ readonly queryType: CashbillQueryType; readonly SDate: string; readonly EDate: string }>())
)

/**
 * A path holding only a job ID.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ByJob = Schema.Struct({ jobID: JobId })

// ── search filters ──────────────────────────────────────────────────────────────────────────

const list = (name: string, allowed: ReadonlyArray<string>) =>
  optional(Schema.String.pipe(rule(name, Rules.listWithin(allowed), `must be a comma-separated list of ${allowed.join(", ")} (empty = all)`)))

const oneOrEmpty = (name: string, allowed: ReadonlyArray<string>) =>
  optional(Schema.String.pipe(rule(name, (s: string) => s === "" || allowed.includes(s), `must be one of ${allowed.join(", ")} or empty`)))

const paging = {
  Page: optional(Schema.String.pipe(rule("page", Rules.numberWithin(1, 999_999_999), "must be a page number of at least 1"))),
  PerPage: optional(
    Schema.String.pipe(rule(`perPage(1..${Rules.PER_PAGE_MAX})`, Rules.numberWithin(1, Rules.PER_PAGE_MAX), `must be a page size from 1 to ${Rules.PER_PAGE_MAX}`))
  ),
  Order: oneOrEmpty("order", ["D", "A"])
}

/**
 * Tax invoice search filters as they travel (SPEC.md "Search filters"); every one optional, an
 * empty value meaning no filter.
 *
 * @since 0.1.0
 * @category schemas
 */
export const taxinvoiceFilterFields = {
  Type: list("type", ["N", "M"]),
  TaxType: list("taxType", ["T", "N", "Z"]),
  PurposeType: list("purposeType", ["R", "C", "N"]),
  TaxRegIDYN: oneOrEmpty("taxRegIDYN", ["0", "1"]),
  TaxRegIDType: oneOrEmpty("taxRegIDType", ["S", "B", "T"]),
  TaxRegID: optional(Schema.String.pipe(rule("taxRegID", (s: string) => Rules.listOf(s).every((id) => /^\d{4}$/.test(id)), "must be a comma-separated list of 4-digit branch numbers"))),
  SearchString: optional(
    Schema.String.pipe(rule(`maxLength(${Rules.SEARCH_STRING_MAX})`, (s: string) => s.length <= Rules.SEARCH_STRING_MAX, `must be at most ${Rules.SEARCH_STRING_MAX} characters`))
  )
}

/**
 * Parameters of the tax invoice Search.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TaxinvoiceSearchParams = Schema.Struct({ jobID: JobId, ...taxinvoiceFilterFields, ...paging })

/**
 * Parameters of the tax invoice Summary (the filters without Page, PerPage, Order).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TaxinvoiceSummaryParams = Schema.Struct({ jobID: JobId, ...taxinvoiceFilterFields })

/**
 * Cash receipt search filters (FACTS.md): TradeType N approval / C cancellation, TradeUsage P
 * income deduction / C expense proof; comma lists.
 *
 * @since 0.1.0
 * @category schemas
 */
export const cashbillFilterFields = {
  TradeType: list("tradeType", ["N", "C"]),
  TradeUsage: list("tradeUsage", ["P", "C"])
}

/**
 * Parameters of the cash receipt Search.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CashbillSearchParams = Schema.Struct({ jobID: JobId, ...cashbillFilterFields, ...paging })

/**
 * Parameters of the cash receipt Summary.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CashbillSummaryParams = Schema.Struct({ jobID: JobId, ...cashbillFilterFields })

/**
 * Parameters of GetTaxinvoice.
 *
 * @since 0.1.0
 * @category schemas
 */
export const ByConfirmNum = Schema.Struct({ ntsConfirmNum: NtsConfirmNum })

// ── department user ─────────────────────────────────────────────────────────────────────────

const required = (max: number) =>
  Schema.String.pipe(
    rule("required", (s: string) => s.length > 0, "is required and may not be empty"),
    rule(`maxLength(${max})`, (s: string) => s.length <= max, `must be at most ${max} characters`)
  )

/**
 * The body of RegistDeptUser: the department account of the tax portal. `secAuth` is sent (as
 * `null`) by one public client and accepted.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DeptUserBody = Schema.Struct({
  id: required(50),
  pwd: required(50),
  secAuth: optional(Schema.NullOr(Schema.String))
})

/**
 * @since 0.1.0
 * @category models
 */
export type DeptUserBody = typeof DeptUserBody.Type

// ── answers ─────────────────────────────────────────────────────────────────────────────────

const nullable = <S extends Schema.Schema.Any>(schema: S) => Schema.optionalWith(schema, { nullable: true })

const LenientNumber = Schema.Union(Schema.Number, Schema.NumberFromString)

/**
 * The answer of RequestJob.
 *
 * @since 0.1.0
 * @category schemas
 */
export class JobIdResult extends Schema.Class<JobIdResult>("JobIdResult")({ jobID: Schema.String }) {}

/**
 * A collection job record (SPEC.md "Tax authority collection job"): jobState 1 pending, 2
 * processing, 3 completed; errorCode 1 succeeded, an 8-digit negative number on failure.
 *
 * @since 0.1.0
 * @category schemas
 */
export class JobState extends Schema.Class<JobState>("JobState")({
  jobID: Schema.String,
  jobState: LenientNumericString,
  queryType: nullable(Schema.String),
  queryDateType: nullable(Schema.String),
  queryStDate: nullable(Schema.String),
  queryEnDate: nullable(Schema.String),
  errorCode: nullable(LenientNumber),
  errorReason: nullable(Schema.String),
  jobStartDT: nullable(Schema.String),
  jobEndDT: nullable(Schema.String),
  regDT: nullable(Schema.String),
  collectCount: nullable(LenientNumber)
}) {}

/**
 * A crawled tax invoice of a search result (SPEC.md "Crawled tax invoice list item"); invoiceType
 * here is the member's side (매출, 매입, 수탁).
 *
 * @since 0.1.0
 * @category schemas
 */
export class TaxinvoiceItem extends Schema.Class<TaxinvoiceItem>("TaxinvoiceItem")({
  invoiceType: nullable(LenientNumericString),
  ntsconfirmNum: Schema.String,
  writeDate: Schema.String,
  issueDate: nullable(Schema.String),
  sendDate: nullable(Schema.String),
  taxType: nullable(Schema.String),
  purposeType: nullable(Schema.String),
  modifyYN: nullable(LenientBoolean),
  invoicerCorpNum: nullable(Schema.String),
  invoicerTaxRegID: nullable(Schema.String),
  invoicerCorpName: nullable(Schema.String),
  invoicerCEOName: nullable(Schema.String),
  invoicerEmail: nullable(Schema.String),
  invoiceeCorpNum: nullable(Schema.String),
  invoiceeType: nullable(Schema.String),
  invoiceeTaxRegID: nullable(Schema.String),
  invoiceeCorpName: nullable(Schema.String),
  invoiceeCEOName: nullable(Schema.String),
  invoiceeEmail1: nullable(Schema.String),
  trusteeCorpNum: nullable(Schema.String),
  trusteeTaxRegID: nullable(Schema.String),
  trusteeCorpName: nullable(Schema.String),
  supplyCostTotal: nullable(Schema.String),
  taxTotal: nullable(Schema.String),
  totalAmount: nullable(Schema.String),
  remark1: nullable(Schema.String),
  purchaseDate: nullable(Schema.String),
  itemName: nullable(Schema.String),
  supplyCost: nullable(Schema.String),
  tax: nullable(Schema.String)
}) {}

/**
 * A page of crawled tax invoices.
 *
 * @since 0.1.0
 * @category schemas
 */
export class TaxinvoiceSearchResult extends Schema.Class<TaxinvoiceSearchResult>("TaxinvoiceSearchResult")({
  code: LenientNumber,
  message: nullable(Schema.String),
  total: LenientNumber,
  perPage: LenientNumber,
  pageNum: LenientNumber,
  pageCount: LenientNumber,
  list: Schema.Array(TaxinvoiceItem)
}) {}

/**
 * Totals over the filtered tax invoices of a job.
 *
 * @since 0.1.0
 * @category schemas
 */
export class TaxinvoiceSummary extends Schema.Class<TaxinvoiceSummary>("TaxinvoiceSummary")({
  count: LenientNumber,
  supplyCostTotal: LenientNumber,
  taxTotal: LenientNumber,
  amountTotal: LenientNumber
}) {}

/**
 * An item line of a crawled tax invoice.
 *
 * @since 0.1.0
 * @category schemas
 */
export class TaxinvoiceDetailLine extends Schema.Class<TaxinvoiceDetailLine>("TaxinvoiceDetailLine")({
  serialNum: nullable(LenientNumber),
  purchaseDT: nullable(Schema.String),
  itemName: nullable(Schema.String),
  spec: nullable(Schema.String),
  qty: nullable(Schema.String),
  unitCost: nullable(Schema.String),
  supplyCost: nullable(Schema.String),
  tax: nullable(Schema.String),
  remark: nullable(Schema.String)
}) {}

/**
 * The crawled detail record of a tax invoice (GetTaxinvoice). invoiceType by the spec's table:
 * 101 general, 102 zero-rated, 103 consigned, 104 import, 105 consigned zero-rated, 201–205 their
 * revisions; 301 tax-exempt, 303 consigned tax-exempt, 304 import tax-exempt, 401/403/404 revisions.
 *
 * @since 0.1.0
 * @category schemas
 */
export class TaxinvoiceDetail extends Schema.Class<TaxinvoiceDetail>("TaxinvoiceDetail")({
  ntsconfirmNum: Schema.String,
  writeDate: Schema.String,
  issueDT: nullable(Schema.String),
  invoiceType: LenientNumber,
  taxType: nullable(Schema.String),
  taxTotal: nullable(Schema.String),
  supplyCostTotal: nullable(Schema.String),
  totalAmount: nullable(Schema.String),
  purposeType: nullable(Schema.String),
  serialNum: nullable(Schema.String),
  cash: nullable(Schema.String),
  chkBill: nullable(Schema.String),
  credit: nullable(Schema.String),
  note: nullable(Schema.String),
  remark1: nullable(Schema.String),
  remark2: nullable(Schema.String),
  remark3: nullable(Schema.String),
  invoicerCorpNum: nullable(Schema.String),
  invoicerMgtKey: nullable(Schema.String),
  invoicerTaxRegID: nullable(Schema.String),
  invoicerCorpName: nullable(Schema.String),
  invoicerCEOName: nullable(Schema.String),
  invoicerAddr: nullable(Schema.String),
  invoicerBizType: nullable(Schema.String),
  invoicerBizClass: nullable(Schema.String),
  invoicerContactName: nullable(Schema.String),
  invoicerTEL: nullable(Schema.String),
  invoicerEmail: nullable(Schema.String),
  invoiceeType: nullable(Schema.String),
  invoiceeCorpNum: nullable(Schema.String),
  invoiceeMgtKey: nullable(Schema.String),
  invoiceeTaxRegID: nullable(Schema.String),
  invoiceeCorpName: nullable(Schema.String),
  invoiceeCEOName: nullable(Schema.String),
  invoiceeAddr: nullable(Schema.String),
  invoiceeBizType: nullable(Schema.String),
  invoiceeBizClass: nullable(Schema.String),
  invoiceeContactName1: nullable(Schema.String),
  invoiceeDeptName1: nullable(Schema.String),
  invoiceeTEL1: nullable(Schema.String),
  invoiceeEmail1: nullable(Schema.String),
  invoiceeContactName2: nullable(Schema.String),
  invoiceeDeptName2: nullable(Schema.String),
  detailList: nullable(Schema.Array(TaxinvoiceDetailLine))
}) {}

/**
 * A collected cash receipt (FACTS.md); invoiceType is the member's side (매출, 매입).
 *
 * @since 0.1.0
 * @category schemas
 */
export class CashbillItem extends Schema.Class<CashbillItem>("CashbillItem")({
  ntsconfirmNum: Schema.String,
  tradeDate: Schema.String,
  tradeDT: nullable(Schema.String),
  tradeType: nullable(Schema.String),
  tradeUsage: nullable(Schema.String),
  totalAmount: nullable(Schema.String),
  supplyCost: nullable(Schema.String),
  tax: nullable(Schema.String),
  serviceFee: nullable(Schema.String),
  invoiceType: nullable(Schema.String),
  franchiseCorpNum: nullable(Schema.String),
  franchiseCorpName: nullable(Schema.String),
  identityNum: nullable(Schema.String),
  customerName: nullable(Schema.String)
}) {}

/**
 * A page of collected cash receipts.
 *
 * @since 0.1.0
 * @category schemas
 */
export class CashbillSearchResult extends Schema.Class<CashbillSearchResult>("CashbillSearchResult")({
  code: LenientNumber,
  message: nullable(Schema.String),
  total: LenientNumber,
  perPage: LenientNumber,
  pageNum: LenientNumber,
  pageCount: LenientNumber,
  list: Schema.Array(CashbillItem)
}) {}

/**
 * Totals over the filtered cash receipts of a job.
 *
 * @since 0.1.0
 * @category schemas
 */
export class CashbillSummary extends Schema.Class<CashbillSummary>("CashbillSummary")({
  count: LenientNumber,
  supplyCostTotal: LenientNumber,
  taxTotal: LenientNumber,
  serviceFeeTotal: nullable(LenientNumber),
  amountTotal: LenientNumber
}) {}

/**
 * The answer of GetCertificateExpireDate: `certificateExpiration` present and exactly 14 digits
 * (FACTS.md: a missing value crashes a client).
 *
 * @since 0.1.0
 * @category schemas
 */
export class CertificateExpiration extends Schema.Class<CertificateExpiration>("CertificateExpiration")({
  certificateExpiration: Schema.String.pipe(rule("dateTime14", (s: string) => /^\d{14}$/.test(s), "must be 14 digits yyyyMMddHHmmss"))
}) {}
