/**
 * The statement operations over raw HTTP, in the forms the public clients send (docs/service.md
 * "Statements"): numeric item codes in the path, Cancel with `{}`, `{"memo":…}` or an empty body
 * (`Content-Length: 0`), body-less Delete answered with a JSON body, `propertyBag` kept and the
 * misspelled `recieverTaxRegID` ignored, `null` for absent values, the scope equal to the item code,
 * unknown IDs -12000004 exactly; and the admin routes for approval and the outbox.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { ErrorCodes } from "../../../src/core/ErrorCodes.js"
import { api, codeOf, issueToken, MEMBER, sandboxLayer } from "../support.js"

const ALL = ["member", "121", "122", "123", "124", "125", "126"]
// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)

/** A statement as the official examples build it (misspelled field, propertyBag, "" and null values). */
const exampleBody = (itemCode: number, mgtKey: string) => ({
  itemCode,
  mgtKey,
  formCode: "",
  writeDate: "20261122",
  taxType: "과세",
  purposeType: "영수",
  serialNum: "123",
  taxTotal: "40000",
  supplyCostTotal: "400000",
  totalAmount: "440000",
  remark1: null,
  senderCorpNum: MEMBER,
  senderTaxRegID: "",
  senderCorpName: "공급자 상호",
  receiverCorpNum: "8888888888",
  recieverTaxRegID: "0001",
  receiverCorpName: "공급받는자 상호",
  receiverEmail: "test@test.com",
  smssendYN: false,
  autoacceptYN: false,
  businessLicenseYN: false,
  bankBookYN: false,
  propertyBag: { Balance: "15000", Deposit: "5000", CBalance: "20000" },
  detailList: [{ serialNum: 1, purchaseDT: "20261122", itemName: "품목명", spec: "규격", qty: "1", unitCost: "100000", supplyCost: "100000", tax: "10000", remark: "비고", spare1: "spare1" }]
})

const issue = (token: string, itemCode: number, mgtKey: string) =>
  api({ method: "POST", path: "/Statement", token, body: exampleBody(itemCode, mgtKey), headers: { "x-http-method-override": "ISSUE" } })

const emptyPost = (token: string, path: string, override: string) =>
  api({ method: "POST", path, token, rawBody: "", headers: { "x-http-method-override": override, "content-length": "0" } })

describe("statements over raw HTTP, in the public clients' forms", () => {
  it.effect("the official example body is issued; propertyBag kept, recieverTaxRegID and unknown fields ignored, null and \"\" as absent", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const token = (yield* issueToken({ scopes: ALL })).session_token
      const issued = yield* issue(token, 121, "EX-001")
      expect(issued.status).toBe(200)
      expect(issued.body).toMatchObject({ code: 1, invoiceNum: expect.stringMatching(/^20261122121[0-9a-z]{13}$/) })
      const detail = yield* api({ path: "/Statement/121/EX-001?Detail", token })
      expect(detail.status).toBe(200)
      expect(detail.body).toMatchObject({
        itemCode: 121,
        mgtKey: "EX-001",
        receiverTaxRegID: null,
        remark1: null,
        // Sent as "": absent, answered like every absent value.
        senderTaxRegID: null,
        propertyBag: { Balance: "15000", Deposit: "5000", CBalance: "20000" },
        detailList: [{ serialNum: 1, itemName: "품목명", spare1: "spare1" }]
      })
      expect(detail.body).not.toHaveProperty("recieverTaxRegID")
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("Cancel with an empty body (Content-Length: 0), with {} and with a memo; Delete with no body answers JSON", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const token = (yield* issueToken({ scopes: ALL })).session_token
      for (const key of ["C-1", "C-2", "C-3"]) expect((yield* issue(token, 123, key)).status).toBe(200)

      const empty = yield* emptyPost(token, "/Statement/123/C-1", "CANCEL")
      expect(empty.status).toBe(200)
      expect(empty.body).toMatchObject({ code: 1, message: expect.any(String) })
      const braces = yield* api({ method: "POST", path: "/Statement/123/C-2", token, rawBody: "{\"memo\": null}", headers: { "x-http-method-override": "CANCEL" } })
      expect(braces.body).toMatchObject({ code: 1 })
      yield* issue(token, 123, "C-2B")
      const bracesOnly = yield* api({ method: "POST", path: "/Statement/123/C-2B", token, rawBody: "{}", headers: { "x-http-method-override": "CANCEL" } })
      expect(bracesOnly.body).toMatchObject({ code: 1 })
      expect(braces.body).toMatchObject({ code: 1 })
      const memo = yield* api({ method: "POST", path: "/Statement/123/C-3", token, body: { memo: "발행 취소" }, headers: { "x-http-method-override": "CANCEL" } })
      expect(memo.body).toMatchObject({ code: 1 })
      expect((yield* api({ path: "/Statement/123/C-3", token })).body).toMatchObject({ stateCode: 600, stateMemo: "발행 취소" })
      expect((yield* api({ path: "/Statement/123/C-1", token })).body).toMatchObject({ stateCode: 600, stateMemo: null })

      for (const key of ["C-1", "C-2"]) {
        const deleted = yield* emptyPost(token, `/Statement/123/${key}`, "DELETE")
        expect(deleted.status).toBe(200)
        expect(deleted.headers["content-type"]).toContain("application/json")
        expect(deleted.body).toMatchObject({ code: 1, message: expect.any(String) })
      }
      // The one client that sends a JSON body on Delete too.
      const withBody = yield* api({ method: "POST", path: "/Statement/123/C-3", token, rawBody: "{}", headers: { "x-http-method-override": "DELETE" } })
      expect(withBody.body).toMatchObject({ code: 1 })
      // A memo too long is still refused, {code, message}.
      yield* issue(token, 123, "C-4")
      const long = yield* api({ method: "POST", path: "/Statement/123/C-4", token, body: { memo: "x".repeat(201) }, headers: { "x-http-method-override": "CANCEL" } })
      expect(long.status).toBe(400)
      expect(codeOf(long)).toBe(ErrorCodes.InvalidField.code)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("numeric item codes in the path: GetInfos, mass print, the TG URLs (any case), SendEmail", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const token = (yield* issueToken({ scopes: ALL })).session_token
      yield* issue(token, 125, "N-1")
      yield* issue(token, 125, "N-2")
      const infos = yield* api({ method: "POST", path: "/Statement/125", token, body: ["N-2", "NONE", "N-1"] })
      expect((infos.body as ReadonlyArray<{ mgtKey: string }>).map((i) => i.mgtKey)).toEqual(["N-2", "N-1"])
      const print = yield* api({ method: "POST", path: "/Statement/125?Print", token, body: ["N-1", "N-2"] })
      expect(print.body).toMatchObject({ url: expect.stringMatching(/\/portal\/[0-9a-f]{32}$/) })
      for (const tg of ["POPUP", "VIEW", "PRINT", "EPRINT", "MAIL", "popup"]) {
        const url = yield* api({ path: `/Statement/125/N-1?TG=${tg}`, token, headers: { "content-type": "application/json;charset=utf-8" } })
        expect(url.status, tg).toBe(200)
        expect(url.body, tg).toMatchObject({ url: expect.stringMatching(/^http/) })
      }
      const mail = yield* api({ method: "POST", path: "/Statement/125/N-1", token, body: { receiver: "x@example.com" }, headers: { "x-http-method-override": "EMAIL" } })
      expect(mail.body).toMatchObject({ code: 1 })
      const printNone = yield* api({ method: "POST", path: "/Statement/125?Print", token, body: ["N-1", "NONE"] })
      expect(codeOf(printNone)).toBe(-12000004)
      const tooMany = yield* api({ method: "POST", path: "/Statement/125?Print", token, body: Array.from({ length: 101 }, (_, i) => `K${i}`) })
      expect(tooMany.status).toBe(400)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("the scope is the item code: a token without it is refused, for RegistIssue by the body's item code", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const all = (yield* issueToken({ scopes: ALL })).session_token
      yield* issue(all, 122, "B-1")
      const only121 = (yield* issueToken({ scopes: ["member", "121"] })).session_token
      const read = yield* api({ path: "/Statement/122/B-1", token: only121 })
      expect(read.status).toBe(403)
      expect(codeOf(read)).toBe(ErrorCodes.ScopeNotGranted.code)
      const write = yield* issue(only121, 122, "B-2")
      expect(write.status).toBe(403)
      expect(codeOf(write)).toBe(ErrorCodes.ScopeNotGranted.code)
      expect((yield* issue(only121, 121, "B-2")).status).toBe(200)
      // A token of another service does not reach statements even with a broken body.
      const cashOnly = (yield* issueToken({ scopes: ["member", "140"] })).session_token
      const broken = yield* api({ method: "POST", path: "/Statement", token: cashOnly, rawBody: "{", headers: { "x-http-method-override": "ISSUE" } })
      expect(codeOf(broken)).toBe(ErrorCodes.ScopeNotGranted.code)
      // With a statement scope, a broken body is the body's fault.
      const malformed = yield* api({ method: "POST", path: "/Statement", token: only121, rawBody: "{", headers: { "x-http-method-override": "ISSUE" } })
      expect(codeOf(malformed)).toBe(ErrorCodes.MalformedJson.code)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("unknown IDs fail with exactly -12000004; a taken ID with -12001012; wrong states with {code, message}", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const token = (yield* issueToken({ scopes: ALL })).session_token
      for (const call of [
        { path: "/Statement/124/NOPE", token },
        { path: "/Statement/124/NOPE?Detail", token },
        { path: "/Statement/124/NOPE?TG=VIEW", token },
        { method: "POST" as const, path: "/Statement/124/NOPE", token, rawBody: "", headers: { "x-http-method-override": "CANCEL" } },
        { method: "POST" as const, path: "/Statement/124/NOPE", token, rawBody: "", headers: { "x-http-method-override": "DELETE" } }
      ]) {
        const answer = yield* api(call)
        expect(answer.status, call.path).toBe(404)
        expect(codeOf(answer), call.path).toBe(-12000004)
      }
      yield* issue(token, 124, "TAKEN")
      expect(codeOf(yield* issue(token, 124, "TAKEN"))).toBe(-12001012)
      const early = yield* emptyPost(token, "/Statement/124/TAKEN", "DELETE")
      expect(early.status).toBe(400)
      expect(codeOf(early)).toBe(ErrorCodes.StatementInvalidState.code)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("admin routes: the approval preference, approving a pending statement, the outbox", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const token = (yield* issueToken({ scopes: ALL })).session_token
      const pref = yield* api({ method: "POST", path: `/_sandbox/members/${MEMBER}/preferences`, body: { statementApprovalRequired: true } })
      expect(pref.status).toBe(200)
      yield* issue(token, 126, "A-1")
      expect((yield* api({ path: "/Statement/126/A-1", token })).body).toMatchObject({ stateCode: 200, issueDT: null })
      expect((yield* api({ path: "/_sandbox/outbox" })).body).toEqual({ mails: [] })

      const approved = yield* api({ method: "POST", path: "/_sandbox/statements/approve", body: { corpNum: MEMBER, itemCode: "126", mgtKey: "A-1" } })
      expect(approved.status).toBe(200)
      expect(approved.body).toMatchObject({ stateCode: 300, issueDT: "20261122100000", mgtKey: "A-1" })
      const twice = yield* api({ method: "POST", path: "/_sandbox/statements/approve", body: { corpNum: MEMBER, itemCode: 126, mgtKey: "A-1" } })
      expect(codeOf(twice)).toBe(ErrorCodes.StatementInvalidState.code)
      const missing = yield* api({ method: "POST", path: "/_sandbox/statements/approve", body: { corpNum: MEMBER, itemCode: 126, mgtKey: "NONE" } })
      expect(codeOf(missing)).toBe(-12000004)

      const outbox = yield* api({ path: "/_sandbox/outbox" })
      expect(outbox.body).toEqual({
        mails: [{ sentDT: "20261122100000", corpNum: MEMBER, operation: "Sandbox.ApproveStatement", document: "126/A-1", receiver: "test@test.com", subject: "공급자 상호님이 보낸 전자명세서입니다." }]
      })
      // Off again: the next one is issued at once.
      yield* api({ method: "POST", path: `/_sandbox/members/${MEMBER}/preferences`, body: { statementApprovalRequired: null } })
      yield* issue(token, 126, "A-2")
      expect((yield* api({ path: "/Statement/126/A-2", token })).body).toMatchObject({ stateCode: 300 })
    }).pipe(Effect.provide(sandboxLayer())))
})
