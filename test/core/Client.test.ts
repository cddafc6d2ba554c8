import { describe, expect, it } from "@effect/vitest"
import { Cause, Duration, Effect, Fiber, Formatter, Layer, Schema } from "effect"
import { HttpClientError, HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import { gzipSync } from "node:zlib"
import * as Body from "../../src/core/Body.js"
import * as Client from "../../src/core/Client.js"
import * as RequestBuilder from "../../src/core/RequestBuilder.js"
import { decodeJson } from "../../src/core/Response.js"
import * as Fake from "../support/FakeService.js"
import { GetOpenThing, GetThing, GetThingPdf, PostThing } from "../support/things.js"

const clientLayer = (state: Fake.FakeState, overrides: Parameters<typeof Fake.layer>[1] = {}) =>
  Layer.provide(Client.layer, Fake.layer(state, overrides))

const corpNum = "1234567890"

const call = (name = "A-1") => Effect.flatMap(Client.TaxdocClient, (client) => client.call(GetThing, { corpNum, params: { name } }))

describe("TaxdocClient", () => {
  it.effect("builds the request: base URL, bearer, headers, flags, override, body bytes", () => {
    const state = Fake.makeState(() => Effect.succeed({ status: 200, body: JSON.stringify({ name: "a", count: 1 }) }))
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      yield* client.call(PostThing, { corpNum, userId: "manager01", params: { id: "A-1" }, body: { flag: false, zero: 0, empty: "", gone: undefined } })
      const seen = state.seen[1]!
      expect(seen.url).toBe("http://api.example.test/Thing/A-1?Detail&TG=PBOX")
      expect(seen.headers["authorization"]).toBe("Bearer token-1")
      expect(seen.headers["x-http-method-override"]).toBe("ISSUE")
      expect(seen.headers["x-svc-userid"]).toBe("manager01")
      expect(seen.headers["accept-encoding"]).toBe("gzip")
      expect(seen.headers["accept-language"]).toBe("ko-KR")
      expect(seen.body).toBe("{\"flag\":false,\"zero\":0,\"empty\":\"\"}")
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("decodes gzip answers and sends English when configured", () => {
    const state = Fake.makeState(() =>
      Effect.succeed({ status: 200, body: gzipSync(JSON.stringify({ name: "z", count: 2 })), headers: { "content-type": "application/json", "content-encoding": "gzip" } })
    )
    return Effect.gen(function*() {
      const thing = yield* call()
      expect(thing).toEqual({ name: "z", count: 2 })
      expect(state.seen[1]!.headers["accept-language"]).toBe("en-US")
    }).pipe(Effect.provide(clientLayer(state, { acceptLanguage: "en-US" })))
  })

  it.effect("a {code, message} answer becomes ApiError with status and operation, its message led by the code's name", () => {
    const state = Fake.makeState(() => Effect.succeed({ status: 404, body: JSON.stringify({ code: -14000003, message: "없음" }) }))
    return Effect.gen(function*() {
      const error = yield* Effect.flip(call())
      expect(error._tag).toBe("ApiError")
      if (error._tag !== "ApiError") return
      expect(error).toMatchObject({ operation: "Thing.get", status: 404, code: -14000003, message: "CashbillNotFound (-14000003): 없음", serviceMessage: "없음" })
      expect(error.isNotFound).toBe(true)
      expect(error.codeName).toBe("CashbillNotFound")
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("a non-JSON or truncated error body becomes ResponseError with an excerpt, not a crash", () => {
    const bodies = ["<html>502 Bad Gateway</html>", "{\"code\":-1400", ""]
    let i = 0
    const state = Fake.makeState(() => Effect.succeed({ status: 502, body: bodies[i++]! }))
    return Effect.gen(function*() {
      for (const body of bodies) {
        const error = yield* Effect.flip(call())
        expect(error._tag).toBe("ResponseError")
        if (error._tag !== "ResponseError") return
        expect(error.status).toBe(502)
        expect(error.reason).toBe("UnexpectedStatus")
        expect(error.bodyExcerpt).toBe(body)
      }
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("a 200 answer of the wrong shape becomes ResponseError(Decode)", () => {
    const state = Fake.makeState(() => Effect.succeed({ status: 200, body: JSON.stringify({ name: 5 }) }))
    return Effect.gen(function*() {
      const error = yield* Effect.flip(call())
      expect(error).toMatchObject({ _tag: "ResponseError", reason: "Decode", status: 200 })
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("retries once with a new token when the service refuses the token as expired", () => {
    let calls = 0
    const state = Fake.makeState((seen) => {
      calls++
      return Effect.succeed(
        seen.headers["authorization"] === "Bearer token-1"
          ? { status: 401, body: JSON.stringify({ code: -10000035, message: "expired" }) }
          : { status: 200, body: JSON.stringify({ name: "fresh", count: 3 }) }
      )
    })
    return Effect.gen(function*() {
      const thing = yield* call()
      expect(thing.name).toBe("fresh")
      expect(calls).toBe(2)
      expect(state.tokenCount).toBe(2)
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("does not loop: a second refusal is returned as ApiError", () => {
    const state = Fake.makeState(() => Effect.succeed({ status: 401, body: JSON.stringify({ code: -10000033, message: "bad token" }) }))
    return Effect.gen(function*() {
      const error = yield* Effect.flip(call())
      expect(error).toMatchObject({ _tag: "ApiError", code: -10000033 })
      expect(state.tokenCount).toBe(2)
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("aborts at the deadline with TransportError(Timeout)", () => {
    const state = Fake.makeState(() => Effect.never)
    return Effect.gen(function*() {
      const fiber = yield* Effect.forkChild(Effect.flip(call()))
      yield* TestClock.adjust("4999 millis")
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust("1 millis")
      const error = yield* Fiber.join(fiber)
      expect(error).toMatchObject({ _tag: "TransportError", reason: "Timeout", operation: "Thing.get" })
    }).pipe(Effect.provide(clientLayer(state, { requestTimeout: "5 seconds" })))
  })

  it.effect("a network failure becomes TransportError(Network)", () => {
    const state = Fake.makeState(() => Effect.die(new Error("socket hang up")))
    return Effect.gen(function*() {
      const error = yield* Effect.flip(call())
      expect(error).toMatchObject({ _tag: "TransportError", reason: "Network" })
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("PDF answers come back as bytes; a JSON answer to a PDF call is a ResponseError", () => {
    let pdf = true
    const state = Fake.makeState(() =>
      Effect.succeed(pdf
        ? { status: 200, body: "%PDF-1.4 test", headers: { "content-type": "application/pdf;charset=utf-8" } }
        : { status: 200, body: "{}" })
    )
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      const pdfCall = client.call(GetThingPdf, { corpNum, params: { id: "A" } })
      const bytes = yield* pdfCall
      expect(new TextDecoder().decode(bytes)).toBe("%PDF-1.4 test")
      pdf = false
      const error = yield* Effect.flip(pdfCall)
      expect(error).toMatchObject({ _tag: "ResponseError", reason: "Decode" })
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("calls without a token send no Authorization and issue no token", () => {
    const state = Fake.makeState(() => Effect.succeed({ status: 200, body: JSON.stringify({ name: "x", count: 0 }) }))
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      yield* client.call(GetOpenThing, { params: { corpNum } })
      expect(state.tokenCount).toBe(0)
      expect(state.seen[0]!.headers["authorization"]).toBeUndefined()
    }).pipe(Effect.provide(clientLayer(state)))
  })
})

describe("TaxdocClient.send and forgetMember", () => {
  it.effect("send puts a request built already on the wire as it is, for the member given", () => {
    const state = Fake.makeState(() => Effect.succeed({ status: 200, body: JSON.stringify({ name: "sent", count: 4 }) }))
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      const built = RequestBuilder.build(PostThing, { id: "B-7" }, Body.json({ flag: true, zero: 1, empty: "x" }))
      expect(yield* client.send(PostThing, built, { corpNum, userId: "clerk" })).toEqual({ name: "sent", count: 4 })
      const seen = state.seen[1]!
      expect(seen.url).toBe("http://api.example.test/Thing/B-7?Detail&TG=PBOX")
      expect(seen.body).toBe("{\"flag\":true,\"zero\":1,\"empty\":\"x\"}")
      expect(seen.headers).toMatchObject({ "authorization": "Bearer token-1", "x-svc-userid": "clerk", "content-type": "application/json;charset=utf-8" })
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it.effect("forgetMember drops the member's tokens: the next call is made with a new one", () => {
    const state = Fake.makeState(() => Effect.succeed({ status: 200, body: JSON.stringify({ name: "a", count: 1 }) }))
    return Effect.gen(function*() {
      const client = yield* Client.TaxdocClient
      yield* call()
      yield* call()
      expect(state.tokenCount).toBe(1)
      yield* client.forgetMember(corpNum)
      yield* call()
      expect(state.tokenCount).toBe(2)
      expect(state.seen[state.seen.length - 1]!.headers["authorization"]).toBe("Bearer token-2")
    }).pipe(Effect.provide(clientLayer(state)))
  })
})

describe("TaxdocClient deadlines", () => {
  it.effect("an infinite deadline adds no race: the call completes as the HttpClient answers", () => {
    const state = Fake.makeState(() => Effect.succeed({ status: 200, body: JSON.stringify({ name: "n", count: 1 }) }))
    return Effect.gen(function*() {
      const thing = yield* call()
      expect(thing).toEqual({ name: "n", count: 1 })
    }).pipe(Effect.provide(clientLayer(state, { requestTimeout: Duration.infinity })))
  })
})

describe("no secret reaches an error", () => {
  it.effect("a network failure keeps neither the request nor its bearer token", () => {
    const state = Fake.makeState((seen) =>
      Effect.fail(
        new HttpClientError.HttpClientError({
          reason: new HttpClientError.TransportError({
            request: HttpClientRequest.get(seen.url).pipe(HttpClientRequest.setHeaders(seen.headers)),
            description: "connection reset"
          })
        })
      ) as never
    )
    return Effect.gen(function*() {
      const error = yield* Effect.flip(call())
      expect(error).toMatchObject({ _tag: "TransportError", reason: "Network" })
      expect(state.seen[1]!.headers["authorization"]).toBe("Bearer token-1")
      for (const text of [String(error), JSON.stringify(error), Formatter.format(error), Cause.pretty(Cause.fail(error))]) {
        expect(text).not.toContain("token-1")
      }
    }).pipe(Effect.provide(clientLayer(state)))
  })

  it("a token answer of the wrong shape is reported with the token redacted", () => {
    const error = Effect.runSync(Effect.flip(decodeJson("Tokens.issue", Schema.Struct({ expiration: Schema.Number }), {
      status: 200,
      headers: {},
      body: new TextEncoder().encode(JSON.stringify({ session_token: "eyJhbGciOi.SECRET.VALUE", expiration: "soon" }))
    })))
    expect(error.bodyExcerpt).toContain("\"session_token\":\"<redacted>\"")
    expect(JSON.stringify(error)).not.toContain("SECRET")
  })
})
