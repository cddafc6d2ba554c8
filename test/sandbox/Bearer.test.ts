import { describe, expect, it } from "@effect/vitest"
import { Clock, Duration, Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { ErrorCodes } from "../../src/core/ErrorCodes.js"
import * as InProcess from "../../src/sandbox/InProcess.js"
import { tester } from "../../src/sandbox/Partners.js"
import * as Sandbox from "../../src/sandbox/Sandbox.js"
import { api, apiRequest, codeOf, issueToken, MEMBER, sandboxLayer, sendWith, tokenRequest } from "./support.js"

const closeDown = (token: string) => api({ path: `/CloseDown?CN=${MEMBER}`, token })

describe("bearer checks", () => {
  it.effect("a token works until its expiration on the caller's TestClock, then TokenExpired", () =>
    Effect.gen(function*() {
      const token = yield* issueToken()
      yield* TestClock.adjust(Duration.minutes(29))
      expect((yield* closeDown(token.session_token)).status).toBe(200)
      yield* TestClock.adjust(Duration.minutes(1))
      const expired = yield* closeDown(token.session_token)
      expect(expired.status).toBe(401)
      expect(codeOf(expired)).toBe(ErrorCodes.TokenExpired.code)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("moving the sandbox clock (document time) neither expires tokens nor makes X-SVC-Date stale", () =>
    Effect.gen(function*() {
      const sandbox = yield* Sandbox.Sandbox
      const issuedAt = yield* Clock.currentTimeMillis
      const token = yield* issueToken()
      yield* sandbox.advanceClock(31 * 60 * 1000)
      expect((yield* closeDown(token.session_token)).status).toBe(200)
      const fresh = yield* issueToken()
      expect((yield* closeDown(fresh.session_token)).status).toBe(200)
      // Both expirations are on the base clock: 30 minutes after issuance, whatever the offset.
      expect(Date.parse(token.expiration)).toBe(issuedAt + 30 * 60 * 1000)
      expect(Date.parse(fresh.expiration)).toBe(issuedAt + 30 * 60 * 1000)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("a token expired by the admin route is refused as TokenExpired, like one whose time ran out", () =>
    Effect.gen(function*() {
      const sandbox = yield* Sandbox.Sandbox
      const token = yield* issueToken()
      expect(yield* sandbox.expireTokens("test")).toBe(1)
      const refused = yield* closeDown(token.session_token)
      expect(refused.status).toBe(401)
      expect(codeOf(refused)).toBe(ErrorCodes.TokenExpired.code)
      // Already expired: a second call has nothing left to expire.
      expect(yield* sandbox.expireTokens("test")).toBe(0)
      expect((yield* closeDown((yield* issueToken()).session_token)).status).toBe(200)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("a token bound to the requester's IP is refused from another IP; * and a forwarded IP are honoured", () =>
    Effect.gen(function*() {
      const office = yield* InProcess.makeClient({ remoteAddress: "10.0.0.1" })
      const cloud = yield* InProcess.makeClient({ remoteAddress: "10.0.0.2" })
      const issueFrom = (forwarded?: string) =>
        Effect.flatMap(tokenRequest(forwarded === undefined ? {} : { forwarded }), (request) => sendWith(office, request)).pipe(
          Effect.map((answer) => (answer.body as { session_token: string }).session_token)
        )
      const call = (token: string) => sendWith(cloud, apiRequest({ path: `/CloseDown?CN=${MEMBER}`, token }))

      const bound = yield* issueFrom()
      expect((yield* sendWith(office, apiRequest({ path: `/CloseDown?CN=${MEMBER}`, token: bound }))).status).toBe(200)
      const mismatch = yield* call(bound)
      expect(mismatch.status).toBe(403)
      expect(codeOf(mismatch)).toBe(ErrorCodes.TokenIpMismatch.code)

      expect((yield* call(yield* issueFrom("*"))).status).toBe(200)
      expect((yield* call(yield* issueFrom("10.0.0.2"))).status).toBe(200)
    }).pipe(Effect.provide(Sandbox.layer({ partners: [tester], members: [{ corpNum: MEMBER }] }))))

  it.effect("a scope the token does not grant is refused", () =>
    Effect.gen(function*() {
      const token = yield* issueToken({ scopes: ["member", "140"] })
      const answer = yield* closeDown(token.session_token)
      expect(answer.status).toBe(403)
      expect(codeOf(answer)).toBe(ErrorCodes.ScopeNotGranted.code)
      expect((yield* api({ path: "/CorpInfo", token: token.session_token })).status).toBe(200)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("no token, an unknown token and a non-bearer Authorization", () =>
    Effect.gen(function*() {
      const missing = yield* api({ path: "/CorpInfo" })
      expect(missing.status).toBe(401)
      expect(codeOf(missing)).toBe(ErrorCodes.TokenMissing.code)
      const unknown = yield* api({ path: "/CorpInfo", token: "not-a-token" })
      expect(codeOf(unknown)).toBe(ErrorCodes.TokenUnreadable.code)
      const basic = yield* api({ path: "/CorpInfo", headers: { authorization: "Basic dXNlcjpwYXNz" } })
      expect(basic.status).toBe(401)
      expect(codeOf(basic)).toBe(ErrorCodes.TokenUnreadable.code)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("a production token on the test API and a test token on the production API are unreadable", () =>
    Effect.gen(function*() {
      const production = yield* issueToken({ serviceId: "SERVICE" })
      const test = yield* issueToken()
      const onTest = yield* api({ path: "/CorpInfo", token: production.session_token })
      expect(onTest.status).toBe(401)
      expect(codeOf(onTest)).toBe(ErrorCodes.TokenUnreadable.code)
      expect(codeOf(yield* api({ path: "/production/CorpInfo", token: test.session_token }))).toBe(ErrorCodes.TokenUnreadable.code)
      expect((yield* api({ path: "/production/CorpInfo", token: production.session_token })).status).toBe(200)
    }).pipe(Effect.provide(sandboxLayer({ members: [{ corpNum: MEMBER, environments: ["test", "production"] }] }))))
})

describe("in-process client", () => {
  it.effect("runs the sandbox in the caller's fiber: an injected latency waits on the caller's TestClock", () =>
    Effect.gen(function*() {
      const sandbox = yield* Sandbox.Sandbox
      const token = yield* issueToken()
      yield* sandbox.setFault({ route: "CompanyStatus.CheckCorpNum", latencyMillis: 10_000, probability: 1 })
      const fiber = yield* Effect.forkChild(closeDown(token.session_token))
      yield* TestClock.adjust(Duration.seconds(9))
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust(Duration.seconds(1))
      expect((yield* Fiber.join(fiber)).status).toBe(200)
    }).pipe(Effect.provide(sandboxLayer())))
})
