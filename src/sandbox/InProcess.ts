/**
 * An `HttpClient` answered by the sandbox in the same process: no socket is opened. The client
 * request becomes a web `Request`, then an `HttpServerRequest`; `Sandbox.handle` runs in the
 * caller's fiber (so the caller's `TestClock` drives the sandbox); the answer comes back through a
 * web `Response`, decompressed like `fetch` does. Injected connection faults become what a socket
 * would give: a transport error (reset, answer lost), or an answer whose body fails half-way
 * (truncated) or never ends (hang).
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
  HttpServerResponse
} from "@effect/platform"
import { Chunk, Effect, Layer, Stream } from "effect"
import type { FaultKind } from "./Faults.js"
import { interruptionOf, Sandbox, type SandboxOptions } from "./Sandbox.js"
import * as SandboxModule from "./Sandbox.js"

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

/** The exact body bytes of a client request (streams are collected; FormData is left to `Request`). */
const bodyOf = (request: HttpClientRequest.HttpClientRequest): Effect.Effect<BodyInit | undefined, HttpClientError.RequestError> => {
  const body = request.body
  switch (body._tag) {
    case "Empty":
      return Effect.succeed(undefined)
    case "Uint8Array":
      return Effect.succeed(body.body as Uint8Array<ArrayBuffer>)
    case "Raw":
      return Effect.succeed(body.body as BodyInit)
    case "FormData":
      return Effect.succeed(body.formData)
    case "Stream":
      return Stream.runCollect(body.stream).pipe(
        Effect.map((chunks) => Buffer.concat(Chunk.toReadonlyArray(chunks)) as Uint8Array<ArrayBuffer>),
        Effect.mapError((cause) => new HttpClientError.RequestError({ request, reason: "Encode", cause }))
      )
  }
}

const toServerRequest = (
  request: HttpClientRequest.HttpClientRequest,
  url: URL,
  remoteAddress: string
): Effect.Effect<HttpServerRequest.HttpServerRequest, HttpClientError.RequestError> =>
  Effect.flatMap(bodyOf(request), (body) =>
    Effect.try({
      try: () => {
        const headers = new Headers(request.headers)
        const contentType = request.body._tag === "Empty" ? undefined : request.body.contentType
        if (contentType !== undefined && !headers.has("content-type") && request.body._tag !== "FormData") {
          headers.set("content-type", contentType)
        }
        const withBody = request.method !== "GET" && request.method !== "HEAD"
        const web = new Request(url, { method: request.method, headers, ...(withBody && body !== undefined ? { body } : {}) })
        return HttpServerRequest.fromWeb(web).modify({ remoteAddress })
      },
      catch: (cause) => new HttpClientError.RequestError({ request, reason: "Encode", cause })
    }))

const toClientResponse = (
  request: HttpClientRequest.HttpClientRequest,
  response: HttpServerResponse.HttpServerResponse,
  decompress: boolean
): Effect.Effect<HttpClientResponse.HttpClientResponse, HttpClientError.RequestError> => {
  const web = HttpServerResponse.toWeb(response)
  if (!decompress || web.headers.get("content-encoding")?.toLowerCase() !== "gzip") {
    return Effect.succeed(HttpClientResponse.fromWeb(request, web))
  }
  return Effect.tryPromise({
    try: async () => {
      const bytes = gunzipSync(new Uint8Array(await web.arrayBuffer()))
      const headers = new Headers(web.headers)
      headers.delete("content-length")
      return HttpClientResponse.fromWeb(request, new Response(bytes, { status: web.status, headers }))
    },
    catch: (cause) => transportError(request, "the gzip answer could not be decoded", cause)
  })
}

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
 * An in-process client of the sandbox in context.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeClient = (options: ClientOptions = {}): Effect.Effect<HttpClient.HttpClient, never, Sandbox> =>
  Effect.map(Sandbox, (sandbox) =>
    HttpClient.make((request, url) =>
      Effect.gen(function*() {
        const serverRequest = yield* toServerRequest(request, url, options.remoteAddress ?? "127.0.0.1")
        const response = yield* sandbox.handle(serverRequest)
        const interruption = interruptionOf(response)
        if (interruption === "truncate" || interruption === "hang") {
          return yield* interruptedResponse(request, response, interruption, options.decompress ?? true)
        }
        if (interruption !== undefined) return yield* transportError(request, lost[interruption])
        return yield* toClientResponse(request, response, options.decompress ?? true)
      })
    ))

/**
 * `HttpClient` answered in process by the `Sandbox` in context.
 *
 * @since 0.1.0
 * @category layers
 */
export const layerClient = (options: ClientOptions = {}): Layer.Layer<HttpClient.HttpClient, never, Sandbox> =>
  Layer.effect(HttpClient.HttpClient, makeClient(options))

/**
 * A fresh sandbox and an in-process client of it.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: SandboxOptions & ClientOptions = {}): Layer.Layer<HttpClient.HttpClient | Sandbox> =>
  layerClient(options).pipe(Layer.provideMerge(SandboxModule.layer(options)))
