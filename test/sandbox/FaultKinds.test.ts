/**
 * The connection faults: reset before processing, drop after processing, truncated answer, answer
 * that never ends, latency, and `count` — in process (as the transport failures a socket gives)
 * and over a real socket on 127.0.0.1.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Fiber, Option, Result } from "effect"
import { TestClock } from "effect/testing"
import { HttpClient, type HttpClientError } from "effect/http"
import { ErrorCodes } from "../../src/core/ErrorCodes.js"
import { tester } from "../../src/sandbox/Partners.js"
import * as Sandbox from "../../src/sandbox/Sandbox.js"
import * as Server from "../../src/sandbox/Server.js"
import { connect, issueToken as issueSocketToken, received, request } from "./socket.js"
import { api, apiRequest, codeOf, issueToken, MEMBER, sandboxLayer } from "./support.js"

const UPDATE = "Member.UpdateCorpInfo"
const READ = "Member.GetCorpInfo"
const info = (ceoname: string) => ({ ceoname, corpName: "상호", addr: "서울", bizType: "업태", bizClass: "종목" })

const setFault = (fault: Record<string, unknown>) =>
  Effect.flatMap(api({ method: "POST", path: "/_sandbox/faults", body: fault }), (answer) =>
    answer.status === 200 ? Effect.void : Effect.die(new Error(JSON.stringify(answer.body))))

/** The `code` somewhere in an error's cause chain, if any. */
const codeInCause = (error: unknown): unknown => {
  for (let at = error, depth = 0; typeof at === "object" && at !== null && depth < 8; at = (at as { cause?: unknown }).cause, depth++) {
    const code = (at as { code?: unknown }).code
    if (code !== undefined) return code
  }
  return undefined
}

const isTransport = (error: HttpClientError.HttpClientError) => error.reason._tag === "TransportError"

/** Executes through the in-process client; the transport error or the response. */
const execute = (call: Parameters<typeof apiRequest>[0]) =>
  Effect.flatMap(HttpClient.HttpClient, (client) => Effect.result(client.execute(apiRequest(call))))

const ceoOf = (token: string) => Effect.map(api({ path: "/CorpInfo", token }), (answer) => (answer.body as { ceoname: string }).ceoname)

describe("fault kinds, in process", () => {
  it.effect("reset: transport error, nothing processed; dropAfter: transport error, the write happened", () =>
    Effect.gen(function*() {
      const token = (yield* issueToken({ scopes: ["member"] })).session_token
      yield* setFault({ route: UPDATE, kind: "reset" })
      const reset = yield* execute({ method: "POST", path: "/CorpInfo", token, body: info("RESET") })
      // Refused before it was sent: the SDK may send it again.
      expect(Result.isFailure(reset) && isTransport(reset.failure)).toBe(true)
      expect(Result.isFailure(reset) && codeInCause(reset.failure)).toBe("ECONNREFUSED")
      expect(yield* ceoOf(token)).not.toBe("RESET")
      // The older `drop: true` is the same fault.
      yield* setFault({ route: UPDATE, drop: true })
      expect(Result.isFailure(yield* execute({ method: "POST", path: "/CorpInfo", token, body: info("DROP") }))).toBe(true)
      expect(yield* ceoOf(token)).not.toBe("DROP")

      yield* setFault({ route: UPDATE, kind: "dropAfter" })
      const lost = yield* execute({ method: "POST", path: "/CorpInfo", token, body: info("AFTER") })
      // Lost after it was processed: no sign that it was not sent.
      expect(Result.isFailure(lost) && isTransport(lost.failure)).toBe(true)
      expect(Result.isFailure(lost) && codeInCause(lost.failure)).not.toBe("ECONNREFUSED")
      expect(yield* ceoOf(token)).toBe("AFTER")
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer())))

  it.effect("truncate: status and headers arrive, the body fails half-way; hang: the body never ends", () =>
    Effect.gen(function*() {
      const token = (yield* issueToken({ scopes: ["member"] })).session_token
      for (const gzip of [false, true]) {
        const headers = gzip ? { "accept-encoding": "gzip" } : {}
        yield* setFault({ route: READ, kind: "truncate" })
        const truncated = yield* execute({ path: "/CorpInfo", token, headers })
        if (Result.isFailure(truncated)) return yield* Effect.die(new Error("expected a response"))
        expect(truncated.success.status).toBe(200)
        const body = yield* Effect.result(truncated.success.text)
        expect(Result.isFailure(body) && body.failure.reason._tag === "DecodeError").toBe(true)
        expect(Result.isFailure(body) && codeInCause(body.failure)).not.toBe("ECONNREFUSED")

        yield* setFault({ route: READ, kind: "hang" })
        const hanging = yield* execute({ path: "/CorpInfo", token, headers })
        if (Result.isFailure(hanging)) return yield* Effect.die(new Error("expected a response"))
        expect(hanging.success.status).toBe(200)
        const reading = yield* Effect.forkChild(hanging.success.text)
        yield* TestClock.adjust("10 minutes")
        expect(reading.pollUnsafe()).toBeUndefined()
        yield* Fiber.interrupt(reading)
      }
      // The state is intact and the route answers again once the fault is removed.
      yield* api({ method: "DELETE", path: `/_sandbox/faults/${READ}` })
      expect((yield* api({ path: "/CorpInfo", token })).status).toBe(200)
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer())))

  it.effect("latency delays the answer on the sandbox's clock; count limits a fault to the next N calls", () =>
    Effect.gen(function*() {
      const token = (yield* issueToken({ scopes: ["member"] })).session_token
      yield* setFault({ route: READ, latencyMillis: 5_000 })
      const slow = yield* Effect.forkChild(api({ path: "/CorpInfo", token }))
      yield* TestClock.adjust("4999 millis")
      expect(slow.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust("1 millis")
      expect((yield* Fiber.join(slow)).status).toBe(200)

      yield* setFault({ route: READ, status: 503, count: 2 })
      expect((yield* api({ path: "/_sandbox/faults" })).body).toMatchObject([{ route: READ, count: 2 }])
      expect((yield* api({ path: "/CorpInfo", token })).status).toBe(503)
      expect((yield* api({ path: "/_sandbox/faults" })).body).toMatchObject([{ route: READ, count: 1 }])
      const second = yield* api({ path: "/CorpInfo", token })
      expect(second.status).toBe(503)
      expect(codeOf(second)).toBe(ErrorCodes.InjectedFault.code)
      expect((yield* api({ path: "/CorpInfo", token })).status).toBe(200)
      expect((yield* api({ path: "/_sandbox/faults" })).body).toEqual([])

      yield* setFault({ route: UPDATE, kind: "dropAfter", count: 1 })
      expect(Result.isFailure(yield* execute({ method: "POST", path: "/CorpInfo", token, body: info("ONCE") }))).toBe(true)
      expect((yield* api({ method: "POST", path: "/CorpInfo", token, body: info("TWICE") })).status).toBe(200)
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer())))

  it.effect("unknown kinds and a count below 1 are refused", () =>
    Effect.gen(function*() {
      expect(codeOf(yield* api({ method: "POST", path: "/_sandbox/faults", body: { route: READ, kind: "explode" } }))).toBe(ErrorCodes.InvalidField.code)
      expect(codeOf(yield* api({ method: "POST", path: "/_sandbox/faults", body: { route: READ, kind: "hang", count: 0 } }))).toBe(ErrorCodes.InvalidField.code)
    }).pipe(Effect.provide(sandboxLayer())))
})

const socketLayer = Sandbox.layer({ partners: [tester], members: [{ corpNum: MEMBER }] })

describe("fault kinds, over a socket", () => {
  it.live("reset, dropAfter, truncate and hang are acted out on the connection", () =>
    Effect.gen(function*() {
      const sandbox = yield* Sandbox.Sandbox
      const { url, port } = yield* Server.serve({ port: 0 })
      const token = yield* issueSocketToken(port, { scopes: ["member"] })
      const auth = { authorization: `Bearer ${token}` }
      const ceo = Effect.map(request(port, { path: "/CorpInfo", headers: auth }), (a) => (a.body as { ceoname: string }).ceoname)
      const update = (name: string) =>
        Effect.result(Effect.tryPromise(() =>
          fetch(`${url}/CorpInfo`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(info(name)) })
        ))

      yield* sandbox.setFault({ route: UPDATE, kind: "reset", probability: 1 })
      expect(Result.isFailure(yield* update("RESET"))).toBe(true)
      expect(yield* ceo).not.toBe("RESET")

      yield* sandbox.setFault({ route: UPDATE, kind: "dropAfter", probability: 1 })
      expect(Result.isFailure(yield* update("AFTER"))).toBe(true)
      expect(yield* ceo).toBe("AFTER")

      // Raw connections, to see exactly what arrives: the head with the full Content-Length, half
      // the body, then the end (truncate) or nothing more (hang).
      const getCorpInfo = `GET /CorpInfo HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`
      const split = (raw: string) => {
        const at = raw.indexOf("\r\n\r\n")
        const length = Number(/content-length: (\d+)/i.exec(raw.slice(0, at))?.[1])
        return { head: raw.slice(0, at), length, body: Buffer.from(raw.slice(at + 4), "utf8").length }
      }
      yield* sandbox.setFault({ route: READ, kind: "truncate", probability: 1 })
      const truncating = yield* connect(port)
      const truncated = received(truncating)
      truncating.write(getCorpInfo)
      const cut = split(yield* truncated.pipe(Effect.timeout("5 seconds")))
      expect(cut.head.startsWith("HTTP/1.1 200")).toBe(true)
      expect(cut.length).toBeGreaterThan(0)
      expect(cut.body).toBe(Math.floor(cut.length / 2))
      // fetch fails on it, one way or another.
      const viaFetch = yield* Effect.result(Effect.tryPromise(() => fetch(`${url}/CorpInfo`, { headers: auth }).then((r) => r.text())))
      expect(Result.isFailure(viaFetch)).toBe(true)

      yield* sandbox.setFault({ route: READ, kind: "hang", probability: 1 })
      const hanging = yield* connect(port)
      const closed = yield* Deferred.make<void>()
      hanging.once("close", () => Deferred.doneUnsafe(closed, Exit.void))
      const partial = yield* Effect.callback<string>((resume) => {
        let raw = ""
        hanging.on("data", (chunk: Buffer) => {
          raw += chunk.toString("utf8")
          const at = raw.indexOf("\r\n\r\n")
          if (at >= 0 && split(raw).body >= Math.floor(split(raw).length / 2)) resume(Effect.succeed(raw))
        })
        hanging.write(getCorpInfo)
      }).pipe(Effect.timeout("5 seconds"))
      const hung = split(partial)
      expect(hung.head.startsWith("HTTP/1.1 200")).toBe(true)
      expect(hung.body).toBeLessThan(hung.length)
      // Nothing more comes and the connection stays open (bounded wait on its close).
      expect(Option.isNone(yield* Deferred.await(closed).pipe(Effect.timeoutOption("300 millis")))).toBe(true)
      hanging.destroy()

      yield* sandbox.clearFaults()
      expect(yield* ceo).toBe("AFTER")
    }).pipe(Effect.scoped, Effect.provide(socketLayer)))
})
