import { HttpClientRequest } from "effect/http"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { ErrorCodes, type ErrorCodeName } from "../../src/core/ErrorCodes.js"
import * as Signing from "../../src/core/Signing.js"
import * as InProcess from "../../src/sandbox/InProcess.js"
import { tester } from "../../src/sandbox/Partners.js"
import { vectors } from "../vectors.js"
import { type Answer, issueToken, MEMBER, ORIGIN, sandboxLayer, send, tokenBody, tokenRequest } from "./support.js"

const expectRefused = (answer: Answer, name: ErrorCodeName) => {
  expect(answer.body).toMatchObject({ code: ErrorCodes[name].code })
  expect(answer.status).toBe(ErrorCodes[name].status)
}

const T0 = Date.UTC(2026, 10, 22, 4, 16, 15)

describe("token issuance: the known-answer vectors", () => {
  for (const v of vectors.token) {
    const environment = v.serviceId === "SERVICE" ? "production" : "test"
    const corpNum = (JSON.parse(v.requestBody) as { access_id: string }).access_id
    it.effect(`${v.linkId} ${v.serviceId} forwarded=${String(v.xSvcForwarded)}`, () =>
      Effect.gen(function*() {
        yield* TestClock.setTime(Signing.parseSvcDate(v.xSvcDate)!)
        // Header values are Latin-1 on the wire: a UTF-8 LinkID travels as its bytes.
        const authorization = Buffer.from(v.authorization, "utf8").toString("latin1")
        const request = HttpClientRequest.post(`${ORIGIN}/${v.serviceId}/Token`).pipe(
          HttpClientRequest.setHeaders({
            authorization,
            "x-svc-date": v.xSvcDate,
            "x-svc-version": v.xSvcVersion,
            ...(v.xSvcForwarded === null ? {} : { "x-svc-forwarded": v.xSvcForwarded })
          }),
          HttpClientRequest.bodyUint8Array(Signing.utf8(v.requestBody), "application/json")
        )
        const answer = yield* send(request)
        expect(answer.status).toBe(200)
        expect(answer.body).toMatchObject({
          serviceID: v.serviceId,
          linkID: v.linkId,
          userID: corpNum,
          ipaddress: v.xSvcForwarded ?? "127.0.0.1",
          scope: JSON.parse(v.requestBody).scope
        })
      }).pipe(Effect.provide(InProcess.layer({
        partners: [{ linkId: v.linkId, secretKey: v.secretKey }],
        members: [{ corpNum, linkId: v.linkId, environments: [environment] }]
      }))))
  }
})

describe("token issuance: accepted variants", () => {
  it.effect("answers the access token record: 30 minutes, with milliseconds, scope with member, caller's IP", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0 + 123)
      const token = yield* issueToken({ scopes: ["170"] })
      expect(token.session_token.length).toBeGreaterThan(20)
      expect(token.expiration).toBe("2026-11-22T04:46:15.123Z")
      expect(token.scope).toEqual(["member", "170"])
      expect(token.ipaddress).toBe("127.0.0.1")
      expect(token.userID).toBe(MEMBER)
      expect(token.serviceID).toBe("SERVICE_TEST")
      expect(token.partnerCode).toMatch(/^\d{6}$/)
      expect(token.usercode).not.toBe("")
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("bodies compact or with spaces, signed over the exact bytes", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      const bodies = [
        tokenBody(MEMBER, ["member", "170"]),
        `{"access_id": "${MEMBER}", "scope": ["member", "170"]}`,
        `{ "access_id" : "${MEMBER}" , "scope" : [ "member" , "140" ] }`,
        `{\n  "access_id": "${MEMBER}",\n  "scope": ["member"]\n}`
      ]
      for (const body of bodies) {
        const token = yield* issueToken({ body })
        expect(token.userID).toBe(MEMBER)
      }
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("Content-Type in any casing and with a charset", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      for (const contentType of ["application/json", "Application/json", "application/json; charset=utf8", "APPLICATION/JSON;charset=UTF-8"]) {
        const answer = yield* Effect.flatMap(tokenRequest({ contentType }), send)
        expect(answer.status).toBe(200)
      }
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("X-SVC-Date with or without milliseconds, up to 5 minutes either way", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      for (const date of ["2026-11-22T04:16:15Z", "2026-11-22T04:16:15.374Z", "2026-11-22T04:21:15Z", "2026-11-22T04:11:15.000Z"]) {
        const answer = yield* Effect.flatMap(tokenRequest({ date }), send)
        expect(answer.status).toBe(200)
      }
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("X-SVC-Forwarded * and an IP are signed and become the token's ipaddress", () =>
    Effect.gen(function*() {
      expect((yield* issueToken({ forwarded: "*" })).ipaddress).toBe("*")
      expect((yield* issueToken({ forwarded: "203.0.113.7" })).ipaddress).toBe("203.0.113.7")
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("the token path in any case, signed as sent", () =>
    Effect.gen(function*() {
      const token = yield* issueToken({ path: "/service_test/token" })
      expect(token.serviceID).toBe("SERVICE_TEST")
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("production tokens from /SERVICE/Token for production members", () =>
    Effect.gen(function*() {
      const token = yield* issueToken({ serviceId: "SERVICE" })
      expect(token.serviceID).toBe("SERVICE")
    }).pipe(Effect.provide(sandboxLayer({ members: [{ corpNum: MEMBER, environments: ["test", "production"] }] }))))
})

describe("token issuance: refusals", () => {
  const refused = (name: ErrorCodeName, options: Parameters<typeof tokenRequest>[0]) =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      expectRefused(yield* Effect.flatMap(tokenRequest(options), send), name)
    }).pipe(Effect.provide(sandboxLayer()))

  it.effect("a signature made with another secret", () => refused("SignatureMismatch", { secret: Buffer.alloc(32, 7).toString("base64") }))
  it.effect("one tampered body byte", () =>
    refused("SignatureMismatch", { signedBody: tokenBody(MEMBER, ["member", "170"]), body: tokenBody(MEMBER, ["member", "171"]) }))
  it.effect("a body re-serialised after signing", () =>
    refused("SignatureMismatch", { signedBody: tokenBody(MEMBER, ["member"]), body: `{"access_id": "${MEMBER}", "scope": ["member"]}` }))
  it.effect("X-SVC-Forwarded sent but not signed", () => refused("SignatureMismatch", { forwarded: "*", signedForwarded: "10.0.0.1" }))
  it.effect("an unknown LinkID", () => refused("UnknownLinkId", { linkId: "NOBODY" }))
  it.effect("a date 6 minutes late", () => refused("StaleDate", { date: "2026-11-22T04:22:15Z" }))
  it.effect("a date 6 minutes early", () => refused("StaleDate", { date: "2026-11-22T04:10:15Z" }))
  it.effect("a malformed date", () => refused("StaleDate", { date: "2026-11-22 04:16:15" }))
  it.effect("a number that is not a member", () => refused("MemberNotRegistered", { corpNum: "1111111119" }))
  it.effect("an unknown scope", () => refused("InvalidScope", { scopes: ["member", "999"] }))
  it.effect("no Content-Type", () => refused("MalformedTokenRequest", { contentType: null }))
  it.effect("a text Content-Type", () => refused("MalformedTokenRequest", { contentType: "text/plain" }))
  it.effect("another X-SVC-Version", () => refused("MalformedTokenRequest", { version: "1.0" }))
  it.effect("a body that is not JSON", () => refused("MalformedTokenRequest", { body: "access_id=1234567891" }))
  it.effect("scope that is not an array", () => refused("MalformedTokenRequest", { body: `{"access_id":"${MEMBER}","scope":"member"}` }))
  it.effect("no Authorization", () => refused("MalformedTokenRequest", { headers: { authorization: "" } }))

  it.effect("the member of another partner", () =>
    Effect.gen(function*() {
      expectRefused(yield* Effect.flatMap(tokenRequest({ corpNum: "3333333336" }), send), "MemberNotRegistered")
    }).pipe(Effect.provide(sandboxLayer({
      partners: [tester, "OTHER:" + Buffer.alloc(32, 1).toString("base64")],
      members: [{ corpNum: MEMBER }, { corpNum: "3333333336", linkId: "OTHER" }]
    }))))

  it.effect("a test member asking for a production token", () =>
    Effect.gen(function*() {
      expectRefused(yield* Effect.flatMap(tokenRequest({ serviceId: "SERVICE" }), send), "MemberNotRegistered")
    }).pipe(Effect.provide(sandboxLayer())))
})
