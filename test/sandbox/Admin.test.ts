import { describe, expect, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { TestClock } from "effect/testing"
import { ErrorCodes } from "../../src/core/ErrorCodes.js"
import * as Admin from "../../src/sandbox/admin/Admin.js"
import { memberPreference } from "../../src/sandbox/Preferences.js"
import * as Router from "../../src/sandbox/routing/Router.js"
import * as Sandbox from "../../src/sandbox/Sandbox.js"
import { api, codeOf, issueToken, MEMBER, sandboxLayer } from "./support.js"

const T0 = Date.UTC(2026, 10, 22, 4, 0, 0)
const OTHER = "4444444444"

describe("admin routes", () => {
  it.effect("clock: read, advance, set; the offset moves sandbox time only", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      expect((yield* api({ path: "/_sandbox/clock" })).body).toEqual({ now: T0, offset: 0 })
      expect((yield* api({ method: "POST", path: "/_sandbox/clock", body: { advanceMillis: 60_000 } })).body).toEqual({ now: T0 + 60_000, offset: 60_000 })
      const target = Date.UTC(2027, 0, 1)
      expect((yield* api({ method: "POST", path: "/_sandbox/clock", body: { set: target } })).body).toEqual({ now: target, offset: target - T0 })
      expect(codeOf(yield* api({ method: "POST", path: "/_sandbox/clock", body: { forward: 1 } }))).toBe(ErrorCodes.InvalidField.code)
      // X-SVC-Date is still judged against the base clock.
      expect((yield* issueToken()).userID).toBe(MEMBER)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("tokens/expire: one member's tokens with {corpNum}, every token of the environment with {}", () =>
    Effect.gen(function*() {
      const mine = [(yield* issueToken()).session_token, (yield* issueToken()).session_token]
      const other = (yield* issueToken({ corpNum: OTHER })).session_token
      const works = (token: string) => Effect.map(api({ path: "/CorpInfo", token }), (answer) => answer.status === 200)

      const one = yield* api({ method: "POST", path: "/_sandbox/tokens/expire", body: { corpNum: OTHER } })
      expect(one.status).toBe(200)
      expect(one.body).toEqual({ code: 1, message: "OK", expired: 1 })
      expect(codeOf(yield* api({ path: "/CorpInfo", token: other }))).toBe(ErrorCodes.TokenExpired.code)
      expect(yield* Effect.forEach(mine, works)).toEqual([true, true])

      // The production environment has its own tokens: none there.
      expect((yield* api({ method: "POST", path: "/production/_sandbox/tokens/expire", body: {} })).body).toMatchObject({ expired: 0 })
      expect(yield* Effect.forEach(mine, works)).toEqual([true, true])

      expect((yield* api({ method: "POST", path: "/_sandbox/tokens/expire", body: {} })).body).toEqual({ code: 1, message: "OK", expired: 2 })
      for (const token of mine) expect(codeOf(yield* api({ path: "/CorpInfo", token }))).toBe(ErrorCodes.TokenExpired.code)
      // Nothing left to expire; an empty body stands for {}.
      expect((yield* api({ method: "POST", path: "/_sandbox/tokens/expire" })).body).toMatchObject({ code: 1, expired: 0 })
      expect(yield* works((yield* issueToken()).session_token)).toBe(true)

      expect(codeOf(yield* api({ method: "POST", path: "/_sandbox/tokens/expire", body: { corpNum: "123" } }))).toBe(ErrorCodes.InvalidField.code)
      expect(codeOf(yield* api({ path: "/_sandbox/tokens/expire" }))).toBe(ErrorCodes.UnsupportedMethod.code)
      expect(codeOf(yield* api({ method: "POST", path: "/_sandbox/tokens" }))).toBe(ErrorCodes.NotFoundPath.code)
    }).pipe(Effect.provide(sandboxLayer({ members: [{ corpNum: MEMBER }, { corpNum: OTHER }] }))))

  it.effect("reset drops state and faults and brings back the seeded members", () =>
    Effect.gen(function*() {
      const token = (yield* issueToken()).session_token
      yield* api({ method: "POST", path: "/_sandbox/faults", body: { route: "Member.GetCorpInfo", code: ErrorCodes.InjectedFault.code } })
      yield* api({ method: "POST", path: "/_sandbox/clock", body: { advanceMillis: 1000 } })
      expect((yield* api({ method: "POST", path: "/_sandbox/reset" })).body).toMatchObject({ code: 1 })
      expect(codeOf(yield* api({ path: "/CorpInfo", token }))).toBe(ErrorCodes.TokenUnreadable.code)
      expect((yield* api({ path: "/_sandbox/clock" })).body).toMatchObject({ offset: 0 })
      expect((yield* api({ path: "/_sandbox/faults" })).body).toEqual([])
      const fresh = (yield* issueToken()).session_token
      expect((yield* api({ path: "/CorpInfo", token: fresh })).status).toBe(200)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("faults: an error code with probability 1, a 5xx status, then removed", () =>
    Effect.gen(function*() {
      const token = (yield* issueToken()).session_token
      yield* api({ method: "POST", path: "/_sandbox/faults", body: { route: "Member.GetCorpInfo", code: ErrorCodes.RateLimited.code, probability: 1 } })
      for (let i = 0; i < 3; i++) {
        const answer = yield* api({ path: "/CorpInfo", token })
        expect(answer.status).toBe(429)
        expect(codeOf(answer)).toBe(ErrorCodes.RateLimited.code)
      }
      yield* api({ method: "POST", path: "/_sandbox/faults", body: { route: "Member.GetCorpInfo", status: 503 } })
      const unavailable = yield* api({ path: "/CorpInfo", token })
      expect(unavailable.status).toBe(503)
      expect(codeOf(unavailable)).toBe(ErrorCodes.InjectedFault.code)
      expect((yield* api({ method: "DELETE", path: "/_sandbox/faults/Member.GetCorpInfo" })).body).toMatchObject({ code: 1 })
      expect((yield* api({ path: "/CorpInfo", token })).status).toBe(200)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("faults: probability 0 never fires; a fraction fires reproducibly for a seed", () =>
    Effect.gen(function*() {
      const token = (yield* issueToken()).session_token
      yield* api({ method: "POST", path: "/_sandbox/faults", body: { route: "Member.GetCorpInfo", status: 500, probability: 0 } })
      for (let i = 0; i < 20; i++) expect((yield* api({ path: "/CorpInfo", token })).status).toBe(200)
      const pattern = Effect.gen(function*() {
        yield* api({ method: "POST", path: "/_sandbox/reset" })
        const fresh = (yield* issueToken()).session_token
        yield* api({ method: "POST", path: "/_sandbox/faults", body: { route: "Member.GetCorpInfo", status: 500, probability: 0.5 } })
        const statuses: Array<number> = []
        for (let i = 0; i < 40; i++) statuses.push((yield* api({ path: "/CorpInfo", token: fresh })).status)
        return statuses
      })
      const first = yield* pattern
      expect(first).toContain(500)
      expect(first).toContain(200)
      expect(yield* pattern).toEqual(first)
    }).pipe(Effect.provide(sandboxLayer({ seed: 42 }))))

  it.effect("faults: unknown codes and out-of-range values are refused", () =>
    Effect.gen(function*() {
      expect(codeOf(yield* api({ method: "POST", path: "/_sandbox/faults", body: { route: "X", code: -1 } }))).toBe(ErrorCodes.InvalidField.code)
      expect(codeOf(yield* api({ method: "POST", path: "/_sandbox/faults", body: { route: "X", status: 404 } }))).toBe(ErrorCodes.InvalidField.code)
      expect(codeOf(yield* api({ method: "POST", path: "/_sandbox/faults", body: { route: "X", probability: 2 } }))).toBe(ErrorCodes.InvalidField.code)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("stats count calls per route and token issuances per member", () =>
    Effect.gen(function*() {
      const token = (yield* issueToken()).session_token
      yield* issueToken()
      yield* api({ path: "/CorpInfo", token })
      yield* api({ path: `/CloseDown?CN=${MEMBER}`, token })
      yield* api({ path: `/CloseDown?CN=${MEMBER}` })
      const stats = (yield* api({ path: "/_sandbox/stats" })).body
      expect(stats).toEqual({
        calls: { "Auth.Token": 2, "CompanyStatus.CheckCorpNum": 2, "Member.GetCorpInfo": 1 },
        tokensIssued: [{ environment: "test", linkId: "TESTER", corpNum: MEMBER, count: 2 }],
        totalTokens: 2
      })
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("progressions: set a policy per kind, refuse unknown kinds", () =>
    Effect.gen(function*() {
      const policy = { _tag: "AfterDuration", millis: 5000 }
      expect((yield* api({ method: "POST", path: "/_sandbox/progressions", body: { kind: "cashbill.bulk", policy } })).body).toMatchObject({ code: 1 })
      expect(((yield* api({ path: "/_sandbox/progressions" })).body as Record<string, unknown>)["cashbill.bulk"]).toEqual(policy)
      expect(codeOf(yield* api({ method: "POST", path: "/_sandbox/progressions", body: { kind: "nope", policy } }))).toBe(ErrorCodes.InvalidField.code)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("member preferences per environment, readable by handlers", () =>
    Effect.gen(function*() {
      const sandbox = yield* Sandbox.Sandbox
      const set = yield* api({ method: "POST", path: `/_sandbox/members/${MEMBER}/preferences`, body: { statementAutoApproval: true } })
      expect(set.body).toEqual({ statementAutoApproval: true })
      expect(yield* sandbox.memberPreference("test", MEMBER, "statementAutoApproval")).toBe(true)
      expect(yield* sandbox.use(memberPreference("test", MEMBER, "statementAutoApproval"))).toBe(true)
      expect(yield* sandbox.memberPreference("production", MEMBER, "statementAutoApproval")).toBeUndefined()
      yield* api({ method: "POST", path: `/production/_sandbox/members/${MEMBER}/preferences`, body: { statementAutoApproval: false } })
      expect(yield* sandbox.memberPreference("production", MEMBER, "statementAutoApproval")).toBe(false)
      expect((yield* api({ path: `/_sandbox/members/${MEMBER}/preferences` })).body).toEqual({ statementAutoApproval: true })
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("seeding a member over HTTP and as an Effect", () =>
    Effect.gen(function*() {
      const sandbox = yield* Sandbox.Sandbox
      expect((yield* api({ method: "POST", path: "/_sandbox/members", body: { corpNum: "4444444444" } })).body).toMatchObject({ code: 1 })
      expect((yield* issueToken({ corpNum: "4444444444" })).userID).toBe("4444444444")
      const again = yield* Effect.result(sandbox.addMember({ corpNum: "4444444444" }))
      expect(Result.isFailure(again) && again.failure.entry.code).toBe(ErrorCodes.AlreadyMember.code)
      yield* sandbox.addMember({ corpNum: "5555555553", environments: ["production"] })
      expect((yield* issueToken({ corpNum: "5555555553", serviceId: "SERVICE" })).serviceID).toBe("SERVICE")
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("unknown admin paths and methods", () =>
    Effect.gen(function*() {
      const unknown = yield* api({ path: "/_sandbox/nothing" })
      expect(unknown.status).toBe(404)
      expect(codeOf(unknown)).toBe(ErrorCodes.NotFoundPath.code)
      expect(codeOf(yield* api({ path: "/_sandbox/reset" }))).toBe(ErrorCodes.UnsupportedMethod.code)
    }).pipe(Effect.provide(sandboxLayer())))

  it("are one table of the kernel's router: no two routes could match one request, and each is found by its own path and method", () => {
    const table = Router.compile(Admin.adminRoutes)
    for (const route of Admin.adminRoutes) {
      const path = route.operation.path.replace(/\{(\w+)\}/g, "x$1")
      const found = Router.match(table, { method: route.operation.method, path, override: undefined, query: new URLSearchParams(), contentType: undefined })
      expect(found._tag === "Matched" && found.route, `${route.operation.method} ${path}`).toBe(route)
    }
    expect(Admin.adminRoutes.filter((route) => route.public).map((route) => `${route.operation.method} ${route.operation.path}`)).toEqual(["GET /openapi.json"])
  })

  it.effect("the guard runs before routing except on the public route: a cross-site request is refused even on an unknown path", () =>
    Effect.gen(function*() {
      const evil = { origin: "http://evil.example" }
      expect(codeOf(yield* api({ path: "/_sandbox/nothing", headers: evil }))).toBe(ErrorCodes.AdminCrossOrigin.code)
      expect(codeOf(yield* api({ path: "/_sandbox/clock", headers: evil }))).toBe(ErrorCodes.AdminCrossOrigin.code)
      const described = yield* api({ path: "/_sandbox/openapi.json", headers: evil })
      expect(described.status).toBe(200)
      expect(described.body).toMatchObject({ openapi: expect.stringMatching(/^3\.1/) })
    }).pipe(Effect.provide(sandboxLayer())))
})
