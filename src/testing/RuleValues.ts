/**
 * Values by named rule (`core/Rule.ts`): for a field whose rules are known by name, a generator of
 * values that keep them (a registration number with its check digit, a calendar date, a whole
 * number of won) and, for each rule, a value that breaks it while keeping the rules checked before
 * it. A field's generator is always filtered by the field's own predicates as well (`Derive.ts`),
 * so a generator here only has to make passing values likely, and small: shrinking goes towards
 * short texts, low numbers and the first of each enumeration.
 *
 * @since 0.1.0
 */
import * as FastCheck from "effect/FastCheck"
import * as SchemaAST from "effect/SchemaAST"
import * as Kst from "../core/Kst.js"
import { corpNumCheckDigitValid } from "../core/Schemas.js"
import * as CashbillRules from "../domains/cashbill/Rules.js"
import * as MemberRules from "../domains/member/Rules.js"
import * as StatementRules from "../domains/statement/Rules.js"

/**
 * A text of `length` digits.
 *
 * @since 0.1.0
 * @category constructors
 */
export const digits = (length: number): FastCheck.Arbitrary<string> =>
  FastCheck.array(FastCheck.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""))

/**
 * A business registration number whose tenth digit is its check digit (`corpNumCheckDigitValid`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const corpNum: FastCheck.Arbitrary<string> = digits(9).map((nine) => {
  const check = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((d) => corpNumCheckDigitValid(`${nine}${d}`))
  return `${nine}${check ?? 0}`
})

/**
 * A buyer identification number of every accepted kind: registration (10 digits), mobile (10–11),
 * resident (13), card (13–19), and the voluntary-issuance constant.
 *
 * @since 0.1.0
 * @category constructors
 */
export const identityNum: FastCheck.Arbitrary<string> = FastCheck.oneof(
  corpNum,
  digits(8).map((d) => `010${d}`),
  digits(13),
  FastCheck.integer({ min: 14, max: 19 }).chain(digits),
  FastCheck.constant(CashbillRules.VOLUNTARY_IDENTITY_NUM)
).filter(CashbillRules.isIdentityNumShape)

/** Days either side of the context's day a date without a rule of its own is drawn from. */
const DATE_SPREAD_DAYS = 365

/**
 * A KST calendar date `yyyyMMdd` within `before` days before and `after` days after `now`'s day.
 *
 * @since 0.1.0
 * @category constructors
 */
export const date8Near = (now: number, before: number, after: number): FastCheck.Arbitrary<string> =>
  FastCheck.integer({ min: -before, max: after }).map((days) => Kst.addDays(Kst.toDate8(now), days))

/**
 * A KST date-time `yyyyMMddHHmmss` from the start of `before` days before `now`'s day up to `now`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const dateTime14Until = (now: number, before: number): FastCheck.Arbitrary<string> =>
  FastCheck.integer({ min: Kst.parse(Kst.addDays(Kst.toDate8(now), -before)), max: now }).map(Kst.toDateTime14)

const LOWER = "abcdefghijklmnopqrstuvwxyz"
const UPPER = LOWER.toUpperCase()
const DIGITS = "0123456789"
const ALNUM = `${LOWER}${DIGITS}${UPPER}`

/**
 * A text of `min` to `max` characters of `alphabet` (shrinking towards its first character).
 *
 * @since 0.1.0
 * @category constructors
 */
export const textOf = (alphabet: string, min: number, max: number): FastCheck.Arbitrary<string> =>
  FastCheck.array(FastCheck.constantFrom(...alphabet), { minLength: min, maxLength: max }).map((c) => c.join(""))

/** A letter then `min - 1` to `max - 1` letters or digits. */
const word = (min: number, max: number) => FastCheck.tuple(textOf(LOWER, 1, 1), textOf(`${LOWER}${DIGITS}`, min - 1, max - 1)).map(([a, b]) => a + b)

/** The bounds named by `maxLength(n)`, `length(a..b)` and `required` among `rules`. */
const lengthBounds = (rules: ReadonlyArray<string>): { readonly min: number; readonly max: number } => {
  let min = 0
  let max = 30
  for (const rule of rules) {
    const most = /^maxLength\((\d+)\)$/.exec(rule)
    if (most !== null) max = Math.min(max, Number(most[1]))
    const between = /^(?:length|idLength)\((\d+)\.\.(\d+)\)$/.exec(rule)
    if (between !== null) {
      min = Math.max(min, Number(between[1]))
      max = Math.min(max, Number(between[2]))
    }
    if (rule === "required") min = Math.max(min, 1)
  }
  return { min, max: Math.max(min, max) }
}

/**
 * The bounds of a list named by `minItems(n)`, `maxItems(n)` and `items(a..b)` among `rules`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const itemBounds = (rules: ReadonlyArray<string>): { readonly minLength: number; readonly maxLength: number } => {
  let minLength = 0
  let maxLength = Number.MAX_SAFE_INTEGER
  for (const rule of rules) {
    const least = /^minItems\((\d+)\)$/.exec(rule)
    if (least !== null) minLength = Math.max(minLength, Number(least[1]))
    const most = /^maxItems\((\d+)\)$/.exec(rule)
    if (most !== null) maxLength = Math.min(maxLength, Number(most[1]))
    const between = /^items\((\d+)\.\.(\d+)\)$/.exec(rule)
    if (between !== null) {
      minLength = Math.max(minLength, Number(between[1]))
      maxLength = Math.min(maxLength, Number(between[2]))
    }
  }
  return { minLength, maxLength }
}

const password = FastCheck.tuple(
  textOf(LOWER, 1, 8),
  digits(2),
  FastCheck.constantFrom(...MemberRules.PASSWORD_SPECIALS.split("")),
  textOf(ALNUM, 4, 8)
).map(([letters, number, special, rest]) => `${letters}${number}${special}${rest}`)

/** A whole number of won of at most `max` digits, one digit short so three of them still fit. */
const amount = (max: number) => FastCheck.integer({ min: 0, max: 10 ** Math.max(1, max - 1) - 1 }).map(String)
const signedAmount = (max: number) =>
  FastCheck.integer({ min: -(10 ** Math.min(8, max - 2)) + 1, max: 10 ** Math.min(9, max - 2) - 1 }).map(String)

/**
 * A generator of strings keeping `rules` (outermost first): the first rule with a generator of its
 * own decides, lengths bound the rest.
 *
 * @since 0.1.0
 * @category constructors
 */
const stringFor = (rules: ReadonlyArray<string>, now: number, examples: ReadonlyArray<string> | undefined): FastCheck.Arbitrary<string> => {
  // One example, or several joined with commas where the field is a list (the field's predicate decides).
  if (examples !== undefined && examples.length > 0) {
    return FastCheck.oneof(FastCheck.constantFrom(...examples), FastCheck.subarray([...examples], { minLength: 1 }).map((some) => some.join(",")))
  }
  const { max, min } = lengthBounds(rules)
  for (const rule of rules) {
    const pages = /^perPage\(1\.\.(\d+)\)$/.exec(rule)
    if (pages !== null) return FastCheck.integer({ min: 1, max: Number(pages[1]) }).map(String)
    switch (rule) {
      case "page":
        return FastCheck.integer({ min: 1, max: 5 }).map(String)
      case "corpNum":
      case "invoiceeCorpNum":
        return corpNum
      case "identityNum":
        return identityNum
      case "date(yyyyMMdd)":
      case "date(yyyyMMdd|yyyy-MM-dd)":
        return date8Near(now, DATE_SPREAD_DAYS, 0)
      case "dateTime(yyyyMMddHHmmss)":
      case "dateTime14":
        return dateTime14Until(now, 1)
      case "amount":
        return amount(max)
      case "positive":
        return amount(max).map((n) => String(Number(n) + 1))
      case "signedAmount":
        return signedAmount(max)
      case "mgtKeyCharset":
        return textOf(`${ALNUM}-_`, Math.max(1, min), max)
      case "taxRegID":
        return digits(4)
      case "confirmNum":
        return textOf(ALNUM, 9, 9)
      case "ntsConfirmNum":
        return textOf(`${DIGITS}${LOWER}`, 24, 24)
      case "jobID":
        return digits(18)
      case "itemKey":
        return digits(18)
      case "submitID":
        return textOf(`${ALNUM}-`, 1, 36)
      case "fileId":
        return textOf(`${ALNUM}_.-`, 1, 40).filter((id) => id !== "." && id !== "..")
      case "email":
        return word(1, 8).map((local) => `${local}@example.com`)
      case "itemCode":
        return FastCheck.constantFrom(...StatementRules.SCOPES)
      case "idLength(6..50)":
      case "idCharset":
        return word(6, 21)
      case "passwordCharset":
      case "passwordSpecial":
      case "passwordDigit":
      case "passwordLetter":
        return password
    }
  }
  return FastCheck.string({ minLength: min, maxLength: max })
}

/**
 * A generator of values of `base` keeping the named `rules`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const generator = (base: SchemaAST.AST, rules: ReadonlyArray<string>, context: { readonly now: number }, examples?: ReadonlyArray<string>): FastCheck.Arbitrary<unknown> => {
  switch (base._tag) {
    case "StringKeyword":
      return stringFor(rules, context.now, examples)
    case "NumberKeyword":
      return FastCheck.integer({ min: -10, max: 100 })
    case "BooleanKeyword":
      return FastCheck.boolean()
    case "Declaration":
      return FastCheck.uint8Array({ maxLength: 64 })
    case "UnknownKeyword":
    case "AnyKeyword":
      return FastCheck.constant(null)
    default:
      throw new Error(`no generator for ${String(base)}`)
  }
}
