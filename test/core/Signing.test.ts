import { describe, expect, it } from "@effect/vitest"
import * as Signing from "../../src/core/Signing.js"
import { vectors } from "../vectors.js"

describe("Signing known-answer vectors", () => {
  it("covers every vector file entry", () => {
    expect(vectors.token.length).toBeGreaterThanOrEqual(4)
    expect(vectors.bulkDigest.length).toBeGreaterThanOrEqual(4)
  })

  for (const v of vectors.token) {
    it(`token ${v.linkId} ${v.serviceId} forwarded=${String(v.xSvcForwarded)}`, () => {
      const digest = Signing.bodyDigest(v.requestBody)
      expect(digest).toBe(v.bodyDigest)
      const toSign = Signing.stringToSign({
        bodyDigest: digest,
        date: v.xSvcDate,
        forwarded: v.xSvcForwarded ?? undefined,
        version: v.xSvcVersion,
        path: `/${v.serviceId}/Token`
      })
      expect(toSign).toBe(v.stringToSign)
      const signature = Signing.sign(v.secretKey, toSign)
      expect(signature).toBe(v.signature)
      expect(Signing.authorization(v.linkId, signature)).toBe(v.authorization)
    })
  }

  for (const [i, v] of vectors.bulkDigest.entries()) {
    it(`bulk message digest #${i}`, () => {
      expect(Signing.messageDigest(v.body)).toBe(v.messageDigest)
      expect(Signing.messageDigest(Signing.utf8(v.body))).toBe(v.messageDigest)
    })
  }
})

describe("X-SVC-Date", () => {
  it("formats without milliseconds and parses with or without them", () => {
    const t = Date.UTC(2026, 10, 22, 4, 23, 2, 374)
    expect(Signing.formatSvcDate(t)).toBe("2026-11-22T04:23:02Z")
    expect(Signing.parseSvcDate("2026-11-22T04:23:02Z")).toBe(Date.UTC(2026, 10, 22, 4, 23, 2))
    expect(Signing.parseSvcDate("2026-11-22T04:23:02.374Z")).toBe(t)
    expect(Signing.parseSvcDate("2026-02-30T00:00:00Z")).toBeUndefined()
    expect(Signing.parseSvcDate("2026-11-22 04:23:02")).toBeUndefined()
  })
})
