import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Result } from "effect"
import * as Partners from "../../src/sandbox/Partners.js"

describe("Partners", () => {
  it("parses LINKID:BASE64SECRET entries and lists", () => {
    expect(Partners.parsePartner("ACME:c2VjcmV0")).toEqual(Result.succeed({ linkId: "ACME", secretKey: "c2VjcmV0" }))
    expect(Result.isFailure(Partners.parsePartner("ACME"))).toBe(true)
    expect(Result.isFailure(Partners.parsePartner("ACME:not base64!"))).toBe(true)
    expect(Result.isFailure(Partners.parsePartner(":c2VjcmV0"))).toBe(true)
    expect(Partners.parsePartners("A:QUFBQQ==, B:QkJCQg==,")).toEqual(
      Result.succeed([{ linkId: "A", secretKey: "QUFBQQ==" }, { linkId: "B", secretKey: "QkJCQg==" }])
    )
  })

  it("always has TESTER: generated unless given", () => {
    const generated = Partners.registry(["ACME:c2VjcmV0"])
    expect(generated.secretOf("ACME")).toBe("c2VjcmV0")
    expect(Buffer.from(generated.secretOf("TESTER")!, "base64")).toHaveLength(32)
    expect(Partners.registry().secretOf("TESTER")).not.toBe(generated.secretOf("TESTER"))
    expect(Partners.registry([Partners.tester]).secretOf("TESTER")).toBe(Partners.TESTER_SECRET)
    expect(Buffer.from(Partners.TESTER_SECRET, "base64")).toHaveLength(32)
  })

  it.effect("reads TAXDOC_SANDBOX_PARTNERS", () =>
    Effect.gen(function*() {
      const partners = yield* Partners.config.parse(ConfigProvider.fromEnvRecord({ TAXDOC_SANDBOX_PARTNERS: "A:QUFBQQ==,B:QkJCQg==" }))
      expect(partners.map((p) => p.linkId)).toEqual(["A", "B"])
      expect(yield* Partners.config.parse(ConfigProvider.fromEnvRecord({}))).toEqual([])
      const bad = yield* Effect.result(Partners.config.parse(ConfigProvider.fromEnvRecord({ TAXDOC_SANDBOX_PARTNERS: "oops" })))
      expect(Result.isFailure(bad)).toBe(true)
      expect(Result.isFailure(bad) && String(bad.failure)).toContain("is not LINKID:BASE64SECRET")
    }))
})
