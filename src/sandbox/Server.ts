/**
 * The sandbox on a real socket (`taxdoc sandbox serve`): `Sandbox.handle` served by
 * `@effect/platform-node`'s NodeHttpServer. The remote address is the socket's, so IP binding of
 * tokens behaves as with the live service. The server is hardened for a shared network: header
 * size and time limits, keep-alive timeout, a connection cap that closes idle connections first,
 * admin routes behind a token on non-loopback addresses, graceful shutdown; injected connection
 * faults are acted out on the socket (docs/resilience.md, "Sandbox").
 *
 * @since 0.1.0
 */
import * as Http from "node:http"
import type * as Net from "node:net"
import type { Duplex } from "node:stream"
import { HttpServerRequest, type HttpServerResponse } from "@effect/platform"
import type { HttpServerError } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { type ConfigError, Console, Context, Effect, Layer, type Scope } from "effect"
import { generateAdminToken, isLoopback } from "./AdminGuard.js"
import { fail, type SandboxFailure } from "./Failure.js"
import type { FaultKind } from "./Faults.js"
import { TESTER_LINK_ID } from "./Partners.js"
import * as Partners from "./Partners.js"
import { type HandleOptions, interruptionOf, Sandbox, type SandboxOptions } from "./Sandbox.js"
import * as SandboxModule from "./Sandbox.js"
import { JSON_CONTENT_TYPE } from "./Wire.js"

/**
 * Limits of the socket server (Node's `http.Server` settings plus the connection cap and the
 * shutdown grace). The body size limit and the JSON nesting limit are the kernel's
 * (`SandboxOptions.maxBodyBytes`, `maxJsonDepth`): they hold in process too.
 *
 * @since 0.1.0
 * @category models
 */
export interface ServerLimits {
  /** Largest request head (request line and headers) in bytes; larger → 431. Default 16 KiB. */
  readonly maxHeaderBytes: number
  /**
   * Time to receive the whole request head, from the connection's opening or the first byte of a
   * request; slower → 408 and the connection closes (slow-loris). Default 10 s.
   */
  readonly headersTimeoutMillis: number
  /**
   * Time to receive a whole request, body included, from its first byte; slower → 408 and the
   * connection closes (a body sent a byte at a time). Default 10 s: a body of the largest legal
   * size arrives in it at 1.3 MB/s; raise it for slower links.
   */
  readonly requestTimeoutMillis: number
  /** An idle keep-alive connection closes after this. Default 5 s. */
  readonly keepAliveTimeoutMillis: number
  /**
   * Open connections at most. At the cap a new connection closes the least recently active idle
   * one (no request in flight); only when every connection is busy is the new one refused.
   * Default 1,024.
   */
  readonly maxConnections: number
  /** On shutdown, requests in flight get this long to finish. Default 3 s. */
  readonly shutdownGraceMillis: number
}

/**
 * The default limits.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_LIMITS: ServerLimits = {
  maxHeaderBytes: 16 * 1024,
  headersTimeoutMillis: 10_000,
  requestTimeoutMillis: 10_000,
  keepAliveTimeoutMillis: 5_000,
  maxConnections: 1_024,
  shutdownGraceMillis: 3_000
}

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

/** A raw HTTP/1.1 answer `{code, message}` for failures Node detects before a request exists. */
const rawFailure = (failure: SandboxFailure, language: "ko" | "en"): string => {
  const { body, status } = failure.render(language)
  const text = JSON.stringify(body)
  return `HTTP/1.1 ${status} ${Http.STATUS_CODES[status] ?? ""}\r\ncontent-type: ${JSON_CONTENT_TYPE}\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`
}

const clientFailure = (code: string | undefined): SandboxFailure | undefined => {
  if (code === "HPE_HEADER_OVERFLOW") return fail("HeaderTooLarge")
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return fail("RequestTimeout")
  if (code !== undefined && code.startsWith("HPE_")) return fail("InvalidRequest", "malformed HTTP")
  return undefined
}

const createNodeServer = (limits: ServerLimits, language: "ko" | "en"): Http.Server => {
  const server = Http.createServer({
    maxHeaderSize: limits.maxHeaderBytes,
    headersTimeout: limits.headersTimeoutMillis,
    requestTimeout: Math.max(limits.requestTimeoutMillis, limits.headersTimeoutMillis),
    keepAliveTimeout: limits.keepAliveTimeoutMillis,
    // Node checks the header and request timeouts on this interval (default 30 s): small enough
    // that a slow client is cut off close to the timeout.
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMillis / 4)))
  })
  server.keepAliveTimeout = limits.keepAliveTimeoutMillis
  // Node's default answers carry no body; these carry `{code, message}` like every other failure.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const failure = clientFailure(error.code)
    const started = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true
    if (failure !== undefined && socket.writable && !started) socket.end(rawFailure(failure, language), () => socket.destroy())
    else socket.destroy()
  })
  return server
}

/** How long a connection answered before its body arrived keeps discarding the body. */
const LINGER_MILLIS = 2_000

interface Connection {
  busy: number
  current?: Http.IncomingMessage
}

/**
 * Node closes a connection as soon as it has answered a request whose body has not all arrived
 * (a 413). Closing a socket with unread data resets it: a client still sending gets EPIPE/ECONNRESET,
 * often before it reads the answer. Instead, the connection half-closes (FIN after the answer) and
 * keeps discarding what arrives until the client closes, for LINGER_MILLIS at most.
 */
const lingerOnUnreadBody = (socket: Net.Socket, connection: Connection): void => {
  const destroySoon = socket.destroySoon.bind(socket)
  socket.destroySoon = () => {
    if (connection.current === undefined || connection.current.complete) return destroySoon()
    socket.end()
    const timer = setTimeout(() => socket.destroy(), LINGER_MILLIS)
    socket.once("close", () => clearTimeout(timer))
  }
}

/**
 * Connection bookkeeping: the cap (closing idle connections first), the time allowed before a new
 * connection's first request, requests in flight (for shutdown).
 */
const track = (server: Http.Server, limits: ServerLimits) => {
  // In order of last activity: the first idle entry is the one to close at the cap.
  const open = new Map<Net.Socket, Connection>()
  let inFlight = 0
  let stopping = false
  let onIdle: (() => void) | undefined
  const touch = (socket: Net.Socket, connection: Connection) => {
    open.delete(socket)
    if (!socket.destroyed) open.set(socket, connection)
  }
  server.on("connection", (socket: Net.Socket) => {
    // Node's header timeout starts at a request's first byte; a connection that sends nothing
    // would be held forever. It gets the same time for its first request.
    socket.setTimeout(limits.headersTimeoutMillis)
    const connection: Connection = { busy: 0 }
    lingerOnUnreadBody(socket, connection)
    open.set(socket, connection)
    socket.once("close", () => void open.delete(socket))
    if (open.size > limits.maxConnections) {
      for (const [other, state] of open) {
        if (other !== socket && state.busy === 0) return void other.destroy()
      }
      socket.destroy()
    }
  })
  server.on("request", (request: Http.IncomingMessage, response: Http.ServerResponse) => {
    const socket = request.socket
    const connection = open.get(socket) ?? { busy: 0 }
    if (connection.busy === 0) socket.setTimeout(0)
    connection.busy++
    inFlight++
    if (stopping) response.setHeader("connection", "close")
    connection.current = request
    response.once("close", () => {
      connection.busy--
      inFlight--
      touch(socket, connection)
      if (inFlight === 0) onIdle?.()
    })
  })
  /** Stops accepting, lets requests in flight finish (up to the grace), then closes every connection. */
  const shutdown = Effect.async<void>((resume) => {
    stopping = true
    server.close()
    for (const [socket, connection] of open) if (connection.busy === 0) socket.destroy()
    const finish = () => {
      onIdle = undefined
      clearTimeout(timer)
      server.closeAllConnections()
      resume(Effect.void)
    }
    const timer = setTimeout(finish, limits.shutdownGraceMillis)
    if (inFlight === 0) finish()
    else onIdle = finish
    return Effect.sync(() => clearTimeout(timer))
  })
  return { shutdown }
}

const socketOf = (source: unknown): Net.Socket | undefined =>
  typeof source === "object" && source !== null && "socket" in source ? (source as { readonly socket?: Net.Socket }).socket : undefined

/** The head and half of the body of an answer, as a connection fault sends them. */
const partialAnswer = (response: HttpServerResponse.HttpServerResponse): Buffer => {
  const body = response.body._tag === "Uint8Array" ? response.body.body : new Uint8Array(0)
  const contentType = response.body._tag === "Uint8Array" ? response.body.contentType : undefined
  const lines = [`HTTP/1.1 ${response.status} ${Http.STATUS_CODES[response.status] ?? ""}`]
  if (contentType !== undefined) lines.push(`content-type: ${contentType}`)
  for (const [name, value] of Object.entries(response.headers)) lines.push(`${name}: ${value}`)
  lines.push(`content-length: ${body.length}`, "connection: close", "", "")
  return Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), body.subarray(0, Math.floor(body.length / 2))])
}

/**
 * Acts out an injected connection fault on the socket. The platform then writes nothing: the
 * handler does not return (it is interrupted when the socket closes).
 */
const actOut = (source: unknown, response: HttpServerResponse.HttpServerResponse, kind: FaultKind): Effect.Effect<HttpServerResponse.HttpServerResponse> => {
  const socket = socketOf(source)
  if (socket === undefined) return Effect.succeed(response)
  switch (kind) {
    case "reset":
      socket.resetAndDestroy()
      break
    case "dropAfter":
      socket.destroy()
      break
    case "truncate":
      socket.end(partialAnswer(response), () => socket.destroy())
      break
    case "hang":
      socket.write(partialAnswer(response))
      break
  }
  return Effect.never
}

/**
 * Serves the sandbox in context until the scope closes; answers the bound address once the socket
 * accepts connections. On close it stops accepting, lets requests in flight finish (up to
 * `shutdownGraceMillis`) and closes every connection.
 *
 * @since 0.1.0
 * @category constructors
 */
export const serve = (options: ServeOptions = {}): Effect.Effect<ServerAddress, HttpServerError.ServeError, Sandbox | Scope.Scope> =>
  Effect.gen(function*() {
    const sandbox = yield* Sandbox
    const limits: ServerLimits = { ...DEFAULT_LIMITS, ...options.limits }
    let nodeServer: Http.Server | undefined
    const server = yield* NodeHttpServer.make(() => (nodeServer = createNodeServer(limits, sandbox.language)), {
      host: options.host ?? "127.0.0.1",
      port: options.port ?? 0
    })
    const address = server.address
    const host = address._tag === "TcpAddress" ? address.hostname : address.path
    const port = address._tag === "TcpAddress" ? address.port : 0
    const loopback = isLoopback(host)
    const access: HandleOptions = {
      adminToken: options.adminToken ?? (loopback ? undefined : generateAdminToken()),
      loopbackHostOnly: loopback
    }
    const connections = track(nodeServer!, limits)
    yield* server.serve(
      Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
        Effect.flatMap(sandbox.handle(request, access), (response) => {
          const kind = interruptionOf(response)
          return kind === undefined ? Effect.succeed(response) : actOut(request.source, response, kind)
        }))
    )
    // Added after `serve`, so it runs first: requests in flight still have their handler.
    yield* Effect.addFinalizer(() => connections.shutdown)
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
        if (address.adminToken !== undefined && options.adminToken === undefined) yield* Console.log(`admin token ${address.adminToken}`)
        yield* Console.log(`listening on ${address.url}`)
        yield* untilSignal
        yield* Console.log("stopping")
      }).pipe(Effect.provide(SandboxModule.layer(sandboxOptions)))
    )
  })
