/**
 * The pages' forms in process: each action does what its admin route does (the clock, faults,
 * progressions, snapshots), answers 303 back to the page it came from, refuses a value the admin
 * route refuses (400, the reason on the page) and a form without the pages' form token (403) or
 * not sent as a form (415), changing nothing; and the admin rules with a token: the sign-in form,
 * the cookie opening the pages but not the JSON routes.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { pagesSession, refusal } from "../../../src/sandbox/admin/AdminGuard.js"
import { incomingOf } from "../../../src/sandbox/edge/HttpEdge.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import * as Sdk from "../../support/sdk.js"
import { formTokenOf, page, send, textOf } from "./support.js"

const seeded = { sandbox: { members: [{ corpNum: Sdk.MEMBER }] } }
const START = Date.UTC(2026, 10, 22, 1, 0, 0)

describe("the pages' forms", () => {
  it.effect("each action does what its admin route does and answers 303 back to its page", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const sandbox = yield* Sandbox
      const form = formTokenOf(yield* page())
      const go = (action: string, fields: Record<string, string>, back = "/_sandbox/ui/faults") => send(action, { form, back, ...fields })

      const advanced = yield* go("clock", { advance: "1", unit: "days" }, "/_sandbox/ui")
      expect(advanced.status).toBe(303)
      expect(advanced.headers["location"]).toBe("/_sandbox/ui")
      expect((yield* sandbox.clock).offset).toBe(86_400_000)
      yield* go("clock", { advance: "90", unit: "minutes" })
      expect((yield* sandbox.clock).offset).toBe(86_400_000 + 90 * 60_000)
      yield* go("clock", { set: "2026-12-01T09:30" })
      expect((yield* sandbox.clock).now).toBe(Date.UTC(2026, 11, 1, 0, 30, 0))
      yield* go("clock", { reset: "1" })
      expect((yield* sandbox.clock).offset).toBe(0)

      expect((yield* go("faults", { route: "Cashbill.GetInfo", kind: "truncate", latencyMillis: "250", probability: "0.5", count: "3" })).status).toBe(303)
      yield* go("faults", { route: "Cashbill.Issue", status: "503" })
      expect(yield* sandbox.faults).toEqual([
        { route: "Cashbill.GetInfo", kind: "truncate", latencyMillis: 250, probability: 0.5, count: 3 },
        { route: "Cashbill.Issue", status: 503, probability: 1 }
      ])
      yield* go("faults/remove", { route: "Cashbill.GetInfo" })
      expect((yield* sandbox.faults).map((f) => f.route)).toEqual(["Cashbill.Issue"])
      yield* go("faults/remove", {})
      expect(yield* sandbox.faults).toEqual([])

      yield* go("progressions", { kind: "taxinvoice.filing", policy: "AfterDuration", value: "60000" })
      yield* go("progressions", { kind: "cashbill.bulk", policy: "Immediate", value: "" })
      expect(yield* sandbox.progressions).toMatchObject({
        "taxinvoice.filing": { _tag: "AfterDuration", millis: 60_000 },
        "cashbill.bulk": { _tag: "Immediate" }
      })

      yield* go("snapshots", {}, "/_sandbox/ui/snapshots")
      const [kept] = yield* sandbox.keptSnapshots
      expect(kept!.id).toMatch(/^[0-9a-f]{32}$/)
      yield* sandbox.advanceClock(5_000)
      yield* go("snapshots/restore", { id: kept!.id })
      expect((yield* sandbox.clock).offset).toBe(0)
      yield* go("snapshots/forget", { id: kept!.id })
      expect(yield* sandbox.keptSnapshots).toEqual([])
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("a value the admin route refuses answers 400 with the reason and changes nothing; a form goes back only to a page of the pages", () =>
    Effect.gen(function*() {
      const sandbox = yield* Sandbox
      const form = formTokenOf(yield* page())
      const badCode = yield* send("faults", { form, route: "Cashbill.GetInfo", code: "-1" })
      expect(badCode.status).toBe(400)
      expect(textOf(badCode)).toContain("-1 is not in the catalogue")
      const badStatus = yield* send("faults", { form, route: "Cashbill.GetInfo", status: "404" })
      expect(badStatus.status).toBe(400)
      expect(yield* sandbox.faults).toEqual([])
      expect((yield* send("progressions", { form, kind: "cashbill.filing", policy: "AfterPolls", value: "0" })).status).toBe(400)
      expect((yield* send("progressions", { form, kind: "nothing", policy: "Immediate" })).status).toBe(400)
      expect((yield* send("clock", { form, set: "tomorrow" })).status).toBe(400)
      expect((yield* sandbox.clock).offset).toBe(0)
      expect((yield* send("snapshots/restore", { form, id: "0".repeat(32) })).status).toBe(404)
      expect((yield* send("nothing", { form })).status).toBe(404)
      for (const back of ["https://elsewhere.example/", "//elsewhere.example/x", "/_sandbox/clock", "/_sandbox/ui/../stats"]) {
        expect((yield* send("faults/remove", { form, back })).headers["location"]).toBe("/_sandbox/ui")
      }
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("a form without the pages' form token is refused (403), one not sent as a form too (415): nothing changes", () =>
    Effect.gen(function*() {
      const sandbox = yield* Sandbox
      const missing = yield* send("clock", { advance: "1", unit: "days" })
      expect(missing.status).toBe(403)
      expect(textOf(missing)).toContain("이 샌드박스의 페이지에서 온 것이 아닙니다")
      expect((yield* send("clock", { form: "0".repeat(32), advance: "1", unit: "days" })).status).toBe(403)
      const form = formTokenOf(yield* page())
      const json = yield* Effect.flatMap(Sandbox, (s) =>
        s.answer({
          incoming: {
            ...incomingOf("POST", "/_sandbox/ui/clock", { "content-type": "application/json" }, "127.0.0.1", "ko"),
            body: new TextEncoder().encode(JSON.stringify({ form, advance: "1", unit: "days" }))
          }
        }))
      expect(json.status).toBe(415)
      expect((yield* sandbox.clock).offset).toBe(0)
      // A form of the pages is no admin request: the JSON routes still refuse forms.
      const asForm = yield* Effect.flatMap(Sandbox, (s) =>
        s.answer({
          incoming: { ...incomingOf("POST", "/_sandbox/clock", { "content-type": "application/x-www-form-urlencoded" }, "127.0.0.1", "ko"), body: new TextEncoder().encode("advanceMillis=1") }
        }))
      expect(asForm.status).toBe(415)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("with an admin token: every page answers the sign-in form (401); the form sets a cookie that opens the pages, not the JSON routes", () =>
    Effect.gen(function*() {
      const sandbox = yield* Sandbox
      const access = { adminToken: "s3cret-admin-token" }
      const request = (method: string, path: string, headers: Record<string, string> = {}, body = "") =>
        Effect.map(
          sandbox.answer({ incoming: { ...incomingOf(method, path, headers, "127.0.0.1", "en"), body: new TextEncoder().encode(body) } }, access),
          (answer) => ({ status: answer.status, headers: answer.headers, text: new TextDecoder().decode(answer.body.bytes) })
        )
      const refused = yield* request("GET", "/_sandbox/ui/members")
      expect(refused.status).toBe(401)
      expect(refused.text).toContain(`name="back" value="/_sandbox/ui/members"`)
      expect(refused.text).not.toContain(Sdk.MEMBER)
      const form = /name="form" value="([0-9a-f]{32})"/.exec(refused.text)![1]!
      const formType = { "content-type": "application/x-www-form-urlencoded" }

      const wrong = yield* request("POST", "/_sandbox/ui/sign-in", formType, new URLSearchParams({ form, back: "/_sandbox/ui/members", token: "guess" }).toString())
      expect(wrong.status).toBe(401)
      expect(wrong.headers["set-cookie"]).toBeUndefined()
      const signedIn = yield* request("POST", "/_sandbox/ui/sign-in", formType, new URLSearchParams({ form, back: "/_sandbox/ui/members", token: access.adminToken }).toString())
      expect(signedIn.status).toBe(303)
      expect(signedIn.headers["location"]).toBe("/_sandbox/ui/members")
      const cookie = signedIn.headers["set-cookie"]!
      expect(cookie).toBe(`taxdoc_sandbox_admin=${pagesSession(access.adminToken)}; Path=/; HttpOnly; SameSite=Strict`)
      expect(cookie).not.toContain(access.adminToken)

      const session = { cookie: cookie.split(";")[0]! }
      expect((yield* request("GET", "/_sandbox/ui/members", session)).status).toBe(200)
      expect((yield* request("GET", "/production/_sandbox/ui", session)).status).toBe(200)
      expect((yield* request("GET", "/_sandbox/clock", session)).status).toBe(401)
      expect((yield* request("GET", "/_sandbox/ui", { cookie: `taxdoc_sandbox_admin=${access.adminToken}` })).status).toBe(401)
      // The bearer opens the pages too (a script of the user's).
      expect((yield* request("GET", "/_sandbox/ui", { authorization: `Bearer ${access.adminToken}` })).status).toBe(200)
      const out = yield* request("POST", "/_sandbox/ui/sign-out", { ...session, ...formType }, new URLSearchParams({ form }).toString())
      expect(out.headers["set-cookie"]).toContain("Max-Age=0")
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it("the guard judges the pages by the admin rules: the cookie counts for pages only, bodies are forms, another site is refused", () => {
    const token = "s3cret-admin-token"
    const cookie = `other=1; taxdoc_sandbox_admin=${pagesSession(token)}`
    const get = (headers: Record<string, string>) => ({ headers: { host: "127.0.0.1:8787", ...headers }, body: new Uint8Array(0) })
    const form = (headers: Record<string, string>) => ({
      headers: { host: "127.0.0.1:8787", "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new TextEncoder().encode("a=1")
    })
    expect(refusal({ adminToken: token }, get({ cookie }), "pages")).toBeUndefined()
    expect(refusal({ adminToken: token }, get({ cookie }), "admin")?.entry.code).toBe(-10000901)
    expect(refusal({ adminToken: token }, get({ cookie: "taxdoc_sandbox_admin=wrong" }), "pages")?.entry.code).toBe(-10000901)
    expect(refusal({ adminToken: token }, form({}), "signIn")).toBeUndefined()
    expect(refusal({}, form({ origin: "http://127.0.0.1:8787" }), "pages")).toBeUndefined()
    expect(refusal({}, form({ origin: "null" }), "pages")?.entry.code).toBe(-10000902)
    expect(refusal({}, form({ origin: "http://localhost:9000" }), "signIn")?.entry.code).toBe(-10000902)
    expect(refusal({}, form({ "sec-fetch-site": "cross-site" }), "pages")?.entry.code).toBe(-10000902)
    expect(refusal({ loopbackHostOnly: true }, form({ host: "evil.example:8787" }), "pages")?.entry.code).toBe(-10000902)
    expect(refusal({}, form({ "content-type": "text/plain" }), "pages")?.entry.code).toBe(-10000903)
    expect(refusal({}, form({}), "admin")?.entry.code).toBe(-10000903)
  })
})
