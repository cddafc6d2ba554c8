/** Hand-written generators of valid cash receipt inputs (every value passes every rule). */
import * as fc from "fast-check"
import * as Kst from "../../../src/core/Kst.js"
import type { CashReceiptIssue } from "../../../src/domains/cashbill/Schemas.js"
import { VOLUNTARY_IDENTITY_NUM } from "../../../src/domains/cashbill/Rules.js"

const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""))

// A present optional field holds a value: "" is absent, like a missing key.
const upTo = (max: number) => fc.string({ minLength: 1, maxLength: max })

/** A document ID: 1–24 letters, digits, '-' and '_'. */
export const mgtKey = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/)

/** An identityNum valid for the usage. */
export const identityNum = (usage: CashReceiptIssue["tradeUsage"]) => {
  const forms = [
    digits(10), // registration or mobile number
    digits(10).map((d) => `0${d}`), // mobile, 11 digits
    fc.integer({ min: 13, max: 19 }).chain(digits) // resident (13) or card number
  ]
  return usage === "소득공제용" ? fc.oneof(...forms, fc.constant(VOLUNTARY_IDENTITY_NUM)) : fc.oneof(...forms)
}

/** The four amounts, adding up, total positive and at most 9 digits. */
export const amounts = fc
  .record({
    supplyCost: fc.integer({ min: 0, max: 500_000_000 }),
    tax: fc.integer({ min: 0, max: 50_000_000 }),
    serviceFee: fc.integer({ min: 0, max: 1_000_000 })
  })
  .filter((a) => a.supplyCost + a.tax + a.serviceFee > 0)
  .map((a) => ({
    supplyCost: String(a.supplyCost),
    tax: String(a.tax),
    serviceFee: String(a.serviceFee),
    totalAmount: String(a.supplyCost + a.tax + a.serviceFee)
  }))

/** A KST date-time on `nowMillis`'s day or the day before, not after `nowMillis`. */
export const tradeDTNear = (nowMillis: number) =>
  fc.integer({ min: Kst.parse(Kst.addDays(Kst.toDate8(nowMillis), -1)), max: nowMillis }).map(Kst.toDateTime14)

const optionalFields = fc.record(
  {
    tradeOpt: fc.constantFrom("일반" as const, "도서공연" as const, "대중교통" as const),
    franchiseTaxRegID: digits(4),
    franchiseCorpName: upTo(200),
    franchiseCEOName: upTo(100),
    franchiseAddr: upTo(400),
    franchiseTEL: upTo(20),
    customerName: upTo(70),
    itemName: upTo(70),
    orderNumber: upTo(200),
    email: upTo(100),
    hp: upTo(20),
    memo: upTo(200),
    emailSubject: upTo(300)
  },
  { requiredKeys: [] }
)

/** A valid issue body; with `nowMillis`, its tradeDT (when present) is within the trade window. */
export const issue = (nowMillis?: number): fc.Arbitrary<CashReceiptIssue> =>
  fc
    .constantFrom("소득공제용" as const, "지출증빙용" as const)
    .chain((tradeUsage) =>
      fc.record({
        required: fc.record({
          mgtKey,
          tradeType: fc.constant("승인거래" as const),
          tradeUsage: fc.constant(tradeUsage),
          taxationType: fc.constantFrom("과세" as const, "비과세" as const),
          franchiseCorpNum: digits(10),
          identityNum: identityNum(tradeUsage)
        }),
        amounts,
        optional: optionalFields,
        tradeDT: fc.option(nowMillis === undefined ? fc.date({ min: new Date(0), max: new Date(4e12) }).map((d) => Kst.toDateTime14(d.getTime())) : tradeDTNear(nowMillis), { nil: undefined })
      })
    )
    .map(({ amounts, optional, required, tradeDT }) => ({
      ...required,
      ...amounts,
      ...optional,
      ...(tradeDT === undefined ? {} : { tradeDT })
    }))

/** 1 to `max` valid issue bodies with distinct document IDs. */
export const issues = (max: number, nowMillis?: number) =>
  fc.uniqueArray(issue(nowMillis), { minLength: 1, maxLength: max, selector: (r) => r.mgtKey })
