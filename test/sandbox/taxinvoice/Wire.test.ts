/**
 * Raw HTTP against the sandbox with the exact request forms of the public clients
 * (docs/service.md "e-Tax invoices"): the AttachFile bodies of the public clients, AssignMgtKey as a raw form with an
 * empty override header (chunked), `{"forceIssue":false}`, drafts with `null`s, unknown fields and
 * without the payment amounts, bulk with upper-case `BULK`, unknown IDs, the certificate expiry.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { HttpBody, HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import * as Signing from "../../../src/core/Signing.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import { SandboxStore } from "../../../src/sandbox/Store.js"
import * as State from "../../../src/sandbox/taxinvoice/State.js"
import { draft } from "../../support/invoices.js"
import { api, codeOf, issueToken, MEMBER, ORIGIN, sandboxLayer, send } from "../support.js"

// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const TODAY = "20261122"

const token = Effect.map(issueToken({ scopes: ["member", "110"] }), (t) => t.session_token)

const concat = (...parts: ReadonlyArray<string | Uint8Array>): Uint8Array => {
  const chunks = parts.map((p) => (typeof p === "string" ? Signing.utf8(p) : p))
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}

const FILE = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0xff, 0x0d, 0x0a])

const stored = (mgtKey: string) =>
  Effect.flatMap(Sandbox, (sandbox) =>
    sandbox.use(Effect.map(SandboxStore, (store) => State.memberOf(store.get(State.taxinvoiceSlot, "test"), MEMBER).byKey.get(State.keyOf("SELL", mgtKey))!)))

const registered = (bearer: string, mgtKey: string) =>
  api({ method: "POST", path: "/Taxinvoice", token: bearer, body: draft(mgtKey, MEMBER, TODAY) })

const multipart = (bearer: string, mgtKey: string, contentType: string, body: Uint8Array) =>
  send(HttpClientRequest.post(`${ORIGIN}/Taxinvoice/SELL/${mgtKey}/Files`).pipe(
    HttpClientRequest.bearerToken(bearer),
    HttpClientRequest.bodyUint8Array(body, contentType)
  ))

describe("e-Tax invoice requests as the public clients send them", () => {
  it.effect("AttachFile (node client): charset before the boundary, leading CRLF, form part first, raw UTF-8 name with a trailing ';', two CRLFs after the end", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const bearer = yield* token
      expect((yield* registered(bearer, "W-1")).status).toBe(200)
      const boundary = "--POPBILL--NODE--"
      const body = concat(
        "\r\n",
        `--${boundary}\r\nContent-Disposition: form-data; name="form"\r\n\r\n{"DisplayName":"견적서"}\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="Filedata"; filename="견적서.pdf";\r\nContent-Type: Application/octet-stream\r\n\r\n`,
        FILE,
        `\r\n--${boundary}--\r\n\r\n`
      )
      const answer = yield* multipart(bearer, "W-1", `multipart/form-data;charset=utf-8; boundary=${boundary}`, body)
      expect(answer.body).toMatchObject({ code: 1 })
      const files = yield* api({ path: "/Taxinvoice/SELL/W-1/Files", token: bearer, headers: { "content-type": "application/json;charset=utf-8" } })
      expect(files.body).toMatchObject([{ serialNum: 1, displayName: "견적서" }])
      const invoice = yield* stored("W-1")
      expect(invoice.files[0]!.fileName).toBe("견적서.pdf")
      expect([...invoice.files[0]!.content]).toEqual([...FILE])
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("AttachFile (python client): no form part, lower-case part headers, a path in the file name → its base name", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const bearer = yield* token
      yield* registered(bearer, "W-2")
      const boundary = "--POPBILL_PYTHON--"
      const body = concat(
        `--${boundary}\r\ncontent-disposition: form-data; name="Filedata"; filename="C:\\docs\\보고서 2026.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
        FILE,
        `\r\n--${boundary}--\r\n`
      )
      const answer = yield* multipart(bearer, "W-2", `multipart/form-data; boundary="${boundary}"`, body)
      expect(answer.body).toMatchObject({ code: 1 })
      const invoice = yield* stored("W-2")
      expect(invoice.files[0]).toMatchObject({ fileName: "보고서 2026.pdf", displayName: "보고서 2026.pdf" })
      expect([...invoice.files[0]!.content]).toEqual([...FILE])
      // DeleteFile pastes the file ID into the path; it is path-safe. The body-less POST has Content-Length 0.
      const deleted = yield* api({ method: "POST", path: `/Taxinvoice/SELL/W-2/Files/${invoice.files[0]!.fileId}`, token: bearer, headers: { "x-http-method-override": "DELETE" } })
      expect(deleted.body).toMatchObject({ code: 1 })
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("a file part larger than the sandbox's limit is refused with its own code", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const bearer = yield* token
      yield* registered(bearer, "W-BIG")
      const body = concat(
        `--b\r\nContent-Disposition: form-data; name="Filedata"; filename="big.bin"\r\n\r\n`,
        new Uint8Array(10 * 1024 * 1024 + 1),
        `\r\n--b--\r\n`
      )
      const answer = yield* multipart(bearer, "W-BIG", "multipart/form-data; boundary=b", body)
      expect(answer.status).toBe(400)
      expect(codeOf(answer)).toBe(-11000016)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("Register without override: nulls taken for absent, unknown fields ignored, no cash/chkBill/note/credit/kwon/ho/modifyCode", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const bearer = yield* token
      const body = {
        ...draft("W-3", MEMBER, TODAY),
        invoicerSMSSendYN: false,
        businessLicenseYN: false,
        bankBookYN: false,
        invoiceeMgtKey: "",
        remark2: null,
        kwon: null,
        detailList: [{ serialNum: 1, itemName: "품목", supplyCost: "100000", tax: "10000", spec: null }]
      }
      // `\uXXXX` escapes and spaces after ':' and ',' as one client sends them.
      const text = JSON.stringify(body, null, 1).replace(/[가-힣]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)
      const answer = yield* api({ method: "POST", path: "/Taxinvoice", token: bearer, rawBody: text })
      expect(answer.body).toMatchObject({ code: 1 })
      const info = yield* api({ path: "/Taxinvoice/SELL/W-3", token: bearer })
      expect(info.body).toMatchObject({ stateCode: 100, invoicerMgtKey: "W-3", invoicerCorpName: "공급자 상사" })
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("Issue with {\"forceIssue\":false}; unknown ID → exactly -11000005", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const bearer = yield* token
      yield* registered(bearer, "W-4")
      const issued = yield* api({ method: "POST", path: "/Taxinvoice/SELL/W-4", token: bearer, rawBody: "{\"forceIssue\":false}", headers: { "x-http-method-override": "ISSUE" } })
      expect(issued.body).toMatchObject({ code: 1, ntsConfirmNum: expect.stringMatching(/^20261122[0-9a-z]{16}$/) })
      const missing = yield* api({ path: "/Taxinvoice/SELL/NO-SUCH-ID", token: bearer, headers: { "x-svc-version": "1.0" } })
      expect(missing.status).toBe(404)
      expect(codeOf(missing)).toBe(-11000005)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("AssignMgtKey: raw form `MgtKey=<value>`, empty override header, chunked", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const bearer = yield* token
      const sandbox = yield* Sandbox
      const portal = yield* sandbox.issueOnPortal("test", MEMBER, {})
      const request = HttpClientRequest.post(`${ORIGIN}/Taxinvoice/${portal.itemKey}/sell`).pipe(
        HttpClientRequest.bearerToken(bearer),
        HttpClientRequest.setHeader("x-http-method-override", ""),
        HttpClientRequest.setBody(HttpBody.stream(Stream.fromIterable([Signing.utf8("MgtKey="), Signing.utf8("WEB_2026-01")]), "application/x-www-form-urlencoded; charset=utf-8"))
      )
      const answer = yield* send(request)
      expect(answer.body).toMatchObject({ code: 1 })
      const info = yield* api({ path: "/Taxinvoice/SELL/WEB_2026-01", token: bearer })
      expect(info.body).toMatchObject({ itemKey: portal.itemKey, stateCode: 300 })
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("bulk issue with the digest of the raw bytes; result at upper-case BULK (and Bulk)", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const bearer = yield* token
      const text = JSON.stringify({ forceIssue: true, invoices: [draft("W-B1", MEMBER, TODAY), draft("W-B2", MEMBER, "20260801")] })
      const headers = { "x-http-method-override": "BULKISSUE", "x-svc-submit-id": "RAW-1", "x-svc-message-digest": Signing.messageDigest(Signing.utf8(text)) }
      const submitted = yield* api({ method: "POST", path: "/Taxinvoice", token: bearer, rawBody: text, headers })
      expect(submitted.body).toMatchObject({ code: 1, receiptID: expect.any(String) })
      yield* api({ path: "/Taxinvoice/BULK/RAW-1/State", token: bearer })
      const done = yield* api({ path: "/Taxinvoice/Bulk/RAW-1/State", token: bearer })
      expect(done.body).toMatchObject({ txState: 2, successCount: 2, failCount: 0 })
      const items = (done.body as { issueResult: ReadonlyArray<Record<string, unknown>> }).issueResult
      expect(items.map((i) => Object.keys(i).sort())).toEqual([0, 1].map(() => ["code", "invoicerMgtKey", "issueDT", "message", "ntsconfirmNum"]))
      // Same submit ID and bytes: the original receipt ID again (a safe retry); other bytes: refused.
      const again = yield* api({ method: "POST", path: "/Taxinvoice", token: bearer, rawBody: text, headers })
      expect(again.body).toMatchObject({ receiptID: (submitted.body as { receiptID: string }).receiptID })
      const other = yield* api({ method: "POST", path: "/Taxinvoice", token: bearer, rawBody: ` ${text}`, headers: { ...headers, "x-svc-message-digest": Signing.messageDigest(Signing.utf8(` ${text}`)) } })
      expect(codeOf(other)).toBeLessThan(0)
    }).pipe(Effect.provide(sandboxLayer())))

  it.effect("certificate: GET /Member?TG=CERT with scope 110; certificateExpiration exactly 14 digits", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const bearer = yield* token
      const url = yield* api({ path: "/Member?TG=CERT", token: bearer })
      expect(url.body).toMatchObject({ url: expect.stringMatching(/^http/) })
      const none = yield* api({ path: "/Taxinvoice?cfg=CERT", token: bearer })
      expect(codeOf(none)).toBe(-11000030)
      yield* api({ method: "POST", path: "/_sandbox/members/1234567891/certificate", rawBody: "" })
      const expiry = yield* api({ path: "/Taxinvoice?cfg=CERT", token: bearer })
      expect((expiry.body as { certificateExpiration: string }).certificateExpiration).toMatch(/^\d{14}$/)
      // A token without 110 may not.
      const other = Effect.map(issueToken({ scopes: ["member", "140"] }), (t) => t.session_token)
      expect((yield* api({ path: "/Taxinvoice/CertCheck", token: yield* other })).status).toBe(403)
      const outbox = yield* api({ path: "/_sandbox/outbox" })
      expect(outbox.body).toMatchObject({ mails: [] })
    }).pipe(Effect.provide(sandboxLayer())))
})
