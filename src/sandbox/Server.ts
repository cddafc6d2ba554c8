/**
 * The sandbox on a real socket (`taxdoc sandbox serve`): `Sandbox.handle` served by
 * `@effect/platform-node`'s NodeHttpServer. The remote address is the socket's, so IP binding of
 * tokens behaves as with the live service.
 *
 * @since 0.1.0
 */
import * as Http from "node:http"
import { HttpServerRequest } from "@effect/platform"
import type { HttpServerError } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { type ConfigError, Console, Context, Effect, Layer, type Scope } from "effect"
import { TESTER_LINK_ID } from "./Partners.js"
import * as Partners from "./Partners.js"
import { Sandbox, type SandboxOptions } from "./Sandbox.js"
import * as SandboxModule from "./Sandbox.js"

/**
 * Where to listen.
 *
 * @since 0.1.0
 * @category models
 */
export interface ServeOptions {
  /** Default `127.0.0.1`. */
  readonly host?: string
  /** Default 0: an ephemeral port, see the bound address. */
  readonly port?: number
}

/**
 * The bound address of a running server.
 *
 * @since 0.1.0
 * @category models
 */
export interface ServerAddress {
  readonly host: string
  readonly port: number
  /** `http://<host>:<port>`, the origin to give clients. */
  readonly url: string
}

/**
 * The address of the server in context.
 *
 * @since 0.1.0
 * @category services
 */
export class SandboxServer extends Context.Tag("taxdoc/sandbox/SandboxServer")<SandboxServer, ServerAddress>() {}

const urlOf = (host: string, port: number): string => `http://${host.includes(":") ? `[${host}]` : host}:${port}`

/**
 * Serves the sandbox in context until the scope closes; answers the bound address once the socket
 * accepts connections.
 *
 * @since 0.1.0
 * @category constructors
 */
export const serve = (options: ServeOptions = {}): Effect.Effect<ServerAddress, HttpServerError.ServeError, Sandbox | Scope.Scope> =>
  Effect.gen(function*() {
    const sandbox = yield* Sandbox
    let nodeServer: Http.Server | undefined
    const server = yield* NodeHttpServer.make(() => (nodeServer = Http.createServer()), {
      host: options.host ?? "127.0.0.1",
      port: options.port ?? 0
    })
    // Runs before NodeHttpServer's own finalizer closes the server: idle keep-alive connections
    // would otherwise hold `close` open.
    yield* Effect.addFinalizer(() => Effect.sync(() => nodeServer?.closeAllConnections()))
    yield* server.serve(Effect.flatMap(HttpServerRequest.HttpServerRequest, sandbox.handle))
    const address = server.address
    const host = address._tag === "TcpAddress" ? address.hostname : address.path
    const port = address._tag === "TcpAddress" ? address.port : 0
    return { host, port, url: urlOf(host, port) }
  })

/**
 * The server as a layer (stops when the layer's scope closes).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: ServeOptions = {}): Layer.Layer<SandboxServer, HttpServerError.ServeError, Sandbox> =>
  Layer.scoped(SandboxServer, serve(options))

/**
 * Options of `run`: where to listen and how to build the sandbox.
 *
 * @since 0.1.0
 * @category models
 */
export type RunOptions = ServeOptions & SandboxOptions

const untilSignal = Effect.async<void>((resume) => {
  const stop = () => resume(Effect.void)
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
  return Effect.sync(() => {
    process.off("SIGINT", stop)
    process.off("SIGTERM", stop)
  })
})

/**
 * Runs a sandbox server until SIGINT or SIGTERM: prints the partners (the TESTER secret first),
 * then `listening on http://<host>:<port>` once accepting; closes cleanly on the signal. Partners of
 * `TAXDOC_SANDBOX_PARTNERS` are added to `options.partners`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const run = (options: RunOptions = {}): Effect.Effect<void, HttpServerError.ServeError | ConfigError.ConfigError> =>
  Effect.gen(function*() {
    const fromEnv = yield* Partners.config
    const sandboxOptions: SandboxOptions = { ...options, partners: [...fromEnv, ...(options.partners ?? [])] }
    yield* Effect.scoped(
      Effect.gen(function*() {
        const sandbox = yield* Sandbox
        const ordered = [...sandbox.partners].sort((a, b) => (a.linkId === TESTER_LINK_ID ? -1 : b.linkId === TESTER_LINK_ID ? 1 : 0))
        for (const partner of ordered) yield* Console.log(`partner ${partner.linkId} secret ${partner.secretKey}`)
        const address = yield* serve(options)
        yield* Console.log(`listening on ${address.url}`)
        yield* untilSignal
        yield* Console.log("stopping")
      }).pipe(Effect.provide(SandboxModule.layer(sandboxOptions)))
    )
  })
