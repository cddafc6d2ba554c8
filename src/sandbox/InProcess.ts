/**
 * An `HttpClient` answered by the sandbox in the same process: no socket is opened and no HTTP is
 * framed. The client request is read as the kernel sees a request (method, path, query, lower-case
 * headers, exact body bytes, the remote address); `Sandbox.answer` runs in the caller's fiber (so
 * the caller's `TestClock` drives the sandbox) with every check a socket request gets; the answer
 * comes back as an in-memory response, its body handed over as `fetch` hands it: decompressed, the
 * `Content-Encoding` header kept (option `decompress: false`: the gzip bytes). Injected connection
 * faults become what a socket would give: a connection refused before the request was sent
 * (reset; its cause carries `code: "ECONNREFUSED"`), a connection closed without an answer
 * (dropAfter; no such code: the request may have been processed), or an answer whose body fails
 * half-way (truncate) or never ends (hang).
 *
 * @since 0.1.0
 */
import { constants as zlib, gunzipSync } from "node:zlib"
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Url from "effect/http/Url"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Stream from "effect/Stream"
import * as Encoded from "./edge/Encoded.js"
import { incomingOf, type Read, tooLarge } from "./edge/HttpEdge.js"
import { type MemoryOptions, Sandbox, type SandboxOptions, type SandboxService } from "./Sandbox.js"
import * as SandboxModule from "./Sandbox.js"
import type { SandboxDataError } from "./durable/Storage.js"

/**
 * The origin of the in-process sandbox (no DNS lookup, no socket).
 *
 * @since 0.1.0
 * @category constants
 */
export const SANDBOX_ORIGIN = "http://sandbox.taxdoc.local"

/**
 * Options of the in-process client.
 *
 * @since 0.1.0
 * @category models
 */
export interface ClientOptions {
  /** The address the sandbox sees as the requester (default `127.0.0.1`); tokens bind to it. */
  readonly remoteAddress?: string
  /** Decompress gzip answers like `fetch` (default `true`); `false` hands back the raw bytes. */
  readonly decompress?: boolean
}

const encoder = new TextEncoder()

/** A system error as Node reports one (`code` set), the cause a socket would give. */
const systemError = (message: string, code: string): Error => Object.assign(new Error(message), { code })

const transportError = (request: HttpClientRequest.HttpClientRequest, description: string, cause: unknown) =>
  new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request, description, cause }) })

const encodeError = (request: HttpClientRequest.HttpClientRequest, cause: unknown) =>
  new HttpClientError.HttpClientError({ reason: new HttpClientError.EncodeError({ request, cause }) })

/**
 * The body bytes of a client request when they are at hand (bytes, text, a stream); `undefined`
 * for bodies only a web `Request` can serialise (FormData, Blob, …).
 */
const bytesOf = (request: HttpClientRequest.HttpClientRequest): Effect.Effect<Uint8Array | undefined, HttpClientError.HttpClientError> => {
  const body = request.body
  switch (body._tag) {
    case "Empty":
      return Effect.succeed(new Uint8Array(0))
    case "Uint8Array":
      return Effect.succeed(body.body)
    case "Raw":
      return Effect.succeed(typeof body.body === "string" ? encoder.encode(body.body) : body.body instanceof Uint8Array ? body.body : undefined)
    case "FormData":
      return Effect.succeed(undefined)
    case "Stream":
      return Stream.runCollect(body.stream).pipe(
        Effect.map((chunks): Uint8Array => Buffer.concat(chunks)),
        Effect.mapError((cause) => encodeError(request, cause))
      )
  }
}

/** The content type a request is sent with: its header, else its body's. */
const contentTypeOf = (request: HttpClientRequest.HttpClientRequest): string | undefined =>
  request.headers["content-type"] ?? (request.body._tag === "Empty" ? undefined : request.body.contentType)

/**
 * The client request as the kernel reads a request. GET and HEAD carry no body (as with `fetch`);
 * a body larger than the sandbox's limit is refused without being read.
 */
const readRequest = (
  sandbox: SandboxService,
  request: HttpClientRequest.HttpClientRequest,
  url: URL,
  remoteAddress: string
): Effect.Effect<Read, HttpClientError.HttpClientError> => {
  const withBody = request.method !== "GET" && request.method !== "HEAD"
  return Effect.flatMap(withBody ? bytesOf(request) : Effect.succeed(new Uint8Array(0)), (bytes) => {
    if (bytes === undefined) return viaWebRequest(sandbox, request, url, remoteAddress)
    const contentType = contentTypeOf(request)
    const headers = contentType === undefined || request.headers["content-type"] !== undefined
      ? request.headers
      : { ...request.headers, "content-type": contentType }
    return Effect.succeed(readOf(sandbox, incomingOf(request.method, `${url.pathname}${url.search}`, headers, remoteAddress, sandbox.language), bytes))
  })
}

const readOf = (sandbox: SandboxService, incoming: Read["incoming"], bytes: Uint8Array): Read =>
  bytes.length > sandbox.maxBodyBytes
    ? { incoming, failure: tooLarge(sandbox.maxBodyBytes) }
    : { incoming: bytes.length === 0 ? incoming : { ...incoming, body: bytes } }

/** A body only a web `Request` serialises (multipart FormData with its boundary, a Blob): read through one. */
const viaWebRequest = (
  sandbox: SandboxService,
  request: HttpClientRequest.HttpClientRequest,
  url: URL,
  remoteAddress: string
): Effect.Effect<Read, HttpClientError.HttpClientError> =>
  Effect.tryPromise({
    try: async () => {
      const headers = new Headers(request.headers)
      const body = request.body
      if (body._tag === "Raw" && body.contentType !== undefined && !headers.has("content-type")) headers.set("content-type", body.contentType)
      const init = body._tag === "FormData" ? body.formData : body._tag === "Raw" ? (body.body as BodyInit) : undefined
      const web = new Request(url, { method: request.method, headers, ...(init === undefined ? {} : { body: init }) })
      const bytes = new Uint8Array(await web.arrayBuffer())
      const incoming = incomingOf(request.method, `${url.pathname}${url.search}`, Object.fromEntries(web.headers), remoteAddress, sandbox.language)
      return readOf(sandbox, incoming, bytes)
    },
    catch: (cause) => encodeError(request, cause)
  })

/**
 * A client response over bytes in memory, through the web `Response` Effect's own `fromWeb` reads
 * (it copies the bytes: a caller can never change an answer the sandbox keeps). A body cut short (`fail`, `never`) hands over
 * what arrived, then fails as undici's body does when the socket closes early, or never ends.
 */
const memoryResponse = (
  request: HttpClientRequest.HttpClientRequest,
  status: number,
  headers: Readonly<Record<string, string>>,
  bytes: Uint8Array,
  ending: "complete" | "fail" | "never" = "complete"
): HttpClientResponse.HttpClientResponse => {
  let arrived = false
  const body = ending === "complete" ? bytes.slice() : new ReadableStream<Uint8Array>({
    pull: (controller) => {
      if (!arrived) {
        arrived = true
        return controller.enqueue(bytes.slice())
      }
      // A body that never ends stays pending: the reader waits until it gives up.
      return ending === "fail" ? controller.error(new TypeError("terminated")) : new Promise<void>(() => {})
    }
  })
  return HttpClientResponse.fromWeb(request, new Response(body, { status, headers }))
}

/**
 * The client's view of an answer. A gzip answer is handed over decompressed, as `fetch` does
 * (`Content-Encoding` kept, the body plain): the sandbox's plain bytes, never compressed only to be
 * decompressed again; with `decompress: false`, the gzip bytes. A `truncate` or `hang` fault hands
 * over the head and half of the body as sent (decompressed when asked, as far as it goes); then
 * the body fails as undici's does when the socket closes early, or never ends.
 */
const toClientResponse = (
  request: HttpClientRequest.HttpClientRequest,
  url: URL,
  answer: Encoded.WireAnswer,
  gzip: boolean,
  decompress: boolean
): Effect.Effect<HttpClientResponse.HttpClientResponse, HttpClientError.HttpClientError> => {
  const sent = Encoded.sentBytes(answer, gzip)
  // What is handed over: the bytes sent, or their plain form when decompressed; its Content-Length says how many.
  const handed = gzip && decompress ? answer.body.bytes : sent
  const headers = Encoded.headersOf(answer, gzip)
  headers["content-length"] = String(handed.length)
  switch (answer.fault) {
    case undefined:
      return Effect.succeed(memoryResponse(request, answer.status, headers, handed))
    case "truncate":
    case "hang": {
      const part = sent.subarray(0, Math.floor(sent.length / 2))
      const arrived = gzip && decompress ? gunzipSync(part, { finishFlush: zlib.Z_SYNC_FLUSH }) : part
      return Effect.succeed(memoryResponse(request, answer.status, headers, arrived, answer.fault === "truncate" ? "fail" : "never"))
    }
    case "reset":
      return Effect.fail(transportError(
        request,
        "the connection was reset before the request was processed (injected fault)",
        systemError(`connect ECONNREFUSED ${url.host}`, "ECONNREFUSED")
      ))
    case "dropAfter":
      return Effect.fail(transportError(
        request,
        "the connection closed without an answer after the request was processed (injected fault)",
        systemError("other side closed", "UND_ERR_SOCKET")
      ))
  }
}

/**
 * An in-process client of the sandbox in context.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeClient = (options: ClientOptions = {}): Effect.Effect<HttpClient.HttpClient, never, Sandbox> =>
  Effect.map(Sandbox, (sandbox) => {
    const remoteAddress = options.remoteAddress ?? "127.0.0.1"
    const decompress = options.decompress ?? true
    // `makeWith`, not `make`: no network, so no abort controller, `http.client` span or trace headers per request.
    return HttpClient.makeWith(
      (prepared: Effect.Effect<HttpClientRequest.HttpClientRequest, HttpClientError.HttpClientError>) =>
        Effect.flatMap(prepared, (request) => {
          const url = Url.make(request.url, request.urlParams, Option.getOrUndefined(request.hash))
          if (Result.isFailure(url)) {
            return Effect.fail(new HttpClientError.HttpClientError({ reason: new HttpClientError.InvalidUrlError({ request, cause: url.failure }) }))
          }
          return Effect.flatMap(readRequest(sandbox, request, url.success, remoteAddress), (read) =>
            Effect.flatMap(sandbox.answer(read), (answer) => toClientResponse(request, url.success, answer, read.incoming.gzip, decompress)))
        }),
      Effect.succeed
    )
  })

/**
 * `HttpClient` answered in process by the `Sandbox` in context.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerClient = (options: ClientOptions = {}): Layer.Layer<HttpClient.HttpClient, never, Sandbox> =>
  Layer.effect(HttpClient.HttpClient, makeClient(options))

/**
 * A fresh sandbox and an in-process client of it (with a `data` directory: the sandbox kept there).
 *
 * @since 0.1.0
 * @category layers
 */
export function layer(options?: MemoryOptions & ClientOptions): Layer.Layer<HttpClient.HttpClient | Sandbox>
export function layer(options: SandboxOptions & ClientOptions): Layer.Layer<HttpClient.HttpClient | Sandbox, SandboxDataError>
export function layer(options: SandboxOptions & ClientOptions = {}): Layer.Layer<HttpClient.HttpClient | Sandbox, SandboxDataError> {
  return layerClient(options).pipe(Layer.provideMerge(SandboxModule.layer(options)))
}
