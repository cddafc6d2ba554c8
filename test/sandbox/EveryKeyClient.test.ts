/**
 * Raw HTTP against the sandbox in the exact forms of the published client that keeps every key of
 * its model (docs/service.md "What the published clients send"), one test per form: its token
 * request, its calls (`X-SVC-Version: 1.0`, GETs with `Content-Length: 0` and no Content-Type, POSTs
 * `application/json; charset=utf8`, ASCII-only bodies with `\uXXXX` escapes and every key, absent
 * ones `null` or `""`), GetContactInfo's single-quoted body, the tax invoice collection's
 * certificate and department-account calls, its AttachFile, AssignMgtKey and bulk forms, and its
 * body-less POSTs. Every answer's keys are identifiers. (Its one long-lived connection per service:
 * KeepAlive.test.ts.)
 */
import { HttpClientRequest } from "effect/http"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { ErrorCodes } from "../../src/core/ErrorCodes.js"
import { isAnswerKey } from "../../src/core/Schemas.js"
import * as Signing from "../../src/core/Signing.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import { keysOf } from "../catalogue/keys.js"
import { draft } from "../support/invoices.js"
import * as Portal from "./portal/support.js"
import { type ApiCall, api as plainApi, asciiJson, codeOf, issueToken, MANAGER_ID, MEMBER, ORIGIN, sandboxLayer, send, tokenBody } from "./support.js"

// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const TODAY = "20261122"
const SCOPES = ["member", "140", "110", "111", "141", "121", "122", "123", "124", "125", "126", "170"]

/** An API call as this client makes it; every answer's keys must be identifiers. */
const api = (call: ApiCall) =>
  Effect.tap(plainApi({ ...call, headers: { "x-svc-version": "1.0", ...call.headers } }), (answer) =>
    Effect.sync(() => expect(keysOf(answer.body).filter((key) => !isAnswerKey(key)), call.path).toEqual([])))

const session = Effect.gen(function*() {
  yield* TestClock.setTime(START)
  const token = (yield* issueToken({ scopes: SCOPES })).session_token
  /** A GET: `Content-Length: 0`, no Content-Type. */
  const get = (path: string) =>
    Effect.flatMap(
      send(HttpClientRequest.get(`${ORIGIN}${path}`).pipe(
        HttpClientRequest.bearerToken(token),
        HttpClientRequest.setHeaders({ "x-svc-version": "1.0", "content-length": "0" })
      )),
      (answer) => Effect.as(Effect.sync(() => expect(keysOf(answer.body).filter((key) => !isAnswerKey(key)), path).toEqual([])), answer)
    )
  /** A POST of `body` as this client writes JSON. */
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api({ method: "POST", path, token, rawBody: asciiJson(body), headers: { "content-type": "application/json; charset=utf8", ...headers } })
  /** A body-less POST: `Content-Length: 0`. */
  const empty = (path: string, headers: Record<string, string> = {}) =>
    api({ method: "POST", path, token, rawBody: "", headers: { "content-type": "application/json; charset=utf8", "content-length": "0", ...headers } })
  return { token, get, post, empty }
})

/** A cash receipt with every key of the client's model; what it has no value for is null or "". */
const everyKeyReceipt = (mgtKey: string) => ({
  mgtKey,
  tradeDT: null,
  tradeType: "승인거래",
  tradeUsage: "소득공제용",
  tradeOpt: null,
  taxationType: "과세",
  totalAmount: "11000",
  supplyCost: "10000",
  tax: "1000",
  serviceFee: "0",
  franchiseCorpNum: MEMBER,
  franchiseTaxRegID: "",
  franchiseCorpName: "발행자 상호",
  franchiseCEOName: null,
  franchiseAddr: null,
  franchiseTEL: null,
  identityNum: "01012341234",
  customerName: "고객",
  itemName: "커피 원두",
  orderNumber: null,
  email: null,
  hp: null,
  smssendYN: false,
  orgConfirmNum: "",
  orgTradeDate: "",
  cancelType: null,
  memo: null,
  emailSubject: null
})

const detailOf = (get: Effect.Success<typeof session>["get"], mgtKey: string) =>
  Effect.map(get(`/Cashbill/${mgtKey}?Detail`), (answer) => answer.body as Record<string, unknown>)

describe("the client that keeps every key of its model", () => {
  it.effect("token request: spaces after ':' and ',', X-SVC-Date without milliseconds, Content-Length framing, Accept-Encoding: identity", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const body = JSON.stringify({ access_id: MEMBER, scope: ["member", "140"] }).replace(/([:,])/g, "$1 ")
      expect(body).not.toBe(tokenBody(MEMBER, ["member", "140"]))
      const token = yield* issueToken({ body, date: "2026-11-22T01:00:00Z", headers: { "accept-encoding": "identity" } })
      expect(token).toMatchObject({ userID: MEMBER, scope: ["member", "140"] })
      expect(token.expiration).toMatch(/^2026-11-22T01:30:00\.\d{3}Z$/)
      expect(keysOf(token).every(isAnswerKey)).toBe(true)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("calls carry X-SVC-Version: 1.0; GETs Content-Length: 0 and no Content-Type", () =>
    Effect.gen(function*() {
      const s = yield* session
      const info = yield* s.get("/CorpInfo")
      expect(info.status).toBe(200)
      expect(info.body).toMatchObject({ corpName: expect.any(String) })
      expect((yield* s.get(`/CloseDown?CN=${MEMBER}`)).body).toMatchObject({ corpNum: MEMBER })
      const missing = yield* s.get("/Cashbill/NO-SUCH-KEY")
      expect(codeOf(missing)).toBe(-14000003)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("RegistIssue with every key: franchiseTaxRegID \"\", orgConfirmNum \"\", memo, emailSubject and tradeDT null, Hangul as \\uXXXX — issued", () =>
    Effect.gen(function*() {
      const s = yield* session
      const body = everyKeyReceipt("PY-1")
      const text = asciiJson(body)
      expect(text).toContain("\\uCEE4\\uD53C".toLowerCase())
      expect(text).toContain("\"memo\": null, ")
      const issued = yield* s.post("/Cashbill", body, { "x-http-method-override": "ISSUE" })
      expect(issued.status).toBe(200)
      expect(issued.body).toMatchObject({ code: 1, confirmNum: expect.stringMatching(/^\d{9}$/), tradeDate: TODAY, tradeDT: expect.stringMatching(/^\d{14}$/) })
      const detail = yield* detailOf(s.get, "PY-1")
      expect(detail).toMatchObject({ itemName: "커피 원두", franchiseCorpName: "발행자 상호", totalAmount: "11000" })
      // Sent as "" or null: absent, and answered as every absent value.
      expect(detail["franchiseTaxRegID"] ?? null).toBeNull()
      expect(detail["orgConfirmNum"] ?? null).toBeNull()
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("a full RevokeRegistIssue with cancelType and the four amounts null (and memo, emailSubject, tradeDT null) revokes the whole original", () =>
    Effect.gen(function*() {
      const s = yield* session
      const original = (yield* s.post("/Cashbill", everyKeyReceipt("PY-2"), { "x-http-method-override": "ISSUE" })).body as { confirmNum: string; tradeDate: string }
      const revoke = {
        mgtKey: "PY-2-C",
        orgConfirmNum: original.confirmNum,
        orgTradeDate: original.tradeDate,
        smssendYN: false,
        memo: null,
        isPartCancel: false,
        cancelType: null,
        supplyCost: null,
        tax: null,
        serviceFee: null,
        totalAmount: null,
        emailSubject: null,
        tradeDT: null
      }
      const revoked = yield* s.post("/Cashbill", revoke, { "x-http-method-override": "REVOKEISSUE" })
      expect(revoked.status).toBe(200)
      expect(revoked.body).toMatchObject({ code: 1, confirmNum: expect.stringMatching(/^\d{9}$/) })
      expect(yield* detailOf(s.get, "PY-2-C")).toMatchObject({ orgConfirmNum: original.confirmNum, totalAmount: "11000", supplyCost: "10000", tax: "1000" })

      // A partial one with the same nulls for what it does not use.
      const other = (yield* s.post("/Cashbill", everyKeyReceipt("PY-3"), { "x-http-method-override": "ISSUE" })).body as { confirmNum: string; tradeDate: string }
      const partial = { ...revoke, mgtKey: "PY-3-C", orgConfirmNum: other.confirmNum, orgTradeDate: other.tradeDate, isPartCancel: true, cancelType: 1, supplyCost: "5000", tax: "500", serviceFee: "0", totalAmount: "5500" }
      expect((yield* s.post("/Cashbill", partial, { "x-http-method-override": "REVOKEISSUE" })).body).toMatchObject({ code: 1 })
      // A partial one whose amounts are null is one without them: refused by the rule, not the type.
      const broken = yield* s.post("/Cashbill", { ...partial, mgtKey: "PY-3-D", supplyCost: null }, { "x-http-method-override": "REVOKEISSUE" })
      expect(codeOf(broken)).toBe(ErrorCodes.InvalidField.code)
      expect((broken.body as { message: string }).message).toContain("supplyCost: requiredWhenPartCancel")
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("GetContactInfo with a single-quoted body {'id':'…'} is read; nowhere else, and never where a digest is taken", () =>
    Effect.gen(function*() {
      const s = yield* session
      const contact = { id: "contact01", password: "secret12!", personName: "김직원", tel: "02-111-2222", email: "staff@example.com", searchRole: null }
      expect((yield* s.post("/IDs/New", contact)).body).toMatchObject({ code: 1 })
      const found = yield* api({ method: "POST", path: "/Contact", token: s.token, rawBody: "{'id':'contact01'}", headers: { "content-type": "application/json; charset=utf8" } })
      expect(found.status).toBe(200)
      expect(found.body).toMatchObject({ id: "contact01", personName: "김직원", searchRole: 3 })
      // Another operation's body in single quotes is not JSON.
      const update = yield* api({ method: "POST", path: "/IDs", token: s.token, rawBody: "{'id':'contact01','personName':'x','tel':'1','email':'e'}" })
      expect(codeOf(update)).toBe(ErrorCodes.MalformedJson.code)
      // A bulk submission is judged on the exact text its digest covers.
      const bulk = `{'cashbills':[]}`
      const refused = yield* api({
        method: "POST",
        path: "/Cashbill",
        token: s.token,
        rawBody: bulk,
        headers: { "x-http-method-override": "BULKISSUE", "x-svc-submit-id": "SQ-1", "x-svc-message-digest": Signing.messageDigest(Signing.utf8(bulk)) }
      })
      expect(codeOf(refused)).toBe(ErrorCodes.MalformedJson.code)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("tax invoice collection: TG=CERT, CertInfo, CertCheck, DeptUser GET/POST/DELETE and DeptUser/Check on /TaxPortal/Taxinvoice, scope 111", () =>
    Effect.gen(function*() {
      const s = yield* session
      const page = (yield* s.get("/TaxPortal/Taxinvoice?TG=CERT")).body as { url: string }
      expect(page.url).toMatch(Portal.LINK)
      expect(codeOf(yield* s.get("/TaxPortal/Taxinvoice/CertInfo"))).toBe(ErrorCodes.PortalCertificateNotRegistered.code)
      // The page's button registers the member's one certificate.
      expect((yield* Portal.post(page.url, { token: Portal.tokenOf(yield* Portal.open(page.url)) })).status).toBe(200)
      const expiry = (yield* s.get("/TaxPortal/Taxinvoice/CertInfo")).body as { certificateExpiration: string }
      expect(expiry.certificateExpiration).toMatch(/^\d{14}$/)
      expect((yield* s.get("/TaxPortal/Cashbill/CertInfo")).body).toEqual(expiry)
      expect((yield* s.get("/TaxPortal/Taxinvoice/CertCheck")).body).toMatchObject({ code: 1 })

      expect(codeOf(yield* s.get("/TaxPortal/Taxinvoice/DeptUser"))).toBe(ErrorCodes.DeptUserNotRegistered.code)
      expect((yield* s.post("/TaxPortal/Taxinvoice/DeptUser", { id: "dept01", pwd: "dept-pass-1", secAuth: null })).body).toMatchObject({ code: 1 })
      const check = yield* s.get("/TaxPortal/Taxinvoice/DeptUser")
      expect(check.body).toMatchObject({ code: 1, message: expect.stringContaining("dept01") })
      expect(JSON.stringify(check.body)).not.toContain("dept-pass-1")
      expect((yield* s.get("/TaxPortal/Taxinvoice/DeptUser/Check")).body).toMatchObject({ code: 1 })
      expect((yield* s.empty("/TaxPortal/Taxinvoice/DeptUser", { "x-http-method-override": "DELETE" })).body).toMatchObject({ code: 1 })
      expect(codeOf(yield* s.get("/TaxPortal/Taxinvoice/DeptUser/Check"))).toBe(ErrorCodes.DeptUserNotRegistered.code)

      // Scope 111, not the cash receipt collection's 141.
      const only141 = (yield* issueToken({ scopes: ["member", "141"] })).session_token
      expect((yield* api({ path: "/TaxPortal/Taxinvoice/CertCheck", token: only141 })).status).toBe(403)
      expect((yield* api({ path: "/TaxPortal/Cashbill/CertCheck", token: only141 })).body).toMatchObject({ code: 1 })
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("AttachFile: boundary --POPBILL_PYTHON-- without charset, a CRLF before each part, no form part, the file name as given (no trailing ';')", () =>
    Effect.gen(function*() {
      const s = yield* session
      expect((yield* s.post("/Taxinvoice", draft("PY-TI-1", MEMBER, TODAY))).body).toMatchObject({ code: 1 })
      const boundary = "--POPBILL_PYTHON--"
      const file = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x0d, 0x0a, 0x2d, 0x2d, 0xff])
      const head = Signing.utf8(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="Filedata"; filename="/home/tax/docs/견적서.pdf"\r\nContent-Type: Application/octet-stream\r\n\r\n`)
      const tail = Signing.utf8(`\r\n--${boundary}--\r\n`)
      const body = new Uint8Array([...head, ...file, ...tail])
      const attached = yield* api({ method: "POST", path: "/Taxinvoice/SELL/PY-TI-1/Files", token: s.token, rawBody: body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } })
      expect(attached.body).toMatchObject({ code: 1 })
      const files = (yield* s.get("/Taxinvoice/SELL/PY-TI-1/Files")).body as ReadonlyArray<{ displayName: string; attachedFile: string }>
      expect(files).toMatchObject([{ displayName: "견적서.pdf" }])
      // DeleteFile: the file ID pasted into the path, a body-less POST.
      expect((yield* s.empty(`/Taxinvoice/SELL/PY-TI-1/Files/${files[0]!.attachedFile}`, { "x-http-method-override": "DELETE" })).body).toMatchObject({ code: 1 })
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("AssignMgtKey with an empty X-HTTP-Method-Override and a Content-Length-framed form; bulk as {\"forceIssue\": false, \"invoices\": …}", () =>
    Effect.gen(function*() {
      const s = yield* session
      const sandbox = yield* Sandbox
      const portal = yield* sandbox.issueOnPortal("test", MEMBER, {})
      const assigned = yield* api({
        method: "POST",
        path: `/Taxinvoice/${portal.itemKey}/SELL`,
        token: s.token,
        rawBody: "MgtKey=PY_WEB-1",
        headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8", "x-http-method-override": "" }
      })
      expect(assigned.body).toMatchObject({ code: 1 })
      expect((yield* s.get("/Taxinvoice/SELL/PY_WEB-1")).body).toMatchObject({ itemKey: portal.itemKey })

      const text = asciiJson({ forceIssue: false, invoices: [{ ...draft("PY-B1", MEMBER, TODAY), memo: null, remark1: "" }] })
      expect(text.startsWith("{\"forceIssue\": false, \"invoices\": [")).toBe(true)
      const headers = { "x-http-method-override": "BULKISSUE", "x-svc-submit-id": "PY-BULK-1", "x-svc-message-digest": Signing.messageDigest(Signing.utf8(text)) }
      expect((yield* api({ method: "POST", path: "/Taxinvoice", token: s.token, rawBody: text, headers })).body).toMatchObject({ code: 1 })
      yield* s.get("/Taxinvoice/BULK/PY-BULK-1/State")
      expect((yield* s.get("/Taxinvoice/BULK/PY-BULK-1/State")).body).toMatchObject({ txState: 2, successCount: 1, failCount: 0 })
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("body-less POSTs with Content-Length: 0 — statement Cancel and Delete, RequestJob, DeleteContact (DeleteFile, DeleteDeptUser above) — each answers JSON", () =>
    Effect.gen(function*() {
      const s = yield* session
      const issued = yield* s.post("/Statement", {
        itemCode: 121, mgtKey: "PY-ST-1", writeDate: TODAY, taxType: "과세", purposeType: "영수", taxTotal: "1000", supplyCostTotal: "10000", totalAmount: "11000",
        senderCorpNum: MEMBER, senderTaxRegID: "", senderCorpName: "공급자", receiverCorpNum: "6798700433", receiverTaxRegID: null, receiverCorpName: "받는자",
        memo: null, emailSubject: null, propertyBag: {}, detailList: []
      }, { "x-http-method-override": "ISSUE" })
      expect(issued.body).toMatchObject({ code: 1 })
      for (const override of ["CANCEL", "DELETE"]) {
        const answer = yield* s.empty("/Statement/121/PY-ST-1", { "x-http-method-override": override })
        expect(answer.status, override).toBe(200)
        expect(answer.headers["content-type"]).toBe("application/json;charset=utf-8")
        expect(answer.body, override).toMatchObject({ code: 1, message: expect.any(String) })
      }
      const job = yield* s.empty("/TaxPortal/Taxinvoice/SELL?DType=S&SDate=20261101&EDate=20261122")
      expect(job.body).toMatchObject({ jobID: expect.stringMatching(/^\d{18}$/) })
      const contact = { id: "contact02", password: "secret12!", personName: "직원", tel: "02-1", email: "c@example.com", searchRole: null }
      expect((yield* s.post("/IDs/New", contact)).body).toMatchObject({ code: 1 })
      expect((yield* s.empty("/Contact/Delete?ContactID=contact02", { "x-svc-userid": MANAGER_ID })).body).toMatchObject({ code: 1 })
    }).pipe(Effect.provide(sandboxLayer())))
})
