/**
 * The deterministic company status of the sandbox (docs/decisions.md "Company status"): a fixed table
 * for tests, a status derived from the digits for every other valid number, and "unregistered" for a
 * number failing the check digit. Pure: the same number always answers the same, whatever the day.
 * Only the sandbox answers from it; the SDK decodes whatever the service says.
 */
import { corpNumCheckDigitValid } from "../../core/Schemas.js"
import * as Kst from "../../core/Kst.js"
import { type CompanyStatus, States, TaxTypes } from "../../domains/companyStatus/Schemas.js"

/** A company status as written on the wire (nullable fields explicit, `stateDate` `yyyyMMdd`). */
export type CompanyStatusWire = typeof CompanyStatus.Encoded & {
  readonly taxType: string | null
  readonly typeDate: string | null
  readonly state: string | null
  readonly stateDate: string | null
}

type Fixed = Omit<CompanyStatusWire, "corpNum" | "checkDate">

/**
 * Fixed registration numbers for tests; every one passes the check digit.
 *
 * | corpNum    | state          | taxType                  | typeDate   | stateDate |
 * |------------|----------------|--------------------------|------------|-----------|
 * | 1234567891 | 1 in business  | 10 general               | 2010-03-02 | null      |
 * | 1111111119 | 2 closed       | 10 general               | 2012-07-01 | 20230630  |
 * | 2222222227 | 3 suspended    | 10 general               | 2015-01-01 | 20240115  |
 * | 3333333336 | 1 in business  | 30 simplified            | 2018-07-01 | null      |
 * | 4444444444 | 1 in business  | 20 exempt                | 2016-01-01 | null      |
 * | 5555555553 | 1 in business  | 40 nonprofit/government  | 2005-05-05 | null      |
 * | 6666666661 | 1 in business  | 31 simplified, invoicing | 2021-07-01 | null      |
 * | 7777777770 | null           | null (unavailable)       | null       | null      |
 *
 * Any number failing the check digit (e.g. `1234567890`) answers state `0` (unregistered) with
 * every other field `null`.
 */
export const FIXED_COMPANY_STATUS: Readonly<Record<string, Fixed>> = {
  "1234567891": { state: States.InBusiness, taxType: TaxTypes.General, typeDate: "2010-03-02", stateDate: null },
  "1111111119": { state: States.Closed, taxType: TaxTypes.General, typeDate: "2012-07-01", stateDate: "20230630" },
  "2222222227": { state: States.Suspended, taxType: TaxTypes.General, typeDate: "2015-01-01", stateDate: "20240115" },
  "3333333336": { state: States.InBusiness, taxType: TaxTypes.Simplified, typeDate: "2018-07-01", stateDate: null },
  "4444444444": { state: States.InBusiness, taxType: TaxTypes.Exempt, typeDate: "2016-01-01", stateDate: null },
  "5555555553": { state: States.InBusiness, taxType: TaxTypes.Nonprofit, typeDate: "2005-05-05", stateDate: null },
  "6666666661": { state: States.InBusiness, taxType: TaxTypes.SimplifiedInvoicing, typeDate: "2021-07-01", stateDate: null },
  "7777777770": { state: null, taxType: null, typeDate: null, stateDate: null }
}

/** FNV-1a, 32 bits: a stable spread of the digits. */
const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

const DAY_MILLIS = 24 * 60 * 60 * 1000
const FIRST_TYPE_DATE = Date.UTC(2000, 0, 1)
const dashed = (date8: string): string => `${date8.slice(0, 4)}-${date8.slice(4, 6)}-${date8.slice(6, 8)}`
const utcDate8 = (millis: number): string => new Date(millis).toISOString().slice(0, 10).replace(/-/g, "")

const TAX_TYPE_BY_DIGIT = [
  TaxTypes.General, TaxTypes.General, TaxTypes.General, TaxTypes.General, TaxTypes.General, TaxTypes.General,
  TaxTypes.Exempt, TaxTypes.Simplified, TaxTypes.SimplifiedInvoicing, TaxTypes.Nonprofit
] as const

/**
 * The status derived from the digits of a valid number: 80 % in business, 12 % closed, 8 %
 * suspended; taxation types spread over 10 (60 %), 20, 30, 31, 40; a type date between 2000 and
 * 2023; a closure/suspension date within a year after it.
 */
export const derivedStatus = (corpNum: string): Fixed => {
  const h = fnv1a(corpNum)
  const roll = h % 100
  const state = roll < 80 ? States.InBusiness : roll < 92 ? States.Closed : States.Suspended
  const taxType = TAX_TYPE_BY_DIGIT[(h >>> 8) % 10]!
  const typeMillis = FIRST_TYPE_DATE + ((h >>> 4) % 8766) * DAY_MILLIS
  const stateDate = state === States.InBusiness ? null : utcDate8(typeMillis + (1 + ((h >>> 12) % 365)) * DAY_MILLIS)
  return { state, taxType, typeDate: dashed(utcDate8(typeMillis)), stateDate }
}

/**
 * The status of a registration number checked at `checkDateMillis` (the check date is the KST day
 * of that instant, `yyyy-MM-dd`).
 */
export const companyStatusOf = (corpNum: string, checkDateMillis: number): CompanyStatusWire => {
  const checkDate = dashed(Kst.toDate8(checkDateMillis))
  if (!corpNumCheckDigitValid(corpNum)) {
    return { corpNum, state: States.Unregistered, taxType: null, typeDate: null, stateDate: null, checkDate }
  }
  return { corpNum, ...(FIXED_COMPANY_STATUS[corpNum] ?? derivedStatus(corpNum)), checkDate }
}
