/**
 * The SDK's own Node transport: an `HttpClient` over an undici connection pool that the layer owns
 * (keep-alive, as many connections per origin as requests in flight unless capped), for the SDK and
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
import type * as Scope from "effect/Scope"
import { HttpClientTag } from "./HttpClientTag.js"
import { gunzipIfNeeded } from "./Response.js"
import { type Direct, type DirectFailure, DirectTypeId } from "./Wire.js"

/**
 * Options of the pool.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  /** The most connections per origin (default: no cap, one per request in flight). */
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

/**
 * The direct sender over `dispatcher`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const directOf = (dispatcher: Dispatcher): Direct => ({
  send: (outgoing, maxBytes, deadlineOwned, done) => {
    let finished = false
    let stopped: DirectFailure | undefined
    let abortUndici: ((error: Error) => void) | undefined
    let status = 0
    let headers: Record<string, string> = {}
    let chunks: Array<Buffer> = []
    let size = 0

    const finish = (failure: DirectFailure | undefined, body: Uint8Array | undefined) => {
      if (finished) return
      finished = true
      chunks = []
      done(failure, failure === undefined ? { status, headers, body: body! } : undefined)
    }
    // Ends the exchange now (the caller is not kept waiting for undici) and stops the request.
    const stop = (failure: DirectFailure) => {
      if (finished) return
      stopped = failure
      abortUndici?.(new Stop())
      finish(failure, undefined)
    }

    dispatcher.dispatch(
      {
        origin: outgoing.origin,
        path: outgoing.path,
        method: outgoing.method,
        headers: outgoing.headers,
        ...(outgoing.method === "POST" ? { body: outgoing.body.bytes } : {}),
        // The SDK's deadline covers the whole exchange; undici's own timeouts stay off under it.
        ...(deadlineOwned ? { headersTimeout: 0, bodyTimeout: 0 } : {})
      },
      {
        onConnect: (abort: (error: Error) => void) => {
          abortUndici = abort
          if (stopped !== undefined) abort(new Stop())
        },
        onHeaders: (statusCode: number, raw: Array<Buffer>) => {
          // 1xx answers come before the real one.
          if (statusCode < 200) return true
          status = statusCode
          headers = headerRecord(raw)
          const declared = Number(headers["content-length"])
          if (Number.isFinite(declared) && declared > maxBytes) stop({ _tag: "TooLarge", status })
          return true
        },
        onData: (chunk: Buffer) => {
          size += chunk.length
          if (size > maxBytes) stop({ _tag: "TooLarge", status })
          else chunks.push(chunk)
          return true
        },
        onComplete: () => {
          if (finished) return
          let body: Uint8Array
          try {
            body = gunzipIfNeeded(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size))
          } catch (cause) {
            return finish({ _tag: "Network", message: `the answer could not be decompressed: ${String(cause)}`, cause }, undefined)
          }
          finish(undefined, body)
        },
        onError: (error: Error) => {
          if (finished) return
          finish(stopped ?? { _tag: "Network", message: error.message, cause: error }, undefined)
        }
      }
    )
    return () => stop({ _tag: "Aborted" })
  }
})

/**
 * An `HttpClient` over a fresh undici pool, closed with the scope; it carries the direct sender the
 * SDK uses.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options = {}): Effect.Effect<HttpClient.HttpClient, never, Scope.Scope> =>
  Effect.gen(function*() {
    const [undici, platform] = yield* Effect.promise(() => Promise.all([import("@effect/platform-node/Undici"), import("@effect/platform-node/NodeHttpClient")]))
    const agent = yield* Effect.acquireRelease(
      Effect.sync(() =>
        new undici.Agent({
          ...(options.connections === undefined ? {} : { connections: options.connections }),
          ...(options.keepAliveTimeout === undefined ? {} : { keepAliveTimeout: Duration.toMillis(Duration.decode(options.keepAliveTimeout)) })
        })
      ),
      (agent) => Effect.promise(() => agent.destroy())
    )
    // The platform's client over the same pool, for everything that is not the SDK's own call.
    return Object.assign(platform.makeUndici(agent), { [DirectTypeId]: directOf(agent) })
  })

/**
 * `HttpClient` over an undici pool owned by the layer.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options = {}): Layer.Layer<HttpClient.HttpClient> => Layer.scoped(HttpClientTag, make(options))
