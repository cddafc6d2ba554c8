/**
 * Pure rules of tax-authority collection (docs/service.md and docs/decisions.md, "Tax authority collection"): the
 * collection range (at most 3 months, start not after end), identifier lengths, the search filters'
 * wire form (comma-joined lists) and their meaning, shared by the SDK (checks before sending) and
 * the sandbox (the same checks on what it receives, and the filtering itself).
 *
 * @since 0.1.0
 */
import * as Kst from "../../core/Kst.js"

/**
 * A collection job ID has exactly 18 characters (the sandbox issues 18 digits).
 *
 * @since 0.1.0
 * @category constants
 */
export const JOB_ID_LENGTH = 18

/**
 * A tax authority confirmation number has exactly 24 characters.
 *
 * @since 0.1.0
 * @category constants
 */
export const NTS_CONFIRM_NUM_LENGTH = 24

/**
 * Largest search page (docs/service.md "Limits").
 *
 * @since 0.1.0
 * @category constants
 */
export const PER_PAGE_MAX = 1000

/**
 * Search page size when none is given.
 *
 * @since 0.1.0
 * @category constants
 */
export const PER_PAGE_DEFAULT = 500

/**
 * Longest SearchString.
 *
 * @since 0.1.0
 * @category constants
 */
export const SEARCH_STRING_MAX = 13

/**
 * Longest collection range, in calendar months.
 *
 * @since 0.1.0
 * @category constants
 */
export const RANGE_MONTHS_MAX = 3

/**
 * A job ID is valid this long after its registration (document time).
 *
 * @since 0.1.0
 * @category constants
 */
export const JOB_VALIDITY_MILLIS = 60 * 60 * 1000

/**
 * jobState of a completed job.
 *
 * @since 0.1.0
 * @category constants
 */
export const JOB_STATE_COMPLETED = "3"

/**
 * The date `months` calendar months after a `yyyyMMdd` date, clamped to the end of the month
 * (20261130 + 3 → 20270228).
 *
 * @since 0.1.0
 * @category rules
 */
export const addMonths = (date8: string, months: number): string => {
  const y = Number(date8.slice(0, 4))
  const m = Number(date8.slice(4, 6)) - 1 + months
  const year = y + Math.floor(m / 12)
  const month = ((m % 12) + 12) % 12
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const day = Math.min(Number(date8.slice(6, 8)), last)
  return `${year}${String(month + 1).padStart(2, "0")}${String(day).padStart(2, "0")}`
}

/**
 * `true` when the start date is not after the end date.
 *
 * @since 0.1.0
 * @category rules
 */
export const rangeOrdered = (sDate: string, eDate: string): boolean => sDate <= eDate

/**
 * `true` when the end date is at most 3 calendar months after the start date (docs/service.md "Limits":
 * collection search range 3 months; 20260101 → 20260401 is the longest range from January 1).
 *
 * @since 0.1.0
 * @category rules
 */
export const rangeWithinLimit = (sDate: string, eDate: string): boolean => eDate <= addMonths(sDate, RANGE_MONTHS_MAX)

/**
 * The KST days of a range, both ends included.
 *
 * @since 0.1.0
 * @category rules
 */
export const daysOf = (sDate: string, eDate: string): ReadonlyArray<string> => {
  const days: Array<string> = []
  for (let day = sDate; day <= eDate; day = Kst.addDays(day, 1)) days.push(day)
  return days
}

/**
 * The values of a comma-joined list as sent (`"N,M"`, `""` = no filter); blanks are ignored.
 *
 * @since 0.1.0
 * @category rules
 */
export const listOf = (text: string | undefined): ReadonlyArray<string> =>
  text === undefined ? [] : text.split(",").map((s) => s.trim()).filter((s) => s !== "")

/**
 * `true` when every item of a comma-joined list is one of `allowed` (an empty list is valid).
 *
 * @since 0.1.0
 * @category rules
 */
export const listWithin = (allowed: ReadonlyArray<string>) => (text: string): boolean =>
  listOf(text).every((value) => allowed.includes(value))

/**
 * `true` when the text is empty or a whole number from `min` to `max`.
 *
 * @since 0.1.0
 * @category rules
 */
export const numberWithin = (min: number, max: number) => (text: string): boolean =>
  text === "" || (/^\d{1,9}$/.test(text) && Number(text) >= min && Number(text) <= max)

/**
 * A page of `items`: page numbers start at 1; `pageCount` is at least 1 (an empty result has one
 * empty page, as the live service answers).
 *
 * @since 0.1.0
 * @category rules
 */
export const pageOf = <A>(items: ReadonlyArray<A>, page: number, perPage: number) => ({
  total: items.length,
  perPage,
  pageNum: page,
  pageCount: Math.max(1, Math.ceil(items.length / perPage)),
  list: items.slice((page - 1) * perPage, page * perPage)
})
