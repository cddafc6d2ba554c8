import { describe, expect, it } from "@effect/vitest"
import * as Kst from "../../../src/core/Kst.js"
import * as Rules from "../../../src/domains/cashbill/Rules.js"

describe("identityNum", () => {
  it("accepts the forms of 소득공제용, including the voluntary constant", () => {
    for (const n of ["8801011234567", "0101234567", "01012345678", "1234567890123", "1234567890123456789", "010-000-1234"]) {
      expect(Rules.identityNumAllowed("소득공제용", n)).toBe(true)
    }
  })

  it("accepts registration, mobile and card numbers for 지출증빙용 but not the constant", () => {
    for (const n of ["1234567890", "01012345678", "1234567890123456"]) expect(Rules.identityNumAllowed("지출증빙용", n)).toBe(true)
    expect(Rules.identityNumAllowed("지출증빙용", "010-000-1234")).toBe(false)
  })

  it("refuses lengths no form has, hyphens and letters", () => {
    for (const n of ["", "123456789", "123456789012", "12345678901234567890", "010-1234-5678", "0101234567a"]) {
      expect(Rules.isIdentityNumShape(n)).toBe(false)
    }
  })
})

describe("amounts", () => {
  it("adds up supply cost, tax and service fee", () => {
    expect(Rules.amountsAddUp({ supplyCost: "10000", tax: "1000", serviceFee: "0", totalAmount: "11000" })).toBe(true)
    expect(Rules.amountsAddUp({ supplyCost: "10000", tax: "1000", serviceFee: "0", totalAmount: "11001" })).toBe(false)
  })
  it("takes totalAmount as positive only", () => {
    expect(Rules.isPositiveAmount("1")).toBe(true)
    expect(Rules.isPositiveAmount("0")).toBe(false)
    expect(Rules.isPositiveAmount("-5")).toBe(false)
  })
  it("reads partial revocation amounts only when isPartCancel is true and all are present", () => {
    const a = { supplyCost: "1", tax: "0", serviceFee: "0", totalAmount: "1" }
    expect(Rules.partCancelAmounts({ isPartCancel: true, ...a })).toEqual(a)
    expect(Rules.partCancelAmounts({ isPartCancel: false, ...a })).toBeUndefined()
    expect(Rules.partCancelAmounts({ isPartCancel: true, supplyCost: "1" })).toBeUndefined()
  })
})

describe("trade time window (KST)", () => {
  const now = Date.UTC(2026, 10, 22, 0, 30) // 2026-11-22 09:30 KST
  it("accepts today and the previous day and an absent value", () => {
    expect(Rules.tradeDTValid("20261122093000", now)).toBe(true)
    expect(Rules.tradeDTValid("20261121000000", now)).toBe(true)
    expect(Rules.tradeDTValid(undefined, now)).toBe(true)
  })
  it("refuses two days ago and tomorrow", () => {
    expect(Rules.tradeDTValid("20261120235959", now)).toBe(false)
    expect(Rules.tradeDTValid("20261123000000", now)).toBe(false)
  })
  it("judges the day in KST, not UTC", () => {
    const lateUtc = Date.UTC(2026, 10, 22, 16, 0) // 2026-11-23 01:00 KST
    expect(Kst.toDate8(lateUtc)).toBe("20261123")
    expect(Rules.tradeDTValid("20261121120000", lateUtc)).toBe(false)
    expect(Rules.tradeDTValid("20261122120000", lateUtc)).toBe(true)
  })
})

describe("submit ID", () => {
  it("takes 1 to 36 letters, digits and hyphens", () => {
    expect(Rules.submitIdValid("a")).toBe(true)
    expect(Rules.submitIdValid("123e4567-e89b-12d3-a456-426614174000")).toBe(true)
    expect(Rules.submitIdValid("")).toBe(false)
    expect(Rules.submitIdValid("x".repeat(37))).toBe(false)
    expect(Rules.submitIdValid("a_b")).toBe(false)
    expect(Rules.submitIdValid("a b")).toBe(false)
  })
})
