/**
 * Idle keep-alive connections of the socket server (docs/resilience.md "Sandbox"): a published
 * client keeps one connection per service for up to 180 s and sends its next call on it without
 * retrying, so the server keeps idle connections longer than that, while the header and request
 * timeouts stay as protective as before. Nothing here waits: the server's idle timer is read where
 * Node arms it, and the configured timeout is read from the answers' `Keep-Alive` header (a short
 * one closing a connection is in Limits.test.ts).
 */
import type * as Http from "node:http"
import type * as Net from "node:net"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect } from "effect"
import { tester } from "../../src/sandbox/Partners.js"
import { createNodeServer, DEFAULT_LIMITS, type ServerLimits, track } from "../../src/sandbox/edge/Connections.js"
import * as Sandbox from "../../src/sandbox/Sandbox.js"
import * as Server from "../../src/sandbox/Server.js"
import { answerOn, connect, headerInRaw } from "./socket.js"
import { MEMBER } from "./support.js"

const sandboxLayer = Sandbox.layer({ partners: [tester], members: [{ corpNum: MEMBER }] })

const ASK = "GET /_sandbox/clock HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

/** A bare server with the sandbox's connection handling, answering `{}`; its sockets as they connect. */
const bareServer = (limits: ServerLimits) =>
  Effect.gen(function*() {
    const server = createNodeServer(limits, "en")
    const connections = track(server, limits)
    const sockets: Array<Net.Socket> = []
    const answered = yield* Deferred.make<void>()
    server.on("connection", (socket: Net.Socket) => sockets.push(socket))
    server.on("request", (request: Http.IncomingMessage, response: Http.ServerResponse) => {
      connections.begin(request, response)
      // Node arms the idle timer when the answer is finished, before the answer's close.
      response.once("close", () => Deferred.doneUnsafe(answered, Effect.void))
      response.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
    const port = yield* Effect.acquireRelease(
      Effect.callback<number>((resume) => {
        server.listen(0, "127.0.0.1", () => resume(Effect.succeed((server.address() as Net.AddressInfo).port)))
      }),
      () => connections.shutdown
    )
    return { server, sockets, port, answered }
  })

describe("idle keep-alive connections", () => {
  it("by default stay open longer than the clients' 180 s; the header and request timeouts stay at 10 s", () => {
    expect(DEFAULT_LIMITS.keepAliveTimeoutMillis).toBeGreaterThan(180_000)
    expect(DEFAULT_LIMITS.headersTimeoutMillis).toBeLessThanOrEqual(10_000)
    expect(DEFAULT_LIMITS.requestTimeoutMillis).toBeLessThanOrEqual(10_000)
    const server = createNodeServer(DEFAULT_LIMITS, "en")
    expect(server.keepAliveTimeout).toBe(DEFAULT_LIMITS.keepAliveTimeoutMillis)
    expect(server.headersTimeout).toBe(DEFAULT_LIMITS.headersTimeoutMillis)
    expect(server.requestTimeout).toBe(DEFAULT_LIMITS.requestTimeoutMillis)
  })

  it.live("after an answer the only timer on the connection is the keep-alive one (not the header timeout); the next call on it is answered", () =>
    Effect.gen(function*() {
      const { answered, port, sockets } = yield* bareServer(DEFAULT_LIMITS)
      const socket = yield* connect(port)
      const first = answerOn(socket)
      socket.write(ASK)
      expect((yield* first).startsWith("HTTP/1.1 200")).toBe(true)
      yield* Deferred.await(answered)
      // The server's side of the connection: its idle timer is the keep-alive timeout, so nothing
      // closes it in the 7 s — or 179 s — a client may leave it idle.
      expect(sockets).toHaveLength(1)
      // (Node adds a second of its own to the timeout it announces.)
      expect(sockets[0]!.timeout).toBeGreaterThanOrEqual(DEFAULT_LIMITS.keepAliveTimeoutMillis)
      expect(sockets[0]!.timeout).toBeLessThanOrEqual(DEFAULT_LIMITS.keepAliveTimeoutMillis + 1_000)
      expect(sockets[0]!.destroyed).toBe(false)
      const second = answerOn(socket)
      socket.write(ASK)
      expect((yield* second).startsWith("HTTP/1.1 200")).toBe(true)
      expect(sockets).toHaveLength(1)
    }).pipe(Effect.scoped))

  it.live("the sandbox server says how long it keeps an idle connection (Keep-Alive: timeout=190) and answers calls on one connection", () =>
    Effect.gen(function*() {
      const { port } = yield* Server.serve({ port: 0 })
      const socket = yield* connect(port)
      for (let call = 0; call < 3; call++) {
        const answer = answerOn(socket)
        socket.write(ASK)
        const raw = yield* answer
        expect(raw.startsWith("HTTP/1.1 200")).toBe(true)
        expect(headerInRaw(raw, "connection")).toBe("keep-alive")
        expect(headerInRaw(raw, "keep-alive")).toBe(`timeout=${DEFAULT_LIMITS.keepAliveTimeoutMillis / 1000}`)
      }
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer)))

  it.live("the keep-alive timeout is an option", () =>
    Effect.gen(function*() {
      const { port } = yield* Server.serve({ port: 0, limits: { keepAliveTimeoutMillis: 600_000 } })
      const socket = yield* connect(port)
      const answer = answerOn(socket)
      socket.write(ASK)
      expect(headerInRaw(yield* answer, "keep-alive")).toBe("timeout=600")
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer)))
})
