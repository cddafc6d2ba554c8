/** The socket server's limits, over real sockets on 127.0.0.1 (docs/resilience.md "Sandbox"). */
import * as Http from "node:http"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Schedule } from "effect"
import { ErrorCodes } from "../../src/core/ErrorCodes.js"
import { tester } from "../../src/sandbox/Partners.js"
import * as Sandbox from "../../src/sandbox/Sandbox.js"
import * as Server from "../../src/sandbox/Server.js"
import { DEFAULT_MAX_BODY_BYTES } from "../../src/sandbox/edge/HttpEdge.js"
import { answerOn, codeInRaw, connect, issueToken, received, request } from "./socket.js"
import { api, codeOf, MEMBER, sandboxLayer as inProcessLayer } from "./support.js"

const sandboxLayer = (options: Sandbox.SandboxOptions = {}) => Sandbox.layer({ partners: [tester], members: [{ corpNum: MEMBER }], ...options })

const MB = 1024 * 1024

const clock = (port: number) => request(port, { path: "/_sandbox/clock" })

/**
 * Streams `total` bytes as a chunked body (no Content-Length), honouring back-pressure, until the
 * server answers; answers the status and when it came.
 */
const upload = (port: number, total: number) =>
  Effect.callback<{ readonly status: number; readonly code: number | undefined; readonly sent: number }>((resume) => {
    const chunk = Buffer.alloc(MB, 0x20)
    let sent = 0
    let answered = false
    const req = Http.request({ host: "127.0.0.1", port, method: "POST", path: "/_sandbox/clock", headers: { "content-type": "application/json" }, agent: false }, (res) => {
      answered = true
      const chunks: Array<Buffer> = []
      res.on("data", (c: Buffer) => chunks.push(c))
      res.on("end", () => {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { code: number }
        resume(Effect.succeed({ status: res.statusCode ?? 0, code: body.code, sent }))
      })
    })
    req.on("error", () => {
      // The server closes the connection after its 413; the upload then fails: expected.
    })
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once("drain", pump)
      }
      if (!answered) req.end()
    }
    pump()
    return Effect.sync(() => req.destroy())
  })

describe("socket server limits", () => {
  it.live("a 50 MB body gets 413 within 1 s, from Content-Length or while streaming; other requests are served meanwhile", () =>
    Effect.gen(function*() {
      const { port } = yield* Server.serve({ port: 0 })

      // Declared: refused from the header, before any byte of the body.
      const socket = yield* connect(port)
      const answer = answerOn(socket)
      const started = Date.now()
      socket.write(`POST /_sandbox/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${50 * MB}\r\n\r\n{`)
      const raw = yield* answer.pipe(Effect.timeout("5 seconds"))
      expect(Date.now() - started).toBeLessThan(1_000)
      expect(raw.startsWith("HTTP/1.1 413")).toBe(true)
      expect(codeInRaw(raw)).toBe(ErrorCodes.PayloadTooLarge.code)

      // Chunked: refused once the bytes received pass the limit; the rest is never buffered.
      const t0 = Date.now()
      const streaming = yield* Effect.forkChild(upload(port, 50 * MB))
      const meanwhile = yield* clock(port)
      const refused = yield* Fiber.join(streaming).pipe(Effect.timeout("5 seconds"))
      expect(Date.now() - t0).toBeLessThan(1_000)
      expect(refused.status).toBe(413)
      expect(refused.code).toBe(ErrorCodes.PayloadTooLarge.code)
      expect(refused.sent).toBeLessThan(50 * MB)
      expect(meanwhile.status).toBe(200)

      // A body just under the limit is read (and refused for what it is, not for its size).
      const large = yield* request(port, { method: "POST", path: "/_sandbox/clock", headers: { "content-type": "application/json" }, body: " ".repeat(DEFAULT_MAX_BODY_BYTES - 10) + "{}" })
      expect(large.status).toBe(400)
      expect((large.body as { code: number }).code).toBe(ErrorCodes.InvalidField.code)
      expect((yield* clock(port)).status).toBe(200)
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer())))

  it.live("Expect: 100-continue: told to go on when the body is to be read, answered 413 at once when it is too large", () =>
    Effect.gen(function*() {
      const { port } = yield* Server.serve({ port: 0 })
      const body = JSON.stringify({ advanceMillis: 1 })
      const socket = yield* connect(port)
      const interim = yield* Effect.callback<string>((resume) => {
        socket.once("data", (chunk: Buffer) => resume(Effect.succeed(chunk.toString("latin1"))))
        socket.write(`POST /_sandbox/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`)
      }).pipe(Effect.timeout("5 seconds"))
      expect(interim.startsWith("HTTP/1.1 100 Continue")).toBe(true)
      const answer = answerOn(socket)
      socket.write(body)
      const raw = yield* answer.pipe(Effect.timeout("5 seconds"))
      expect(raw.startsWith("HTTP/1.1 200")).toBe(true)
      expect(raw).toContain("\"offset\":1")

      const refused = yield* connect(port)
      const first = yield* Effect.callback<string>((resume) => {
        refused.once("data", (chunk: Buffer) => resume(Effect.succeed(chunk.toString("latin1"))))
        refused.write(`POST /_sandbox/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${50 * MB}\r\nExpect: 100-continue\r\n\r\n`)
      }).pipe(Effect.timeout("5 seconds"))
      expect(first.startsWith("HTTP/1.1 413")).toBe(true)
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer())))

  it.live("the body limit is configurable", () =>
    Effect.gen(function*() {
      const { port } = yield* Server.serve({ port: 0 })
      const answer = yield* request(port, { method: "POST", path: "/_sandbox/clock", headers: { "content-type": "application/json" }, body: JSON.stringify({ advanceMillis: 1 }).padEnd(200, " ") })
      expect(answer.status).toBe(413)
      expect((yield* request(port, { method: "POST", path: "/_sandbox/clock", headers: { "content-type": "application/json" }, body: "{\"advanceMillis\":1}" })).status).toBe(200)
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer({ maxBodyBytes: 100 }))))

  it.effect("the body and nesting limits hold in process too", () =>
    Effect.gen(function*() {
      const big = yield* api({ method: "POST", path: "/_sandbox/clock", rawBody: JSON.stringify({ advanceMillis: 1 }).padEnd(200, " ") })
      expect(big.status).toBe(413)
      expect(codeOf(big)).toBe(ErrorCodes.PayloadTooLarge.code)
      const deep = yield* api({ method: "POST", path: "/_sandbox/clock", rawBody: "[".repeat(50) + "]".repeat(50) })
      expect(codeOf(deep)).toBe(ErrorCodes.JsonTooDeep.code)
      expect((yield* api({ method: "POST", path: "/_sandbox/clock", body: { advanceMillis: 1 } })).status).toBe(200)
    }).pipe(Effect.provide(inProcessLayer({ maxBodyBytes: 100, maxJsonDepth: 8 }))))

  it.live("1,000 idle connections: a normal request is answered in under 1 s, at the default cap and at a small one", () =>
    Effect.gen(function*() {
      for (const limits of [{}, { maxConnections: 100 }]) {
        yield* Effect.scoped(Effect.gen(function*() {
          const { port } = yield* Server.serve({ port: 0, limits })
          // In batches, so the listen backlog never overflows (a dropped SYN retries after 1 s).
          for (let batch = 0; batch < 10; batch++) yield* Effect.forEach(Array.from({ length: 100 }), () => connect(port), { concurrency: "unbounded" })
          const started = Date.now()
          const answer = yield* clock(port)
          expect(answer.status).toBe(200)
          expect(Date.now() - started).toBeLessThan(1_000)
        }))
      }
    }).pipe(Effect.provide(sandboxLayer())), 60_000)

  it.live("a client sending one header byte per second is disconnected within the header timeout, with 408 {code, message}", () =>
    Effect.gen(function*() {
      const { port } = yield* Server.serve({ port: 0, limits: { headersTimeoutMillis: 1_500 } })
      const socket = yield* connect(port)
      const answer = received(socket)
      const started = Date.now()
      socket.write("GET /_sandbox/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
      const dripping = yield* Effect.forkChild(Effect.repeat(Effect.sync(() => socket.write("a")), Schedule.spaced("1 second")))
      const raw = yield* answer.pipe(Effect.timeout("6 seconds"))
      yield* Fiber.interrupt(dripping)
      const elapsed = Date.now() - started
      expect(elapsed).toBeLessThan(1_500 + 1_000)
      expect(raw.startsWith("HTTP/1.1 408")).toBe(true)
      expect(codeInRaw(raw)).toBe(ErrorCodes.RequestTimeout.code)
      // The server keeps serving.
      expect((yield* clock(port)).status).toBe(200)
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer())))

  it.live("a client sending its body one byte at a time is disconnected at the request timeout with 408; the default is at most 10 s", () =>
    Effect.gen(function*() {
      expect(Server.DEFAULT_LIMITS.requestTimeoutMillis).toBeLessThanOrEqual(10_000)
      const { port } = yield* Server.serve({ port: 0, limits: { headersTimeoutMillis: 1_000, requestTimeoutMillis: 1_500 } })
      const socket = yield* connect(port)
      const answer = received(socket)
      const started = Date.now()
      socket.write("POST /_sandbox/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
      const dripping = yield* Effect.forkChild(Effect.repeat(Effect.sync(() => socket.write(" ")), Schedule.spaced("300 millis")))
      const raw = yield* answer.pipe(Effect.timeout("6 seconds"))
      yield* Fiber.interrupt(dripping)
      expect(Date.now() - started).toBeLessThan(1_500 + 1_000)
      expect(raw.startsWith("HTTP/1.1 408")).toBe(true)
      expect(codeInRaw(raw)).toBe(ErrorCodes.RequestTimeout.code)
      // The clock was not moved, and the server keeps serving.
      const after = yield* clock(port)
      expect(after.status).toBe(200)
      expect(after.body).toMatchObject({ offset: 0 })
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer())))

  it.live("a connection that never sends a request is closed after the header timeout; the default timeout is at most 10 s", () =>
    Effect.gen(function*() {
      expect(Server.DEFAULT_LIMITS.headersTimeoutMillis).toBeLessThanOrEqual(10_000)
      const { port } = yield* Server.serve({ port: 0, limits: { headersTimeoutMillis: 500 } })
      const socket = yield* connect(port)
      const closed = yield* Deferred.make<void>()
      socket.once("close", () => Deferred.doneUnsafe(closed, Effect.void))
      // Whether Node's own header check (a 408 first) or the idle timer closes it first, the bytes
      // are read so that the socket can end.
      socket.resume()
      yield* Deferred.await(closed).pipe(Effect.timeout("5 seconds"))
      expect(socket.destroyed).toBe(true)
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer())))

  it.live("headers over the limit get 431 {code, message}", () =>
    Effect.gen(function*() {
      const { port } = yield* Server.serve({ port: 0, limits: { maxHeaderBytes: 4_096 } })
      const socket = yield* connect(port)
      const answer = received(socket)
      socket.write(`GET /_sandbox/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"b".repeat(8_000)}\r\n\r\n`)
      const raw = yield* answer.pipe(Effect.timeout("5 seconds"))
      expect(raw.startsWith("HTTP/1.1 431")).toBe(true)
      expect(codeInRaw(raw)).toBe(ErrorCodes.HeaderTooLarge.code)
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer())))

  it.live("an idle keep-alive connection is closed after the keep-alive timeout", () =>
    Effect.gen(function*() {
      const { port } = yield* Server.serve({ port: 0, limits: { keepAliveTimeoutMillis: 300 } })
      const socket = yield* connect(port)
      const answer = received(socket)
      socket.write("GET /_sandbox/clock HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
      const raw = yield* answer.pipe(Effect.timeout("5 seconds"))
      expect(raw.startsWith("HTTP/1.1 200")).toBe(true)
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer())))

  it.live("invalid JSON and 100k-deep JSON get 400 with a code, on admin routes, operations and token issuance", () =>
    Effect.gen(function*() {
      const { port } = yield* Server.serve({ port: 0 })
      const token = yield* issueToken(port)
      const deepArray = "[".repeat(100_000) + "]".repeat(100_000)
      const deepObject = "{\"a\":".repeat(100_000) + "1" + "}".repeat(100_000)
      const json = { "content-type": "application/json" }
      const cases = [
        { path: "/_sandbox/clock", headers: json, body: deepArray, code: ErrorCodes.JsonTooDeep.code },
        { path: "/_sandbox/clock", headers: json, body: deepObject, code: ErrorCodes.JsonTooDeep.code },
        { path: "/_sandbox/clock", headers: json, body: "{not json", code: ErrorCodes.MalformedJson.code },
        { path: "/CorpInfo", headers: { ...json, authorization: `Bearer ${token}` }, body: deepObject, code: ErrorCodes.JsonTooDeep.code },
        { path: "/CorpInfo", headers: { ...json, authorization: `Bearer ${token}` }, body: "{\"ceoname\":", code: ErrorCodes.MalformedJson.code },
        { path: "/CloseDown", headers: { ...json, authorization: `Bearer ${token}` }, body: deepArray, code: ErrorCodes.JsonTooDeep.code },
        { path: "/SERVICE_TEST/Token", headers: json, body: deepArray, code: ErrorCodes.JsonTooDeep.code }
      ]
      for (const c of cases) {
        const answer = yield* request(port, { method: "POST", path: c.path, headers: c.headers, body: c.body })
        expect(answer.status, c.path).toBe(400)
        expect(answer.body, c.path).toMatchObject({ code: c.code, message: expect.any(String) })
      }
      // Nesting inside strings does not count.
      const quoted = yield* request(port, { method: "POST", path: "/_sandbox/clock", headers: json, body: JSON.stringify({ advanceMillis: 0, note: "[".repeat(1000) }) })
      expect(quoted.status).toBe(200)
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer())))
})
