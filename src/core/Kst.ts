/**
 * Korea Standard Time (UTC+9, no daylight saving): every `yyyyMMdd` / `yyyyMMddHHmmss` value of
 * the service is KST (docs/decisions.md "Time"); only token times are UTC.
 *
 * @since 0.1.0
 */

const KST_OFFSET_MILLIS = 9 * 60 * 60 * 1000
const DAY_MILLIS = 24 * 60 * 60 * 1000

const pad = (n: number, width = 2): string => String(n).padStart(width, "0")

const shifted = (epochMillis: number): Date => new Date(epochMillis + KST_OFFSET_MILLIS)

/**
 * The KST date `yyyyMMdd` of an instant.
 *
 * @since 0.1.0
 * @category formatting
 */
export const toDate8 = (epochMillis: number): string => {
  const d = shifted(epochMillis)
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`
}

/**
 * The KST date-time `yyyyMMddHHmmss` of an instant.
 *
 * @since 0.1.0
 * @category formatting
 */
export const toDateTime14 = (epochMillis: number): string => {
  const d = shifted(epochMillis)
  return `${toDate8(epochMillis)}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
}

/**
 * The instant of a KST `yyyyMMddHHmmss` (or `yyyyMMdd`, taken as midnight) text; no validation
 * beyond the digits (use the `DateTime14` / `Date8` schemas for that).
 *
 * @since 0.1.0
 * @category parsing
 */
export const parse = (text: string): number => {
  const n = (from: number, to: number) => Number(text.slice(from, to) || "0")
  return Date.UTC(n(0, 4), n(4, 6) - 1, n(6, 8), n(8, 10), n(10, 12), n(12, 14)) - KST_OFFSET_MILLIS
}

/**
 * The instant of the next KST midnight after `epochMillis` (the end of its KST day).
 *
 * @since 0.1.0
 * @category formatting
 */
export const endOfDay = (epochMillis: number): number =>
  // Arithmetic, not text: KST has no daylight saving, so its days are whole UTC days shifted 9 hours.
  Math.floor((epochMillis + KST_OFFSET_MILLIS) / DAY_MILLIS) * DAY_MILLIS + DAY_MILLIS - KST_OFFSET_MILLIS

/**
 * The KST date `yyyyMMdd` `days` days after (or before, when negative) the given one.
 *
 * @since 0.1.0
 * @category formatting
 */
export const addDays = (date8: string, days: number): string => toDate8(parse(date8) + days * DAY_MILLIS)

/**
 * `true` when the KST date-time `tradeDT` falls on today or the previous day (KST) of `nowMillis`
 * (docs/service.md "Limits": cash receipt trade time). Later today is allowed: clocks of caller and service
 * differ by seconds, and the rule is about the day.
 *
 * @since 0.1.0
 * @category rules
 */
export const isTodayOrPreviousDay = (tradeDT: string, nowMillis: number): boolean => {
  const today = toDate8(nowMillis)
  const day = tradeDT.slice(0, 8)
  return day === today || day === addDays(today, -1)
}

/**
 * `build`, remembered per KST day: called again on the same KST day of `nowMillis`, the value built
 * first that day is returned; on another day it is built anew (only the latest day's value is
 * kept). For values that depend only on the day of "now", such as schemas that judge a date against
 * today: building a schema compiles a new parser (~100 µs), too much to do on every call.
 *
 * @since 0.1.0
 * @category combinators
 */
export const perKstDay = <A>(build: (nowMillis: number) => A): ((nowMillis: number) => A) => {
  let day = ""
  let built: A | undefined
  return (nowMillis) => {
    const today = toDate8(nowMillis)
    if (built === undefined || today !== day) {
      built = build(nowMillis)
      day = today
    }
    return built
  }
}
