import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import { Tokens } from "../../../src/core/Tokens.js"
import { SANDBOX_ORIGIN } from "../../../src/sandbox/InProcess.js"
import { ErrorCodes } from "../../../src/core/ErrorCodes.js"
import * as Signing from "../../../src/core/Signing.js"
import { Cashbill, type IssueManyProgress } from "../../../src/domains/cashbill/Cashbill.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import * as Sdk from "../../support/sdk.js"
import { FAILS_FILING, halfRevocation, receipt } from "../../support/receipts.js"
import { driven } from "../../support/clock.js"

const CORP = Sdk.MEMBER
const OTHER = "6798700433"
const seeded = { sandbox: { members: [{ corpNum: CORP }, { corpNum: OTHER }] } }
// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const DAY = 24 * 60 * 60 * 1000

const atStart = TestClock.setTime(START)

describe("Cashbill, end to end through the in-process sandbox", () => {
  it.effect("issues, queries, revokes partially, lists, details, URL and PDF", () =>
    Effect.gen(function*() {
      yield* atStart
      const cashbill = yield* Cashbill
      const issued = yield* cashbill.issue(CORP, receipt("R-001", CORP))
      expect(issued.code).toBe(1)
      expect(issued.confirmNum).toMatch(/^[A-Za-z0-9]{9}$/)
      expect(issued.tradeDate).toBe("20261122")

      const info = yield* cashbill.getInfo(CORP, "R-001")
      expect(info).toMatchObject({ mgtKey: "R-001", stateCode: 300, confirmNum: issued.confirmNum, tradeType: "승인거래", interOPYN: true })
      expect(info.identityNum).toContain("*")
      expect(info.itemKey).toMatch(/^.{18}$/)

      const detail = yield* cashbill.getDetailInfo(CORP, "R-001")
      expect(detail).toMatchObject({ mgtKey: "R-001", totalAmount: "11000", franchiseCorpNum: CORP, itemName: "커피 원두" })

      yield* TestClock.adjust("1 hour")
      const revoked = yield* cashbill.revoke(CORP, halfRevocation("R-001-C1", issued))
      expect(revoked.code).toBe(1)
      const revocation = yield* cashbill.getInfo(CORP, "R-001-C1")
      expect(revocation).toMatchObject({ tradeType: "취소거래", orgConfirmNum: issued.confirmNum, totalAmount: "5500" })

      const infos = yield* cashbill.getInfos(CORP, ["R-001-C1", "NOPE", "R-001"])
      expect(infos.map((i) => i.mgtKey)).toEqual(["R-001-C1", "R-001"])

      const url = yield* cashbill.getURL(CORP, "PBOX")
      expect(url).toMatch(/^https?:\/\//)

      const pdf = yield* cashbill.getPDF(CORP, "R-001")
      const text = new TextDecoder("latin1").decode(pdf)
      expect(text.startsWith("%PDF-1.")).toBe(true)
      expect(text).toContain("R-001")
      expect(text).toContain(issued.confirmNum)
      expect(text.trimEnd().endsWith("%%EOF")).toBe(true)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("issueMany: 250 receipts land as 3 submissions and return 250 results in input order", () =>
    Effect.gen(function*() {
      yield* atStart
      const cashbill = yield* Cashbill
      const receipts = Array.from({ length: 250 }, (_, i) =>
        receipt(`BULK-${String(249 - i).padStart(4, "0")}`, CORP, { identityNum: i % 50 === 7 ? FAILS_FILING : "01012341234" }))
      const progress: Array<IssueManyProgress> = []
      const results = yield* driven(cashbill.issueMany(CORP, receipts, { onProgress: (p) => Effect.sync(() => progress.push(p)) }))
      expect(results.map((r) => r.mgtKey)).toEqual(receipts.map((r) => r.mgtKey))
      expect(results.every((r) => r.code === 1 && r.confirmNum !== undefined)).toBe(true)
      const stats = yield* Effect.flatMap(Sandbox, (s) => s.stats)
      expect(stats.calls["Cashbill.BulkSubmit"]).toBe(3)
      expect(stats.calls["Cashbill.GetBulkResult"]).toBeGreaterThanOrEqual(6)
      expect(progress.at(-1)).toMatchObject({ total: 250, submissions: 3, submitted: 250, completed: 250, succeeded: 250, failed: 0 })
      // Each submission is polled twice (txState 1, then 2) under the default progression.
      expect(progress.at(-1)!.polls).toBe(6)
      expect(progress.filter((p) => p.completed === 0).length).toBeGreaterThanOrEqual(3)

      // A day later the authority has filed them: 304, or 305 for the numbers it rejects.
      yield* TestClock.adjust(DAY)
      const infos = yield* cashbill.getInfos(CORP, receipts.map((r) => r.mgtKey))
      expect(infos.length).toBe(250)
      const failed = infos.filter((i) => i.stateCode === 305)
      expect(failed.length).toBe(5)
      expect(failed.every((i) => i.ntsresultCode === "TS1")).toBe(true)
      expect(infos.filter((i) => i.stateCode === 304).every((i) => i.ntsresultCode === "0000")).toBe(true)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  const wire: Array<HttpClientRequest.HttpClientRequest> = []
  it.effect("bulk: the digest header is Base64(SHA-1) of the bytes on the wire; a resubmission is recognised", () =>
    Effect.gen(function*() {
      yield* atStart
      const cashbill = yield* Cashbill
      const receipts = [receipt("D-1", CORP), receipt("D-2", CORP, { tax: "0", supplyCost: "11000", taxationType: "비과세" })]
      const first = yield* cashbill.bulkSubmit(CORP, "submit-0001", receipts)
      const sent = wire.find((r) => r.headers["x-http-method-override"] === "BULKISSUE")!
      expect(sent.body._tag).toBe("Uint8Array")
      const bytes = sent.body._tag === "Uint8Array" ? sent.body.body : new Uint8Array()
      expect(sent.headers["x-svc-message-digest"]).toBe(Signing.messageDigest(bytes))
      expect(sent.headers["x-svc-submit-id"]).toBe("submit-0001")
      // "0" amounts are sent, not dropped.
      expect(new TextDecoder().decode(bytes)).toContain("\"tax\":\"0\"")

      const again = yield* cashbill.bulkSubmit(CORP, "submit-0001", receipts)
      expect(again.receiptID).toBe(first.receiptID)
      const different = yield* Effect.flip(cashbill.bulkSubmit(CORP, "submit-0001", [receipt("D-3", CORP)]))
      expect(different).toMatchObject({ _tag: "ApiError", code: ErrorCodes.BulkSubmitIdReused.code })
      const result = yield* driven(cashbill.awaitBulkResult(CORP, "submit-0001"))
      expect(result).toMatchObject({ txState: 2, submitCount: 2, successCount: 2, failCount: 0 })

      // The same body with one byte changed after signing is refused by the sandbox.
      const http = yield* HttpClient.HttpClient
      const token = yield* Effect.flatMap(Tokens, (t) => t.get(CORP, ["140"]))
      const tampered = new Uint8Array(bytes)
      tampered[tampered.indexOf(0x31)] = 0x32 // a "1" becomes a "2"
      const response = yield* http.execute(
        HttpClientRequest.post(`${SANDBOX_ORIGIN}/Cashbill`).pipe(
          HttpClientRequest.setHeaders({
            "authorization": `Bearer ${Redacted.value(token)}`,
            "x-http-method-override": "BULKISSUE",
            "x-svc-submit-id": "submit-0002",
            "x-svc-message-digest": Signing.messageDigest(bytes)
          }),
          HttpClientRequest.bodyUint8Array(tampered, "application/json")
        )
      )
      expect(response.status).toBe(400)
      expect(yield* response.json).toMatchObject({ code: ErrorCodes.BulkDigestMismatch.code })
    }).pipe(Effect.provide(Sdk.layer({ ...seeded, capture: wire }))))

  it.effect("state rules: delete only after a failed filing, then the ID is reusable; duplicates refused, a rerun answered as the first run", () =>
    Effect.gen(function*() {
      yield* atStart
      const cashbill = yield* Cashbill
      const ok = yield* cashbill.issue(CORP, receipt("S-OK", CORP))
      yield* cashbill.issue(CORP, receipt("S-FAIL", CORP, { identityNum: FAILS_FILING }))
      const duplicate = yield* Effect.flip(cashbill.issue(CORP, receipt("S-OK", CORP, { itemName: "다른 품목", totalAmount: "1100", supplyCost: "1000", tax: "100" })))
      expect(duplicate).toMatchObject({ _tag: "ApiError", code: -14001019 })
      expect((yield* cashbill.issue(CORP, receipt("S-OK", CORP))).confirmNum).toBe(ok.confirmNum)
      const in300 = yield* Effect.flip(cashbill.delete(CORP, "S-FAIL"))
      expect(in300).toMatchObject({ _tag: "ApiError", code: ErrorCodes.CashbillInvalidState.code })

      yield* TestClock.adjust(DAY)
      expect((yield* cashbill.getInfo(CORP, "S-OK")).stateCode).toBe(304)
      expect((yield* cashbill.getInfo(CORP, "S-FAIL")).stateCode).toBe(305)
      const in304 = yield* Effect.flip(cashbill.delete(CORP, "S-OK"))
      expect(in304).toMatchObject({ _tag: "ApiError", code: ErrorCodes.CashbillInvalidState.code })
      const deleted = yield* cashbill.delete(CORP, "S-FAIL")
      expect(deleted.code).toBe(1)
      const gone = yield* Effect.flip(cashbill.getInfo(CORP, "S-FAIL"))
      expect(gone).toMatchObject({ _tag: "ApiError", code: -14000003 })
      expect((gone as { isNotFound: boolean }).isNotFound).toBe(true)
      const reused = yield* cashbill.issue(CORP, receipt("S-FAIL", CORP))
      expect(reused.code).toBe(1)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("revocation rules: over the original total, before the original's time, unknown original", () =>
    Effect.gen(function*() {
      yield* atStart
      const cashbill = yield* Cashbill
      const original = yield* cashbill.issue(CORP, receipt("O-1", CORP))
      const partial = (mgtKey: string, total: number, extra: object = {}) =>
        cashbill.revoke(CORP, {
          mgtKey,
          orgConfirmNum: original.confirmNum,
          orgTradeDate: original.tradeDate,
          isPartCancel: true,
          supplyCost: String(total - Math.floor(total / 11)),
          tax: String(Math.floor(total / 11)),
          serviceFee: "0",
          totalAmount: String(total),
          ...extra
        })
      yield* TestClock.adjust("1 minute")
      yield* partial("O-1-C1", 6600)
      const over = yield* Effect.flip(partial("O-1-C2", 5500))
      expect(over).toMatchObject({ _tag: "ApiError", code: -14001023 })
      const before = yield* Effect.flip(partial("O-1-C3", 1100, { tradeDT: "20261122095900" }))
      expect(before).toMatchObject({ _tag: "ApiError", code: ErrorCodes.CashbillRevokeBeforeOriginal.code })
      const unknown = yield* Effect.flip(cashbill.revoke(CORP, { mgtKey: "O-X", orgConfirmNum: "ABCDEFGHI", orgTradeDate: "20261122" }))
      expect(unknown).toMatchObject({ _tag: "ApiError", code: -14001020 })
      // The remaining 4,400 can still be revoked.
      const rest = yield* partial("O-1-C4", 4400)
      expect(rest.code).toBe(1)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("members see only their own receipts; scope 140 tokens are separate", () =>
    Effect.gen(function*() {
      yield* atStart
      const cashbill = yield* Cashbill
      yield* cashbill.issue(CORP, receipt("MINE", CORP))
      const other = yield* Effect.flip(cashbill.getInfo(OTHER, "MINE"))
      expect(other).toMatchObject({ _tag: "ApiError", code: -14000003 })
      yield* cashbill.issue(OTHER, receipt("MINE", OTHER))
      expect((yield* cashbill.getDetailInfo(OTHER, "MINE")).franchiseCorpNum).toBe(OTHER)
      expect((yield* cashbill.getDetailInfo(CORP, "MINE")).franchiseCorpNum).toBe(CORP)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("invalid receipts fail before anything is sent, naming every field", () =>
    Effect.gen(function*() {
      yield* atStart
      const cashbill = yield* Cashbill
      const bad = receipt("BAD-1", CORP, { identityNum: "010-000-1234", tradeUsage: "지출증빙용", totalAmount: "12000", tradeDT: "20261119120000" })
      const error = yield* Effect.flip(cashbill.issue(CORP, bad))
      expect(error._tag).toBe("ValidationError")
      const paths = (error as { paths: ReadonlyArray<string> }).paths
      expect(paths).toEqual(expect.arrayContaining(["identityNum", "tradeDT"]))
      const many = yield* Effect.flip(cashbill.issueMany(CORP, [receipt("A", CORP), receipt("B", CORP, { supplyCost: "12a" }), receipt("A", CORP)]))
      expect((many as { paths: ReadonlyArray<string> }).paths).toEqual(expect.arrayContaining(["cashbills[1].supplyCost"]))
      const stats = yield* Effect.flatMap(Sandbox, (s) => s.stats)
      expect(stats.totalTokens).toBe(0)
      expect(Object.keys(stats.calls).filter((k) => k.startsWith("Cashbill"))).toEqual([])
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("a receipt's page URLs are portal links of the member; unknown IDs are the service's not-found; mass print takes 1 to 100", () =>
    Effect.gen(function*() {
      yield* atStart
      const cashbill = yield* Cashbill
      yield* cashbill.issue(CORP, receipt("URL-1", CORP))
      yield* cashbill.issue(CORP, receipt("URL-2", CORP))
      for (const get of [cashbill.getPopUpURL, cashbill.getViewURL, cashbill.getPrintURL, cashbill.getEPrintURL, cashbill.getMailURL, cashbill.getPDFURL]) {
        expect(yield* get(CORP, "URL-1")).toMatch(/^http:\/\/.+\/portal\/[0-9a-f]{32}$/)
      }
      expect(yield* cashbill.getMassPrintURL(CORP, ["URL-1", "URL-2"])).toMatch(/\/portal\/[0-9a-f]{32}$/)
      // Another member's receipt is not found, as GetInfo answers it.
      expect(yield* Effect.flip(cashbill.getViewURL(OTHER, "URL-1"))).toMatchObject({ _tag: "ApiError", code: ErrorCodes.CashbillNotFound.code })
      expect(yield* Effect.flip(cashbill.getMassPrintURL(CORP, ["URL-1", "NONE"]))).toMatchObject({ _tag: "ApiError", code: ErrorCodes.CashbillNotFound.code })
      const before = (yield* Effect.flatMap(Sandbox, (s) => s.stats)).calls["Cashbill.GetMassPrintURL"]
      const tooMany = yield* Effect.flip(cashbill.getMassPrintURL(CORP, Array.from({ length: 101 }, (_, i) => `K-${i}`)))
      expect(tooMany._tag === "ValidationError" && tooMany.issues.map((i) => [i.path, i.rule])).toContainEqual(["mgtKeys", "maxItems(100)"])
      const none = yield* Effect.flip(cashbill.getMassPrintURL(CORP, []))
      expect(none._tag === "ValidationError" && none.issues.map((i) => [i.path, i.rule])).toContainEqual(["mgtKeys", "minItems(1)"])
      expect((yield* Effect.flatMap(Sandbox, (s) => s.stats)).calls["Cashbill.GetMassPrintURL"]).toBe(before)
    }).pipe(Effect.provide(Sdk.layer(seeded))))
})
