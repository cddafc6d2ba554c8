/**
 * The SDK's own Node transport (`Undici.layer`): the SDK's calls handed to undici directly against
 * a real sandbox on a socket (tokens, gzip answers, typed refusals), the layer's `HttpClient` for
 * anything else, a wrapped client honoured (the SDK then goes through the wrapper), answers bounded
 * by `maxAnswerBytes`, and the deadline under `TestClock` aborting the request on the wire.
 */
import { HttpClient, HttpClientRequest } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer, Redacted, TestClock } from "effect"
import { gzipSync } from "node:zlib"
import * as Client from "../../src/core/Client.js"
import * as Config from "../../src/core/Config.js"
import * as Undici from "../../src/core/Undici.js"
import * as Wire from "../../src/core/Wire.js"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import * as Connect from "../../src/sandbox/Connect.js"
import * as SandboxModule from "../../src/sandbox/Sandbox.js"
import * as Server from "../../src/sandbox/Server.js"
import * as Taxdoc from "../../src/Taxdoc.js"
import { receipt } from "../support/receipts.js"
import { clientOver, CORP, scriptedServer, withToken } from "../support/scriptedServer.js"
import { GetThing } from "../support/things.js"


const sdkOver = (url: string, secret: string, transport: Layer.Layer<HttpClient.HttpClient>) =>
  Taxdoc.services.pipe(
    Layer.provideMerge(Config.layer(Connect.configOptions({ origin: url, secretKey: Redacted.make(secret) }))),
    Layer.provide(transport)
  )


describe("Undici.layer", () => {
  it.live("the SDK's calls go straight to undici against a sandbox on a socket: token, gzip answers, typed refusals", () =>
    Effect.gen(function*() {
      const address = yield* Server.serve({ host: "127.0.0.1", port: 0 })
      const sandbox = yield* SandboxModule.Sandbox
      const http = yield* Effect.provide(HttpClient.HttpClient, Undici.layer())
      expect(Wire.directOf(http)).toBeDefined()
      yield* Effect.gen(function*() {
        const cashbill = yield* Cashbill
        const issued = yield* cashbill.issue(CORP, receipt("UND-1", CORP))
        const info = yield* cashbill.getInfo(CORP, "UND-1")
        expect(info).toMatchObject({ mgtKey: "UND-1", confirmNum: issued.confirmNum, stateCode: 300 })
        const missing = yield* Effect.flip(cashbill.getInfo(CORP, "UND-NONE"))
        expect(missing).toMatchObject({ _tag: "ApiError", status: 404 })
        const pdf = yield* cashbill.getPDF(CORP, "UND-1")
        expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-")
      }).pipe(Effect.provide(sdkOver(address.url, sandbox.secretOf("TESTER")!, Undici.layer())))
    }).pipe(Effect.provide(SandboxModule.layer({ members: [{ corpNum: CORP }] })), Effect.scoped))

  it.live("its HttpClient serves any other use; a client wrapped by mapRequest is gone through by the SDK", () =>
    Effect.gen(function*() {
      const server = yield* scriptedServer(withToken((_, response) => response.writeHead(200, { "content-type": "application/json" }).end("{\"name\":\"a\",\"count\":1}")))
      const direct = yield* Effect.flatMap(HttpClient.HttpClient, (http) => Effect.flatMap(http.get(`${server.url}/Thing`), (response) => response.json)).pipe(
        Effect.provide(Undici.layer()),
        Effect.scoped
      )
      expect(direct).toEqual({ name: "a", count: 1 })
      const wrapped = Layer.effect(HttpClient.HttpClient, Effect.map(HttpClient.HttpClient, HttpClient.mapRequest(HttpClientRequest.setHeader("x-wrapped", "yes")))).pipe(
        Layer.provide(Undici.layer())
      )
      const thing = yield* Effect.flatMap(Client.TaxdocClient, (client) =>
        client.call(GetThing, { corpNum: CORP, params: { name: "Thing" } })).pipe(
          Effect.provide(clientOver(server.url, wrapped)),
          Effect.scoped
        )
      expect(thing).toEqual({ name: "a", count: 1 })
      expect(server.seen.filter((headers) => headers["x-wrapped"] === "yes").length).toBeGreaterThanOrEqual(2)
    }).pipe(Effect.scoped))

  it.live("answers are bounded by maxAnswerBytes, declared or streamed; gzip answers are decompressed", () =>
    Effect.gen(function*() {
      const big = JSON.stringify({ name: "x".repeat(4000), count: 1 })
      const server = yield* scriptedServer(withToken((request, response) => {
        if (request.url === "/declared") response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(big) }).end(big)
        else if (request.url === "/chunked") {
          response.writeHead(200, { "content-type": "application/json" })
          response.write(big.slice(0, 2000))
          response.end(big.slice(2000))
        } else response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end(gzipSync("{\"name\":\"z\",\"count\":2}"))
      }))
      const call = (path: string) =>
        Effect.flatMap(Client.TaxdocClient, (client) =>
          client.call(GetThing, { corpNum: CORP, params: { name: path.slice(1) } }))
      yield* Effect.gen(function*() {
        expect(yield* Effect.flip(call("/declared"))).toMatchObject({ _tag: "ResponseError", reason: "TooLarge" })
        expect(yield* Effect.flip(call("/chunked"))).toMatchObject({ _tag: "ResponseError", reason: "TooLarge" })
        expect(yield* call("/gzip")).toEqual({ name: "z", count: 2 })
      }).pipe(Effect.provide(clientOver(server.url, Undici.layer(), { maxAnswerBytes: 1024 })), Effect.scoped)
    }).pipe(Effect.scoped))

  it.effect("under TestClock the deadline is kept on that clock and aborts the request on the wire", () =>
    Effect.gen(function*() {
      const arrived = yield* Deferred.make<void>()
      const closed = yield* Deferred.make<void>()
      const server = yield* scriptedServer(withToken((request) => {
        // Never answers: the request ends when the client gives up on it.
        request.socket.on("close", () => Effect.runFork(Deferred.succeed(closed, undefined)))
        Effect.runFork(Deferred.succeed(arrived, undefined))
      }))
      yield* Effect.gen(function*() {
        const client = yield* Client.TaxdocClient
        const fiber = yield* Effect.fork(Effect.flip(client.call(GetThing, { corpNum: CORP, params: { name: "Thing" } })))
        // The token is issued, then the request waits for its answer: the deadline passes on TestClock.
        yield* Deferred.await(arrived)
        yield* TestClock.adjust("5 seconds")
        const error = yield* Fiber.join(fiber)
        expect(error).toMatchObject({ _tag: "TransportError", reason: "Timeout", operation: "Thing.get" })
        yield* Deferred.await(closed)
      }).pipe(Effect.provide(clientOver(server.url, Undici.layer(), { requestTimeout: "5 seconds" })), Effect.scoped)
    }).pipe(Effect.scoped))
})
