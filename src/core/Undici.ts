/**
 * An `HttpClient` over an undici `Agent`, lean enough that a call costs little more than undici
 * itself: each request is dispatched with undici's handler API, the answer's bytes are kept as they
 * arrive (or handed on as a stream, with backpressure), and interrupting the request aborts it on
 * the wire. It is an ordinary `HttpClient` — the SDK goes through it as through any other, and the
 * rest of a program may use it too — with none of the work a general client does per request that
 * the SDK does not need: no `AbortController` or finalization registry per request, no span of its
 * own (the SDK's operation span is the one), no `Readable` wrapping the body. An answer of a
 * declared length up to 64 KiB is handed on once it has arrived whole, its body read at once; and
 * the SDK's request deadline is kept by the client itself (`Deadline.Kept`): one timer per request
 * instead of a fiber of its own.
 *
 * @since 1.0.0
 */
import * as Undici from "@effect/platform-node/Undici"
import * as Cookies from "effect/http/Cookies"
import * as Headers from "effect/http/Headers"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as UrlParams from "effect/http/UrlParams"
import * as Effect from "effect/Effect"
import * as Inspectable from "effect/Inspectable"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { pipeArguments } from "effect/Pipeable"
import type * as Schema from "effect/Schema"
import type * as Socket from "effect/socket/Socket"
import * as Stream from "effect/Stream"
import type { IncomingHttpHeaders } from "node:http"
import { Readable } from "node:stream"
import { concat } from "./Body.js"
import * as Deadline from "./Deadline.js"
import { headersRecord } from "./Transport.js"

/**
 * Options of the client's connection pool.
 *
 * @since 1.0.0
 * @category models
 */
export interface Options {
  /** The most connections per origin (default 64; requests beyond wait for a free connection). */
  readonly connections?: number | undefined
  /** How long an idle connection is kept open (default 4 seconds, undici's). */
  readonly keepAliveTimeout?: number | undefined
}

/** Connections per origin unless the options say otherwise. */
const DEFAULT_CONNECTIONS = 64

/** Buffered bytes of a streamed answer above which the connection is paused until they are read. */
const HIGH_WATER_MARK = 256 * 1024

/**
 * The largest declared length of an answer handed on only once it has arrived whole: the request's
 * fiber resumes once, with its body in memory, instead of once for the head and again for the body.
 */
const WHOLE_BELOW = 64 * 1024

const interrupted = () => new Error("The request was interrupted")

/** One request and its answer, as undici hands them over. */
class Exchange implements Undici.Dispatcher.DispatchHandler {
  controller: Undici.Dispatcher.DispatchController | undefined = undefined
  response: UndiciResponse | undefined = undefined
  chunks: Array<Uint8Array> = []
  size = 0
  ended = false
  failure: Error | undefined = undefined
  aborted: Error | undefined = undefined
  streaming = false
  /** The answer has a head but is not handed on yet (`WHOLE_BELOW`). */
  held = false
  /** Called when the body moves on: a chunk arrived, it ended or it failed. */
  wake: (() => void) | undefined = undefined
  /** The request's deadline (`Deadline.Kept`), until the answer has arrived whole. */
  timer: ReturnType<typeof setTimeout> | undefined = undefined

  constructor(
    readonly request: HttpClientRequest.HttpClientRequest,
    readonly url: string,
    readonly resume: (effect: Effect.Effect<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError>) => void
  ) {}

  abort(reason: Error): void {
    clearTimeout(this.timer)
    if (this.ended || this.failure !== undefined) return
    this.aborted ??= reason
    this.controller?.abort(reason)
  }

  /** Ends the request with `Deadline.Passed` when `millis` pass before its answer has arrived whole. */
  keep(millis: number): void {
    this.timer = setTimeout(() => {
      const passed = new Deadline.Passed(millis)
      this.abort(passed)
      // Not started yet, or undici has not answered the abort: the request ends now all the same.
      if (!this.ended && this.failure === undefined) this.onResponseError(undefined, passed)
    }, millis)
  }

  onRequestStart(controller: Undici.Dispatcher.DispatchController): void {
    this.controller = controller
    if (this.aborted !== undefined) controller.abort(this.aborted)
  }

  onResponseStart(_: Undici.Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    if (statusCode < 200) return
    this.response = new UndiciResponse(this, statusCode, headers)
    const declared = headers["content-length"]
    // A small answer of declared length is handed on when it has arrived whole (`onResponseEnd`).
    this.held = typeof declared === "string" && Number(declared) <= WHOLE_BELOW
    if (!this.held) this.resume(Effect.succeed(this.response))
  }

  onResponseData(controller: Undici.Dispatcher.DispatchController, chunk: Uint8Array): void {
    this.chunks.push(chunk)
    this.size += chunk.length
    if (this.streaming && this.size > HIGH_WATER_MARK) controller.pause()
    this.wake?.()
  }

  onResponseEnd(): void {
    clearTimeout(this.timer)
    this.ended = true
    this.release()
    this.wake?.()
  }

  /** Hands on a held answer (its body whole, or failed: reading it then fails). */
  release(): void {
    if (!this.held) return
    this.held = false
    this.resume(Effect.succeed(this.response!))
  }

  onResponseError(_: Undici.Dispatcher.DispatchController | undefined, error: Error): void {
    clearTimeout(this.timer)
    this.failure = error
    this.release()
    if (this.response === undefined) {
      this.resume(Effect.fail(new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request: this.request, cause: error }) })))
    } else {
      this.wake?.()
    }
  }

  /** The bytes taken so far, as one array (the chunks are let go). */
  take(): Uint8Array {
    const bytes = concat(this.chunks, this.size)
    this.chunks = []
    this.size = 0
    return bytes
  }
}

const decodeError = (response: UndiciResponse, cause: unknown) =>
  new HttpClientError.HttpClientError({ reason: new HttpClientError.DecodeError({ request: response.request, response, cause }) })

const textDecoder = new TextDecoder()

/** undici's header record (names in lower case already) as `Headers`, repeated headers joined. */
const headersOf = (raw: IncomingHttpHeaders): Headers.Headers => {
  const headers = headersRecord()
  for (const name in raw) {
    const value = raw[name]
    if (value !== undefined) headers[name] = typeof value === "string" ? value : value.join(", ")
  }
  return Headers.fromRecordUnsafe(headers)
}

/** The bytes as an `ArrayBuffer` of their own (a chunk of undici's may be a view of a larger pool). */
const arrayBufferOf = (bytes: Uint8Array): ArrayBuffer => {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) return bytes.buffer
  const copy = new Uint8Array(bytes.byteLength)
  copy.set(bytes)
  return copy.buffer
}

/** The answer of an `Exchange`: status and headers at once, the body as it arrives. */
class UndiciResponse extends Inspectable.Class implements HttpClientResponse.HttpClientResponse {
  readonly [HttpClientResponse.TypeId]: typeof HttpClientResponse.TypeId = HttpClientResponse.TypeId
  readonly [HttpIncomingMessage.TypeId]: typeof HttpIncomingMessage.TypeId = HttpIncomingMessage.TypeId
  private readHeaders: Headers.Headers | undefined = undefined
  private readCookies: Cookies.Cookies | undefined = undefined
  private whole: Effect.Effect<ArrayBuffer, HttpClientError.HttpClientError> | undefined = undefined
  private bytes: ArrayBuffer | undefined = undefined

  constructor(
    private readonly exchange: Exchange,
    readonly status: number,
    private readonly rawHeaders: IncomingHttpHeaders
  ) {
    super()
  }

  get request(): HttpClientRequest.HttpClientRequest {
    return this.exchange.request
  }

  get url(): string {
    return this.exchange.url
  }

  get headers(): Headers.Headers {
    return this.readHeaders ??= headersOf(this.rawHeaders)
  }

  get cookies(): Cookies.Cookies {
    if (this.readCookies === undefined) {
      const header = this.rawHeaders["set-cookie"]
      this.readCookies = header === undefined ? Cookies.empty : Cookies.fromSetCookie(header)
    }
    return this.readCookies
  }

  get remoteAddress(): Option.Option<string> {
    return Option.none()
  }

  /** The whole body, once it has arrived (read once; later reads answer the same bytes). */
  get arrayBuffer(): Effect.Effect<ArrayBuffer, HttpClientError.HttpClientError> {
    if (this.bytes !== undefined) return Effect.succeed(this.bytes)
    const arrived = this.exchange
    if (this.whole === undefined && arrived.ended && arrived.failure === undefined) {
      this.bytes = arrayBufferOf(arrived.take())
      return Effect.succeed(this.bytes)
    }
    return this.whole ??= Effect.callback<ArrayBuffer, HttpClientError.HttpClientError>((resume) => {
      const exchange = this.exchange
      const settle = () => {
        if (exchange.failure !== undefined) return resume(Effect.fail(decodeError(this, exchange.failure)))
        if (!exchange.ended) return
        exchange.wake = undefined
        const bytes = exchange.take()
        resume(Effect.succeed(arrayBufferOf(bytes)))
      }
      exchange.wake = settle
      settle()
      return Effect.sync(() => exchange.abort(interrupted()))
    }).pipe(Effect.cached, Effect.runSync)
  }

  get text(): Effect.Effect<string, HttpClientError.HttpClientError> {
    return Effect.map(this.arrayBuffer, (bytes) => textDecoder.decode(bytes))
  }

  get json(): Effect.Effect<Schema.Json, HttpClientError.HttpClientError> {
    return Effect.flatMap(this.text, (text) =>
      Effect.try({ try: () => (text === "" ? null : JSON.parse(text)) as Schema.Json, catch: (cause) => decodeError(this, cause) }))
  }

  get urlParamsBody(): Effect.Effect<UrlParams.UrlParams, HttpClientError.HttpClientError> {
    return Effect.flatMap(this.text, (text) =>
      Effect.try({ try: () => UrlParams.fromInput(new URLSearchParams(text.replace(/^\?/, "%3F"))), catch: (cause) => decodeError(this, cause) }))
  }

  get formData(): Effect.Effect<FormData, HttpClientError.HttpClientError> {
    return Effect.flatMap(this.arrayBuffer, (body) =>
      Effect.tryPromise({ try: () => new Response(body, { headers: this.headers }).formData(), catch: (cause) => decodeError(this, cause) }))
  }

  /** The body as it arrives; the connection waits while more than a few hundred KiB are unread. */
  get stream(): Stream.Stream<Uint8Array, HttpClientError.HttpClientError> {
    const exchange = this.exchange
    const next = (): Promise<IteratorResult<Uint8Array>> =>
      new Promise((resolve, reject) => {
        const step = () => {
          if (exchange.size > 0) {
            exchange.wake = undefined
            const bytes = exchange.take()
            if (exchange.controller?.paused === true) exchange.controller.resume()
            return resolve({ done: false, value: bytes })
          }
          if (exchange.failure !== undefined) return reject(exchange.failure)
          if (exchange.ended) return resolve({ done: true, value: undefined })
          exchange.wake = step
        }
        step()
      })
    const iterable: AsyncIterable<Uint8Array> = {
      [Symbol.asyncIterator]: () => {
        exchange.streaming = true
        return { next, return: () => (exchange.abort(interrupted()), Promise.resolve({ done: true, value: undefined })) }
      }
    }
    return Stream.fromAsyncIterable(iterable, (cause) => decodeError(this, cause))
  }

  get upgrade(): Effect.Effect<Socket.Socket, HttpClientError.HttpClientError> {
    return Effect.fail(new HttpClientError.HttpClientError({
      reason: new HttpClientError.StatusCodeError({ request: this.request, response: this, description: "this client does not upgrade connections" })
    }))
  }

  toJSON(): unknown {
    return HttpIncomingMessage.inspect(this, { _id: "effect/http/HttpClientResponse", request: this.request.toJSON(), status: this.status })
  }

  pipe() {
    return pipeArguments(this, arguments)
  }
}

type Body = Exclude<Undici.Dispatcher.DispatchOptions["body"], undefined>

/** The request's body as undici takes it, and the headers to send with it. */
const bodyOf = (request: HttpClientRequest.HttpClientRequest): { readonly body: Body; readonly headers: Headers.Headers } => {
  const body = request.body
  const typed = (contentType: string | undefined) =>
    contentType === undefined || request.headers["content-type"] !== undefined ? request.headers : Headers.set(request.headers, "content-type", contentType)
  switch (body._tag) {
    case "Empty":
      return { body: null, headers: request.headers }
    case "Uint8Array":
      return { body: body.body, headers: typed(body.contentType) }
    case "Raw":
      return { body: body.body as Body, headers: typed(body.contentType) }
    case "FormData": {
      const form = new Undici.FormData()
      for (const [key, value] of body.formData) form.append(key, value)
      return { body: form, headers: Headers.remove(request.headers, "content-type") }
    }
    case "Stream":
      return { body: Readable.from(Stream.toAsyncIterable(body.stream)), headers: typed(body.contentType) }
  }
}

/** `origin` and `path` (query included) of a request's URL. */
const split = (request: HttpClientRequest.HttpClientRequest): { readonly url: string; readonly origin: string; readonly path: string } => {
  let url = request.url
  const hash = url.indexOf("#")
  if (hash >= 0) url = url.slice(0, hash)
  if (request.urlParams.params.length > 0) url += `${url.includes("?") ? "&" : "?"}${UrlParams.toString(request.urlParams)}`
  const slash = url.indexOf("/", url.indexOf("//") + 2)
  return slash < 0 ? { url, origin: url, path: "/" } : { url, origin: url.slice(0, slash), path: url.slice(slash) }
}

/**
 * The client over `agent`.
 *
 * @since 1.0.0
 * @category constructors
 */
export const fromAgent = (agent: Undici.Dispatcher): HttpClient.HttpClient => {
  const client = HttpClient.makeWith<never, never, HttpClientError.HttpClientError, never>(
    (effect) =>
      Effect.flatMap(effect, (request) =>
        Effect.withFiber((fiber) =>
          Effect.callback<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError>((resume) => {
            const { url, origin, path } = split(request)
            const exchange = new Exchange(request, url, resume)
            const millis = fiber.getRef(Deadline.Kept)
            if (millis !== undefined) exchange.keep(millis)
            try {
              const { body, headers } = bodyOf(request)
              agent.dispatch({ origin, path, method: request.method, headers: headers as Record<string, string>, body, headersTimeout: 0, bodyTimeout: 0 }, exchange)
            } catch (cause) {
              // Failed before it was sent: ended as undici ends a request it cannot send, its deadline's timer cleared.
              exchange.onResponseError(undefined, cause as Error)
            }
            return Effect.sync(() => exchange.abort(interrupted()))
          }))),
    Effect.succeed
  )
  // The SDK's transport tells this client the deadline instead of running the request in a fiber of its own.
  Object.defineProperty(client, Deadline.KeepsDeadline, { value: true })
  return client
}

/**
 * A client with an undici `Agent` of its own, closed with the scope.
 *
 * @since 1.0.0
 * @category constructors
 */
export const make = (options: Options = {}) =>
  Effect.map(
    Effect.acquireRelease(
      Effect.sync(() => new Undici.Agent({ connections: options.connections ?? DEFAULT_CONNECTIONS, keepAliveTimeout: options.keepAliveTimeout ?? 4_000 })),
      (agent) => Effect.promise(() => agent.destroy())
    ),
    fromAgent
  )

/**
 * The `HttpClient` over an undici connection pool the layer owns: what a program talking to the
 * service provides the SDK (`Taxdoc.layerConfig.pipe(Layer.provide(Undici.layer()))`).
 *
 * @since 1.0.0
 * @category layers
 */
export const layer = (options: Options = {}): Layer.Layer<HttpClient.HttpClient> => Layer.effect(HttpClient.HttpClient, make(options))
