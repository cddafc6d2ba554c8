import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Either } from "effect"
import * as Partners from "../../src/sandbox/Partners.js"

describe("Partners", () => {
  it("parses LINKID:BASE64SECRET entries and lists", () => {
    expect(Partners.parsePartner("ACME:c2VjcmV0")).toEqual(Either.right({ linkId: "ACME", secretKey: "c2VjcmV0" }))
    expect(Either.isLeft(Partners.parsePartner("ACME"))).toBe(true)
    expect(Either.isLeft(Partners.parsePartner("ACME:not base64!"))).toBe(true)
    expect(Either.isLeft(Partners.parsePartner(":c2VjcmV0"))).toBe(true)
    expect(Partners.parsePartners("A:QUFBQQ==, B:QkJCQg==,")).toEqual(
      Either.right([{ linkId: "A", secretKey: "QUFBQQ==" }, { linkId: "B", secretKey: "QkJCQg==" }])
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
      const partners = yield* Partners.config.pipe(
        Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["TAXDOC_SANDBOX_PARTNERS", "A:QUFBQQ==,B:QkJCQg=="]])))
      )
      expect(partners.map((p) => p.linkId)).toEqual(["A", "B"])
      expect(yield* Partners.config.pipe(Effect.withConfigProvider(ConfigProvider.fromMap(new Map())))).toEqual([])
      const bad = yield* Effect.either(
        Partners.config.pipe(Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["TAXDOC_SANDBOX_PARTNERS", "oops"]]))))
      )
      expect(Either.isLeft(bad)).toBe(true)
    }))
})
