import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { ErrorCodes } from "../../../src/core/ErrorCodes.js"
import { TaxdocClient } from "../../../src/core/Client.js"
import { Tokens } from "../../../src/core/Tokens.js"
import { Member } from "../../../src/domains/member/Member.js"
import * as Operation from "../../../src/core/Operation.js"
import * as CashbillOperations from "../../../src/domains/cashbill/Operations.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import * as Sdk from "../../support/sdk.js"

const CORP = Sdk.MEMBER
const contact = { id: "clerk0001", password: "clerk12!pw", personName: "이직원", tel: "010-1111-2222", email: "clerk@example.com" }

const calls = Effect.map(Effect.flatMap(Sandbox, (s) => s.stats), (stats) => Object.values(stats.calls).reduce((a, b) => a + b, 0))

describe("Member, end to end through the in-process sandbox", () => {
  it.effect("signs up, manages company information and contacts, quits and re-joins", () =>
    Effect.gen(function*() {
      const member = yield* Member
      expect(yield* member.checkIsMember(CORP)).toBe(false)
      expect(yield* member.checkId(`user${CORP}`)).toBe(false)
      const joined = yield* member.join(Sdk.joinInput(CORP))
      expect(joined.code).toBe(1)
      expect(yield* member.checkIsMember(CORP)).toBe(true)
      expect(yield* member.checkId(`user${CORP}`)).toBe(true)

      const info = yield* member.getCorpInfo(CORP)
      expect(info.corpName).toBe("테스트상사")
      yield* member.updateCorpInfo(CORP, { ceoname: "성춘향", corpName: "새상호", addr: "부산", bizType: "제조", bizClass: "전자" })
      expect((yield* member.getCorpInfo(CORP)).ceoname).toBe("성춘향")

      yield* member.registContact(CORP, contact)
      const listed = yield* member.listContact(CORP)
      expect(listed.map((c) => c.id).sort()).toEqual(["clerk0001", `user${CORP}`].sort())
      const clerk = yield* member.getContactInfo(CORP, "clerk0001")
      expect(clerk).toMatchObject({ personName: "이직원", searchRole: 3, mgrYN: false, state: 1 })
      yield* member.updateContact(CORP, { id: "clerk0001", personName: "이대리", tel: "010-3333-4444", email: "d@example.com", searchRole: 1 })
      expect((yield* member.getContactInfo(CORP, "clerk0001")).searchRole).toBe(1)

      const notManager = yield* Effect.flip(member.deleteContact(CORP, `user${CORP}`, "clerk0001"))
      expect(notManager).toMatchObject({ _tag: "ApiError", code: ErrorCodes.NotManager.code })
      const manager = yield* Effect.flip(member.deleteContact(CORP, `user${CORP}`, `user${CORP}`))
      expect(manager).toMatchObject({ _tag: "ApiError", code: ErrorCodes.ManagerUndeletable.code })
      yield* member.deleteContact(CORP, "clerk0001", `user${CORP}`)
      const gone = yield* Effect.flip(member.getContactInfo(CORP, "clerk0001"))
      expect(gone).toMatchObject({ _tag: "ApiError", code: ErrorCodes.ContactNotFound.code })

      const tokens = yield* Tokens
      const before = (yield* tokens.stats).issued
      yield* member.quit(CORP, "폐업")
      expect(yield* member.checkIsMember(CORP)).toBe(false)
      // Same number and ID may re-register at once; the old token was dropped, a new one is issued.
      yield* member.join(Sdk.joinInput(CORP))
      yield* member.getCorpInfo(CORP)
      expect((yield* tokens.stats).issued).toBe(before + 1)
    }).pipe(Effect.provide(Sdk.layer())))

  it.effect("refuses a second sign-up with the live code", () =>
    Effect.gen(function*() {
      const member = yield* Member
      yield* member.join(Sdk.joinInput(CORP))
      const again = yield* Effect.flip(member.join(Sdk.joinInput(CORP, "another01")))
      expect(again).toMatchObject({ _tag: "ApiError", code: -10001000, status: 400 })
    }).pipe(Effect.provide(Sdk.layer())))

  describe("invalid input fails with ValidationError naming the field and rule; nothing is sent", () => {
    const cases: ReadonlyArray<readonly [string, (m: Member["Service"]) => Effect.Effect<unknown, unknown>, string, string]> = [
      ["corpNum digits", (m) => m.getCorpInfo("123-45-67890"), "corpNum", "corpNum"],
      ["ID too short", (m) => m.join({ ...Sdk.joinInput(CORP), ID: "abc" }), "ID", "idLength(6..50)"],
      ["ID too long", (m) => m.join({ ...Sdk.joinInput(CORP), ID: "a".repeat(51) }), "ID", "idLength(6..50)"],
      ["password without special", (m) => m.join({ ...Sdk.joinInput(CORP), Password: "abcd1234" }), "Password", "passwordSpecial"],
      ["password without digit", (m) => m.join({ ...Sdk.joinInput(CORP), Password: "abcd!efgh" }), "Password", "passwordDigit"],
      ["password too long", (m) => m.join({ ...Sdk.joinInput(CORP), Password: "a1!".repeat(7) }), "Password", "passwordLength(8..20)"],
      ["CorpName too long", (m) => m.join({ ...Sdk.joinInput(CORP), CorpName: "가".repeat(201) }), "CorpName", "maxLength(200)"],
      ["CEOName empty", (m) => m.join({ ...Sdk.joinInput(CORP), CEOName: "" }), "CEOName", "required"],
      ["searchRole out of range", (m) => m.registContact(CORP, { ...contact, searchRole: 4 as 1 }), "searchRole", ""],
      ["quitReason too long", (m) => m.quit(CORP, "x".repeat(201)), "quitReason", "maxLength(200)"],
      ["deleteContact without manager", (m) => m.deleteContact(CORP, "clerk0001", ""), "managerId", ""]
    ]
    for (const [name, run, path, rule] of cases) {
      it.effect(name, () =>
        Effect.gen(function*() {
          const member = yield* Member
          const error = yield* Effect.flip(run(member))
          expect(error).toMatchObject({ _tag: "ValidationError" })
          const issues = (error as { issues: ReadonlyArray<{ path: string; rule: string }> }).issues
          expect(issues.map((i) => i.path)).toContain(path)
          if (rule !== "") expect(issues.find((i) => i.path === path)?.rule).toBe(rule)
          expect(yield* calls).toBe(0)
          expect((yield* Effect.flatMap(Tokens, (t) => t.stats)).issued).toBe(0)
        }).pipe(Effect.provide(Sdk.layer())))
    }
  })
})

describe("sandbox refusals surface as typed errors", () => {
  const seeded = { members: [{ corpNum: CORP }] }

  it.effect("a wrong secret: TokenError with SignatureMismatch, its message led by the code's name", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(Member, (m) => m.getCorpInfo(CORP)))
      expect(error).toMatchObject({ _tag: "TokenError", code: ErrorCodes.SignatureMismatch.code, status: 401 })
      if (error._tag !== "TokenError") return
      expect(error.message).toBe(`SignatureMismatch (${ErrorCodes.SignatureMismatch.code}): ${error.serviceMessage}`)
      expect(error.serviceMessage).toBe(ErrorCodes.SignatureMismatch.ko)
    }).pipe(Effect.provide(Sdk.layer({ connect: { secretKey: Redacted.make("MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=") }, sandbox: seeded }))))

  it.effect("an unknown LinkID: TokenError with UnknownLinkId", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(Member, (m) => m.getCorpInfo(CORP)))
      expect(error).toMatchObject({ _tag: "TokenError", code: ErrorCodes.UnknownLinkId.code })
    }).pipe(Effect.provide(Sdk.layer({ connect: { linkId: "NOBODY" }, sandbox: seeded }))))

  it.effect("a non-member: TokenError -99003008", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(Member, (m) => m.getCorpInfo("6798700433")))
      expect(error).toMatchObject({ _tag: "TokenError", code: -99003008 })
    }).pipe(Effect.provide(Sdk.layer({ sandbox: seeded }))))

  it.effect("a token bound to another IP: ApiError TokenIpMismatch (403)", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(Member, (m) => m.getCorpInfo(CORP)))
      expect(error).toMatchObject({ _tag: "ApiError", code: ErrorCodes.TokenIpMismatch.code, status: 403 })
    }).pipe(Effect.provide(Sdk.layer({ connect: { forwardedIp: "203.0.113.7" }, sandbox: seeded }))))

  it.effect("X-SVC-Forwarded: * lets the token be used from any IP", () =>
    Effect.gen(function*() {
      const info = yield* Effect.flatMap(Member, (m) => m.getCorpInfo(CORP))
      expect(info.corpName.length).toBeGreaterThan(0)
    }).pipe(Effect.provide(Sdk.layer({ connect: { forwardedIp: "*" }, sandbox: { ...seeded, remoteAddress: "198.51.100.20" } }))))

  it.effect("a token without the needed scope: ApiError ScopeNotGranted (403)", () =>
    Effect.gen(function*() {
      const client = yield* TaxdocClient
      // Cash receipts' GetURL, declared here with the company-status scope: the token lacks 140.
      const misdeclared = { ...CashbillOperations.GetURL, scope: Operation.scope("170") }
      const error = yield* Effect.flip(client.call(misdeclared, { corpNum: CORP, params: { TG: "PBOX" } }))
      expect(error).toMatchObject({ _tag: "ApiError", code: ErrorCodes.ScopeNotGranted.code, status: 403 })
    }).pipe(Effect.provide(Sdk.layer({ sandbox: seeded }))))

  it.effect("a token the service saw expire is refused, dropped, and the call retried once with a new one", () =>
    Effect.gen(function*() {
      const member = yield* Member
      const sandbox = yield* Sandbox
      yield* member.getCorpInfo(CORP)
      // The service expires the token early; the client's clock says it is still good.
      expect(yield* sandbox.expireTokens("test", CORP)).toBe(1)
      const info = yield* member.getCorpInfo(CORP)
      expect(info.corpName.length).toBeGreaterThan(0)
      const stats = yield* sandbox.stats
      expect(stats.totalTokens).toBe(2)
      expect(stats.calls["Member.GetCorpInfo"]).toBe(3)
    }).pipe(Effect.provide(Sdk.layer({ sandbox: seeded }))))

  it.effect("messages in English with Accept-Language en-US", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(Member, (m) => m.getContactInfo(CORP, "nobody01")))
      expect(error).toMatchObject({ _tag: "ApiError", code: ErrorCodes.ContactNotFound.code })
      expect((error as { message: string }).message).toMatch(/contact/i)
    }).pipe(Effect.provide(Sdk.layer({ connect: { acceptLanguage: "en-US" }, sandbox: seeded }))))

  it.effect("test and production are kept apart", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.flatMap(Member, (m) => m.getCorpInfo(CORP)))
      expect(error).toMatchObject({ _tag: "TokenError", code: -99003008 })
    }).pipe(Effect.provide(Sdk.layer({ connect: { environment: "production" }, sandbox: seeded }))))
})
