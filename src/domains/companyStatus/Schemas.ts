/**
 * Wire shapes of the company status check (docs/service.md "Company status": the record and
 * the two operations).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import * as Gen from "../../core/Gen.js"
import * as Kst from "../../core/Kst.js"
import { rule } from "../../core/Rule.js"
import { CorpNum } from "../../core/Schemas.js"

/**
 * The most registration numbers one CheckCorpNums request may carry (docs/service.md "Limits").
 *
 * @since 0.1.0
 * @category constants
 */
export const MAX_CORP_NUMS = 1000

/**
 * Taxation types (`taxType`); `null` on the wire means the information is unavailable.
 *
 * @since 0.1.0
 * @category constants
 */
export const TaxTypes = {
  General: "10",
  Exempt: "20",
  Simplified: "30",
  SimplifiedInvoicing: "31",
  Nonprofit: "40"
} as const

/**
 * Business states (`state`); `null` on the wire means the information is unavailable.
 *
 * @since 0.1.0
 * @category constants
 */
export const States = {
  Unregistered: "0",
  InBusiness: "1",
  Closed: "2",
  Suspended: "3"
} as const

const isDashedDate = (s: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(s)
const isCompactDate = (s: string): boolean => /^\d{8}$/.test(s)

/**
 * The suspension/closure date: the spec documents `yyyyMMdd`, the live documentation shows
 * `yyyy-MM-dd`; both decode to `yyyyMMdd`.
 *
 * @since 0.1.0
 * @category schemas
 */
export const StateDate = Schema.String.pipe(
  rule("date(yyyyMMdd|yyyy-MM-dd)", (s: string) => isCompactDate(s) || isDashedDate(s), "must be a date yyyyMMdd or yyyy-MM-dd", {
    // Dates of the year up to today.
    values: Gen.at((now) => Gen.map(Gen.integer(-365, 0), (days) => Kst.addDays(Kst.toDate8(now), days)))
  }),
  Schema.decodeTo(Schema.String, SchemaTransformation.transform({ decode: (s) => s.replace(/-/g, ""), encode: (s) => s }))
)

// Absent, `null` or a value; absent decodes as `null`.
const nullable = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S) =>
  Schema.NullOr(schema).pipe(Schema.withDecodingDefaultKey(Effect.succeed(null)))

/**
 * The status of one business registration number. `taxType`, `typeDate`, `state` and
 * `stateDate` may be `null` (unavailable); a missing field decodes as `null`.
 *
 * @since 0.1.0
 * @category schemas
 */
export class CompanyStatus extends Schema.Class<CompanyStatus>("CompanyStatus")({
  corpNum: Schema.String,
  /** 10 general, 20 exempt, 30 simplified, 31 simplified with invoice duty, 40 nonprofit. */
  taxType: nullable(Schema.String),
  /** Taxation type change date, `yyyy-MM-dd`. */
  typeDate: nullable(Schema.String),
  /** 0 unregistered, 1 in business, 2 closed, 3 suspended. */
  state: nullable(Schema.String),
  /** Suspension or closure date, decoded as `yyyyMMdd`. */
  stateDate: nullable(StateDate),
  /** The day of the check, `yyyy-MM-dd`. */
  checkDate: Schema.String
}) {}

/**
 * The answer of CheckCorpNums, in the order of the request.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CompanyStatusList = Schema.Array(CompanyStatus)

/**
 * The input of CheckCorpNum: one registration number of 10 digits.
 *
 * @since 0.1.0
 * @category schemas
 */
export const CheckCorpNumInput = CorpNum

/**
 * The body of one CheckCorpNums request: 1 to 1,000 registration numbers (the SDK chunks longer
 * lists).
 *
 * @since 0.1.0
 * @category schemas
 */
export const CorpNumBatch = Schema.Array(CorpNum).pipe(
  rule("minItems(1)", (a: ReadonlyArray<CorpNum>) => a.length > 0, "must hold at least one registration number"),
  rule(`maxItems(${MAX_CORP_NUMS})`, (a: ReadonlyArray<CorpNum>) => a.length <= MAX_CORP_NUMS, `must hold at most ${MAX_CORP_NUMS} registration numbers`)
)
