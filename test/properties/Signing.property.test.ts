/**
 * Signatures and digests as properties, seeded by the service's published vectors
 * (test/vectors/signing.json): each vector's parts sign to its signature, and any single change —
 * one character of the body, the date, the forwarded address or the path, one byte of the secret,
 * a header line added or left out — signs to another one that `signaturesEqual` refuses; for any
 * body, date, path and secret, a signature verifies by signing again (the service's check). Digests
 * are of the exact bytes: Base64 SHA-256 (token bodies) and SHA-1 (bulk bodies) of the bytes as
 * sent, changed by any byte, and the SDK's bulk request carries the digest of the bytes it sends.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Result, Schema } from "effect"
import { createHash } from "node:crypto"
import * as RequestBuilder from "../../src/core/RequestBuilder.js"
import * as Signing from "../../src/core/Signing.js"
import * as Operation from "../../src/core/Operation.js"
import * as CashbillOperations from "../../src/domains/cashbill/Operations.js"
import * as Testing from "../../src/testing/index.js"
import { type TokenVector, vectors } from "../vectors.js"
import { CORP, NOW, pick } from "./support.js"

const integer = (minimum: number, maximum: number) => Arbitrary.schema(Schema.Int.check(Schema.isBetween({ minimum, maximum })))
const bytes = (maxLength: number) => Arbitrary.schema(Schema.Uint8Array.check(Schema.isMaxLength(maxLength)))
const text = Arbitrary.schema(Schema.String)

const PRINTABLE = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i))

/** `text` with the character at `at` (modulo its length) replaced by another printable one. */
const changeChar = (value: string, at: number, pick: number): string => {
  const i = at % value.length
  const others = PRINTABLE.filter((c) => c !== value[i])
  return value.slice(0, i) + others[pick % others.length] + value.slice(i + 1)
}

/** `bytes` with one byte changed (XOR with a non-zero delta). */
const changeByte = (value: Uint8Array, at: number, delta: number): Uint8Array => {
  const copy = Uint8Array.from(value)
  const i = at % copy.length
  copy[i] = copy[i]! ^ delta
  return copy
}

const partsOf = (v: TokenVector): Signing.StringToSignParts => ({
  bodyDigest: Signing.bodyDigest(v.requestBody),
  date: v.xSvcDate,
  forwarded: v.xSvcForwarded ?? undefined,
  version: v.xSvcVersion,
  path: `/${v.serviceId}/Token`
})

const signatureOf = (secret: string, parts: Signing.StringToSignParts) => Signing.sign(secret, Signing.stringToSign(parts))

const sha = (algorithm: "sha256" | "sha1", value: Uint8Array) => createHash(algorithm).update(value).digest("base64")

const tampering = Arbitrary.all({
  vector: pick(vectors.token),
  target: pick(["body", "date", "forwarded", "path", "secret", "version", "forwardedLine"] as const),
  at: integer(0, 10_000),
  delta: integer(1, 255)
})

describe("token signatures, seeded by the published vectors", () => {
  it("every vector's parts sign to its signature and Authorization value", () => {
    expect(vectors.token.length).toBeGreaterThan(0)
    for (const v of vectors.token) {
      expect(Signing.bodyDigest(v.requestBody)).toBe(v.bodyDigest)
      expect(Signing.stringToSign(partsOf(v))).toBe(v.stringToSign)
      expect(signatureOf(v.secretKey, partsOf(v))).toBe(v.signature)
      expect(Signing.authorization(v.linkId, v.signature)).toBe(v.authorization)
    }
  })

  it.prop("any single change to a vector's body, date, forwarded address, path, secret or header lines signs differently", [tampering], ([{ at, delta, target, vector }]) => {
    const parts = partsOf(vector)
    const tampered = ((): { readonly secret: string; readonly parts: Signing.StringToSignParts } => {
      switch (target) {
        case "body":
          return { secret: vector.secretKey, parts: { ...parts, bodyDigest: Signing.bodyDigest(changeByte(Signing.utf8(vector.requestBody), at, delta)) } }
        case "date":
          return { secret: vector.secretKey, parts: { ...parts, date: changeChar(vector.xSvcDate, at, delta) } }
        case "forwarded":
          return { secret: vector.secretKey, parts: { ...parts, forwarded: changeChar(vector.xSvcForwarded ?? "*", at, delta) } }
        case "path":
          return { secret: vector.secretKey, parts: { ...parts, path: changeChar(parts.path, at, delta) } }
        case "version":
          return { secret: vector.secretKey, parts: { ...parts, version: changeChar(vector.xSvcVersion, at, delta) } }
        case "forwardedLine":
          // The X-SVC-Forwarded line sent where the vector has none, or left out where it has one.
          return { secret: vector.secretKey, parts: { ...parts, forwarded: vector.xSvcForwarded === null ? "*" : undefined } }
        case "secret":
          return { secret: Buffer.from(changeByte(Buffer.from(vector.secretKey, "base64"), at, delta)).toString("base64"), parts }
      }
    })()
    const signature = signatureOf(tampered.secret, tampered.parts)
    expect(signature).not.toBe(vector.signature)
    expect(Signing.signaturesEqual(signature, vector.signature)).toBe(false)
  }, { arbitrary: { runs: 300 } })

  const request = Arbitrary.all({
    secret: Arbitrary.map(Arbitrary.schema(Schema.Uint8Array.check(Schema.isBetweenLength(32, 32))), (key) => Buffer.from(key).toString("base64")),
    body: bytes(200),
    seconds: integer(0, 4_102_444_800),
    forwarded: pick([undefined, "*", "203.0.113.7", "2001:db8::1"]),
    serviceId: pick(["SERVICE_TEST", "SERVICE"])
  })

  it.prop("a signature over any body, date, address and path verifies by signing again, and the date reads back", [request], ([r]) => {
    const date = Signing.formatSvcDate(r.seconds * 1000)
    expect(Signing.parseSvcDate(date)).toBe(r.seconds * 1000)
    const parts = { bodyDigest: Signing.bodyDigest(r.body), date, forwarded: r.forwarded, path: `/${r.serviceId}/Token` }
    const signature = signatureOf(r.secret, parts)
    expect(Buffer.from(signature, "base64")).toHaveLength(32)
    // The service's check: the same parts, the partner's secret, compared in constant time.
    expect(Signing.signaturesEqual(signatureOf(r.secret, { ...parts }), signature)).toBe(true)
  }, { arbitrary: { runs: 200 } })
})

describe("digests of the exact bytes", () => {
  it("every published bulk digest is SHA-1 of its body's bytes", () => {
    expect(vectors.bulkDigest.length).toBeGreaterThan(0)
    for (const v of vectors.bulkDigest) expect(Signing.messageDigest(v.body)).toBe(v.messageDigest)
  })

  it.prop("SHA-256 and SHA-1 of the bytes as given; text digested as its UTF-8 bytes; any changed byte changes both", [bytes(300), text, integer(0, 10_000), integer(1, 255)], ([body, words, at, delta]) => {
    expect(Signing.bodyDigest(body)).toBe(sha("sha256", body))
    expect(Signing.messageDigest(body)).toBe(sha("sha1", body))
    expect(Signing.bodyDigest(words)).toBe(Signing.bodyDigest(Signing.utf8(words)))
    expect(Signing.messageDigest(words)).toBe(Signing.messageDigest(Signing.utf8(words)))
    if (body.length === 0) return
    const changed = changeByte(body, at, delta)
    expect(Signing.bodyDigest(changed)).not.toBe(Signing.bodyDigest(body))
    expect(Signing.messageDigest(changed)).not.toBe(Signing.messageDigest(body))
  }, { arbitrary: { runs: 200, size: 60 } })

  it("the same JSON written with other spacing is other bytes, and another digest", () => {
    const json = vectors.bulkDigest.filter((v) => v.body !== "")
    expect(json.length).toBeGreaterThan(0)
    for (const v of json) {
      const parsed: unknown = JSON.parse(v.body)
      const forms = [...new Set([v.body, JSON.stringify(parsed), JSON.stringify(parsed, null, 1), JSON.stringify(parsed, null, 2)])]
      expect(forms.length).toBeGreaterThan(2)
      const digests = forms.map((form) => Signing.messageDigest(form))
      expect(new Set(digests).size).toBe(forms.length)
      expect(digests[0]).toBe(v.messageDigest)
    }
  })

  it.prop(
    "the SDK's bulk submission carries the SHA-1 of the exact bytes it sends",
    [Testing.toArbitrary(Testing.valid(CashbillOperations.BulkSubmit, { now: NOW, fixed: { corpNum: CORP } }))],
    ([input]) => {
      const built = RequestBuilder.request(CashbillOperations.BulkSubmit, input, NOW)
      expect(Result.isSuccess(built)).toBe(true)
      if (Result.isFailure(built)) return
      expect(built.success.headers[Operation.DIGEST_HEADER]).toBe(sha("sha1", built.success.body.bytes))
    },
    { arbitrary: { runs: 50 } }
  )
})
