/**
 * How the pages show the service's values: amounts with thousands separators, KST dates and times
 * with separators, registration numbers with hyphens, resident numbers masked. Text in, text out:
 * escaping is `Html.ts`'s job.
 */
import * as Kst from "../../core/Kst.js"

/** `1234567` → `1,234,567` (signs and any length kept; not a number → as given). */
export const amount = (value: string | undefined | null): string => {
  if (value === undefined || value === null) return ""
  const match = /^([+-]?)(\d+)$/.exec(value.trim())
  if (match === null) return value
  return `${match[1] === "-" ? "-" : ""}${match[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`
}

/** `20261122` → `2026-11-22`; `20261122103000` → `2026-11-22 10:30:00`. */
export const dateTime = (value: string | undefined | null): string => {
  if (value === undefined || value === null) return ""
  if (/^\d{8}$/.test(value)) return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`
  if (/^\d{14}$/.test(value)) return `${dateTime(value.slice(0, 8))} ${value.slice(8, 10)}:${value.slice(10, 12)}:${value.slice(12, 14)}`
  return value
}

/** An instant of document time as KST `yyyy-MM-dd HH:mm:ss`. */
export const instant = (epochMillis: number | undefined): string => (epochMillis === undefined ? "" : dateTime(Kst.toDateTime14(epochMillis)))

/**
 * A party number as printed on the forms: a registration number `123-45-67890`; a resident number
 * masked after its birth date (`900101-1******`); anything else as given.
 */
export const partyNumber = (value: string | undefined | null): string => {
  if (value === undefined || value === null) return ""
  if (/^\d{10}$/.test(value)) return `${value.slice(0, 3)}-${value.slice(3, 5)}-${value.slice(5)}`
  if (/^\d{13}$/.test(value) && value !== "9999999999999") return `${value.slice(0, 6)}-${value.slice(6, 7)}******`
  return value
}

/** The month and day of a `yyyyMMdd` date (the item lines of the forms). */
export const monthDay = (value: string | undefined): readonly [string, string] =>
  value !== undefined && /^\d{8}$/.test(value) ? [value.slice(4, 6), value.slice(6, 8)] : ["", ""]
