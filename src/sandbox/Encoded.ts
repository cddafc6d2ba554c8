/**
 * Answers as bytes, the way the sandbox's edges send them (the socket server, the in-process client,
 * the HttpApp): status, content type, extra headers and the body, plain and — only when a client
 * asks for gzip — compressed once and remembered with the bytes. An answer whose bytes are kept
 * (a document's record, see `AnswerCache.ts`; a failure sent before) is therefore encoded and
 * compressed once, not per request.
 *
 * @since 0.1.0
 */
import { gzipSync } from "node:zlib"
import { HttpServerResponse } from "@effect/platform"
import type { FaultKind } from "./Faults.js"
import type { SandboxFailure } from "./Failure.js"
import type { JsonAnswer } from "./Route.js"
import { Lru } from "./Lru.js"
import { JSON_CONTENT_TYPE } from "./HttpEdge.js"

const encoder = new TextEncoder()

/**
 * zlib options sized to the body: a window no larger than the body and a small hash table cost
 * less to set up than the defaults (32 KiB window, 128 KiB of state) and compress a body of a few
 * kilobytes just as well; the output buffer is sized to the body instead of 16 KiB.
 */
const gzipOptionsFor = (length: number) => {
  const windowBits = Math.min(15, Math.max(10, Math.ceil(Math.log2(length + 1))))
  return { windowBits, memLevel: Math.min(8, Math.max(2, windowBits - 7)), chunkSize: Math.max(1024, length + 64) }
}

/**
 * gzip bytes of `bytes`, in a buffer of their own (zlib answers a view of its larger output buffer,
 * which a kept answer would otherwise hold on to).
 *
 * @since 0.1.0
 * @category combinators
 */
export const gzip = (bytes: Uint8Array): Uint8Array => {
  const zipped = gzipSync(bytes, gzipOptionsFor(bytes.length))
  return zipped.byteLength === zipped.buffer.byteLength ? zipped : new Uint8Array(zipped)
}

/**
 * A body: its bytes, and its gzip bytes computed on first use and then kept.
 *
 * @since 0.1.0
 * @category models
 */
export class Body {
  private zipped: Uint8Array | undefined
  constructor(readonly bytes: Uint8Array) {}
  /** The gzip encoding of `bytes` (compressed on the first call only). */
  get gzipped(): Uint8Array {
    return (this.zipped ??= gzip(this.bytes))
  }
}

/**
 * The body of a JSON value (`JSON.stringify` of it, as UTF-8).
 *
 * @since 0.1.0
 * @category constructors
 */
export const jsonBody = (value: unknown): Body => new Body(encoder.encode(JSON.stringify(value) ?? ""))

// The encodings of JSON bodies that are kept (answers of stored documents): found by the body
// itself, so a handler answers the same `{_tag: "Json", body}` whether it is kept or not.
const encodings = new WeakMap<object, Body>()

/**
 * A JSON answer whose body's encoding is remembered with the body: `encodedOf(body)` finds it, and
 * the kernel sends those bytes instead of encoding the body again. The body must not change
 * afterwards.
 *
 * @since 0.1.0
 * @category constructors
 */
export const keep = <T extends object>(body: T, encoded: Body): JsonAnswer<T> => {
  encodings.set(body, encoded)
  return { _tag: "Json", body }
}

/**
 * The remembered encoding of a JSON body (see `keep`), if any.
 *
 * @since 0.1.0
 * @category combinators
 */
export const encodedOf = (body: unknown): Body | undefined =>
  typeof body === "object" && body !== null ? encodings.get(body) : undefined

/**
 * An answer ready for the wire.
 *
 * @since 0.1.0
 * @category models
 */
export interface WireAnswer {
  readonly status: number
  readonly contentType: string
  /** Headers besides Content-Type, Content-Length and the gzip ones (lower-case names). */
  readonly headers: Readonly<Record<string, string>>
  readonly body: Body
  /** The injected connection fault the edge acts out instead of answering normally, if any. */
  readonly fault: FaultKind | undefined
}

const NO_HEADERS: Readonly<Record<string, string>> = {}

/**
 * A JSON answer.
 *
 * @since 0.1.0
 * @category constructors
 */
export const jsonAnswer = (status: number, body: Body): WireAnswer => ({ status, contentType: JSON_CONTENT_TYPE, headers: NO_HEADERS, body, fault: undefined })

// Failures repeat (the same code and message for every refused token, unknown document, …): their
// bodies, gzip included, are kept by text.
const failureBodies = new Lru<string, Body>(512)

/**
 * The answer of a failure: its status and `{code, message}` in the request's language.
 *
 * @since 0.1.0
 * @category constructors
 */
export const failureAnswer = (failure: SandboxFailure, language: "ko" | "en"): WireAnswer => {
  const { body, status } = failure.render(language)
  const text = JSON.stringify(body)
  let kept = failureBodies.get(text)
  if (kept === undefined) {
    kept = new Body(encoder.encode(text))
    failureBodies.set(text, kept)
  }
  return jsonAnswer(status, kept)
}

/**
 * The same answer, standing for an injected connection fault.
 *
 * @since 0.1.0
 * @category combinators
 */
export const withFault = (answer: WireAnswer, fault: FaultKind | undefined): WireAnswer =>
  fault === undefined ? answer : { ...answer, fault }

/**
 * The headers an edge sends with an answer (besides Content-Length): Content-Type, the answer's
 * own, and the gzip ones when the body is sent compressed.
 *
 * @since 0.1.0
 * @category combinators
 */
export const headersOf = (answer: WireAnswer, gzipped: boolean): Record<string, string> => {
  const headers: Record<string, string> = { "content-type": answer.contentType, ...answer.headers }
  if (gzipped) {
    headers["content-encoding"] = "gzip"
    headers["vary"] = "Accept-Encoding"
  }
  return headers
}

/**
 * The answer as an `@effect/platform` server response, gzip-encoded when `gzipped`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const toServerResponse = (answer: WireAnswer, gzipped: boolean): HttpServerResponse.HttpServerResponse => {
  const { "content-type": contentType, ...headers } = headersOf(answer, gzipped)
  return HttpServerResponse.uint8Array(gzipped ? answer.body.gzipped : answer.body.bytes, { status: answer.status, contentType, headers })
}

/**
 * An `@effect/platform` server response with an in-memory body, as an answer (how answers rendered
 * elsewhere, e.g. PDF documents and portal pages, reach the edges).
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromServerResponse = (response: HttpServerResponse.HttpServerResponse): WireAnswer => {
  const body = response.body
  const bytes = body._tag === "Uint8Array" ? body.body : body._tag === "Raw" && typeof body.body === "string" ? encoder.encode(body.body) : new Uint8Array(0)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(response.headers)) {
    if (name !== "content-type" && name !== "content-length" && name !== "content-encoding" && name !== "vary") headers[name] = value
  }
  const contentType = body._tag === "Uint8Array" || body._tag === "Raw" ? body.contentType ?? response.headers["content-type"] : response.headers["content-type"]
  return { status: response.status, contentType: contentType ?? JSON_CONTENT_TYPE, headers, body: new Body(bytes), fault: undefined }
}
