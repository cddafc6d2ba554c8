/**
 * The sandbox on a real socket (`taxdoc sandbox serve`): Node's `http` server with a thin edge
 * (`NodeEdge.ts`) that reads each request, runs `Sandbox.answer` in one fiber and writes the answer
 * in one piece — no per-request HTTP framework between the socket and the kernel. The remote
 * address is the socket's, so IP binding of tokens behaves as with the live service. The server is
 * hardened for a shared network (`Connections.ts`): header size and time limits, keep-alive
 * timeout, a connection cap that closes idle connections first, admin routes behind a token on
 * non-loopback addresses, graceful shutdown; injected connection faults are acted out on the
 * socket (docs/resilience.md, "Sandbox").
 *
 * @since 0.1.0
 */
import type * as Http from "node:http"
import { HttpServerError } from "@effect/platform"
import type * as ConfigError from "effect/ConfigError"
import * as Console from "effect/Console"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as FiberId from "effect/FiberId"
import * as Layer from "effect/Layer"
import * as Runtime from "effect/Runtime"
import type * as Scope from "effect/Scope"
import { generateAdminToken, isLoopback } from "./AdminGuard.js"
import { createNodeServer, DEFAULT_LIMITS, type ServerLimits, track } from "./Connections.js"
import type { WireAnswer } from "./Encoded.js"
import { deliver, readRequest } from "./NodeEdge.js"
import { TESTER_LINK_ID } from "./Partners.js"
import * as Partners from "./Partners.js"
import type { RouteContext } from "./Route.js"
import { type HandleOptions, Sandbox, type SandboxOptions } from "./Sandbox.js"
import * as SandboxModule from "./Sandbox.js"
import type { SandboxDataError } from "./Storage.js"

export {
  /**
   * The default limits of the socket server.
   *
   * @since 0.1.0
   * @category constants
   */
  DEFAULT_LIMITS,
  /**
   * Limits of the socket server.
   *
   * @since 0.1.0
   * @category models
   */
  type ServerLimits
} from "./Connections.js"

/**
 * Where to listen, and how.
 *
 * @since 0.1.0
 * @category models
 */
export interface ServeOptions {
  /** Default `127.0.0.1`. */
  readonly host?: string
  /** Default 0: an ephemeral port, see the bound address. */
  readonly port?: number
  /** Limits that differ from `DEFAULT_LIMITS`. */
  readonly limits?: Partial<ServerLimits>
  /**
   * The admin token. On a non-loopback address admin routes need it (one is generated when absent);
   * on loopback it is enforced only when given.
   */
  readonly adminToken?: string | undefined
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
  /** The token admin requests must present, when one is required. */
  readonly adminToken?: string | undefined
}

/**
 * The address of the server in context.
 *
 * @since 0.1.0
 * @category services
 */
export class SandboxServer extends Context.Tag("taxdoc/sandbox/SandboxServer")<SandboxServer, ServerAddress>() {}

const urlOf = (host: string, port: number): string => `http://${host.includes(":") ? `[${host}]` : host}:${port}`

/** Listens; the server closes (after its connections) when the scope closes. */
const listen = (server: Http.Server, host: string, port: number): Effect.Effect<void, HttpServerError.ServeError, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.async<void, HttpServerError.ServeError>((resume) => {
      const onError = (cause: Error) => resume(Effect.fail(new HttpServerError.ServeError({ cause })))
      server.once("error", onError)
      server.listen(port, host, () => {
        server.off("error", onError)
        resume(Effect.void)
      })
    }),
    () =>
      Effect.async<void>((resume) => {
        if (!server.listening) return resume(Effect.void)
        server.close(() => resume(Effect.void))
      })
  )

/** Delivers the answer; a request that ended without one (interrupted) loses its connection. */
const finish = (request: Http.IncomingMessage, response: Http.ServerResponse, exit: Exit.Exit<WireAnswer>, gzip: boolean): void => {
  if (Exit.isSuccess(exit)) deliver(request, response, exit.value, gzip)
  else response.destroy()
}

/**
 * Serves the sandbox in context until the scope closes; answers the bound address once the socket
 * accepts connections. Each request runs in one fiber of the caller's runtime (its `Clock` is the
 * sandbox's base clock); a request whose client goes away before its answer is interrupted. On
 * close it stops accepting, lets requests in flight finish (up to `shutdownGraceMillis`) and closes
 * every connection.
 *
 * @since 0.1.0
 * @category constructors
 */
export const serve = (options: ServeOptions = {}): Effect.Effect<ServerAddress, HttpServerError.ServeError, Sandbox | Scope.Scope> =>
  Effect.gen(function*() {
    const sandbox = yield* Sandbox
    const limits: ServerLimits = { ...DEFAULT_LIMITS, ...options.limits }
    const server = createNodeServer(limits, sandbox.language)
    yield* listen(server, options.host ?? "127.0.0.1", options.port ?? 0)
    const bound = server.address()
    const host = typeof bound === "object" && bound !== null ? (bound.address === "::" ? "0.0.0.0" : bound.address) : String(bound)
    const port = typeof bound === "object" && bound !== null ? bound.port : 0
    const loopback = isLoopback(host)
    const access: HandleOptions = {
      adminToken: options.adminToken ?? (loopback ? undefined : generateAdminToken()),
      loopbackHostOnly: loopback
    }
    const connections = track(server, limits)
    // The sandbox's state services are in the runtime of every request: nothing to provide per request.
    const runFork = Runtime.runFork(yield* sandbox.use(Effect.runtime<RouteContext>()))
    const onRequest = (request: Http.IncomingMessage, response: Http.ServerResponse) => {
      connections.begin(request, response)
      readRequest(request, sandbox.language, sandbox.maxBodyBytes, (read) => {
        const fiber = runFork(sandbox.answerInContext(read, access))
        const done = fiber.unsafePoll()
        if (done !== null) return finish(request, response, done, read.incoming.gzip)
        // Answered later (injected latency): delivered then, or interrupted if the client leaves.
        const abandon = () => {
          if (!response.writableEnded) fiber.unsafeInterruptAsFork(FiberId.none)
        }
        response.once("close", abandon)
        fiber.addObserver((exit) => {
          response.off("close", abandon)
          if (!response.destroyed) finish(request, response, exit, read.incoming.gzip)
        })
      })
    }
    server.on("request", onRequest)
    // Added after `listen`, so it runs first: requests in flight still have their handler.
    yield* Effect.addFinalizer(() => connections.shutdown.pipe(Effect.zipRight(Effect.sync(() => server.off("request", onRequest)))))
    return { host, port, url: urlOf(host, port), adminToken: access.adminToken }
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
 * the generated admin token when one is required (`admin token …`), then
 * `listening on http://<host>:<port>` once accepting; on the signal stops accepting, lets requests
 * in flight finish and closes. Partners of
 * `TAXDOC_SANDBOX_PARTNERS` are added to `options.partners`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const run = (options: RunOptions = {}): Effect.Effect<void, HttpServerError.ServeError | ConfigError.ConfigError | SandboxDataError> =>
  Effect.gen(function*() {
    const fromEnv = yield* Partners.config
    const sandboxOptions: SandboxOptions = { ...options, partners: [...fromEnv, ...(options.partners ?? [])] }
    yield* Effect.scoped(
      Effect.gen(function*() {
        const sandbox = yield* Sandbox
        const ordered = [...sandbox.partners].sort((a, b) => (a.linkId === TESTER_LINK_ID ? -1 : b.linkId === TESTER_LINK_ID ? 1 : 0))
        for (const partner of ordered) yield* Console.log(`partner ${partner.linkId} secret ${partner.secretKey}`)
        if (options.data !== undefined) yield* Console.log(`data ${options.data} (kept across restarts)`)
        const address = yield* serve(options)
        if (address.adminToken !== undefined && options.adminToken === undefined) yield* Console.log(`admin token ${address.adminToken}`)
        yield* Console.log(`listening on ${address.url}`)
        yield* untilSignal
        yield* Console.log("stopping")
      }).pipe(Effect.provide(SandboxModule.layer(sandboxOptions)))
    )
  })
