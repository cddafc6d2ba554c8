/**
 * The `HttpClient` a program talking to the service provides the SDK: Effect's own client over an
 * undici connection pool (`NodeHttpClient.layerUndiciOptions` of `@effect/platform-node`), with a
 * pool sized for the SDK's concurrency. It is an ordinary `HttpClient` — the SDK goes through it as
 * through any other, and the rest of a program may use it too.
 *
 * @since 1.0.0
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import type * as HttpClient from "effect/http/HttpClient"
import type * as Layer from "effect/Layer"

/**
 * Options of the client's connection pool.
 *
 * @since 1.0.0
 * @category models
 */
export interface Options {
  /** The most connections per origin (default 64; requests beyond wait for a free connection). */
  readonly connections?: number | undefined
  /** How long an idle connection is kept open, in milliseconds (default 4 seconds, undici's). */
  readonly keepAliveTimeout?: number | undefined
}

/** Connections per origin unless the options say otherwise. */
const DEFAULT_CONNECTIONS = 64

/**
 * The `HttpClient` over an undici connection pool the layer owns, closed with the layer's scope:
 * what a program talking to the service provides the SDK
 * (`Taxdoc.layerConfig.pipe(Layer.provide(Undici.layer()))`).
 *
 * @since 1.0.0
 * @category layers
 */
export const layer = (options: Options = {}): Layer.Layer<HttpClient.HttpClient> =>
  NodeHttpClient.layerUndiciOptions({ connections: options.connections ?? DEFAULT_CONNECTIONS, keepAliveTimeout: options.keepAliveTimeout ?? 4_000 })
