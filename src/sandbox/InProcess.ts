/**
 * An `HttpClient` answered by the sandbox in the same process: no socket is opened and no HTTP is
 * framed. The client request is read as the kernel sees a request (method, path, query, lower-case
 * headers, exact body bytes, the remote address); `Sandbox.answer` runs in the caller's fiber (so
 * the caller's `TestClock` drives the sandbox) with every check a socket request gets; the answer
 * comes back as an in-memory response, its body handed over as `fetch` hands it: decompressed, the
 * `Content-Encoding` header kept (option `decompress: false`: the gzip bytes). Injected connection
 * faults become what a socket would give: a transport error (reset, answer lost), or an answer
 * whose body fails half-way (truncated) or never ends (hang).
 *
 * @since 0.1.0
 */
import { gunzipSync } from "node:zlib"
import {
  HttpClient,
  HttpClientError,
  type HttpClientRequest,
  HttpClientResponse,
  HttpServerRequest,
  HttpServerResponse,
  UrlParams
} from "@effect/platform"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as Encoded from "./Encoded.js"
import type { FaultKind } from "./Faults.js"
import * as MemoryResponse from "./MemoryResponse.js"
import { type MemoryOptions, Sandbox, type SandboxOptions, type SandboxService } from "./Sandbox.js"
import type { SandboxDataError } from "./Storage.js"
import * as SandboxModule from "./Sandbox.js"
import { incomingOf, type Read, readIncoming, tooLarge } from "./HttpEdge.js"

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

const transportError = (request: HttpClientRequest.HttpClientRequest, description: string, cause?: unknown) =>
  new HttpClientError.RequestError({ request, reason: "Transport", description, cause })

/**
 * The body bytes of a client request when they are at hand (bytes, text, a stream); `undefined`
 * for bodies only a web `Request` can serialise (FormData, Blob, …).
 */
const bytesOf = (request: HttpClientRequest.HttpClientRequest): Effect.Effect<Uint8Array | undefined, HttpClientError.RequestError> => {
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
        Effect.map((chunks) => Buffer.concat(Chunk.toReadonlyArray(chunks)) as Uint8Array),
        Effect.mapError((cause) => new HttpClientError.RequestError({ request, reason: "Encode", cause }))
      )
  }
}

const encoder = new TextEncoder()

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
): Effect.Effect<Read, HttpClientError.RequestError> => {
  const withBody = request.method !== "GET" && request.method !== "HEAD"
  return Effect.flatMap(withBody ? bytesOf(request) : Effect.succeed(new Uint8Array(0)), (bytes) => {
    if (bytes === undefined) return viaWebRequest(sandbox, request, url, remoteAddress)
    const contentType = contentTypeOf(request)
    const headers = contentType === undefined || request.headers["content-type"] !== undefined
      ? request.headers
      : { ...request.headers, "content-type": contentType }
    const incoming = incomingOf(request.method, `${url.pathname}${url.search}`, headers, remoteAddress, sandbox.language)
    if (bytes.length > sandbox.maxBodyBytes) return Effect.succeed({ incoming, failure: tooLarge(sandbox.maxBodyBytes) })
    return Effect.succeed({ incoming: bytes.length === 0 ? incoming : { ...incoming, body: bytes } })
  })
}

/** A body only a web `Request` serialises (multipart FormData with its boundary, a Blob): read through one. */
const viaWebRequest = (
  sandbox: SandboxService,
  request: HttpClientRequest.HttpClientRequest,
  url: URL,
  remoteAddress: string
): Effect.Effect<Read, HttpClientError.RequestError> =>
  Effect.try({
    try: () => {
      const headers = new Headers(request.headers)
      const body = request.body
      if (body._tag === "Raw" && body.contentType !== undefined && !headers.has("content-type")) headers.set("content-type", body.contentType)
      const init = body._tag === "FormData" ? body.formData : body._tag === "Raw" ? (body.body as BodyInit) : undefined
      const web = new Request(url, { method: request.method, headers, ...(init === undefined ? {} : { body: init }) })
      return HttpServerRequest.fromWeb(web).modify({ remoteAddress })
    },
    catch: (cause) => new HttpClientError.RequestError({ request, reason: "Encode", cause })
  }).pipe(Effect.flatMap((serverRequest) => readIncoming(serverRequest, sandbox.language, sandbox.maxBodyBytes)))

/**
 * The answer of a `truncate` or `hang` fault: status and headers as sent, then half of the body
 * (decompressed when asked, as `fetch` streams it); then the body fails as undici's does when the
 * socket closes early (`TypeError: terminated`), or never ends.
 */
const interruptedResponse = (
  request: HttpClientRequest.HttpClientRequest,
  response: HttpServerResponse.HttpServerResponse,
  kind: "truncate" | "hang",
  decompress: boolean
): Effect.Effect<HttpClientResponse.HttpClientResponse> =>
  Effect.promise(async () => {
    const web = HttpServerResponse.toWeb(response)
    const headers = new Headers(web.headers)
    let bytes = new Uint8Array(await web.arrayBuffer())
    if (decompress && headers.get("content-encoding")?.toLowerCase() === "gzip") {
      bytes = new Uint8Array(gunzipSync(bytes))
      headers.delete("content-encoding")
      headers.delete("content-length")
    }
    const part = bytes.slice(0, Math.floor(bytes.length / 2))
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (part.length > 0) controller.enqueue(part)
        if (kind === "truncate") controller.error(new TypeError("terminated"))
      }
    })
    return HttpClientResponse.fromWeb(request, new Response(body, { status: web.status, headers }))
  })

const lost: Record<Exclude<FaultKind, "truncate" | "hang">, string> = {
  reset: "the connection was reset before the request was processed (injected fault)",
  dropAfter: "the connection closed without an answer after the request was processed (injected fault)"
}

/**
 * The client's view of an answer. A gzip answer is handed over decompressed, as `fetch` does
 * (`Content-Encoding` kept, the body plain): the sandbox's plain bytes, never compressed only to be
 * decompressed again; with `decompress: false`, the gzip bytes.
 */
const toClientResponse = (
  request: HttpClientRequest.HttpClientRequest,
  answer: Encoded.WireAnswer,
  gzip: boolean,
  decompress: boolean
): Effect.Effect<HttpClientResponse.HttpClientResponse, HttpClientError.RequestError> => {
  switch (answer.fault) {
    case undefined: {
      const bytes = gzip && !decompress ? answer.body.gzipped : answer.body.bytes
      const headers = Encoded.headersOf(answer, gzip)
      headers["content-length"] = String(bytes.length)
      return Effect.succeed(MemoryResponse.make(request, answer.status, headers, bytes))
    }
    case "truncate":
    case "hang":
      return interruptedResponse(request, Encoded.toServerResponse(answer, gzip), answer.fault, decompress)
    default:
      return Effect.fail(transportError(request, lost[answer.fault]))
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
    return HttpClient.makeWith<HttpClientError.HttpClientError, never, HttpClientError.HttpClientError, never>(
      (prepared) =>
        Effect.flatMap(prepared, (request) => {
          const url = UrlParams.makeUrl(request.url, request.urlParams, request.hash)
          if (Either.isLeft(url)) return Effect.fail(new HttpClientError.RequestError({ request, reason: "InvalidUrl", cause: url.left }))
          return Effect.flatMap(readRequest(sandbox, request, url.right, remoteAddress), (read) =>
            Effect.flatMap(sandbox.answer(read), (answer) => toClientResponse(request, answer, read.incoming.gzip, decompress)))
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
