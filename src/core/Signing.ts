/**
 * Pure signing primitives of the Tax Document Service (docs/service.md "Signing and digests").
 *
 * The bytes digested or signed are always the exact bytes sent on the wire: callers pass the
 * encoded body, never an object that would be serialised again.
 *
 * @since 0.1.0
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto"

/**
 * The only protocol version of token issuance; it is part of the signed string.
 *
 * @since 0.1.0
 * @category models
 */
export const SVC_VERSION = "2.0"

const encoder = new TextEncoder()

/**
 * UTF-8 bytes of a string (bodies are always UTF-8 on the wire).
 *
 * @since 0.1.0
 * @category constructors
 */
export const utf8 = (text: string): Uint8Array => encoder.encode(text)

/**
 * BodyDigest = Base64(SHA-256(exact body bytes)).
 *
 * @since 0.1.0
 * @category signing
 */
export const bodyDigest = (body: Uint8Array | string): string =>
  createHash("sha256").update(typeof body === "string" ? utf8(body) : body).digest("base64")

/**
 * X-SVC-Message-Digest of a bulk submission = Base64(SHA-1(exact body bytes)).
 *
 * @since 0.1.0
 * @category signing
 */
export const messageDigest = (body: Uint8Array | string): string =>
  createHash("sha1").update(typeof body === "string" ? utf8(body) : body).digest("base64")

/**
 * The parts of a token request that are signed.
 *
 * @since 0.1.0
 * @category models
 */
export interface StringToSignParts {
  readonly method?: string
  readonly bodyDigest: string
  readonly date: string
  /** X-SVC-Forwarded; `undefined` when the header is not sent (the line is then left out). */
  readonly forwarded?: string | undefined
  readonly version?: string
  /** Resource path, `/<serviceId>/Token`. */
  readonly path: string
}

/**
 * StringToSign: method, body digest, X-SVC-Date, X-SVC-Forwarded (only when sent), X-SVC-Version
 * and the resource path, joined with line feeds (no empty line for an absent header, as the live clients sign).
 *
 * @since 0.1.0
 * @category signing
 */
export const stringToSign = (parts: StringToSignParts): string => {
  const lines = [parts.method ?? "POST", parts.bodyDigest, parts.date]
  if (parts.forwarded !== undefined) lines.push(parts.forwarded)
  lines.push(parts.version ?? SVC_VERSION, parts.path)
  return lines.join("\n")
}

/**
 * Signature = Base64(HMAC-SHA256(key = Base64-decoded secret key, UTF-8 StringToSign)).
 *
 * The secret is taken as its Base64 text so the caller decides when to unwrap a `Redacted`.
 *
 * @since 0.1.0
 * @category signing
 */
export const sign = (secretKeyBase64: string, toSign: string): string =>
  createHmac("sha256", Buffer.from(secretKeyBase64, "base64")).update(utf8(toSign)).digest("base64")

/**
 * The Authorization header value of a token request: `SVC <LinkID> <Signature>`.
 *
 * @since 0.1.0
 * @category signing
 */
export const authorization = (linkId: string, signature: string): string => `SVC ${linkId} ${signature}`

/**
 * Constant-time comparison of two Base64 signatures.
 *
 * @since 0.1.0
 * @category signing
 */
export const signaturesEqual = (a: string, b: string): boolean => {
  const left = utf8(a)
  const right = utf8(b)
  // A signature's length is no secret (Base64 of 32 bytes); its bytes are compared in constant time.
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * X-SVC-Date as sent by the SDK: `yyyy-MM-ddTHH:mm:ssZ` (UTC, no milliseconds).
 *
 * @since 0.1.0
 * @category signing
 */
export const formatSvcDate = (epochMillis: number): string =>
  new Date(Math.floor(epochMillis / 1000) * 1000).toISOString().replace(".000Z", "Z")

const SVC_DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z$/

/**
 * Parses a token time (`X-SVC-Date`, `expiration`) with or without milliseconds; `undefined` when
 * the text is not such a time.
 *
 * @since 0.1.0
 * @category signing
 */
export const parseSvcDate = (text: string): number | undefined => {
  const m = SVC_DATE.exec(text)
  if (m === null) return undefined
  const [, y, mo, d, h, mi, s, ms] = m
  const millis = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms === undefined ? 0 : Number(ms.padEnd(3, "0")))
  const check = new Date(millis)
  // Reject dates that Date.UTC silently rolled over (e.g. February 30th).
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1) return undefined
  return millis
}
