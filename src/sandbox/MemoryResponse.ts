/**
 * An `HttpClientResponse` whose body is already in memory: what the in-process client hands back
 * for an answer of the sandbox. Reading it (`arrayBuffer`, `text`, `json`, `stream`) is synchronous
 * and copies the bytes, so a caller can never change an answer the sandbox keeps.
 *
 * @since 0.1.0
 */
import { Cookies, Headers, HttpClientError, type HttpClientRequest, HttpClientResponse, HttpIncomingMessage, UrlParams } from "@effect/platform"
import * as Effect from "effect/Effect"
import * as Inspectable from "effect/Inspectable"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import { BodyInMemory } from "../core/Exchange.js"

const decoder = new TextDecoder()

class MemoryResponse extends Inspectable.Class implements HttpClientResponse.HttpClientResponse {
  readonly [HttpClientResponse.TypeId]: HttpClientResponse.TypeId = HttpClientResponse.TypeId
  readonly [HttpIncomingMessage.TypeId]: HttpIncomingMessage.TypeId = HttpIncomingMessage.TypeId
  /** The body is whole in memory: the SDK reads it at once instead of counting it as it streams. */
  readonly [BodyInMemory] = true
  readonly headers: Headers.Headers

  constructor(
    readonly request: HttpClientRequest.HttpClientRequest,
    readonly status: number,
    headers: Readonly<Record<string, string>>,
    private readonly bytes: Uint8Array
  ) {
    super()
    this.headers = Headers.fromInput(headers)
  }

  /** A copy in a buffer of its own (`bytes` may be a view of a larger buffer, or kept by the sandbox). */
  private copy(): Uint8Array<ArrayBuffer> {
    return new Uint8Array(this.bytes)
  }

  private decodeError(cause: unknown): HttpClientError.ResponseError {
    return new HttpClientError.ResponseError({ request: this.request, response: this, reason: "Decode", cause })
  }

  get cookies(): Cookies.Cookies {
    const setCookie = this.headers["set-cookie"]
    return setCookie === undefined ? Cookies.empty : Cookies.fromSetCookie(setCookie)
  }

  get remoteAddress(): Option.Option<string> {
    return Option.none()
  }

  get arrayBuffer(): Effect.Effect<ArrayBuffer, HttpClientError.ResponseError> {
    return Effect.sync(() => this.copy().buffer)
  }

  get text(): Effect.Effect<string, HttpClientError.ResponseError> {
    return Effect.sync(() => decoder.decode(this.bytes))
  }

  get json(): Effect.Effect<unknown, HttpClientError.ResponseError> {
    return Effect.flatMap(this.text, (text) =>
      Effect.try({ try: () => (text === "" ? null : JSON.parse(text)) as unknown, catch: (cause) => this.decodeError(cause) }))
  }

  get urlParamsBody(): Effect.Effect<UrlParams.UrlParams, HttpClientError.ResponseError> {
    return Effect.flatMap(this.text, (text) =>
      Effect.try({ try: () => UrlParams.fromInput(new URLSearchParams(text)), catch: (cause) => this.decodeError(cause) }))
  }

  get formData(): Effect.Effect<FormData, HttpClientError.ResponseError> {
    return Effect.tryPromise({
      try: () => new Response(this.copy(), { headers: this.headers }).formData(),
      catch: (cause) => this.decodeError(cause)
    })
  }

  get stream(): Stream.Stream<Uint8Array, HttpClientError.ResponseError> {
    return Stream.sync(() => this.copy())
  }

  toJSON(): unknown {
    return { _id: "@effect/platform/HttpClientResponse", request: this.request.toJSON(), status: this.status }
  }
}

/**
 * A client response of `status` with `headers` (lower-case names) and the body `bytes`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (
  request: HttpClientRequest.HttpClientRequest,
  status: number,
  headers: Readonly<Record<string, string>>,
  bytes: Uint8Array
): HttpClientResponse.HttpClientResponse => new MemoryResponse(request, status, headers, bytes)
