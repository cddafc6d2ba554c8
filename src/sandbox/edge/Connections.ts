/**
 * The connections of the sandbox's socket server (docs/resilience.md, "Sandbox"): Node's
 * `http.Server` with the head size and time limits, `{code, message}` answers for what Node refuses
 * before a request exists, the connection cap that closes idle connections first, and graceful
 * shutdown. (A connection answered before its whole body arrived is closed gently by the HTTP
 * server of `@effect/platform-node`: FIN after the answer, the rest of the body discarded for a
 * moment, so a client still sending reads its answer instead of a reset.)
 */
import * as Http from "node:http"
import type * as Net from "node:net"
import type { Duplex } from "node:stream"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import { fail, type SandboxFailure } from "../Failure.js"
import { JSON_CONTENT_TYPE } from "./HttpEdge.js"

/**
 * Limits of the socket server (Node's `http.Server` settings plus the connection cap and the
 * shutdown grace). The body size limit and the JSON nesting limit are the kernel's
 * (`SandboxOptions.maxBodyBytes`, `maxJsonDepth`): they hold in process too.
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
  /**
   * An idle keep-alive connection closes after this. Default 190 s: a published client keeps one
   * connection per service for up to 180 s and sends its next call on it without retrying, so the
   * server must not close an idle connection first (Node's own default, 5 s, made any pause over
   * 5 s fail that client's next call). The header and request timeouts still hold for every request.
   */
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

/** The default limits. */
export const DEFAULT_LIMITS: ServerLimits = {
  maxHeaderBytes: 16 * 1024,
  headersTimeoutMillis: 10_000,
  requestTimeoutMillis: 10_000,
  keepAliveTimeoutMillis: 190_000,
  maxConnections: 1_024,
  shutdownGraceMillis: 3_000
}

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

/**
 * A Node `http.Server` with the limits' head size, header and request timeouts and keep-alive
 * timeout; what Node refuses itself (oversized head, timeouts, malformed HTTP) is answered with
 * `{code, message}` like every other failure.
 */
export const createNodeServer = (limits: ServerLimits, language: "ko" | "en"): Http.Server => {
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
  // The answer each connection is writing, from the server's own `request` event: an error of the
  // connection after its head went out cannot be answered on it any more.
  const answering = new WeakMap<Duplex, Http.ServerResponse>()
  server.on("request", (request: Http.IncomingMessage, response: Http.ServerResponse) => answering.set(request.socket, response))
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const failure = clientFailure(error.code)
    const response = answering.get(socket)
    const started = response !== undefined && response.headersSent && !response.writableFinished
    if (failure !== undefined && socket.writable && !started) socket.end(rawFailure(failure, language), () => socket.destroy())
    else socket.destroy()
  })
  return server
}

interface Connection {
  busy: number
}

/** The bookkeeping of a server's connections. */
export interface Tracker {
  /** Marks a request in flight on its connection until its answer closes. */
  readonly begin: (request: Http.IncomingMessage, response: Http.ServerResponse) => void
  /** Stops accepting, lets requests in flight finish (up to the grace), then closes every connection. */
  readonly shutdown: Effect.Effect<void>
  /**
   * Completes when shutdown begins: answers that stay open (a page's events) end then instead of
   * holding the shutdown for its whole grace.
   */
  readonly stopping: Effect.Effect<void>
}

/**
 * Connection bookkeeping: the cap (closing idle connections first), the time allowed before a new
 * connection's first request, requests in flight (for shutdown). The request handler calls
 * `begin` first thing for every request.
 */
export const track = (server: Http.Server, limits: ServerLimits): Tracker => {
  // In order of last activity: the first idle entry is the one to close at the cap.
  const open = new Map<Net.Socket, Connection>()
  let inFlight = 0
  let stopping = false
  let onIdle: (() => void) | undefined
  const stopped = Deferred.makeUnsafe<void>()
  server.on("connection", (socket: Net.Socket) => {
    // Node's header timeout starts at a request's first byte; a connection that sends nothing
    // would be held forever. It gets the same time for its first request.
    socket.setTimeout(limits.headersTimeoutMillis)
    const connection: Connection = { busy: 0 }
    open.set(socket, connection)
    socket.once("close", () => void open.delete(socket))
    if (open.size > limits.maxConnections) {
      for (const [other, state] of open) {
        if (other !== socket && state.busy === 0) return void other.destroy()
      }
      socket.destroy()
    }
  })
  const begin = (request: Http.IncomingMessage, response: Http.ServerResponse): void => {
    const socket = request.socket
    const connection = open.get(socket) ?? { busy: 0 }
    if (connection.busy === 0) socket.setTimeout(0)
    connection.busy++
    inFlight++
    if (stopping) response.setHeader("connection", "close")
    response.once("close", () => {
      connection.busy--
      inFlight--
      // Most recently active last.
      open.delete(socket)
      if (!socket.destroyed) open.set(socket, connection)
      if (inFlight === 0) onIdle?.()
    })
  }
  const shutdown = Effect.callback<void>((resume) => {
    stopping = true
    Deferred.doneUnsafe(stopped, Effect.void)
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
  return { begin, shutdown, stopping: Deferred.await(stopped) }
}
