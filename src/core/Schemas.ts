/**
 * Wire schemas shared by every domain: registration numbers, document IDs, dates, amounts, the
 * generic `{code, message}` result, and the field helpers of input schemas (`oneOf`, `optional`).
 *
 * @since 1.0.0
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SchemaGetter from "effect/SchemaGetter"
import * as SchemaTransformation from "effect/SchemaTransformation"
import * as Gen from "./Gen.js"
import * as Kst from "./Kst.js"
import { maxLength, required, rule } from "./Rule.js"

const digits = (n: number) => new RegExp(`^\\d{${n}}$`)

/**
 * Checks the check digit of a business registration number (the 10th digit).
 *
 * @since 1.0.0
 * @category rules
 */
export const corpNumCheckDigitValid = (corpNum: string): boolean => {
  if (!digits(10).test(corpNum)) return false
  const d = Array.from(corpNum, Number)
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5]
  let sum = 0
  for (let i = 0; i < 9; i++) sum += d[i]! * weights[i]!
  sum += Math.floor((d[8]! * 5) / 10)
  return (10 - (sum % 10)) % 10 === d[9]
}

/**
 * Registration numbers whose tenth digit is their check digit: what a member of the service looks
 * like (the rule itself asks only for 10 digits).
 *
 * @since 1.0.0
 * @category generators
 */
export const corpNumValues: Gen.Gen<string> = Gen.map(Gen.digits(9), (nine) => {
  const check = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => corpNumCheckDigitValid(`${nine}${d}`))
  return `${nine}${check ?? 0}`
})

const TEN_DIGITS = /^\d{10}$/

/**
 * The `corpNum` rule: exactly 10 digits, no hyphen.
 *
 * @since 1.0.0
 * @category rules
 */
export const corpNumRule = (name = "corpNum") =>
  rule(name, (s: string) => TEN_DIGITS.test(s), "must be a business registration number of exactly 10 digits, no hyphen", { values: corpNumValues })

/**
 * A business registration number: exactly 10 digits, no hyphen.
 *
 * @since 1.0.0
 * @category schemas
 */
export const CorpNum = Schema.String.pipe(corpNumRule(), Schema.brand("CorpNum"))

/**
 * The same rule as `CorpNum`, unbranded: for fields of input schemas whose type stays a plain
 * string (e.g. a receipt's `franchiseCorpNum`).
 *
 * @since 1.0.0
 * @category schemas
 */
export const CorpNumText = Schema.String.pipe(corpNumRule())

/**
 * @since 1.0.0
 * @category models
 */
export type CorpNum = typeof CorpNum.Type

/**
 * A document ID (`mgtKey`): 1 to 24 characters, letters, digits, `-` and `_`.
 *
 * @since 1.0.0
 * @category schemas
 */
export const MgtKey = Schema.String.pipe(
  required,
  maxLength(24),
  rule("mgtKeyCharset", (s: string) => /^[A-Za-z0-9_-]*$/.test(s), "may hold only letters, digits, '-' and '_'", {
    values: Gen.text("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_", 1, 24)
  })
)

const validCalendar = (y: number, m: number, d: number): boolean => {
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/**
 * `true` when `text` is a calendar date `yyyyMMdd`.
 *
 * @since 1.0.0
 * @category rules
 */
export const isDate8 = (text: string): boolean =>
  digits(8).test(text) && validCalendar(Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6, 8)))

/**
 * `true` when `text` is a date-time `yyyyMMddHHmmss`.
 *
 * @since 1.0.0
 * @category rules
 */
export const isDateTime14 = (text: string): boolean =>
  digits(14).test(text) && isDate8(text.slice(0, 8)) &&
  Number(text.slice(8, 10)) < 24 && Number(text.slice(10, 12)) < 60 && Number(text.slice(12, 14)) < 60

/**
 * A date `yyyyMMdd` (Korea Standard Time, docs/decisions.md "Time").
 *
 * @since 1.0.0
 * @category schemas
 */
export const Date8 = Schema.String.pipe(rule("date(yyyyMMdd)", isDate8, "must be a date yyyyMMdd", {
  // Days of the year before the moment of the draw, today first: what documents are dated.
  values: Gen.at((now) => Gen.map(Gen.integer(-365, 0), (days) => Kst.addDays(Kst.toDate8(now), days)))
}))

/**
 * A date-time `yyyyMMddHHmmss` (Korea Standard Time).
 *
 * @since 1.0.0
 * @category schemas
 */
export const DateTime14 = Schema.String.pipe(rule("dateTime(yyyyMMddHHmmss)", isDateTime14, "must be a date-time yyyyMMddHHmmss", {
  // Moments from the start of the previous KST day up to the moment of the draw, that moment first.
  values: Gen.at((now) => Gen.map(Gen.integer(Kst.parse(Kst.addDays(Kst.toDate8(now), -1)) - now, 0), (back) => Kst.toDateTime14(now + back)))
}))

/**
 * An amount: a string holding a non-negative integer of at most `max` digits.
 *
 * @since 1.0.0
 * @category schemas
 */
export const Amount = (max: number) =>
  Schema.String.pipe(
    rule("amount", (s: string) => /^\d+$/.test(s), "must be a whole number of won written with digits only", {
      // One digit short of the bound, so that three of them still add up within it.
      values: Gen.map(Gen.integer(0, 10 ** Math.max(1, max - 1) - 1), String)
    }),
    maxLength(max)
  )

/**
 * A signed amount: a string holding an integer (`-` allowed) of at most `max` characters.
 *
 * @since 1.0.0
 * @category schemas
 */
export const SignedAmount = (max: number) =>
  Schema.String.pipe(
    rule("signedAmount", (s: string) => /^-?\d+$/.test(s), "must be a whole number (a leading '-' is allowed)", {
      values: Gen.map(Gen.integer(-(10 ** Math.min(8, max - 2)) + 1, 10 ** Math.min(9, max - 2) - 1), String)
    }),
    maxLength(max)
  )

/**
 * One of the given texts, checked by a rule named `name` (so a `ValidationError` names the field's
 * rule and lists the allowed values), then typed as the literals.
 *
 * @since 1.0.0
 * @category schemas
 */
export const oneOf = <const L extends readonly [string, ...Array<string>]>(name: string, literals: L, message = `must be one of ${literals.join(", ")}`) =>
  Schema.String.pipe(
    rule<string>(name, (value) => literals.includes(value), message, { values: Gen.constantFrom(...literals) }),
    Schema.decodeTo(Schema.Literals(literals), SchemaTransformation.passthrough({ strict: false }))
  )

/**
 * One of the given numbers, checked by a rule named `name`, then typed as the literals.
 *
 * @since 1.0.0
 * @category schemas
 */
export const oneOfNumbers = <const L extends readonly [number, ...Array<number>]>(name: string, literals: L, message = `must be one of ${literals.join(", ")}`) =>
  Schema.Number.pipe(
    rule<number>(name, (value) => literals.includes(value), message, { values: Gen.constantFrom(...literals) }),
    Schema.decodeTo(Schema.Literals(literals), SchemaTransformation.passthrough({ strict: false }))
  )

/**
 * A field of an answer the service may send as `null` or leave out: both decoded as no key.
 *
 * @since 1.0.0
 * @category combinators
 */
// A `null` or absent field is no key.
const dropNull = <A>(value: Option.Option<A | null>): Option.Option<A> => Option.filter(value, (present): present is A => present !== null)

export const nullable = <S extends Schema.Top>(schema: S) =>
  Schema.optionalKey(Schema.NullOr(schema)).pipe(
    Schema.decodeTo(Schema.optionalKey(Schema.toType(schema)), {
      decode: SchemaGetter.transformOptional(dropNull),
      encode: SchemaGetter.passthroughSupertype()
    })
  )

export {
  /**
   * An optional input field: absent, `null` or `""` — all three absent (`Absent.ts`) — or valid;
   * never `undefined` (a key present with `undefined` is refused rather than taken for absent).
   *
   * @since 1.0.0
   * @category combinators
   */
  optional,
  /**
   * An optional input field with a default for absent, `null` and `""`.
   *
   * @since 1.0.0
   * @category combinators
   */
  optionalOr
} from "./Absent.js"

/**
 * `true` when `text` may be a key of an answer: it starts with a letter or `_` and holds only
 * letters, digits and `_` — no space, no dash, no leading digit (docs/service.md "Answers": one
 * client turns answers into named tuples, whose field names are identifiers).
 *
 * @since 1.0.0
 * @category rules
 */
export const isAnswerKey = (text: string): boolean => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(text)

/**
 * A key of a record the service answers as it was given (a statement's `propertyBag`): a key an
 * answer may carry (`isAnswerKey`).
 *
 * @since 1.0.0
 * @category schemas
 */
export const AnswerKey = Schema.String.pipe(
  rule("answerKey", isAnswerKey, "must start with a letter or '_' and hold only letters, digits and '_' (no space, no '-'), as every key of an answer")
)

/**
 * The generic result of the service: `code` 1 on success, and a message.
 *
 * @since 1.0.0
 * @category schemas
 */
export class GenericResult extends Schema.Class<GenericResult>("GenericResult")({
  code: Schema.Number,
  message: Schema.String
}) {}

/**
 * The error body of the service: `{code, message}` with a negative code.
 *
 * @since 1.0.0
 * @category schemas
 */
export const ErrorBody = Schema.Struct({ code: Schema.Number, message: Schema.String })

/**
 * A URL answer (`{url}`) of the URL operations.
 *
 * @since 1.0.0
 * @category schemas
 */
export class UrlResult extends Schema.Class<UrlResult>("UrlResult")({ url: Schema.String }) {}

/**
 * A boolean the service sometimes writes as a string (`"true"`, `"Y"`); decodes both forms
 * (docs/service.md "Answers": `lateIssueYN` appears as a string in some documentation).
 *
 * @since 1.0.0
 * @category schemas
 */
export const LenientBoolean = Schema.Union([
  Schema.Boolean,
  Schema.Literals(["true", "false", "Y", "N", "1", "0"]).pipe(
    Schema.decodeTo(Schema.Boolean, SchemaTransformation.transform({
      decode: (s) => s === "true" || s === "Y" || s === "1",
      encode: (b): "true" | "false" => (b ? "true" : "false")
    }))
  )
])

/**
 * A code the service writes as a number or a numeric string; decoded as a string
 * (docs/service.md "Answers": statement `stateCode` appears as a number where the spec says string).
 *
 * @since 1.0.0
 * @category schemas
 */
export const LenientNumericString = Schema.Union([
  Schema.String,
  Schema.Number.pipe(Schema.decodeTo(Schema.String, SchemaTransformation.transform({ decode: (n) => String(n), encode: (s) => Number(s) })))
])

/**
 * A number the service writes as a number or a numeric string; decoded as a number.
 *
 * @since 1.0.0
 * @category schemas
 */
export const LenientNumber = Schema.Union([Schema.Number, Schema.FiniteFromString])
