import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { ErrorCodes, type ErrorCodeName } from "../../../src/core/ErrorCodes.js"
import * as Kst from "../../../src/core/Kst.js"
import { type Answer, api, codeOf, issueToken, MANAGER_ID, MEMBER, sandboxLayer } from "../support.js"

const NEW_MEMBER = "3333333336"

const joinBody = (overrides: Record<string, unknown> = {}) => ({
  ID: "newmanager",
  Password: "secret12!",
  LinkID: "TESTER",
  CorpNum: NEW_MEMBER,
  CEOName: "대표자",
  CorpName: "신규 상사",
  Addr: "부산광역시",
  BizType: "도소매",
  BizClass: "전자상거래",
  ContactName: "담당자",
  ContactEmail: "manager@example.com",
  ContactTEL: "051-000-0000",
  ...overrides
})

const expectCode = (answer: Answer, name: ErrorCodeName) => {
  expect(answer.body).toMatchObject({ code: ErrorCodes[name].code })
  expect(answer.status).toBe(ErrorCodes[name].status)
}

const T0 = Date.UTC(2026, 10, 22, 1, 2, 3)

describe("member lifecycle", () => {
  it.effect("join, check, corp info, contacts, manager rules, quit, re-join", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      expect((yield* api({ path: `/Join?CorpNum=${NEW_MEMBER}&LID=TESTER` })).body).toMatchObject({ code: 0 })
      expect((yield* api({ path: "/IDCheck?ID=newmanager" })).body).toMatchObject({ code: 0 })

      const joined = yield* api({ method: "POST", path: "/Join", body: joinBody() })
      expect(joined).toMatchObject({ status: 200, body: { code: 1 } })
      expect((yield* api({ path: `/Join?CorpNum=${NEW_MEMBER}&LID=TESTER` })).body).toMatchObject({ code: 1 })
      expect((yield* api({ path: `/Join?CorpNum=${NEW_MEMBER}&LID=OTHER` })).body).toMatchObject({ code: 0 })
      expect((yield* api({ path: "/IDCheck?ID=newmanager" })).body).toMatchObject({ code: 1 })
      expectCode(yield* api({ method: "POST", path: "/Join", body: joinBody({ ID: "another1" }) }), "AlreadyMember")

      const token = (yield* issueToken({ corpNum: NEW_MEMBER, scopes: ["member"] })).session_token
      expect((yield* api({ path: "/CorpInfo", token })).body).toEqual({
        ceoname: "대표자",
        corpName: "신규 상사",
        addr: "부산광역시",
        bizType: "도소매",
        bizClass: "전자상거래"
      })
      const info = { ceoname: "새대표", corpName: "새 상호", addr: "대구", bizType: "제조", bizClass: "부품" }
      expect((yield* api({ method: "POST", path: "/CorpInfo", token, body: info })).body).toMatchObject({ code: 1 })
      expect((yield* api({ path: "/CorpInfo", token })).body).toEqual(info)
      expectCode(yield* api({ method: "POST", path: "/CorpInfo", token, body: { ...info, addr: "" } }), "InvalidField")

      const manager = yield* api({ method: "POST", path: "/Contact", token, body: { id: "newmanager" } })
      expect(manager.body).toEqual({
        id: "newmanager",
        personName: "담당자",
        tel: "051-000-0000",
        email: "manager@example.com",
        regDT: Kst.toDateTime14(T0),
        searchRole: 3,
        mgrYN: true,
        state: 1
      })

      const contact = { id: "clerk01", password: "clerkpw1#", personName: "직원", tel: "010-1111-2222", email: "clerk@example.com" }
      expect((yield* api({ method: "POST", path: "/IDs/New", token, body: contact })).body).toMatchObject({ code: 1 })
      expectCode(yield* api({ method: "POST", path: "/IDs/New", token, body: contact }), "IdInUse")
      expectCode(yield* api({ method: "POST", path: "/IDs/New", token, body: { ...contact, id: "short" } }), "IdLength")
      expectCode(yield* api({ method: "POST", path: "/IDs/New", token, body: { ...contact, id: "bad id!" } }), "InvalidId")
      expectCode(yield* api({ method: "POST", path: "/IDs/New", token, body: { ...contact, id: "clerk02", password: "onlyletters" } }), "InvalidPassword")
      expectCode(yield* api({ method: "POST", path: "/IDs/New", token, body: { ...contact, id: "clerk02", searchRole: 4 } }), "InvalidField")

      const listed = (yield* api({ path: "/IDs", token })).body as ReadonlyArray<{ id: string; searchRole: number; mgrYN: boolean }>
      expect(listed.map((c) => [c.id, c.searchRole, c.mgrYN])).toEqual([["newmanager", 3, true], ["clerk01", 3, false]])

      const update = { id: "clerk01", personName: "직원2", tel: "010-3333-4444", email: "clerk2@example.com", searchRole: 1 }
      expect((yield* api({ method: "POST", path: "/IDs", token, body: update })).body).toMatchObject({ code: 1 })
      expect((yield* api({ method: "POST", path: "/Contact", token, body: { id: "clerk01" } })).body).toMatchObject({
        personName: "직원2",
        searchRole: 1,
        mgrYN: false
      })
      expectCode(yield* api({ method: "POST", path: "/IDs", token, body: { ...update, id: "nobody1" } }), "ContactNotFound")
      expectCode(yield* api({ method: "POST", path: "/Contact", token, body: { id: "nobody1" } }), "ContactNotFound")

      expectCode(yield* api({ method: "POST", path: "/Contact/Delete?ContactID=clerk01", token }), "NotManager")
      expectCode(
        yield* api({ method: "POST", path: "/Contact/Delete?ContactID=clerk01", token, headers: { "x-svc-userid": "clerk01" } }),
        "NotManager"
      )
      const asManager = { "x-svc-userid": "newmanager" }
      expectCode(yield* api({ method: "POST", path: "/Contact/Delete?ContactID=newmanager", token, headers: asManager }), "ManagerUndeletable")
      expectCode(yield* api({ method: "POST", path: "/Contact/Delete?ContactID=nobody1", token, headers: asManager }), "ContactNotFound")
      expect((yield* api({ method: "POST", path: "/Contact/Delete?ContactID=clerk01", token, headers: asManager })).body).toMatchObject({ code: 1 })
      expect((yield* api({ path: "/IDCheck?ID=clerk01" })).body).toMatchObject({ code: 0 })

      expectCode(yield* api({ method: "POST", path: "/QuitRequest", token, body: {} }), "InvalidField")
      expect((yield* api({ method: "POST", path: "/QuitRequest", token, body: { quitReason: "폐업" } })).body).toMatchObject({ code: 1 })
      expectCode(yield* api({ path: "/CorpInfo", token }), "TokenUnreadable")
      expect((yield* api({ path: `/Join?CorpNum=${NEW_MEMBER}&LID=TESTER` })).body).toMatchObject({ code: 0 })
      expect((yield* api({ path: "/IDCheck?ID=newmanager" })).body).toMatchObject({ code: 0 })

      // The same number and ID may join again at once.
      expect((yield* api({ method: "POST", path: "/Join", body: joinBody() })).body).toMatchObject({ code: 1 })
      const again = (yield* issueToken({ corpNum: NEW_MEMBER, scopes: ["member"] })).session_token
      expect((yield* api({ path: "/IDs", token: again })).body).toHaveLength(1)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("JoinMember refuses with the service's ID and password codes, and names other broken fields", () =>
    Effect.gen(function*() {
      const join = (overrides: Record<string, unknown>) => api({ method: "POST", path: "/Join", body: joinBody(overrides) })
      expectCode(yield* join({ ID: "abc" }), "IdLength")
      expectCode(yield* join({ ID: "x".repeat(51) }), "IdLength")
      expectCode(yield* join({ ID: "한글아이디입니다" }), "InvalidId")
      expectCode(yield* join({ Password: "short1!" }), "InvalidPassword")
      expectCode(yield* join({ Password: "nospecial123" }), "InvalidPassword")
      expectCode(yield* join({ Password: "with space1!" }), "InvalidPassword")
      expectCode(yield* join({ ID: MANAGER_ID }), "IdInUse")
      const badNumber = yield* join({ CorpNum: "123-45-67890" })
      expectCode(badNumber, "InvalidField")
      expect((badNumber.body as { message: string }).message).toContain("CorpNum")
      expectCode(yield* join({ CEOName: "" }), "InvalidField")
      expectCode(yield* join({ ContactTEL: "0".repeat(21) }), "InvalidField")
      const missing = joinBody()
      delete (missing as Record<string, unknown>)["BizClass"]
      expectCode(yield* api({ method: "POST", path: "/Join", body: missing }), "InvalidField")
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("members are isolated: contacts and corp info of one are not visible to another", () =>
    Effect.gen(function*() {
      yield* api({ method: "POST", path: "/Join", body: joinBody() })
      const mine = (yield* issueToken({ scopes: ["member"] })).session_token
      const theirs = (yield* issueToken({ corpNum: NEW_MEMBER, scopes: ["member"] })).session_token
      expectCode(yield* api({ method: "POST", path: "/Contact", token: mine, body: { id: "newmanager" } }), "ContactNotFound")
      const asManager = { "x-svc-userid": MANAGER_ID }
      expectCode(yield* api({ method: "POST", path: "/Contact/Delete?ContactID=newmanager", token: mine, headers: asManager }), "ContactNotFound")
      expect(((yield* api({ path: "/CorpInfo", token: theirs })).body as { corpName: string }).corpName).toBe("신규 상사")
      expect(((yield* api({ path: "/CorpInfo", token: mine })).body as { corpName: string }).corpName).toContain(MEMBER)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("test and production keep separate members", () =>
    Effect.gen(function*() {
      expect((yield* api({ method: "POST", path: "/production/Join", body: joinBody() })).body).toMatchObject({ code: 1 })
      expect((yield* api({ path: `/production/Join?CorpNum=${NEW_MEMBER}&LID=TESTER` })).body).toMatchObject({ code: 1 })
      expect((yield* api({ path: `/Join?CorpNum=${NEW_MEMBER}&LID=TESTER` })).body).toMatchObject({ code: 0 })
      expect((yield* api({ path: "/IDCheck?ID=newmanager" })).body).toMatchObject({ code: 0 })
      const production = yield* issueToken({ serviceId: "SERVICE", corpNum: NEW_MEMBER })
      expect(production.serviceID).toBe("SERVICE")
      expect((yield* api({ path: "/production/IDs", token: production.session_token })).body).toHaveLength(1)
      // Joining the test environment with the same number is still possible.
      expect((yield* api({ method: "POST", path: "/Join", body: joinBody() })).body).toMatchObject({ code: 1 })
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("CheckIsMember and CheckID answer in English with Accept-Language en-US; missing queries are InvalidField", () =>
    Effect.gen(function*() {
      const english = { "accept-language": "en-US" }
      expect((yield* api({ path: `/Join?CorpNum=${MEMBER}&LID=TESTER`, headers: english })).body).toEqual({ code: 1, message: "Registered" })
      expect((yield* api({ path: "/IDCheck?ID=whoever", headers: english })).body).toEqual({ code: 0, message: "The ID is available" })
      expectCode(yield* api({ path: "/Join?LID=TESTER" }), "InvalidField")
      expectCode(yield* api({ path: "/IDCheck" }), "InvalidField")
    }).pipe(Effect.provide(sandboxLayer())))
})

describe("member operations need the member scope", () => {
  it.effect("every token carries member, so a company-status token may read its corp info", () =>
    Effect.gen(function*() {
      const token = (yield* issueToken({ scopes: ["170"] })).session_token
      const answer = yield* api({ path: "/CorpInfo", token })
      expect(answer.status).toBe(200)
      expect(codeOf(yield* api({ method: "POST", path: "/QuitRequest", token, body: { quitReason: "x" } }))).toBe(1)
    }).pipe(Effect.provide(sandboxLayer())))
})
