import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { TestClock } from "effect/testing"
import { ErrorCodes } from "../../../src/core/ErrorCodes.js"
import { CashbillDetail, CashbillInfo, IssueResponse } from "../../../src/domains/cashbill/Schemas.js"
import { SandboxClock } from "../../../src/sandbox/Clock.js"
import * as Testing from "../../../src/testing/index.js"
import { call, codeOf, jsonOf, MEMBER, NOON, OTHER_MEMBER, receipt, run } from "./harness.js"

const issue = (mgtKey: string, overrides: Record<string, unknown> = {}, corpNum = MEMBER) =>
  jsonOf("RegistIssue", { body: receipt(mgtKey, overrides), corpNum })

const info = (mgtKey: string, corpNum = MEMBER) => jsonOf("GetInfo", { params: { mgtKey }, corpNum })

describe("RegistIssue", () => {
  it.effect("issues: confirmNum of 9 digits, tradeDate, tradeDT defaulting to now (KST)", () =>
    run(Effect.gen(function*() {
      const answer = Schema.decodeUnknownSync(IssueResponse)(yield* issue("A-1"))
      expect(answer.code).toBe(1)
      expect(answer.confirmNum).toMatch(/^\d{9}$/)
      expect(answer.tradeDate).toBe("20261122")
      expect(answer.tradeDT).toBe("20261122120000")
    })))

  it.effect("gives every receipt its own confirmNum and itemKey", () =>
    run(Effect.gen(function*() {
      const keys = Array.from({ length: 50 }, (_, i) => `K-${i}`)
      const answers = yield* Effect.forEach(keys, (k) => issue(k))
      expect(new Set(answers.map((a) => a.confirmNum)).size).toBe(50)
      const infos = yield* Effect.forEach(keys, (k) => info(k))
      expect(new Set(infos.map((i) => i.itemKey)).size).toBe(50)
      for (const i of infos) expect(i.itemKey).toMatch(/^\d{18}$/)
    })))

  it.effect("shows the receipt in GetInfo: 300, masked identityNum, issued via API", () =>
    run(Effect.gen(function*() {
      const answer = yield* issue("A-1", { tradeDT: "20261121235959", customerName: "홍길동" })
      const record = Schema.decodeUnknownSync(CashbillInfo)(yield* info("A-1"))
      expect(record).toMatchObject({
        mgtKey: "A-1",
        confirmNum: answer.confirmNum,
        tradeDate: "20261121",
        tradeDT: "20261121235959",
        tradeType: "승인거래",
        tradeOpt: "일반",
        stateCode: 300,
        identityNum: "010****1234",
        customerName: "홍길동",
        interOPYN: true,
        printYN: false,
        regDT: "20261122120000"
      })
      expect(record.ntsresultCode).toBeUndefined()
    })))

  it.effect("refuses a document ID in use with -14001019", () =>
    run(Effect.gen(function*() {
      yield* issue("A-1")
      expect(yield* codeOf("RegistIssue", { body: receipt("A-1") })).toBe(-14001019)
    })))

  it.effect("keeps members apart: others neither see nor collide with a member's receipts", () =>
    run(Effect.gen(function*() {
      yield* issue("A-1")
      expect(yield* codeOf("GetInfo", { params: { mgtKey: "A-1" }, corpNum: OTHER_MEMBER })).toBe(ErrorCodes.CashbillNotFound.code)
      expect((yield* issue("A-1", {}, OTHER_MEMBER)).code).toBe(1)
    })))

  it.effect("validates the body with the domain schema, naming field and rule", () =>
    run(Effect.gen(function*() {
      const failure = yield* Effect.flip(call("RegistIssue", { body: receipt("A-1", { tradeUsage: "지출증빙용", identityNum: "010-000-1234" }) }))
      expect(failure.entry.code).toBe(ErrorCodes.InvalidField.code)
      expect(failure.detail).toBe("identityNum: identityNumForUsage")
      expect(yield* codeOf("RegistIssue", { raw: "{not json" })).toBe(ErrorCodes.MalformedJson.code)
    })))

  it.effect("judges tradeDT on the sandbox clock: today or the previous day only", () =>
    run(Effect.gen(function*() {
      expect(yield* codeOf("RegistIssue", { body: receipt("A-1", { tradeDT: "20261120235959" }) })).toBe(-14001025)
      const clock = yield* SandboxClock
      yield* clock.advance(-24 * 60 * 60 * 1000) // the sandbox now reads the 21st
      expect((yield* issue("A-1", { tradeDT: "20261120235959" })).tradeDate).toBe("20261120")
    })))

  it.effect.prop("every valid receipt is issued and answered as sent", [Testing.toArbitrary(Testing.cashReceipt({ now: NOON }))], ([body]) =>
    run(Effect.gen(function*() {
      yield* jsonOf("RegistIssue", { body })
      const detail = Schema.decodeUnknownSync(CashbillDetail)(yield* jsonOf("GetDetailInfo", { params: { mgtKey: body.mgtKey }, query: "Detail" }))
      expect(detail).toMatchObject({
        mgtKey: body.mgtKey,
        tradeUsage: body.tradeUsage,
        totalAmount: body.totalAmount,
        supplyCost: body.supplyCost,
        tax: body.tax,
        serviceFee: body.serviceFee,
        identityNum: body.identityNum,
        franchiseCorpNum: body.franchiseCorpNum,
        tradeOpt: body.tradeOpt ?? "일반"
      })
      Schema.decodeUnknownSync(CashbillInfo)(yield* info(body.mgtKey))
    })), { arbitrary: { runs: 30 } })
})

describe("filing to the tax authority (cashbill.filing)", () => {
  it.effect("EndOfDay: 300 until KST midnight, then 304 with 0000", () =>
    run(Effect.gen(function*() {
      yield* issue("A-1")
      expect((yield* info("A-1")).stateCode).toBe(300)
      yield* TestClock.adjust("11 hours") // 23:00 KST
      expect((yield* info("A-1")).stateCode).toBe(300)
      yield* TestClock.adjust("1 hour")
      const record = yield* info("A-1")
      expect(record).toMatchObject({ stateCode: 304, ntsresultCode: "0000", ntssendDT: "20261123000000", stateDT: "20261123000000" })
    })))

  it.effect("fails 305 with TS1 for an 11-digit mobile not starting with 0, TS2 for 17 digits", () =>
    run(Effect.gen(function*() {
      yield* issue("M-1", { identityNum: "11012345678" })
      yield* issue("C-1", { identityNum: "12345678901234567" })
      yield* TestClock.adjust("1 day")
      expect(yield* info("M-1")).toMatchObject({ stateCode: 305, ntsresultCode: "TS1", ntsresultMessage: "휴대폰번호 형식 오류" })
      expect(yield* jsonOf("GetInfo", { params: { mgtKey: "C-1" }, language: "en" })).toMatchObject({
        stateCode: 305,
        ntsresultCode: "TS2",
        ntsresultMessage: "Card number length rejected"
      })
    })))

  it.effect("AfterPolls: a query counts as a poll", () =>
    run(Effect.gen(function*() {
      yield* issue("A-1")
      expect((yield* info("A-1")).stateCode).toBe(300)
      expect((yield* info("A-1")).stateCode).toBe(304)
    }), { "cashbill.filing": { _tag: "AfterPolls", polls: 2 } }))

  it.effect("follows the sandbox clock offset as well as TestClock", () =>
    run(Effect.gen(function*() {
      yield* issue("A-1")
      const clock = yield* SandboxClock
      yield* clock.advance(12 * 60 * 60 * 1000)
      expect((yield* info("A-1")).stateCode).toBe(304)
    })))
})

describe("Delete", () => {
  it.effect("only in 305; the document ID is then free again", () =>
    run(Effect.gen(function*() {
      yield* issue("OK-1")
      yield* issue("BAD-1", { identityNum: "11012345678" })
      const del = (mgtKey: string) => call("Delete", { params: { mgtKey } })
      expect(yield* codeOf("Delete", { params: { mgtKey: "BAD-1" } })).toBe(ErrorCodes.CashbillInvalidState.code)
      yield* TestClock.adjust("1 day")
      expect(yield* codeOf("Delete", { params: { mgtKey: "OK-1" } })).toBe(ErrorCodes.CashbillInvalidState.code)
      expect(yield* del("BAD-1")).toEqual({ _tag: "Json", body: { code: 1, message: "성공" } })
      expect(yield* codeOf("GetInfo", { params: { mgtKey: "BAD-1" } })).toBe(-14000003)
      expect((yield* issue("BAD-1")).code).toBe(1)
    })))

  it.effect("answers CashbillNotFound for an unknown document ID", () =>
    run(Effect.gen(function*() {
      expect(yield* codeOf("Delete", { params: { mgtKey: "nope" } })).toBe(-14000003)
    })))
})

describe("GetInfos", () => {
  it.effect("answers known documents in the order asked, leaving unknown ones out", () =>
    run(Effect.gen(function*() {
      yield* issue("A")
      yield* issue("B")
      const records = yield* Effect.map(call("GetInfos", { body: ["B", "nope", "A"] }), (r) => (r._tag === "Json" ? r.body : undefined))
      const decoded = Schema.decodeUnknownSync(Schema.Array(CashbillInfo))(records)
      expect(decoded.map((r) => r.mgtKey)).toEqual(["B", "A"])
    })))

  it.effect("takes at most 1,000 document IDs", () =>
    run(Effect.gen(function*() {
      expect(yield* codeOf("GetInfos", { body: Array.from({ length: 1001 }, (_, i) => `K${i}`) })).toBe(ErrorCodes.InvalidField.code)
      const none = yield* call("GetInfos", { body: Array.from({ length: 1000 }, (_, i) => `K${i}`) })
      expect(none).toMatchObject({ _tag: "Json", body: [] })
    })))
})

describe("GetDetailInfo", () => {
  it.effect("shows the full record with the identityNum as issued", () =>
    run(Effect.gen(function*() {
      yield* issue("A-1", { franchiseCorpName: "상점", itemName: "커피", email: "a@example.com" })
      const detail = yield* jsonOf("GetDetailInfo", { params: { mgtKey: "A-1" }, query: "Detail" })
      expect(detail).toMatchObject({
        identityNum: "01012341234",
        franchiseCorpName: "상점",
        itemName: "커피",
        email: "a@example.com",
        orgConfirmNum: null,
        cancelType: null,
        smssendYN: false
      })
    })))
})
