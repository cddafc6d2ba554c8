/**
 * The pieces documents are made of, as generators: registration numbers with their check digit,
 * buyer numbers of every kind, KST dates near a moment, texts of an alphabet. The values a rule
 * carries (`Rule.valuesOf`) are the same ones: these are given to users for their own records (an
 * order's buyer, a contract's date). The pieces hold no time of their own: a date is near the
 * moment given.
 *
 * @since 1.0.0
 */
import * as Gen from "../core/Gen.js"
import * as Kst from "../core/Kst.js"
import { corpNumValues } from "../core/Schemas.js"
import { identityNumValues } from "../domains/cashbill/Rules.js"
import { type Described, timeless } from "./Described.js"

/**
 * A text of `length` digits.
 *
 * @since 0.1.0
 * @category constructors
 */
export const digits = (length: number): Described<string> => timeless(Gen.digits(length))

/**
 * A business registration number whose tenth digit is its check digit.
 *
 * @since 0.1.0
 * @category constructors
 */
export const corpNum: Described<string> = timeless(corpNumValues)

/**
 * A buyer identification number of every accepted kind: registration (10 digits), mobile (10–11),
 * resident (13), card (13–19), and the voluntary-issuance constant.
 *
 * @since 0.1.0
 * @category constructors
 */
export const identityNum: Described<string> = timeless(identityNumValues)

/**
 * A KST calendar date `yyyyMMdd` within `before` days before and `after` days after `now`'s day.
 *
 * @since 0.1.0
 * @category constructors
 */
export const date8Near = (now: number, before: number, after: number): Described<string> =>
  timeless(Gen.map(Gen.integer(-before, after), (days) => Kst.addDays(Kst.toDate8(now), days)))

/**
 * A KST date-time `yyyyMMddHHmmss` from the start of `before` days before `now`'s day up to `now`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const dateTime14Until = (now: number, before: number): Described<string> =>
  timeless(Gen.map(Gen.integer(Kst.parse(Kst.addDays(Kst.toDate8(now), -before)) - now, 0), (back) => Kst.toDateTime14(now + back)))

/**
 * A text of `min` to `max` characters of `alphabet` (shrinking towards its first character).
 *
 * @since 0.1.0
 * @category constructors
 */
export const textOf = (alphabet: string, min: number, max: number): Described<string> => timeless(Gen.text(alphabet, min, max))
