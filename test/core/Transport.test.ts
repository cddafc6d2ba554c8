/**
 * The one transport (`Transport.ts`) over real clients — `Undici.layer()` and the other clients of
 * `@effect/platform-node` — against a server
 * of our own on 127.0.0.1: answers bounded by `maxAnswerBytes` whether declared or streamed (the
 * undici client ignores `HttpIncomingMessage.MaxBodySize`, so the transport counts), gzip answers
 * decompressed, the deadline kept on the Effect `Clock` (`TestClock` here) aborting the request on
 * the wire, a refused connection told apart as surely not sent, and a client of the user's wrapped
 * by `mapRequest` honoured.
 */
import { NodeHttpClient } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer, Queue } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import * as Http from "node:http"
import { gzipSync } from "node:zlib"
import * as Client from "../../src/core/Client.js"
import * as Transport from "../../src/core/Transport.js"
import * as Undici from "../../src/core/Undici.js"
import * as Fake from "../support/FakeService.js"
import { clientOver, CORP, scriptedServer, withToken } from "../support/scriptedServer.js"
import { GetThing } from "../support/things.js"

const clients: ReadonlyArray<readonly [string, Layer.Layer<HttpClient.HttpClient>]> = [
  ["Undici.layer()", Undici.layer()],
  ["NodeHttpClient.layerUndici", NodeHttpClient.layerUndici],
  ["NodeHttpClient.layerNodeHttp", NodeHttpClient.layerNodeHttp]
]

const getThing = (name: string) => Effect.flatMap(Client.TaxdocClient, (client) => client.call(GetThing, { corpNum: CORP, params: { name } }))

describe("answers over the Node clients", () => {
  for (const [label, http] of clients) {
    it.live(`${label}: bounded by maxAnswerBytes, declared or streamed; gzip answers decompressed`, () =>
      Effect.gen(function*() {
        const big = JSON.stringify({ name: "x".repeat(4000), count: 1 })
        const server = yield* scriptedServer(withToken((request, response) => {
          if (request.url === "/declared") response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(big) }).end(big)
          else if (request.url === "/chunked") {
            response.writeHead(200, { "content-type": "application/json" })
            response.write(big.slice(0, 2000))
            response.end(big.slice(2000))
          } else if (request.url === "/small") response.writeHead(200, { "content-type": "application/json" }).end("{\"name\":\"s\",\"count\":0}")
          else response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end(gzipSync("{\"name\":\"z\",\"count\":2}"))
        }))
        yield* Effect.gen(function*() {
          expect(yield* Effect.flip(getThing("declared"))).toMatchObject({ _tag: "ResponseError", reason: "TooLarge", status: 200 })
          expect(yield* Effect.flip(getThing("chunked"))).toMatchObject({ _tag: "ResponseError", reason: "TooLarge", status: 200 })
          expect(yield* getThing("gzip")).toEqual({ name: "z", count: 2 })
          expect(yield* getThing("small")).toEqual({ name: "s", count: 0 })
          // What the client sent: the token, the language, gzip accepted.
          const sent = server.seen.find((headers) => headers["authorization"] !== undefined && !String(headers["authorization"]).startsWith("SVC"))!
          expect(sent).toMatchObject({ "authorization": "Bearer tok-1", "accept-encoding": "gzip", "accept-language": "ko-KR" })
        }).pipe(Effect.provide(clientOver(server.url, http, { maxAnswerBytes: 1024 })), Effect.scoped)
      }).pipe(Effect.scoped))

    it.effect(`${label}: under TestClock the deadline is kept on that clock and aborts the request on the wire`, () =>
      Effect.gen(function*() {
        const arrived = yield* Deferred.make<void>()
        const closed = yield* Deferred.make<void>()
        const server = yield* scriptedServer(withToken((request) => {
          // Never answers: the request ends when the client gives up on it.
          request.socket.on("close", () => Effect.runFork(Deferred.succeed(closed, undefined)))
          Effect.runFork(Deferred.succeed(arrived, undefined))
        }))
        yield* Effect.gen(function*() {
          const fiber = yield* Effect.forkChild(Effect.flip(getThing("Thing")))
          // The token is issued, then the request waits for its answer: the deadline passes on TestClock.
          yield* Deferred.await(arrived)
          yield* TestClock.adjust("4999 millis")
          expect(fiber.pollUnsafe()).toBeUndefined()
          yield* TestClock.adjust("1 millis")
          const error = yield* Fiber.join(fiber)
          expect(error).toMatchObject({ _tag: "TransportError", reason: "Timeout", outcome: "Unknown", operation: "Thing.get" })
          yield* Deferred.await(closed)
        }).pipe(Effect.provide(clientOver(server.url, http, { requestTimeout: "5 seconds", retries: 0 })), Effect.scoped)
      }).pipe(Effect.scoped))
  }

  it.live("a refused connection fails as surely not sent (and so is retried, even for a write, until the retries run out)", () =>
    Effect.gen(function*() {
      // A port that was just free: nothing listens there.
      const port = yield* Effect.callback<number>((resume) => {
        const probe = Http.createServer()
        probe.listen(0, "127.0.0.1", () => {
          const { port } = probe.address() as { port: number }
          probe.close(() => resume(Effect.succeed(port)))
        })
      })
      const url = `http://127.0.0.1:${port}`
      const error = yield* Effect.flip(getThing("Thing")).pipe(
        Effect.provide(clientOver(url, NodeHttpClient.layerUndici, { retries: 1, retryBaseDelay: "1 millis" })),
        Effect.scoped
      )
      // The token request is the first to go: refused, before anything could be sent.
      expect(error).toMatchObject({ _tag: "TransportError", reason: "Network", outcome: "NotSent", operation: "Tokens.issue" })
    }))

  it.live("a client of the user's, wrapped by mapRequest, is the one the SDK sends through", () =>
    Effect.gen(function*() {
      const server = yield* scriptedServer(withToken((_, response) => response.writeHead(200, { "content-type": "application/json" }).end("{\"name\":\"a\",\"count\":1}")))
      const wrapped = Layer.effect(HttpClient.HttpClient, Effect.map(HttpClient.HttpClient, HttpClient.mapRequest(HttpClientRequest.setHeader("x-wrapped", "yes")))).pipe(
        Layer.provide(NodeHttpClient.layerUndici)
      )
      const thing = yield* getThing("Thing").pipe(Effect.provide(clientOver(server.url, wrapped)), Effect.scoped)
      expect(thing).toEqual({ name: "a", count: 1 })
      // The token request and the call both went through the wrapper.
      expect(server.seen.filter((headers) => headers["x-wrapped"] === "yes")).toHaveLength(2)
    }).pipe(Effect.scoped))
})

describe("the deadline under Effect's clock", () => {
  it.live("over Undici.layer(), ends the request when it passes — before the head, in a small body, in a large one — closing the connection", () =>
    Effect.gen(function*() {
      const closed = yield* Queue.unbounded<string>()
      const server = yield* scriptedServer(withToken((request, response) => {
        request.socket.on("close", () => Queue.offerUnsafe(closed, request.url!))
        // `/head` never answers; `/small` and `/large` send their head and part of their body, then wait.
        if (request.url === "/small") response.writeHead(200, { "content-type": "application/json", "content-length": "100" }).write("{")
        if (request.url === "/large") response.writeHead(200, { "content-type": "application/json", "content-length": "200000" }).write("{")
        if (request.url === "/quick") response.writeHead(200, { "content-type": "application/json" }).end("{\"name\":\"q\",\"count\":1}")
      }))
      yield* Effect.gen(function*() {
        for (const path of ["head", "small", "large"]) {
          const error = yield* Effect.flip(getThing(path))
          expect(error).toMatchObject({ _tag: "TransportError", reason: "Timeout", outcome: "Unknown", operation: "Thing.get" })
          expect(yield* Queue.take(closed)).toBe(`/${path}`)
        }
        // An answer in time is the answer.
        expect(yield* getThing("quick")).toEqual({ name: "q", count: 1 })
      }).pipe(Effect.provide(clientOver(server.url, Undici.layer(), { requestTimeout: "30 millis", retries: 0 })), Effect.scoped)
    }).pipe(Effect.scoped))
})

describe("the deadline of a request", () => {
  it.effect("interrupts the exchange when it passes (the client aborts it), and an answer in time is kept", () => {
    let interrupted = 0
    let slow = true
    const state = Fake.makeState(() =>
      slow
        ? Effect.never.pipe(Effect.onInterrupt(() => Effect.sync(() => void interrupted++)))
        : Effect.succeed({ status: 200, body: JSON.stringify({ name: "quick", count: 1 }) })
    )
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      const fiber = yield* Effect.forkChild(Effect.flip(client.call(GetThing, { corpNum: CORP, params: { name: "a" } })))
      yield* TestClock.adjust("3 seconds")
      const error = yield* Fiber.join(fiber)
      expect(error).toMatchObject({ _tag: "TransportError", reason: "Timeout" })
      expect(error.message).toContain("3s")
      expect(interrupted).toBe(1)
      slow = false
      expect(yield* client.call(GetThing, { corpNum: CORP, params: { name: "a" } })).toEqual({ name: "quick", count: 1 })
      // Nothing is left to fire later.
      yield* TestClock.adjust("1 minute")
      expect(interrupted).toBe(1)
    }).pipe(Effect.provide(Layer.provide(Client.layer, Fake.layer(state, { requestTimeout: "3 seconds", retries: 0 }))))
  })
})

describe("Transport.outcomeOf", () => {
  it("a code raised while connecting anywhere in the cause chain means not sent; anything else is unknown", () => {
    for (const code of ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]) {
      expect(Transport.outcomeOf({ code }), code).toBe("NotSent")
      expect(Transport.outcomeOf(new Error("fetch failed", { cause: new Error("connect", { cause: { code } }) })), code).toBe("NotSent")
    }
    for (const code of ["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_HEADERS_TIMEOUT"]) expect(Transport.outcomeOf({ code }), code).toBe("Unknown")
    expect(Transport.outcomeOf(new Error("socket hang up"))).toBe("Unknown")
    expect(Transport.outcomeOf(undefined)).toBe("Unknown")
    expect(Transport.outcomeOf({ cause: { [Transport.LocalRefusal]: true } })).toBe("NotSent")
    expect(Transport.isLocalRefusal({ cause: { [Transport.LocalRefusal]: true } })).toBe(true)
    expect(Transport.isLocalRefusal({ code: "ECONNREFUSED" })).toBe(false)
  })
})
