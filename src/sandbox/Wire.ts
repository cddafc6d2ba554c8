/**
 * The HTTP edge of the sandbox: reading a request (exact body bytes, lower-case headers, query,
 * language, remote address) and writing answers as the live service does — JSON with
 * `application/json;charset=utf-8`, PDF with exactly `application/pdf;charset=utf-8`, every body
 * gzip-encoded when the client accepts gzip (errors too, FACTS.md "Requests").
 *
 * @since 0.1.0
 */
import { gzipSync } from "node:zlib"
import { HttpServerResponse } from "@effect/platform"
import type { HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"
import { fail, type SandboxFailure } from "./Failure.js"
import type { RouteResponse } from "./Route.js"

/**
 * Content-Type of JSON answers.
 *
 * @since 0.1.0
 * @category constants
 */
export const JSON_CONTENT_TYPE = "application/json;charset=utf-8"

/**
 * Content-Type of PDF answers; clients tell PDF from JSON by this exact value (FACTS.md).
 *
 * @since 0.1.0
 * @category constants
 */
export const PDF_CONTENT_TYPE = "application/pdf;charset=utf-8"

/**
 * A request as the kernel sees it, before routing.
 *
 * @since 0.1.0
 * @category models
 */
export interface Incoming {
  readonly method: string
  /** The path as sent, percent-encoded, without the query. */
  readonly path: string
  readonly query: URLSearchParams
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>
  readonly body: Uint8Array
  readonly language: "ko" | "en"
  readonly gzip: boolean
  readonly remoteAddress: string
}

/**
 * The remote address without the IPv4-mapped IPv6 prefix (`::ffff:127.0.0.1` → `127.0.0.1`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const normalizeAddress = (address: string): string => address.startsWith("::ffff:") ? address.slice(7) : address

/**
 * `en…` in Accept-Language → English; any other value → Korean; absent → the default.
 *
 * @since 0.1.0
 * @category combinators
 */
export const languageOf = (header: string | undefined, fallback: "ko" | "en"): "ko" | "en" =>
  header === undefined || header.trim() === "" ? fallback : header.trim().toLowerCase().startsWith("en") ? "en" : "ko"

/**
 * `true` when Accept-Encoding lists gzip (`gzip`, `gzip,deflate`, `deflate, gzip;q=1`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const acceptsGzip = (header: string | undefined): boolean =>
  header !== undefined && header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";")
    return name?.trim() === "gzip" && !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))
  })

/**
 * Reads a server request: the body is read once, as bytes (chunked or not), never re-encoded.
 *
 * @since 0.1.0
 * @category combinators
 */
export const readIncoming = (
  request: HttpServerRequest.HttpServerRequest,
  defaultLanguage: "ko" | "en"
): Effect.Effect<{ readonly incoming: Incoming; readonly failure?: SandboxFailure }> =>
  Effect.gen(function*() {
    const headers = request.headers as Readonly<Record<string, string>>
    const queryAt = request.url.indexOf("?")
    const rawPath = queryAt < 0 ? request.url : request.url.slice(0, queryAt)
    const base = {
      method: request.method,
      path: rawPath === "" ? "/" : rawPath,
      query: new URLSearchParams(queryAt < 0 ? "" : request.url.slice(queryAt + 1)),
      headers,
      language: languageOf(headers["accept-language"], defaultLanguage),
      gzip: acceptsGzip(headers["accept-encoding"]),
      remoteAddress: normalizeAddress(Option.getOrElse(request.remoteAddress, () => "127.0.0.1"))
    }
    return yield* request.arrayBuffer.pipe(
      Effect.map((buffer) => ({ incoming: { ...base, body: new Uint8Array(buffer) } })),
      Effect.catchAll(() =>
        Effect.succeed({ incoming: { ...base, body: new Uint8Array(0) }, failure: fail("InvalidRequest", "the body could not be read") })
      )
    )
  })

const bytesResponse = (bytes: Uint8Array, status: number, contentType: string, gzip: boolean): HttpServerResponse.HttpServerResponse =>
  gzip
    ? HttpServerResponse.uint8Array(gzipSync(bytes), { status, contentType, headers: { "content-encoding": "gzip", vary: "Accept-Encoding" } })
    : HttpServerResponse.uint8Array(bytes, { status, contentType })

const encoder = new TextEncoder()

/**
 * A JSON answer.
 *
 * @since 0.1.0
 * @category constructors
 */
export const jsonResponse = (body: unknown, status: number, gzip: boolean): HttpServerResponse.HttpServerResponse =>
  bytesResponse(encoder.encode(JSON.stringify(body)), status, JSON_CONTENT_TYPE, gzip)

/**
 * The HTTP answer of a route answer.
 *
 * @since 0.1.0
 * @category constructors
 */
export const render = (response: RouteResponse, gzip: boolean): HttpServerResponse.HttpServerResponse =>
  response._tag === "Pdf"
    ? bytesResponse(response.bytes, 200, PDF_CONTENT_TYPE, gzip)
    : jsonResponse(response.body, response.status ?? 200, gzip)

/**
 * The HTTP answer of a failure: its status and `{code, message}` in the request's language.
 *
 * @since 0.1.0
 * @category constructors
 */
export const renderFailure = (failure: SandboxFailure, language: "ko" | "en", gzip: boolean): HttpServerResponse.HttpServerResponse => {
  const rendered = failure.render(language)
  return jsonResponse(rendered.body, rendered.status, gzip)
}

const decoder = new TextDecoder("utf-8", { fatal: true })

/**
 * Parses a body as UTF-8 JSON; an empty body is `undefined`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const parseJsonBody = (body: Uint8Array): Effect.Effect<unknown, SandboxFailure> =>
  body.length === 0
    ? Effect.succeed(undefined)
    : Effect.try({ try: () => JSON.parse(decoder.decode(body)) as unknown, catch: () => fail("InvalidRequest", "body is not valid UTF-8 JSON") })
