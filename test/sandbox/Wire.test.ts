import { gunzipSync } from "node:zlib"
import { HttpBody, HttpClientRequest } from "effect/http"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema, Stream } from "effect"
import { ErrorCodes } from "../../src/core/ErrorCodes.js"
import * as Signing from "../../src/core/Signing.js"
import * as InProcess from "../../src/sandbox/InProcess.js"
import * as Operation from "../../src/core/Operation.js"
import { implement, json, pdf, type Route } from "../../src/sandbox/routing/Route.js"
import { api, apiRequest, codeOf, issueToken, MEMBER, ORIGIN, sandboxLayer, send, sendWith } from "./support.js"

/** Operations shaped like the cash receipt ones, to exercise routing without that domain. */
const probe = {
  summary: "probe",
  params: Schema.Struct({ submitID: Schema.optional(Schema.String), key: Schema.optional(Schema.String) }),
  scope: Operation.noToken,
  success: Schema.Unknown,
  safeToRepeat: true
} as const

const probeRoutes: ReadonlyArray<Route> = [
  implement(Operation.make({ ...probe, name: "Probe.BulkState", sdk: "Probe.BulkState", method: "GET", path: "/Probe/Bulk/{submitID}/State" }), (request) => Effect.succeed(json({ submitID: request.params.submitID }))),
  implement(
    Operation.make({
      name: "Probe.Pdf",
      sdk: "Probe.Pdf",
      summary: "probe",
      method: "GET",
      path: "/Probe/{key}",
      query: [Operation.flag("PDF")],
      params: Schema.Struct({ key: Schema.String }),
      scope: Operation.noToken,
      success: "pdf",
      safeToRepeat: true
    }),
    () => Effect.succeed(pdf(Signing.utf8("%PDF-1.4\n%%EOF\n")))
  ),
  implement(Operation.make({ ...probe, name: "Probe.Echo", sdk: "Probe.Echo", method: "POST", path: "/Probe/{key}" }), (request) =>
    Effect.succeed(json({ key: request.params.key, bytes: request.body.length, body: new TextDecoder().decode(request.body) })))
]

const probeLayer = (options: InProcess.ClientOptions = {}) => sandboxLayer({ routes: probeRoutes, ...options })

describe("routing tolerance", () => {
  it.effect("literal segments in any case; parameters keep their case", () =>
    Effect.gen(function*() {
      for (const path of ["/Probe/Bulk/Sub-01/State", "/Probe/BULK/Sub-01/State", "/probe/bulk/Sub-01/state"]) {
        const answer = yield* api({ path })
        expect(answer.status).toBe(200)
        expect(answer.body).toEqual({ submitID: "Sub-01" })
      }
      const token = (yield* issueToken()).session_token
      expect((yield* api({ path: `/CLOSEDOWN?CN=${MEMBER}`, token })).status).toBe(200)
      expect((yield* api({ path: "/ids/NEW", method: "POST", token, body: { id: "clerk01" } })).status).toBe(400)
    }).pipe(Effect.provide(probeLayer())))

  it.effect("unknown paths are NotFoundPath 404; a known path with another method or override UnsupportedMethod", () =>
    Effect.gen(function*() {
      const unknown = yield* api({ path: "/Nowhere" })
      expect(unknown).toMatchObject({ status: 404, body: { code: ErrorCodes.NotFoundPath.code } })
      expect(codeOf(yield* api({ method: "PUT", path: "/Join" }))).toBe(ErrorCodes.UnsupportedMethod.code)
      expect(codeOf(yield* api({ method: "POST", path: "/Join", headers: { "x-http-method-override": "DELETE" } }))).toBe(ErrorCodes.UnsupportedMethod.code)
    }).pipe(Effect.provide(probeLayer())))

  it.effect("a query flag selects its route; PDF answers carry exactly application/pdf;charset=utf-8", () =>
    Effect.gen(function*() {
      const answer = yield* api({ path: "/Probe/KEY-1?PDF" })
      expect(answer.headers["content-type"]).toBe("application/pdf;charset=utf-8")
      expect(String(answer.body)).toContain("%PDF-1.4")
      expect(codeOf(yield* api({ path: "/Probe/KEY-1" }))).toBe(ErrorCodes.UnsupportedMethod.code)
    }).pipe(Effect.provide(probeLayer())))

  it.effect("the production prefix selects the production environment", () =>
    Effect.gen(function*() {
      expect((yield* api({ path: `/production/Join?CorpNum=${MEMBER}&LID=TESTER` })).body).toMatchObject({ code: 0 })
      expect((yield* api({ path: `/Join?CorpNum=${MEMBER}&LID=TESTER` })).body).toMatchObject({ code: 1 })
      expect((yield* api({ path: "/Production/Probe/Bulk/x/State" })).status).toBe(200)
    }).pipe(Effect.provide(probeLayer())))
})

describe("bodies and headers like the existing clients send them", () => {
  it.effect("chunked bodies arrive as the exact bytes", () =>
    Effect.gen(function*() {
      const text = `{"a": [1, 2,   3]}`
      const request = HttpClientRequest.post(`${ORIGIN}/Probe/chunked`).pipe(
        HttpClientRequest.setBody(HttpBody.stream(Stream.make(Signing.utf8(text.slice(0, 5)), Signing.utf8(text.slice(5))), "application/json")),
        HttpClientRequest.setHeader("transfer-encoding", "chunked")
      )
      expect((yield* send(request)).body).toEqual({ key: "chunked", bytes: text.length, body: text })
    }).pipe(Effect.provide(probeLayer())))

  it.effect("JSON Content-Type on GET and body-less POST with Content-Length 0", () =>
    Effect.gen(function*() {
      const token = (yield* issueToken()).session_token
      const get = yield* api({ path: "/CorpInfo", token, headers: { "content-type": "application/json;charset=utf-8" } })
      expect(get.status).toBe(200)
      const empty = HttpClientRequest.post(`${ORIGIN}/Probe/empty`).pipe(HttpClientRequest.setHeader("content-length", "0"))
      expect((yield* send(empty)).body).toEqual({ key: "empty", bytes: 0, body: "" })
    }).pipe(Effect.provide(probeLayer())))

  it.effect("answers are gzip-encoded when asked, errors included", () =>
    Effect.gen(function*() {
      const raw = yield* InProcess.makeClient({ decompress: false })
      const ok = yield* raw.execute(apiRequest({ path: `/Join?CorpNum=${MEMBER}&LID=TESTER`, headers: { "accept-encoding": "gzip,deflate" } })).pipe(
        Effect.flatMap((response) => Effect.map(response.arrayBuffer, (bytes) => ({ response, bytes }))),
        Effect.scoped
      )
      expect(ok.response.headers["content-encoding"]).toBe("gzip")
      expect(ok.response.headers["content-type"]).toBe("application/json;charset=utf-8")
      expect(JSON.parse(gunzipSync(new Uint8Array(ok.bytes)).toString("utf8"))).toMatchObject({ code: 1 })

      const error = yield* raw.execute(apiRequest({ path: "/Nowhere", headers: { "accept-encoding": "gzip" } })).pipe(
        Effect.flatMap((response) => Effect.map(response.arrayBuffer, (bytes) => ({ response, bytes }))),
        Effect.scoped
      )
      expect(error.response.status).toBe(404)
      expect(error.response.headers["content-encoding"]).toBe("gzip")
      expect(JSON.parse(gunzipSync(new Uint8Array(error.bytes)).toString("utf8"))).toMatchObject({ code: ErrorCodes.NotFoundPath.code })

      // The default in-process client decompresses like fetch.
      expect((yield* api({ path: "/Nowhere", headers: { "accept-encoding": "gzip" } })).body).toMatchObject({ code: ErrorCodes.NotFoundPath.code })
      const plain = yield* sendWith(raw, apiRequest({ path: "/Nowhere" }))
      expect(plain.headers["content-encoding"]).toBeUndefined()
    }).pipe(Effect.provide(probeLayer())))

  it.effect("messages in Korean by default, English with Accept-Language en-US", () =>
    Effect.gen(function*() {
      expect((yield* api({ path: "/CorpInfo" })).body).toEqual({ code: ErrorCodes.TokenMissing.code, message: ErrorCodes.TokenMissing.ko })
      expect((yield* api({ path: "/CorpInfo", headers: { "accept-language": "en-US" } })).body).toEqual({
        code: ErrorCodes.TokenMissing.code,
        message: ErrorCodes.TokenMissing.en
      })
      expect((yield* api({ path: "/CorpInfo", headers: { "accept-language": "ko-KR,en;q=0.5" } })).body).toMatchObject({ message: ErrorCodes.TokenMissing.ko })
    }).pipe(Effect.provide(probeLayer())))

  it.effect("the default language is configurable", () =>
    Effect.map(api({ path: "/CorpInfo" }), (answer) => expect(answer.body).toMatchObject({ message: ErrorCodes.TokenMissing.en }))
      .pipe(Effect.provide(sandboxLayer({ language: "en" }))))
})

describe("robustness: every failure is {code, message}", () => {
  it.effect("malformed JSON, wrong types, missing fields, missing headers", () =>
    Effect.gen(function*() {
      const token = (yield* issueToken()).session_token
      const cases = [
        { answer: yield* api({ method: "POST", path: "/CorpInfo", token, rawBody: "{not json" }), code: ErrorCodes.MalformedJson.code },
        { answer: yield* api({ method: "POST", path: "/CorpInfo", token, rawBody: new Uint8Array([0xff, 0xfe, 0x7b]) }), code: ErrorCodes.MalformedJson.code },
        { answer: yield* api({ method: "POST", path: "/CorpInfo", token, body: { ceoname: 1 } }), code: ErrorCodes.InvalidField.code },
        { answer: yield* api({ method: "POST", path: "/CorpInfo", token, body: [] }), code: ErrorCodes.InvalidField.code },
        { answer: yield* api({ method: "POST", path: "/CorpInfo", token, body: null }), code: ErrorCodes.InvalidField.code },
        { answer: yield* api({ method: "POST", path: "/CorpInfo", token }), code: ErrorCodes.InvalidRequest.code },
        { answer: yield* api({ method: "POST", path: "/Join", body: "text" }), code: ErrorCodes.InvalidField.code },
        { answer: yield* api({ method: "POST", path: "/SERVICE_TEST/Token" }), code: ErrorCodes.MalformedTokenRequest.code },
        { answer: yield* api({ path: "/" }), code: ErrorCodes.NotFoundPath.code },
        { answer: yield* api({ path: "/%E0%A4%A/%" }), code: ErrorCodes.NotFoundPath.code }
      ]
      for (const { answer, code } of cases) {
        expect(answer.status).toBeGreaterThanOrEqual(400)
        expect(answer.headers["content-type"]).toBe("application/json;charset=utf-8")
        expect(answer.body).toMatchObject({ code, message: expect.any(String) })
      }
      const field = yield* api({ method: "POST", path: "/CorpInfo", token, body: { ceoname: 1 }, headers: { "accept-language": "en" } })
      expect((field.body as { message: string }).message).toContain("ceoname")
    }).pipe(Effect.provide(probeLayer())))

  it.effect("a handler defect becomes a 500 {code, message}", () =>
    Effect.map(api({ path: "/Boom" }), (answer) => {
      expect(answer.status).toBe(500)
      expect(answer.body).toMatchObject({ code: ErrorCodes.InjectedFault.code })
    }).pipe(Effect.provide(sandboxLayer({
      routes: [implement(Operation.make({ ...probe, name: "Probe.Boom", sdk: "Probe.Boom", method: "GET", path: "/Boom" }), () => Effect.die(new Error("boom")))]
    }))))
})
