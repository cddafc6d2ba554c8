import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { TestClock } from "effect/testing"
import { ErrorCodes } from "../../../src/core/ErrorCodes.js"
import { messageDigest } from "../../../src/core/Signing.js"
import { BulkResult, BulkSubmitResponse } from "../../../src/domains/cashbill/Schemas.js"
import { Progressions } from "../../../src/sandbox/Progression.js"
import { vectors } from "../../vectors.js"
import { bulkCall, call, codeOf, jsonOf, MEMBER, receipt, run } from "./harness.js"

const submit = (submitID: string, cashbills: ReadonlyArray<unknown>) => jsonOf("BulkSubmit", bulkCall(submitID, cashbills))
const poll = (submitID: string, language: "ko" | "en" = "ko") =>
  Effect.map(jsonOf("GetBulkResult", { params: { submitID }, language }), Schema.decodeUnknownSync(BulkResult))

describe("BulkSubmit and GetBulkResult", () => {
  it.effect("txState 0 → 1 → 2 one stage per poll; results per receipt once completed", () =>
    run(Effect.gen(function*() {
      const answer = Schema.decodeUnknownSync(BulkSubmitResponse)(yield* submit("S-1", [receipt("B-1"), receipt("B-2")]))
      expect(answer.receiptID).toHaveLength(36)
      expect(yield* codeOf("GetInfo", { params: { mgtKey: "B-1" } })).toBe(ErrorCodes.CashbillNotFound.code)
      const first = yield* poll("S-1")
      expect(first).toMatchObject({ txState: 1, submitCount: 2, successCount: 0, failCount: 0, issueResult: [], receiptDT: "20261122120000" })
      const second = yield* poll("S-1")
      expect(second).toMatchObject({ txState: 2, successCount: 2, failCount: 0, receiptID: answer.receiptID, submitID: "S-1" })
      expect(second.issueResult?.map((r) => [r.mgtKey, r.code])).toEqual([["B-1", 1], ["B-2", 1]])
      for (const r of second.issueResult ?? []) {
        expect(r.confirmNum).toMatch(/^\d{9}$/)
        expect(r.tradeDate).toBe("20261122")
        expect(r.issueDT).toBe("20261122120000")
      }
      expect((yield* jsonOf("GetInfo", { params: { mgtKey: "B-2" } })).stateCode).toBe(300)
    })))

  it.effect("partial failures are counted, each with its code and message", () =>
    run(Effect.gen(function*() {
      yield* jsonOf("RegistIssue", { body: receipt("TAKEN") })
      yield* submit("S-2", [
        receipt("OK-1"),
        receipt("TAKEN"),
        receipt("BAD-ID", { tradeUsage: "지출증빙용", identityNum: "010-000-1234" }),
        receipt("OLD", { tradeDT: "20261101000000" }),
        { tradeType: "승인거래" },
        receipt("OK-1")
      ])
      yield* poll("S-2")
      const done = yield* poll("S-2", "en")
      expect(done).toMatchObject({ txState: 2, submitCount: 6, successCount: 1, failCount: 5 })
      expect(done.issueResult?.map((r) => [r.mgtKey ?? null, r.code])).toEqual([
        ["OK-1", 1],
        ["TAKEN", -14001019],
        ["BAD-ID", ErrorCodes.InvalidField.code],
        ["OLD", ErrorCodes.CashbillInvalidTradeDT.code],
        [null, ErrorCodes.InvalidField.code],
        ["OK-1", -14001019]
      ])
      expect(done.issueResult?.[2]?.message).toContain("identityNum: identityNumForUsage")
      expect(done.issueResult?.[1]?.confirmNum).toBeUndefined()
    })))

  it.effect("same submit ID and digest answers the original receipt ID; another body is refused", () =>
    run(Effect.gen(function*() {
      const first = yield* submit("S-3", [receipt("C-1")])
      const again = yield* submit("S-3", [receipt("C-1")])
      expect(again.receiptID).toBe(first.receiptID)
      expect(yield* codeOf("BulkSubmit", bulkCall("S-3", [receipt("C-2")]))).toBe(ErrorCodes.BulkSubmitIdReused.code)
      yield* poll("S-3")
      yield* poll("S-3")
      expect((yield* submit("S-3", [receipt("C-1")])).receiptID).toBe(first.receiptID)
      expect((yield* poll("S-3")).successCount).toBe(1)
    })))

  it.effect("verifies X-SVC-Message-Digest against the raw bytes received", () =>
    run(Effect.gen(function*() {
      const vector = vectors.bulkDigest[0]!
      const headers = { "x-svc-submit-id": "V-1", "x-svc-message-digest": vector.messageDigest }
      expect((yield* jsonOf("BulkSubmit", { raw: vector.body, headers })).code).toBe(1)
      const spaced = JSON.stringify(JSON.parse(vector.body), null, 2)
      expect(yield* codeOf("BulkSubmit", { raw: spaced, headers: { ...headers, "x-svc-submit-id": "V-2" } })).toBe(ErrorCodes.BulkDigestMismatch.code)
      expect((yield* jsonOf("BulkSubmit", { raw: spaced, headers: { "x-svc-submit-id": "V-2", "x-svc-message-digest": messageDigest(spaced) } })).code)
        .toBe(1)
      expect(yield* codeOf("BulkSubmit", { raw: vector.body, headers: { "x-svc-submit-id": "V-3" } })).toBe(ErrorCodes.BulkDigestMismatch.code)
    })))

  it.effect("checks the submit ID and the number of receipts", () =>
    run(Effect.gen(function*() {
      const ok = bulkCall("S-4", [receipt("D-1")])
      expect(yield* codeOf("BulkSubmit", { ...ok, headers: { "x-svc-message-digest": ok.headers!["x-svc-message-digest"]! } })).toBe(
        ErrorCodes.BulkSubmitIdInvalid.code
      )
      expect(yield* codeOf("BulkSubmit", bulkCall("x".repeat(37), [receipt("D-1")]))).toBe(ErrorCodes.BulkSubmitIdInvalid.code)
      expect(yield* codeOf("BulkSubmit", bulkCall("S_4", [receipt("D-1")]))).toBe(ErrorCodes.BulkSubmitIdInvalid.code)
      expect(yield* codeOf("BulkSubmit", bulkCall("S-5", []))).toBe(ErrorCodes.BulkTooMany.code)
      const many = Array.from({ length: 101 }, (_, i) => receipt(`M-${i}`))
      expect(yield* codeOf("BulkSubmit", bulkCall("S-6", many))).toBe(ErrorCodes.BulkTooMany.code)
      expect((yield* submit("S-7", many.slice(0, 100))).code).toBe(1)
      const raw = JSON.stringify({ cashbills: "no" })
      expect(yield* codeOf("BulkSubmit", { raw, headers: { "x-svc-submit-id": "S-8", "x-svc-message-digest": messageDigest(raw) } })).toBe(
        ErrorCodes.InvalidField.code
      )
    })))

  it.effect("answers BulkNotFound for an unknown submit ID, and only to its member", () =>
    run(Effect.gen(function*() {
      expect(yield* codeOf("GetBulkResult", { params: { submitID: "nope" } })).toBe(ErrorCodes.BulkNotFound.code)
      yield* submit("S-9", [receipt("E-1")])
      expect(yield* codeOf("GetBulkResult", { params: { submitID: "S-9" }, corpNum: "3333333333" })).toBe(ErrorCodes.BulkNotFound.code)
      expect(yield* Effect.map(call("GetBulkResult", { params: { submitID: "S-9" }, corpNum: MEMBER }), (r) => r._tag)).toBe("Json")
    })))

  it.effect("Immediate: completed at submission", () =>
    run(Effect.gen(function*() {
      yield* submit("S-10", [receipt("F-1")])
      expect((yield* jsonOf("GetInfo", { params: { mgtKey: "F-1" } })).stateCode).toBe(300)
      expect((yield* poll("S-10")).txState).toBe(2)
    }), { "cashbill.bulk": { _tag: "Immediate" } }))

  it.effect("AfterDuration: progresses with time, receipts appear without polling, issued at completion", () =>
    run(Effect.gen(function*() {
      yield* submit("S-11", [receipt("G-1")])
      yield* TestClock.adjust("5 seconds")
      expect(yield* codeOf("GetInfo", { params: { mgtKey: "G-1" } })).toBe(ErrorCodes.CashbillNotFound.code)
      yield* TestClock.adjust("6 seconds")
      expect(yield* jsonOf("GetInfo", { params: { mgtKey: "G-1" } })).toMatchObject({ stateCode: 300, regDT: "20261122120010" })
      expect(yield* poll("S-11")).toMatchObject({ txState: 2, txStartDT: "20261122120005", txEndDT: "20261122120010" })
    }), { "cashbill.bulk": { _tag: "AfterDuration", millis: 5000 } }))

  it.effect("a later policy change never moves a submission back", () =>
    run(Effect.gen(function*() {
      yield* submit("S-12", [receipt("H-1")])
      expect((yield* poll("S-12")).txState).toBe(1)
      const progressions = yield* Progressions
      yield* progressions.set("cashbill.bulk", { _tag: "AfterPolls", polls: 10 })
      expect((yield* poll("S-12")).txState).toBe(1)
    })))
})
