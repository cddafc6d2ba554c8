import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { CompanyStatus, CorpNumBatch, StateDate } from "../../../src/domains/companyStatus/Schemas.js"

describe("company status schemas", () => {
  it("stateDate decodes yyyyMMdd and yyyy-MM-dd to yyyyMMdd; missing nullable fields decode as null", () => {
    expect(Schema.decodeUnknownSync(StateDate)("2023-06-30")).toBe("20230630")
    expect(Schema.decodeUnknownSync(StateDate)("20230630")).toBe("20230630")
    expect(() => Schema.decodeUnknownSync(StateDate)("30/06/2023")).toThrow()
    const decoded = Schema.decodeUnknownSync(CompanyStatus)({ corpNum: "1234567890", state: "0", checkDate: "2026-11-22" })
    expect([decoded.taxType, decoded.typeDate, decoded.stateDate]).toEqual([null, null, null])
  })

  it("a batch holds 1 to 1,000 numbers of 10 digits", () => {
    const decode = Schema.decodeUnknownResult(CorpNumBatch)
    expect(decode(["1234567891"])._tag).toBe("Success")
    expect(decode([])._tag).toBe("Failure")
    expect(decode(Array.from({ length: 1001 }, () => "1234567891"))._tag).toBe("Failure")
    expect(decode(["123456789"])._tag).toBe("Failure")
  })
})
