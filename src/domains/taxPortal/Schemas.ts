/**
 * Wire shapes of tax-authority collection (docs/service.md "Tax authority
 * collection"): the parameters of every operation as they travel (strings; lists comma-joined),
 * with the spec's rules — job ID 18 and confirmation number 24 characters, range at most 3 months
 * and not reversed, PerPage at most 1,000 — and (from Answers.ts) the answers.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { fieldRule, withCrossRules } from "../../core/CrossRule.js"
import * as Gen from "../../core/Gen.js"
import { maxLength, requiredLen, rule } from "../../core/Rule.js"
import { Date8, oneOf, optional } from "../../core/Schemas.js"
import * as Rules from "./Rules.js"

const LOWER = "abcdefghijklmnopqrstuvwxyz"
const DIGITS = "0123456789"

// ── identifiers ─────────────────────────────────────────────────────────────────────────────

/**
 * A collection job ID: exactly 18 characters (the clients check this before sending).
 *
 * @since 0.1.0
 * @category schemas
 */
export const JobId = Schema.String.pipe(
  rule("jobID", (s: string) => s.length === Rules.JOB_ID_LENGTH && /^[A-Za-z0-9]+$/.test(s), `must be a job ID of exactly ${Rules.JOB_ID_LENGTH} letters or digits`, {
    values: Gen.digits(Rules.JOB_ID_LENGTH)
  })
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
    `must be a confirmation number of exactly ${Rules.NTS_CONFIRM_NUM_LENGTH} letters or digits`,
    { values: Gen.text(`${DIGITS}${LOWER}`, Rules.NTS_CONFIRM_NUM_LENGTH, Rules.NTS_CONFIRM_NUM_LENGTH) }
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
  fieldRule<A>(["EDate"], "dateOrder", ["SDate", "EDate"], (r) => Rules.rangeOrdered(r.SDate, r.EDate), "must not be before SDate"),
  fieldRule<A>(
    ["EDate"],
    "rangeMax(3 months)",
    ["SDate", "EDate"],
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

// A comma-joined list of some of `values` (repeats allowed, as the rule allows them).
const joined = (values: Gen.Gen<string>, max: number) => Gen.map(Gen.list(values, 1, max), (items) => items.join(","))

const list = <const A extends readonly [string, ...Array<string>]>(name: string, allowed: A) =>
  optional(
    Schema.String.pipe(rule(name, Rules.listWithin(allowed), `must be a comma-separated list of ${allowed.join(", ")} (empty = all)`, {
      values: joined(Gen.constantFrom(...allowed), allowed.length)
    }))
  )

const oneOrEmpty = <const A extends readonly [string, ...Array<string>]>(name: string, allowed: A) =>
  optional(Schema.String.pipe(rule(name, (s: string) => s === "" || allowed.includes(s), `must be one of ${allowed.join(", ")} or empty`, {
    values: Gen.constantFrom(...allowed)
  })))

const paging = {
  Page: optional(Schema.String.pipe(rule("page", Rules.numberWithin(1, 999_999_999), "must be a page number of at least 1", {
    values: Gen.map(Gen.integer(1, 5), String)
  }))),
  PerPage: optional(
    Schema.String.pipe(rule(`perPage(1..${Rules.PER_PAGE_MAX})`, Rules.numberWithin(1, Rules.PER_PAGE_MAX), `must be a page size from 1 to ${Rules.PER_PAGE_MAX}`, {
      values: Gen.map(Gen.integer(1, Rules.PER_PAGE_MAX), String)
    }))
  ),
  Order: oneOrEmpty("order", ["D", "A"])
}

/**
 * Tax invoice search filters as they travel (docs/service.md "Tax authority collection"); every one optional, an
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
  TaxRegID: optional(Schema.String.pipe(rule("taxRegID", (s: string) => Rules.listOf(s).every((id) => /^\d{4}$/.test(id)), "must be a comma-separated list of 4-digit branch numbers", {
    values: joined(Gen.digits(4), 3)
  }))),
  SearchString: optional(Schema.String.pipe(maxLength(Rules.SEARCH_STRING_MAX)))
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
 * Cash receipt search filters (sent by the live clients): TradeType N approval / C cancellation, TradeUsage P
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

/**
 * The body of RegistDeptUser: the department account of the tax portal. `secAuth` is sent (as
 * `null`, which is absent) by the public clients and accepted.
 *
 * @since 0.1.0
 * @category schemas
 */
export const DeptUserBody = Schema.Struct({
  id: requiredLen(50),
  pwd: requiredLen(50),
  secAuth: optional(Schema.String)
})

/**
 * @since 0.1.0
 * @category models
 */
export type DeptUserBody = typeof DeptUserBody.Type

// ── answers (Answers.ts) ────────────────────────────────────────────────────────────────────

/**
 * The answers' schemas.
 *
 * @since 0.1.0
 */
export * from "./Answers.js"
