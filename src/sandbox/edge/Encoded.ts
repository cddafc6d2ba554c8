/**
 * Answers as bytes, the way the sandbox's edges send them (the socket server and the in-process
 * client): status, content type, extra headers and the body, plain and — only when a client asks
 * for gzip — compressed once and remembered with the bytes. An answer whose bytes are kept (a
 * document's record, see `AnswerCache.ts`; a failure sent before) is therefore encoded and
 * compressed once, not per request.
 */
import { gzipSync } from "node:zlib"
import * as Stream from "effect/Stream"
import type { FaultKind } from "./Faults.js"
import type { SandboxFailure } from "../Failure.js"
import { EVENTS_CONTENT_TYPE, HTML_CONTENT_TYPE, JSON_CONTENT_TYPE, PDF_CONTENT_TYPE } from "./HttpEdge.js"
import { Lru } from "./Lru.js"
import type { EncodedBody, JsonAnswer, RouteResponse } from "../routing/Route.js"

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
 */
export const gzip = (bytes: Uint8Array): Uint8Array => {
  const zipped = gzipSync(bytes, gzipOptionsFor(bytes.length))
  return zipped.byteLength === zipped.buffer.byteLength ? zipped : new Uint8Array(zipped)
}

/** A body: its bytes, and its gzip bytes computed on first use and then kept. */
export class Body implements EncodedBody {
  private zipped: Uint8Array | undefined
  constructor(readonly bytes: Uint8Array) {}
  /** The gzip encoding of `bytes` (compressed on the first call only). */
  get gzipped(): Uint8Array {
    return (this.zipped ??= gzip(this.bytes))
  }
}

/** The body of a JSON value (`JSON.stringify` of it, as UTF-8). */
export const jsonBody = (value: unknown): Body => new Body(encoder.encode(JSON.stringify(value) ?? ""))

/**
 * A JSON answer that carries its body's encoding: the kernel sends those bytes instead of encoding
 * the body again. The body must not change afterwards.
 */
export const keep = <T>(body: T, encoded: Body): JsonAnswer<T> => ({ _tag: "Json", body, encoded })

/** The encoding of a JSON answer: the one it carries, or its body encoded now. */
export const encodingOf = (answer: JsonAnswer<unknown>): EncodedBody => answer.encoded ?? jsonBody(answer.body)

/** An answer ready for the wire. */
export interface WireAnswer {
  readonly status: number
  readonly contentType: string
  /** Headers besides Content-Type, Content-Length and the gzip ones (lower-case names). */
  readonly headers: Readonly<Record<string, string>>
  readonly body: EncodedBody
  /** The injected connection fault the edge acts out instead of answering normally, if any. */
  readonly fault: FaultKind | undefined
  /**
   * What follows `body` on a connection that stays open (a page's events): a socket edge streams
   * it, uncompressed; the in-process client answers `body` alone.
   */
  readonly more?: Stream.Stream<Uint8Array> | undefined
}

const NO_HEADERS: Readonly<Record<string, string>> = {}

/** A JSON answer. */
export const jsonAnswer = (status: number, body: EncodedBody): WireAnswer => ({ status, contentType: JSON_CONTENT_TYPE, headers: NO_HEADERS, body, fault: undefined })

/**
 * The wire answer of a route's answer: JSON as is (or as kept), a PDF with exactly
 * `application/pdf;charset=utf-8`, a page with its own headers, a page's events as a stream.
 */
export const answerOf = (response: RouteResponse): WireAnswer => {
  switch (response._tag) {
    case "Json":
      return jsonAnswer(response.status ?? 200, encodingOf(response))
    case "Pdf":
      return { status: 200, contentType: PDF_CONTENT_TYPE, headers: NO_HEADERS, body: new Body(response.bytes), fault: undefined }
    case "Html":
      return { status: response.status, contentType: HTML_CONTENT_TYPE, headers: response.headers, body: new Body(encoder.encode(response.html)), fault: undefined }
    case "Events":
      return {
        status: 200,
        contentType: EVENTS_CONTENT_TYPE,
        headers: response.headers,
        body: new Body(encoder.encode(response.first)),
        fault: undefined,
        more: Stream.map(response.next, (text) => encoder.encode(text))
      }
  }
}

/**
 * The answers of failures of one sandbox: failures repeat (the same code and message for every
 * refused token, unknown document, …), so their bodies, gzip included, are kept by text (the
 * `capacity` most recent).
 */
export class FailureAnswers {
  private readonly bodies: Lru<string, Body>
  constructor(capacity = 512) {
    this.bodies = new Lru(capacity)
  }
  /** The answer of a failure: its status and `{code, message}` in the request's language. */
  answer(failure: SandboxFailure, language: "ko" | "en"): WireAnswer {
    const { body, status } = failure.render(language)
    const text = JSON.stringify(body)
    let kept = this.bodies.get(text)
    if (kept === undefined) {
      kept = new Body(encoder.encode(text))
      this.bodies.set(text, kept)
    }
    return jsonAnswer(status, kept)
  }
}

/** The same answer, standing for an injected connection fault. */
export const withFault = (answer: WireAnswer, fault: FaultKind | undefined): WireAnswer => fault === undefined ? answer : { ...answer, fault }

/** The bytes of an answer as sent: gzip-encoded when the client accepts gzip. */
export const sentBytes = (answer: WireAnswer, gzipped: boolean): Uint8Array => (gzipped ? answer.body.gzipped : answer.body.bytes)

/**
 * The headers an edge sends with an answer (besides Content-Length): Content-Type, the answer's
 * own, and the gzip ones when the body is sent compressed.
 */
export const headersOf = (answer: WireAnswer, gzipped: boolean): Record<string, string> => {
  const headers: Record<string, string> = { "content-type": answer.contentType, ...answer.headers }
  if (gzipped) {
    headers["content-encoding"] = "gzip"
    headers["vary"] = "Accept-Encoding"
  }
  return headers
}
