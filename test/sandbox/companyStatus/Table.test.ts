import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { Schema } from "effect"
import { corpNumCheckDigitValid } from "../../../src/core/Schemas.js"
import { CompanyStatus } from "../../../src/domains/companyStatus/Schemas.js"
import { companyStatusOf, derivedStatus, FIXED_COMPANY_STATUS } from "../../../src/sandbox/companyStatus/Table.js"

const NOON_KST = Date.UTC(2026, 10, 22, 3)

describe("companyStatusOf", () => {
  it("every fixed number passes the check digit", () => {
    for (const corpNum of Object.keys(FIXED_COMPANY_STATUS)) expect(corpNumCheckDigitValid(corpNum)).toBe(true)
  })

  it("the fixed table covers every state and taxation type", () => {
    const fixed = Object.values(FIXED_COMPANY_STATUS)
    expect(new Set(fixed.map((s) => s.state))).toEqual(new Set(["1", "2", "3", null]))
    expect(new Set(fixed.map((s) => s.taxType))).toEqual(new Set(["10", "20", "30", "31", "40", null]))
    expect(companyStatusOf("1234567891", NOON_KST)).toEqual({
      corpNum: "1234567891",
      state: "1",
      taxType: "10",
      typeDate: "2010-03-02",
      stateDate: null,
      checkDate: "2026-11-22"
    })
    expect(companyStatusOf("2222222227", NOON_KST)).toMatchObject({ state: "3", stateDate: "20240115" })
  })

  it("a number failing the check digit is unregistered with null fields", () => {
    expect(companyStatusOf("1234567890", NOON_KST)).toEqual({
      corpNum: "1234567890",
      state: "0",
      taxType: null,
      typeDate: null,
      stateDate: null,
      checkDate: "2026-11-22"
    })
  })

  it("derived statuses are deterministic, well-formed and decode with the SDK schema", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.integer({ min: 0, max: 4_000_000_000_000 }), (prefix, at) => {
        const corpNum = Array.from({ length: 10 }, (_, d) => prefix + d).find(corpNumCheckDigitValid)!
        const status = companyStatusOf(corpNum, at)
        expect(companyStatusOf(corpNum, at)).toEqual(status)
        expect(["1", "2", "3", null]).toContain(status.state)
        expect(status.checkDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        if (FIXED_COMPANY_STATUS[corpNum] === undefined) {
          const derived = derivedStatus(corpNum)
          expect(derived.typeDate).toMatch(/^(200\d|201\d|202[0-4])-\d{2}-\d{2}$/)
          expect(derived.stateDate === null).toBe(derived.state === "1")
          if (derived.stateDate !== null) expect(derived.stateDate > derived.typeDate!.replace(/-/g, "")).toBe(true)
        }
        Schema.decodeUnknownSync(CompanyStatus)(status)
      })
    )
  })
})
