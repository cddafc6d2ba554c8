/**
 * Turns what goes over the wire into what a cassette stores, and back: bodies decoded and marked
 * with their kind (JSON as JSON, forms as text, multipart with a fixed boundary, binary as Base64),
 * only the request headers that matter, answers without transfer headers (binary and gzip bodies
 * are stored decoded and marked, as record/replay tools do).
 *
 * @since 0.1.0
 */
import type { HttpClientRequest } from "effect/http"
import { gunzipWithin } from "../core/Response.js"
import { utf8 } from "../core/Signing.js"
import type { RecordedRequest, RecordedResponse, StoredBody } from "./Cassette.js"
import { parseOrUndefined } from "./internal/json.js"

/**
 * What a multipart boundary is replaced with, in the body and in the Content-Type.
 *
 * @since 0.1.0
 * @category constants
 */
export const BOUNDARY_PLACEHOLDER = "<boundary>"

/**
 * The request headers a cassette keeps. Authorization, X-SVC-Date, User-Agent and
 * Accept-Encoding are never stored: they change from run to run or carry secrets (docs/recordings.md "Secrets").
 *
 * @since 0.1.0
 * @category constants
 */
export const STORED_REQUEST_HEADERS: ReadonlyArray<string> = [
  "content-type",
  "x-http-method-override",
  "x-svc-userid",
  "x-svc-submit-id",
  "x-svc-message-digest",
  "x-svc-forwarded",
  "accept-language"
]

/**
 * Answer headers that are not stored: the body is stored decoded, so its transfer framing and
 * encoding no longer apply; the others change from run to run.
 *
 * @since 0.1.0
 * @category constants
 */
export const DROPPED_RESPONSE_HEADERS: ReadonlyArray<string> = [
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "set-cookie",
  "authorization",
  "x-svc-date"
]

const strictUtf8 = new TextDecoder("utf-8", { fatal: true })

const textOrUndefined = (bytes: Uint8Array): string | undefined => {
  try {
    return strictUtf8.decode(bytes)
  } catch {
    return undefined
  }
}

/**
 * The media type of a Content-Type: lower-case, without parameters (`charset`, `boundary`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const mediaType = (contentType: string | undefined): string =>
  (contentType ?? "").split(";")[0]!.trim().toLowerCase()

/**
 * The boundary parameter of a multipart Content-Type.
 *
 * @since 0.1.0
 * @category combinators
 */
export const boundaryOf = (contentType: string | undefined): string | undefined => {
  const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "")
  return match === null ? undefined : (match[1] ?? match[2])
}

const replaceAllBytes = (bytes: Uint8Array, from: string, to: string): Uint8Array =>
  // latin1 maps each byte to one code unit and back, so binary parts survive the replacement.
  new Uint8Array(Buffer.from(Buffer.from(bytes).toString("latin1").split(from).join(to), "latin1"))

/**
 * How a body is stored, decided by its Content-Type and content.
 *
 * @since 0.1.0
 * @category constructors
 */
export const storeBody = (bytes: Uint8Array, contentType: string | undefined): StoredBody => {
  if (bytes.length === 0) return { kind: "empty" }
  const media = mediaType(contentType)
  if (media === "multipart/form-data") {
    const boundary = boundaryOf(contentType)
    const normalised = boundary === undefined ? bytes : replaceAllBytes(bytes, boundary, BOUNDARY_PLACEHOLDER)
    const text = textOrUndefined(normalised)
    return text === undefined
      ? { kind: "multipart", encoding: "base64", content: Buffer.from(normalised).toString("base64") }
      : { kind: "multipart", encoding: "utf8", content: text }
  }
  const text = media === "application/pdf" || media === "application/octet-stream" ? undefined : textOrUndefined(bytes)
  if (text === undefined) return { kind: "binary", base64: Buffer.from(bytes).toString("base64") }
  if (media.includes("json")) {
    const parsed = parseOrUndefined(text)
    if (parsed !== undefined) return { kind: "json", json: parsed.value }
  }
  return { kind: "text", text }
}

/**
 * The bytes of a stored body (JSON is written compactly).
 *
 * @since 0.1.0
 * @category combinators
 */
export const bodyBytes = (body: StoredBody): Uint8Array => {
  switch (body.kind) {
    case "empty":
      return new Uint8Array(0)
    case "json":
      return utf8(JSON.stringify(body.json))
    case "text":
      return utf8(body.text)
    case "multipart":
      return body.encoding === "utf8" ? utf8(body.content) : new Uint8Array(Buffer.from(body.content, "base64"))
    case "binary":
      return new Uint8Array(Buffer.from(body.base64, "base64"))
  }
}

/**
 * The bytes of a platform request body, or `undefined` for bodies that cannot be read without
 * consuming them (streams, `FormData`), which the transport of this SDK never sends.
 *
 * @since 0.1.0
 * @category combinators
 */
export const requestBytes = (request: HttpClientRequest.HttpClientRequest): Uint8Array | undefined => {
  const body = request.body
  switch (body._tag) {
    case "Empty":
      return new Uint8Array(0)
    case "Uint8Array":
      return body.body
    case "Raw":
      if (typeof body.body === "string") return utf8(body.body)
      if (body.body instanceof Uint8Array) return body.body
      return undefined
    default:
      return undefined
  }
}

const requestContentType = (request: HttpClientRequest.HttpClientRequest): string | undefined =>
  request.headers["content-type"] ?? (request.body._tag === "Uint8Array" ? request.body.contentType : undefined)

/**
 * The stored form of a request: path without origin, query pairs sorted, the stored headers,
 * the body by kind.
 *
 * @since 0.1.0
 * @category constructors
 */
export const recordRequest = (request: HttpClientRequest.HttpClientRequest, url: URL, bytes: Uint8Array): RecordedRequest => {
  const contentType = requestContentType(request)
  const headers: Record<string, string> = {}
  for (const name of STORED_REQUEST_HEADERS) {
    const value = name === "content-type" ? contentType : request.headers[name]
    if (value !== undefined) headers[name] = value
  }
  const boundary = boundaryOf(contentType)
  if (boundary !== undefined && headers["content-type"] !== undefined) {
    headers["content-type"] = headers["content-type"].split(boundary).join(BOUNDARY_PLACEHOLDER)
  }
  const query = [...url.searchParams.entries()].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
  return { method: request.method, path: url.pathname, query, headers, body: storeBody(bytes, contentType) }
}

/**
 * An answer as received: the body decompressed and the headers that still describe it.
 *
 * @since 0.1.0
 * @category models
 */
export interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: Uint8Array
}

/**
 * Decompresses a received body (to at most `maxBytes`) and drops the headers of its transfer
 * framing; `undefined` when the decompressed body would pass `maxBytes`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const answerOf = (status: number, headers: Readonly<Record<string, string>>, raw: Uint8Array, maxBytes: number): Answer | undefined => {
  const body = gunzipWithin(raw, maxBytes)
  if (body === undefined) return undefined
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (!DROPPED_RESPONSE_HEADERS.includes(lower)) kept[lower] = value
  }
  return { status, headers: kept, body }
}

/**
 * The stored form of an answer.
 *
 * @since 0.1.0
 * @category constructors
 */
export const recordResponse = (answer: Answer): RecordedResponse => ({
  status: answer.status,
  headers: answer.headers,
  body: storeBody(answer.body, answer.headers["content-type"])
})

/**
 * The answer a stored response replays as.
 *
 * @since 0.1.0
 * @category combinators
 */
export const replayAnswer = (response: RecordedResponse): Answer => ({
  status: response.status,
  headers: response.headers,
  body: bodyBytes(response.body)
})
