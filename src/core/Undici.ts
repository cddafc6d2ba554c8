/**
 * The SDK's own Node transport: an `HttpClient` over an undici connection pool that the layer owns
 * (keep-alive, up to 64 connections per origin unless set otherwise), for the SDK and
 * for anything else in the program that needs an `HttpClient`. The SDK's own requests skip the
 * platform's request and response objects: they are handed to undici directly (one callback per
 * exchange, the answer read into one buffer), with the deadline kept by one shared timer — the
 * fastest way this package knows to put a call on the wire. Other code gets the platform's undici
 * client over the same pool.
 *
 * ```ts
 * import { Layer } from "effect"
 * import { Taxdoc, Undici } from "taxdoc"
 *
 * const Live = Taxdoc.layerConfig.pipe(Layer.provide(Undici.layer()))
 * ```
 *
 * undici is loaded when the layer is built, not when this module is imported.
 *
 * @since 0.1.0
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import type * as UndiciModule from "@effect/platform-node/Undici"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { createRequire } from "node:module"
import { pipeArguments } from "effect/Pipeable"
import type * as Scope from "effect/Scope"
import { HttpClientTag } from "./HttpClientTag.js"
import { gunzipWithin, type Received } from "./Response.js"
import { type Direct, type DirectFailure, DirectTypeId } from "./Wire.js"

/**
 * Options of the pool.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** The most connections per origin (default 64; requests beyond wait for a free connection). */
  readonly connections?: number | undefined
  /** How long an idle connection stays open for the next request (default 4 seconds). */
  readonly keepAliveTimeout?: Duration.DurationInput | undefined
}

type Dispatcher = InstanceType<typeof UndiciModule.Agent>

// Thrown into undici to stop a request the SDK gave up on (deadline, interruption, too large).
class Stop extends Error {}

const headerRecord = (raw: ReadonlyArray<Buffer>): Record<string, string> => {
  const headers: Record<string, string> = {}
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toString("latin1").toLowerCase()
    const value = raw[i + 1]!.toString("latin1")
    const previous = headers[name]
    headers[name] = previous === undefined ? value : `${previous}, ${value}`
  }
  return headers
}

const declaredLength = (raw: ReadonlyArray<Buffer>): number => {
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.length === 14 && raw[i]!.toString("latin1").toLowerCase() === "content-length") return Number(raw[i + 1]!.toString("latin1"))
  }
  return Number.NaN
}

/** An answer whose headers are read from undici's raw pairs only when asked for. */
class DirectAnswer implements Received {
  #headers: Record<string, string> | undefined
  constructor(readonly status: number, private readonly raw: ReadonlyArray<Buffer>, readonly body: Uint8Array) {}
  get headers(): Record<string, string> {
    return this.#headers ??= headerRecord(this.raw)
  }
}

type Done = (failure: DirectFailure | undefined, received: Received | undefined) => void

/**
 * One exchange, as undici's dispatch handler: the answer collected into one buffer, `done` called
 * once. `stop` ends it early (the caller is not kept waiting for undici) and aborts the request.
 */
class Exchange {
  finished = false
  stopped: DirectFailure | undefined = undefined
  abortUndici: ((error: Error) => void) | undefined = undefined
  status = 0
  raw: ReadonlyArray<Buffer> = []
  chunks: Array<Buffer> = []
  size = 0

  constructor(readonly maxBytes: number, readonly done: Done) {}

  finish(failure: DirectFailure | undefined, body: Uint8Array | undefined) {
    if (this.finished) return
    this.finished = true
    this.chunks = []
    this.done(failure, failure === undefined ? new DirectAnswer(this.status, this.raw, body!) : undefined)
  }

  stop(failure: DirectFailure) {
    if (this.finished) return
    this.stopped = failure
    this.abortUndici?.(new Stop())
    this.finish(failure, undefined)
  }

  onConnect(abort: (error: Error) => void) {
    this.abortUndici = abort
    if (this.stopped !== undefined) abort(new Stop())
  }

  onHeaders(statusCode: number, raw: Array<Buffer>) {
    // 1xx answers come before the real one.
    if (statusCode < 200) return true
    this.status = statusCode
    this.raw = raw
    if (Number.isFinite(this.maxBytes) && declaredLength(raw) > this.maxBytes) this.stop({ _tag: "TooLarge", status: statusCode })
    return true
  }

  onData(chunk: Buffer) {
    this.size += chunk.length
    if (this.size > this.maxBytes) this.stop({ _tag: "TooLarge", status: this.status })
    else this.chunks.push(chunk)
    return true
  }

  onComplete() {
    if (this.finished) return
    let body: Uint8Array | undefined
    try {
      body = gunzipWithin(this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size), this.maxBytes)
    } catch (cause) {
      return this.finish({ _tag: "Network", message: `the answer could not be decompressed: ${String(cause)}`, cause }, undefined)
    }
    // The limit holds for the decompressed body too: a compressed answer passing it is refused.
    if (body === undefined) return this.finish({ _tag: "TooLarge", status: this.status }, undefined)
    this.finish(undefined, body)
  }

  onError(error: Error) {
    if (this.finished) return
    this.finish(this.stopped ?? { _tag: "Network", message: error.message, cause: error }, undefined)
  }
}

const aborted: DirectFailure = { _tag: "Aborted" }

/**
 * The direct sender over `dispatcher`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const directOf = (dispatcher: Dispatcher): Direct => ({
  send: (outgoing, maxBytes, deadlineOwned, done) => {
    const exchange = new Exchange(maxBytes, done)
    dispatcher.dispatch(
      {
        origin: outgoing.origin,
        path: outgoing.path,
        method: outgoing.method,
        headers: outgoing.headers,
        body: outgoing.method === "POST" ? outgoing.body.bytes : null,
        // The SDK's deadline covers the whole exchange; undici's own timeouts stay off under it.
        ...(deadlineOwned ? noTimeouts : undefined)
      },
      exchange
    )
    return () => exchange.stop(aborted)
  }
})

const noTimeouts = { headersTimeout: 0, bodyTimeout: 0 }

// The platform's HTTP client model is loaded only when something other than the SDK's own calls
// uses the client: until then the client is this stand-in, which forwards every use to the
// platform's undici client over the same pool, made on first use.
const standIn = (direct: Direct, platform: Effect.Effect<HttpClient.HttpClient>): HttpClient.HttpClient => {
  const forward = <A>(use: (client: HttpClient.HttpClient) => A) => Effect.flatMap(platform, use as (client: HttpClient.HttpClient) => Effect.Effect<any, any, any>)
  const client = {
    [HttpClientTypeId]: HttpClientTypeId,
    [DirectTypeId]: direct,
    preprocess: Effect.succeed,
    // The platform's combinators (mapRequest, transformResponse…) compose these two functions.
    postprocess: (request: Effect.Effect<any, any, any>) => forward((real) => (real as unknown as Processing).postprocess(request)),
    execute(request: unknown) {
      return this.postprocess(this.preprocess(request))
    },
    get: (url: string, options?: unknown) => forward((real) => real.get(url, options as never)),
    head: (url: string, options?: unknown) => forward((real) => real.head(url, options as never)),
    post: (url: string, options?: unknown) => forward((real) => real.post(url, options as never)),
    put: (url: string, options?: unknown) => forward((real) => real.put(url, options as never)),
    patch: (url: string, options?: unknown) => forward((real) => real.patch(url, options as never)),
    del: (url: string, options?: unknown) => forward((real) => real.del(url, options as never)),
    options: (url: string, options?: unknown) => forward((real) => real.options(url, options as never)),
    pipe() {
      return pipeArguments(this, arguments)
    },
    toJSON: () => ({ _id: "@effect/platform/HttpClient" }),
    toString() {
      return JSON.stringify(this.toJSON())
    },
    [Symbol.for("nodejs.util.inspect.custom")]() {
      return this.toJSON()
    }
  }
  return client as unknown as HttpClient.HttpClient
}

interface Processing {
  readonly postprocess: (request: Effect.Effect<any, any, any>) => Effect.Effect<any, any, any>
}

// The platform's `HttpClient.TypeId`, by its key (the module is not loaded for it).
const HttpClientTypeId: unique symbol = Symbol.for("@effect/platform/HttpClient")

/**
 * An `HttpClient` over a fresh undici pool, closed with the scope; it carries the direct sender the
 * SDK uses. undici is loaded when it is built; the platform's client model on first use by others.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options = {}): Effect.Effect<HttpClient.HttpClient, never, Scope.Scope> =>
  Effect.gen(function*() {
    const Agent = yield* Effect.promise(agentClass)
    const agent = yield* Effect.acquireRelease(
      Effect.sync(() =>
        new Agent({
          connections: options.connections ?? DEFAULT_CONNECTIONS,
          ...(options.keepAliveTimeout === undefined ? {} : { keepAliveTimeout: Duration.toMillis(Duration.decode(options.keepAliveTimeout)) })
        })
      ),
      (agent) => Effect.promise(() => agent.destroy())
    )
    const platform = yield* Effect.cached(Effect.promise(() => import("@effect/platform-node/NodeHttpClient").then((m) => m.makeUndici(agent))))
    return standIn(directOf(agent), platform)
  })

// undici's connection pool alone, from the undici the platform's Node package depends on: its
// index would also load fetch, WebSocket and the rest of the web platform (as long again to load
// as everything else of a first call). Should a release move the module, the index provides it.
const agentClass = async (): Promise<typeof UndiciModule.Agent> => {
  try {
    const platformUndici = createRequire(import.meta.url).resolve("@effect/platform-node/Undici")
    return (createRequire(platformUndici)("undici/lib/dispatcher/agent.js") as typeof UndiciModule.Agent)
  } catch {
    return (await import("@effect/platform-node/Undici")).Agent
  }
}

// Enough for dozens of callers at once; more wait for a connection rather than opening sockets
// without bound (undici keeps a request queued while every connection is busy).
const DEFAULT_CONNECTIONS = 64

/**
 * `HttpClient` over an undici pool owned by the layer.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options = {}): Layer.Layer<HttpClient.HttpClient> => Layer.scoped(HttpClientTag, make(options))
