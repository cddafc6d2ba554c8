/**
 * The sandbox on a real socket (`taxdoc sandbox serve`): Effect's HTTP server on Node
 * (`@effect/platform-node`), over a Node `http.Server` made with the sandbox's limits
 * (`Connections.ts`: header size and time limits, keep-alive timeout, a connection cap that
 * closes idle connections first, graceful shutdown). Each request runs in one fiber: the edge
 * (`NodeEdge.ts`) reads it, `Sandbox.answerInContext` answers it with the state services provided
 * once for the server, and the answer is written in one piece. The remote address is the
 * socket's, so IP binding of tokens behaves as with the live service. Admin routes need a token on
 * non-loopback addresses; injected connection faults are acted out on the socket
 * (docs/resilience.md, "Sandbox").
 *
 * @since 0.1.0
 */
import type * as Http from "node:http"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as NodeHttpServerRequest from "@effect/platform-node/NodeHttpServerRequest"
import type * as Config from "effect/Config"
import * as Console from "effect/Console"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type { ServeError } from "effect/http/HttpServerError"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import { generateAdminToken, isLoopback } from "./admin/AdminGuard.js"
import { createNodeServer, DEFAULT_LIMITS, type ServerLimits, type Tracker, track } from "./edge/Connections.js"
import type { WireAnswer } from "./edge/Encoded.js"
import { deliver, readRequest } from "./edge/NodeEdge.js"
import * as Partners from "./Partners.js"
import { TESTER_LINK_ID } from "./Partners.js"
import type { RouteContext } from "./routing/Route.js"
import { type HandleOptions, Sandbox, type SandboxOptions, type SandboxService } from "./Sandbox.js"
import * as SandboxModule from "./Sandbox.js"
import type { SandboxDataError } from "./durable/Storage.js"

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
} from "./edge/Connections.js"

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
export class SandboxServer extends Context.Service<SandboxServer, ServerAddress>()("taxdoc/sandbox/SandboxServer") {}

const urlOf = (host: string, port: number): string => `http://${host.includes(":") ? `[${host}]` : host}:${port}`

/** An answer that stays open (a page's events) ends when the server begins to shut down. */
const endsOnShutdown = (answer: WireAnswer, connections: Tracker): WireAnswer =>
  answer.more === undefined ? answer : { ...answer, more: Stream.interruptWhen(answer.more, connections.stopping) }

/**
 * The address of the sandbox's pages on a server at `url` (`/_sandbox/ui`).
 *
 * @since 1.1.0
 * @category combinators
 */
export const pagesUrl = (url: string): string => `${url}/_sandbox/ui`

/** The answer to one request: read, answered by the sandbox, delivered (or its fault acted out). */
const app = (
  sandbox: SandboxService,
  access: HandleOptions,
  connections: Tracker
): Effect.Effect<HttpServerResponse.HttpServerResponse, never, HttpServerRequest.HttpServerRequest | RouteContext> =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const nodeRequest = NodeHttpServerRequest.toIncomingMessage(request) as Http.IncomingMessage
    const nodeResponse = NodeHttpServerRequest.toServerResponse(request) as Http.ServerResponse
    connections.begin(nodeRequest, nodeResponse)
    // Interruptible (the server runs handlers uninterruptibly): a request whose connection closes
    // before its answer — the client gave up, or an injected fault closed it — ends there.
    return Effect.interruptible(Effect.flatMap(readRequest(nodeRequest, nodeResponse, sandbox.language, sandbox.maxBodyBytes), (read) =>
      Effect.flatMap(sandbox.answerInContext(read, access), (answer) => deliver(nodeRequest, endsOnShutdown(answer, connections), read.incoming.gzip))))
  })

/**
 * Serves the sandbox in context until the scope closes; answers the bound address once the socket
 * accepts connections. Each request runs in one fiber of the caller's context (its `Clock` is the
 * sandbox's base clock); a request whose client goes away before its answer is interrupted. On
 * close it stops accepting, lets requests in flight finish (up to `shutdownGraceMillis`) and closes
 * every connection.
 *
 * @since 0.1.0
 * @category constructors
 */
export const serve = (options: ServeOptions = {}): Effect.Effect<ServerAddress, ServeError, Sandbox | Scope.Scope> =>
  Effect.gen(function*() {
    const sandbox = yield* Sandbox
    const limits: ServerLimits = { ...DEFAULT_LIMITS, ...options.limits }
    const server = createNodeServer(limits, sandbox.language)
    const connections = track(server, limits)
    // Graceful shutdown is the tracker's (below): it runs before the HTTP server's own.
    const httpServer = yield* NodeHttpServer.make(() => server, { host: options.host ?? "127.0.0.1", port: options.port ?? 0, disablePreemptiveShutdown: true })
    const bound = server.address()
    const host = typeof bound === "object" && bound !== null ? (bound.address === "::" ? "0.0.0.0" : bound.address) : String(bound)
    const port = typeof bound === "object" && bound !== null ? bound.port : 0
    const loopback = isLoopback(host)
    const access: HandleOptions = {
      adminToken: options.adminToken ?? (loopback ? undefined : generateAdminToken()),
      loopbackHostOnly: loopback
    }
    // The sandbox's state services are in the context of every request: nothing to provide per request.
    yield* httpServer.serve(app(sandbox, access, connections)).pipe(Effect.provideContext(sandbox.context))
    // Added after serving, so it runs first: requests in flight finish before the server lets go of them.
    yield* Effect.addFinalizer(() => connections.shutdown)
    return { host, port, url: urlOf(host, port), adminToken: access.adminToken }
  })

/**
 * The server as a layer (stops when the layer's scope closes).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: ServeOptions = {}): Layer.Layer<SandboxServer, ServeError, Sandbox> =>
  Layer.effect(SandboxServer, serve(options))

/**
 * Options of `run`: where to listen and how to build the sandbox.
 *
 * @since 0.1.0
 * @category models
 */
export type RunOptions = ServeOptions & SandboxOptions

const untilSignal = Effect.callback<void>((resume) => {
  const stop = () => resume(Effect.void)
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
  return Effect.sync(() => {
    process.off("SIGINT", stop)
    process.off("SIGTERM", stop)
  })
})

/**
 * Runs a sandbox server until SIGINT or SIGTERM: once its port is taken, prints the partners (the
 * TESTER secret first), the generated admin token when one is required (`admin token …`), the
 * address of the sandbox's pages (`pages on http://<host>:<port>/_sandbox/ui`), then
 * `listening on http://<host>:<port>`; on the signal stops accepting, lets requests
 * in flight finish and closes. Partners of
 * `TAXDOC_SANDBOX_PARTNERS` are added to `options.partners`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const run = (options: RunOptions = {}): Effect.Effect<void, ServeError | Config.ConfigError | SandboxDataError> =>
  Effect.gen(function*() {
    const fromEnv = yield* Partners.config
    const sandboxOptions: SandboxOptions = { ...options, partners: [...fromEnv, ...(options.partners ?? [])] }
    yield* Effect.scoped(
      Effect.gen(function*() {
        const sandbox = yield* Sandbox
        const ordered = [...sandbox.partners].sort((a, b) => (a.linkId === TESTER_LINK_ID ? -1 : b.linkId === TESTER_LINK_ID ? 1 : 0))
        // Nothing is printed before the port is taken: a server that cannot listen shows no secret.
        const address = yield* serve(options)
        for (const partner of ordered) yield* Console.log(`partner ${partner.linkId} secret ${partner.secretKey}`)
        if (options.data !== undefined) yield* Console.log(`data ${options.data} (kept across restarts)`)
        if (address.adminToken !== undefined && options.adminToken === undefined) yield* Console.log(`admin token ${address.adminToken}`)
        yield* Console.log(`pages on ${pagesUrl(address.url)}`)
        yield* Console.log(`listening on ${address.url}`)
        yield* untilSignal
        yield* Console.log("stopping")
      }).pipe(Effect.provide(SandboxModule.layer(sandboxOptions)))
    )
  })
