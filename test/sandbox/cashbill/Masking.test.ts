import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { maskIdentityNum } from "../../../src/sandbox/cashbill/Masking.js"

describe("identityNum masking", () => {
  it("masks every digit form and leaves the constant", () => {
    expect(maskIdentityNum("01012345678")).toBe("010****5678")
    expect(maskIdentityNum("0101234567")).toBe("010***4567")
    expect(maskIdentityNum("8801011234567")).toBe("880101*******")
    expect(maskIdentityNum("1234567890123456")).toBe("123456******3456")
    expect(maskIdentityNum("010-000-1234")).toBe("010-000-1234")
  })

  it("a masked number keeps its length and hides at least 3 digits", () => {
    fc.assert(fc.property(fc.integer({ min: 10, max: 19 }).chain((n) => fc.stringMatching(new RegExp(`^\\d{${n}}$`))), (n) => {
      const masked = maskIdentityNum(n)
      expect(masked.length).toBe(n.length)
      expect(masked.split("").filter((c) => c === "*").length).toBeGreaterThanOrEqual(3)
    }))
  })
})
