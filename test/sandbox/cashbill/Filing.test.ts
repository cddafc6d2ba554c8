import { describe, expect, it } from "@effect/vitest"
import { filingOutcome } from "../../../src/sandbox/cashbill/Filing.js"

describe("filing outcome", () => {
  it("fails TS1 for an 11-digit mobile number not starting with 0", () => {
    expect(filingOutcome("11012345678").code).toBe("TS1")
  })
  it("fails TS2 for a 17-digit card number", () => {
    expect(filingOutcome("12345678901234567").code).toBe("TS2")
  })
  it("succeeds with 0000 otherwise", () => {
    for (const n of ["01012345678", "1234567890", "8801011234567", "1234567890123456", "123456789012345678", "010-000-1234"]) {
      expect(filingOutcome(n).code).toBe("0000")
    }
  })
  it("keeps messages within the 30 characters of ntsresultMessage", () => {
    for (const n of ["11012345678", "12345678901234567", "0101234567"]) {
      const outcome = filingOutcome(n)
      expect(outcome.ko.length).toBeLessThanOrEqual(30)
      expect(outcome.en.length).toBeLessThanOrEqual(30)
    }
  })
})
