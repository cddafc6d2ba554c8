import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import { ErrorCodes } from "../../../src/core/ErrorCodes.js"
import { messageDigest, utf8 } from "../../../src/core/Signing.js"
import { api, codeOf, issueToken, MEMBER, ORIGIN, sandboxLayer } from "../support.js"
import { NOON, receipt } from "./harness.js"
import { checkPdf } from "./pdfCheck.js"

const token = (serviceId = "SERVICE_TEST") =>
  Effect.map(issueToken({ scopes: ["member", "140"], serviceId }), (t) => t.session_token)

const post = (path: string, t: string, override: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  api({ method: "POST", path, token: t, body, headers: { ...(override === undefined ? {} : { "x-http-method-override": override }), ...headers } })

const start = TestClock.setTime(NOON)

describe("cash receipts over HTTP (in-process sandbox)", () => {
  it.effect("issue, query, filing after KST midnight, PDF", () =>
    Effect.gen(function*() {
      yield* start
      const t = yield* token()
      const issued = yield* post("/Cashbill", t, "ISSUE", receipt("HTTP-1"))
      expect(issued.status).toBe(200)
      expect(issued.body).toMatchObject({ code: 1, tradeDate: "20261122", tradeDT: "20261122120000" })
      const info = yield* api({ path: "/Cashbill/HTTP-1", token: t })
      expect(info.body).toMatchObject({ mgtKey: "HTTP-1", stateCode: 300, identityNum: "010****1234" })
      const detail = yield* api({ path: "/Cashbill/HTTP-1?Detail", token: t })
      expect(detail.body).toMatchObject({ identityNum: "01012341234" })
      yield* TestClock.adjust("12 hours")
      const later = yield* token() // tokens last 30 minutes
      const states = yield* post("/Cashbill/States", later, undefined, ["HTTP-1"])
      expect(states.body).toMatchObject([{ mgtKey: "HTTP-1", stateCode: 304, ntsresultCode: "0000" }])

      const client = yield* HttpClient.HttpClient
      const response = yield* client.execute(HttpClientRequest.get(`${ORIGIN}/Cashbill/HTTP-1?PDF`).pipe(HttpClientRequest.bearerToken(later)))
      expect(response.headers["content-type"]).toBe("application/pdf;charset=utf-8")
      const content = checkPdf(new Uint8Array(yield* response.arrayBuffer))
      expect(content).toContain("State: filed to the tax authority \\(304\\)")
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("errors are {code, message} with the catalogue status, in the requested language", () =>
    Effect.gen(function*() {
      yield* start
      const t = yield* token()
      const missing = yield* api({ path: "/Cashbill/NOPE", token: t, headers: { "accept-language": "en-US" } })
      expect(missing.status).toBe(404)
      expect(missing.body).toEqual({ code: -14000003, message: `${ErrorCodes.CashbillNotFound.en} (NOPE)` })
      yield* post("/Cashbill", t, "ISSUE", receipt("DUP"))
      const dup = yield* post("/Cashbill", t, "ISSUE", receipt("DUP"))
      expect(dup.status).toBe(400)
      expect(codeOf(dup)).toBe(-14001019)
      const invalid = yield* post("/Cashbill", t, "ISSUE", receipt("X", { identityNum: "12" }))
      expect(invalid.body).toMatchObject({ code: ErrorCodes.InvalidField.code })
      expect((invalid.body as { message: string }).message).toContain("identityNum")
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("bulk: digest over the raw bytes, BULK in any case, results after polling", () =>
    Effect.gen(function*() {
      yield* start
      const t = yield* token()
      // Spaced JSON like some clients send: the digest is over exactly these bytes.
      const raw = JSON.stringify({ cashbills: [receipt("BLK-1"), receipt("BLK-2")] }, null, 1)
      const submitted = yield* api({
        method: "POST",
        path: "/Cashbill",
        token: t,
        rawBody: utf8(raw),
        headers: { "x-http-method-override": "BULKISSUE", "x-svc-submit-id": "HTTP-SUBMIT-1", "x-svc-message-digest": messageDigest(raw) }
      })
      expect(submitted.status).toBe(200)
      const receiptID = (submitted.body as { receiptID: string }).receiptID
      expect(receiptID).toHaveLength(36)
      expect((yield* api({ path: "/Cashbill/BULK/HTTP-SUBMIT-1/State", token: t })).body).toMatchObject({ txState: 1 })
      const done = yield* api({ path: "/cashbill/bulk/HTTP-SUBMIT-1/state", token: t })
      expect(done.body).toMatchObject({ txState: 2, successCount: 2, failCount: 0, receiptID })
      const tampered = yield* api({
        method: "POST",
        path: "/Cashbill",
        token: t,
        rawBody: utf8(raw.replace("BLK-2", "BLK-3")),
        headers: { "x-http-method-override": "BULKISSUE", "x-svc-submit-id": "HTTP-SUBMIT-2", "x-svc-message-digest": messageDigest(raw) }
      })
      expect(codeOf(tampered)).toBe(ErrorCodes.BulkDigestMismatch.code)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("revoke, then delete only after a failed filing", () =>
    Effect.gen(function*() {
      yield* start
      const t = yield* token()
      const org = (yield* post("/Cashbill", t, "ISSUE", receipt("ORG"))).body as { confirmNum: string; tradeDate: string }
      const rev = yield* post("/Cashbill", t, "REVOKEISSUE", { mgtKey: "REV", orgConfirmNum: org.confirmNum, orgTradeDate: org.tradeDate })
      expect(rev.body).toMatchObject({ code: 1 })
      yield* post("/Cashbill", t, "ISSUE", receipt("BAD", { identityNum: "12345678901234567" }))
      expect(codeOf(yield* post("/Cashbill/BAD", t, "DELETE", undefined))).toBe(ErrorCodes.CashbillInvalidState.code)
      yield* TestClock.adjust("1 day")
      const later = yield* token()
      expect((yield* post("/Cashbill/BAD", later, "DELETE", undefined)).body).toMatchObject({ code: 1 })
      expect((yield* post("/Cashbill", later, "ISSUE", receipt("BAD"))).status).toBe(200)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("GetURL: the URL opens through the same client for 30 seconds", () =>
    Effect.gen(function*() {
      yield* start
      const t = yield* token()
      const { url } = (yield* api({ path: "/Cashbill?TG=PBOX", token: t })).body as { url: string }
      expect(url).toMatch(new RegExp(`^${ORIGIN}/portal/[0-9a-f]{32}$`))
      const path = url.slice(ORIGIN.length)
      const late = ((yield* api({ path: "/Cashbill?TG=PBOX", token: t })).body as { url: string }).url.slice(ORIGIN.length)
      const box = yield* api({ path })
      expect(box.status).toBe(200)
      expect(box.headers["content-type"]).toBe("text/html; charset=utf-8")
      expect(String(box.body)).toContain("현금영수증 발행함")
      yield* TestClock.adjust("30 seconds")
      const expired = yield* api({ path: late })
      expect(expired.status).toBe(410)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("a token without scope 140 is refused; production data is apart from test data", () =>
    Effect.gen(function*() {
      yield* start
      const memberOnly = (yield* issueToken({ scopes: ["member", "170"] })).session_token
      expect(codeOf(yield* api({ path: "/Cashbill/ANY", token: memberOnly }))).toBe(ErrorCodes.ScopeNotGranted.code)
      const t = yield* token()
      yield* post("/Cashbill", t, "ISSUE", receipt("ENV-1"))
      const p = yield* token("SERVICE")
      const fromProduction = yield* api({ path: "/production/Cashbill/ENV-1", token: p })
      expect(codeOf(fromProduction)).toBe(-14000003)
      const { url } = (yield* api({ path: "/production/Cashbill?TG=WRITE", token: p })).body as { url: string }
      expect(url).toMatch(new RegExp(`^${ORIGIN}/production/portal/[0-9a-f]{32}$`))
    }).pipe(Effect.provide(sandboxLayer({ members: [{ corpNum: MEMBER, environments: ["test", "production"] }] }))))
})
