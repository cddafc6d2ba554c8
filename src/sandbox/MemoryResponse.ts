/**
 * An `HttpClientResponse` whose body is already in memory: what the in-process client hands back
 * for an answer of the sandbox. Reading it (`arrayBuffer`, `text`, `json`, `stream`) needs no I/O
 * and copies the bytes, so a caller can never change an answer the sandbox keeps. A body cut short
 * by an injected connection fault hands over what arrived and then fails as a socket closing
 * early does (`truncate`), or never ends (`hang`).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Cookies from "effect/http/Cookies"
import * as Headers from "effect/http/Headers"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as UrlParams from "effect/http/UrlParams"
import * as Inspectable from "effect/Inspectable"
import * as Option from "effect/Option"
import { pipeArguments } from "effect/Pipeable"
import type * as Schema from "effect/Schema"
import type * as Socket from "effect/socket/Socket"
import * as Stream from "effect/Stream"
import { BodyInMemory } from "../core/Transport.js"

/**
 * How a body ends: whole, failing after what arrived (the connection closed early), or never.
 *
 * @since 1.0.0
 * @category models
 */
export type Ending = "complete" | "fail" | "never"

const decoder = new TextDecoder()

class MemoryResponse extends Inspectable.Class implements HttpClientResponse.HttpClientResponse {
  readonly [HttpClientResponse.TypeId]: typeof HttpClientResponse.TypeId = HttpClientResponse.TypeId
  readonly [HttpIncomingMessage.TypeId]: typeof HttpIncomingMessage.TypeId = HttpIncomingMessage.TypeId
  readonly headers: Headers.Headers
  /** The body is whole in memory: the SDK reads it at once instead of counting it as it streams. */
  readonly [BodyInMemory]: boolean

  constructor(
    readonly request: HttpClientRequest.HttpClientRequest,
    readonly url: string,
    readonly status: number,
    headers: Readonly<Record<string, string>>,
    private readonly bytes: Uint8Array,
    private readonly ending: Ending
  ) {
    super()
    this.headers = Headers.fromInput(headers)
    this[BodyInMemory] = ending === "complete"
  }

  private error(reason: "Decode" | "Status", cause: unknown, description?: string): HttpClientError.HttpClientError {
    const props = { request: this.request, response: this, cause, ...(description === undefined ? {} : { description }) }
    return new HttpClientError.HttpClientError({
      reason: reason === "Decode" ? new HttpClientError.DecodeError(props) : new HttpClientError.StatusCodeError(props)
    })
  }

  /** What reading the whole body gives: a copy of the bytes, or the connection's end. */
  private get whole(): Effect.Effect<Uint8Array<ArrayBuffer>, HttpClientError.HttpClientError> {
    switch (this.ending) {
      case "complete":
        // A copy in a buffer of its own (`bytes` may be a view of a larger buffer, or kept by the sandbox).
        return Effect.sync(() => new Uint8Array(this.bytes))
      case "fail":
        // As undici's body fails when the socket closes before the announced length arrived.
        return Effect.fail(this.error("Decode", new TypeError("terminated")))
      case "never":
        return Effect.never
    }
  }

  get cookies(): Cookies.Cookies {
    const setCookie = this.headers["set-cookie"]
    return setCookie === undefined ? Cookies.empty : Cookies.fromSetCookie(setCookie)
  }

  get remoteAddress(): Option.Option<string> {
    return Option.none()
  }

  get arrayBuffer(): Effect.Effect<ArrayBuffer, HttpClientError.HttpClientError> {
    return Effect.map(this.whole, (bytes) => bytes.buffer)
  }

  get text(): Effect.Effect<string, HttpClientError.HttpClientError> {
    return Effect.map(this.whole, (bytes) => decoder.decode(bytes))
  }

  get json(): Effect.Effect<Schema.Json, HttpClientError.HttpClientError> {
    return Effect.flatMap(this.text, (text) =>
      Effect.try({ try: () => (text === "" ? null : JSON.parse(text)) as Schema.Json, catch: (cause) => this.error("Decode", cause) }))
  }

  get urlParamsBody(): Effect.Effect<UrlParams.UrlParams, HttpClientError.HttpClientError> {
    return Effect.flatMap(this.text, (text) =>
      Effect.try({ try: () => UrlParams.fromInput(new URLSearchParams(text)), catch: (cause) => this.error("Decode", cause) }))
  }

  get formData(): Effect.Effect<FormData, HttpClientError.HttpClientError> {
    return Effect.flatMap(this.whole, (bytes) =>
      Effect.tryPromise({
        try: () => new Response(bytes, { headers: this.headers as Record<string, string> }).formData(),
        catch: (cause) => this.error("Decode", cause)
      }))
  }

  get stream(): Stream.Stream<Uint8Array, HttpClientError.HttpClientError> {
    switch (this.ending) {
      case "complete":
        return Stream.fromEffect(this.whole)
      case "fail":
        return Stream.concat(Stream.succeed(new Uint8Array(this.bytes)), Stream.fromEffect(this.whole))
      case "never":
        return Stream.concat(Stream.succeed(new Uint8Array(this.bytes)), Stream.never)
    }
  }

  get upgrade(): Effect.Effect<Socket.Socket, HttpClientError.HttpClientError> {
    return Effect.fail(this.error("Status", undefined, "the in-process sandbox has no connection to hand over"))
  }

  pipe() {
    return pipeArguments(this, arguments)
  }

  toJSON(): unknown {
    return HttpIncomingMessage.inspect(this, { _id: "HttpClientResponse", request: this.request.toJSON(), status: this.status })
  }
}

/**
 * A client response to `request` (at `url`) of `status` with `headers` (lower-case names) and the
 * body `bytes`; with an `ending` other than `complete`, `bytes` is the part that arrived before the
 * connection closed (`fail`) or stalled for good (`never`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (
  request: HttpClientRequest.HttpClientRequest,
  url: string,
  status: number,
  headers: Readonly<Record<string, string>>,
  bytes: Uint8Array,
  ending: Ending = "complete"
): HttpClientResponse.HttpClientResponse => new MemoryResponse(request, url, status, headers, bytes, ending)
