import { describe, expect, it } from "@effect/vitest"
import { Console, Deferred, Effect, Fiber, Result, Schema } from "effect"
import * as Operation from "../../src/core/Operation.js"
import { implement } from "../../src/sandbox/routing/Route.js"
import * as Signing from "../../src/core/Signing.js"
import { tester, TESTER_LINK_ID, TESTER_SECRET } from "../../src/sandbox/Partners.js"
import * as Sandbox from "../../src/sandbox/Sandbox.js"
import * as Server from "../../src/sandbox/Server.js"
import { MEMBER, tokenBody } from "./support.js"

/** Token request headers for a body sent over a real socket, dated with the real clock. */
const tokenHeaders = (body: string, secret = TESTER_SECRET): Record<string, string> => {
  const date = Signing.formatSvcDate(Date.now())
  const signature = Signing.sign(secret, Signing.stringToSign({ bodyDigest: Signing.bodyDigest(body), date, path: "/SERVICE_TEST/Token" }))
  return {
    authorization: Signing.authorization(TESTER_LINK_ID, signature),
    "content-type": "application/json",
    "x-svc-date": date,
    "x-svc-version": Signing.SVC_VERSION
  }
}

const fetchJson = (url: string, init: RequestInit = {}) =>
  Effect.promise(async () => {
    const response = await fetch(url, init)
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }
  })

const sandboxLayer = Sandbox.layer({ partners: [tester], members: [{ corpNum: MEMBER }] })

describe("socket server", () => {
  it.live("serves token issuance and the API on 127.0.0.1, binds tokens to the socket's address, drops connections on a fault", () =>
    Effect.gen(function*() {
      const sandbox = yield* Sandbox.Sandbox
      const address = yield* Server.serve({ port: 0 })
      expect(address.host).toBe("127.0.0.1")
      expect(address.port).toBeGreaterThan(0)
      expect(address.url).toBe(`http://127.0.0.1:${address.port}`)

      const body = tokenBody(MEMBER, ["member", "170"])
      // A chunked body (a stream, no Content-Length), as some clients send it.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(Signing.utf8(body.slice(0, 10)))
          controller.enqueue(Signing.utf8(body.slice(10)))
          controller.close()
        }
      })
      const token = yield* fetchJson(`${address.url}/SERVICE_TEST/Token`, {
        method: "POST",
        headers: tokenHeaders(body),
        body: stream,
        duplex: "half"
      } as RequestInit)
      expect(token.status).toBe(200)
      expect(token.body["ipaddress"]).toBe("127.0.0.1")

      const bearer = { authorization: `Bearer ${String(token.body["session_token"])}`, "accept-encoding": "gzip" }
      const status = yield* fetchJson(`${address.url}/CloseDown?CN=1111111119`, { headers: bearer })
      expect(status.status).toBe(200)
      expect(status.headers.get("content-encoding")).toBe("gzip")
      expect(status.headers.get("content-type")).toBe("application/json;charset=utf-8")
      expect(status.body).toMatchObject({ corpNum: "1111111119", state: "2" })

      const refused = yield* fetchJson(`${address.url}/SERVICE_TEST/Token`, { method: "POST", headers: tokenHeaders(body, Buffer.alloc(32).toString("base64")), body })
      expect(refused.status).toBe(401)

      yield* sandbox.setFault({ route: "CompanyStatus.CheckCorpNum", drop: true, probability: 1 })
      const dropped = yield* Effect.result(Effect.tryPromise(() => fetch(`${address.url}/CloseDown?CN=1111111119`, { headers: bearer })))
      expect(Result.isFailure(dropped)).toBe(true)
      yield* sandbox.clearFaults()
      expect((yield* fetchJson(`${address.url}/CloseDown?CN=1111111119`, { headers: bearer })).status).toBe(200)
    }).pipe(Effect.scoped, Effect.provide(sandboxLayer)))

  it.live("a request whose client goes away before the answer is interrupted; the server keeps serving", () =>
    Effect.gen(function*() {
      const interrupted = yield* Deferred.make<void>()
      const started = yield* Deferred.make<void>()
      const slow = implement(
        Operation.make({
          name: "Test.Slow",
          sdk: "Test.slow",
          summary: "never answers",
          method: "GET",
          path: "/Slow",
          scope: Operation.noToken,
          success: Schema.Unknown,
          safeToRepeat: true
        }),
        () => Effect.andThen(Deferred.succeed(started, undefined), Effect.never).pipe(Effect.onInterrupt(() => Deferred.succeed(interrupted, undefined)))
      )
      yield* Effect.scoped(Effect.gen(function*() {
        const { url } = yield* Server.serve({ port: 0 })
        const controller = new AbortController()
        const pending = fetch(`${url}/Slow`, { signal: controller.signal }).catch(() => "aborted")
        yield* Deferred.await(started)
        controller.abort()
        expect(yield* Effect.promise(() => pending)).toBe("aborted")
        yield* Deferred.await(interrupted).pipe(Effect.timeout("5 seconds"))
        expect((yield* fetchJson(`${url}/_sandbox/clock`)).status).toBe(200)
      })).pipe(Effect.provide(Sandbox.layer({ partners: [tester], routes: [slow] })))
    }))

  it.live("stops accepting when its scope closes", () =>
    Effect.gen(function*() {
      const url = yield* Effect.scoped(Effect.map(Server.serve({ port: 0 }), (address) => address.url))
      const after = yield* Effect.result(Effect.tryPromise(() => fetch(`${url}/_sandbox/clock`)))
      expect(Result.isFailure(after)).toBe(true)
    }).pipe(Effect.provide(sandboxLayer)))

  it.live("run prints the TESTER secret and the address, and serves until stopped", () =>
    Effect.gen(function*() {
      const lines: Array<string> = []
      const listening = yield* Deferred.make<string>()
      const capture: Console.Console = {
        ...globalThis.console,
        log: (...args: ReadonlyArray<unknown>) => {
          const line = args.map(String).join(" ")
          lines.push(line)
          if (line.startsWith("listening on ")) Deferred.doneUnsafe(listening, Effect.succeed(line.slice("listening on ".length)))
        }
      }
      const fiber = yield* Effect.forkChild(Effect.provideService(Server.run({ port: 0 }), Console.Console, capture))
      const url = yield* Deferred.await(listening)
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const secret = lines.find((l) => l.startsWith("partner TESTER secret "))!.slice("partner TESTER secret ".length)
      expect(lines).toContain(`pages on ${url}/_sandbox/ui`)
      expect(Buffer.from(secret, "base64")).toHaveLength(32)
      const clock = yield* fetchJson(`${url}/_sandbox/clock`)
      expect(clock.body).toMatchObject({ offset: 0 })
      yield* Fiber.interrupt(fiber)
      expect(Result.isFailure(yield* Effect.result(Effect.tryPromise(() => fetch(`${url}/_sandbox/clock`))))).toBe(true)
    }))
})
