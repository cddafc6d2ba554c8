import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { ErrorCodes } from "../../../src/core/ErrorCodes.js"
import { codeOf, jsonOf, MEMBER, OTHER_MEMBER, receipt, run } from "./harness.js"

/** Issues the original (11000 = 10000 + 1000 + 0) and answers its confirmNum and tradeDate. */
const original = (mgtKey = "ORG-1", overrides: Record<string, unknown> = {}) =>
  Effect.map(jsonOf("RegistIssue", { body: receipt(mgtKey, overrides) }), (a) => ({
    orgConfirmNum: a.confirmNum as string,
    orgTradeDate: a.tradeDate as string
  }))

const part = (supplyCost: number, tax: number, serviceFee = 0) => ({
  isPartCancel: true,
  supplyCost: String(supplyCost),
  tax: String(tax),
  serviceFee: String(serviceFee),
  totalAmount: String(supplyCost + tax + serviceFee)
})

const revoke = (body: Record<string, unknown>, corpNum = MEMBER) => jsonOf("RevokeRegistIssue", { body, corpNum })
const revokeCode = (body: Record<string, unknown>, corpNum = MEMBER) => codeOf("RevokeRegistIssue", { body, corpNum })

describe("RevokeRegistIssue", () => {
  it.effect("a full revocation takes the original's amounts and is a 취소거래 receipt", () =>
    run(Effect.gen(function*() {
      const org = yield* original("ORG-1", { customerName: "홍길동" })
      const answer = yield* revoke({ mgtKey: "REV-1", ...org, cancelType: 1, memo: "반품" })
      expect(answer.confirmNum).toMatch(/^\d{9}$/)
      expect(answer.confirmNum).not.toBe(org.orgConfirmNum)
      const detail = yield* jsonOf("GetDetailInfo", { params: { mgtKey: "REV-1" }, query: "Detail" })
      expect(detail).toMatchObject({
        tradeType: "취소거래",
        orgConfirmNum: org.orgConfirmNum,
        orgTradeDate: org.orgTradeDate,
        totalAmount: "11000",
        supplyCost: "10000",
        tax: "1000",
        serviceFee: "0",
        identityNum: "01012341234",
        customerName: "홍길동",
        cancelType: 1
      })
      expect((yield* jsonOf("GetInfo", { params: { mgtKey: "REV-1" } })).stateCode).toBe(300)
    })))

  it.effect("cumulative partial revocations may reach but not exceed the original", () =>
    run(Effect.gen(function*() {
      const org = yield* original()
      yield* revoke({ mgtKey: "P-1", ...org, ...part(5000, 500) })
      expect(yield* revokeCode({ mgtKey: "P-2", ...org, ...part(5001, 500) })).toBe(ErrorCodes.CashbillRevokeOverTotal.code)
      expect(yield* revokeCode({ mgtKey: "P-2", ...org, ...part(4000, 600) })).toBe(ErrorCodes.CashbillRevokeOverTotal.code)
      const rest = yield* revoke({ mgtKey: "P-2", ...org })
      expect(rest.code).toBe(1)
      const detail = yield* jsonOf("GetDetailInfo", { params: { mgtKey: "P-2" }, query: "Detail" })
      expect(detail).toMatchObject({ totalAmount: "5500", supplyCost: "5000", tax: "500" })
      expect(yield* revokeCode({ mgtKey: "P-3", ...org })).toBe(-14001023)
      expect(yield* revokeCode({ mgtKey: "P-3", ...org, ...part(1, 0) })).toBe(-14001023)
    })))

  it.effect("finds the original by confirmNum and trade date among the member's own receipts", () =>
    run(Effect.gen(function*() {
      const org = yield* original()
      expect(yield* revokeCode({ mgtKey: "R", ...org, orgTradeDate: "20261121" })).toBe(-14001020)
      expect(yield* revokeCode({ mgtKey: "R", ...org, orgConfirmNum: "999999999" })).toBe(-14001020)
      expect(yield* revokeCode({ mgtKey: "R", ...org }, OTHER_MEMBER)).toBe(-14001020)
    })))

  it.effect("a revocation cannot itself be revoked", () =>
    run(Effect.gen(function*() {
      const org = yield* original()
      const rev = yield* revoke({ mgtKey: "REV-1", ...org, ...part(100, 10) })
      expect(yield* revokeCode({ mgtKey: "REV-2", orgConfirmNum: rev.confirmNum, orgTradeDate: rev.tradeDate })).toBe(-14001020)
    })))

  it.effect("the revocation's trade time may not be earlier than the original's", () =>
    run(Effect.gen(function*() {
      const org = yield* original("ORG-1", { tradeDT: "20261122100000" })
      expect(yield* revokeCode({ mgtKey: "R", ...org, tradeDT: "20261122095959" })).toBe(ErrorCodes.CashbillRevokeBeforeOriginal.code)
      expect((yield* revoke({ mgtKey: "R", ...org, tradeDT: "20261122100000" })).code).toBe(1)
    })))

  it.effect("an original whose filing failed cannot be revoked; a filed one can", () =>
    run(Effect.gen(function*() {
      const bad = yield* original("BAD", { identityNum: "11012345678" })
      const good = yield* original("GOOD")
      yield* TestClock.adjust("1 day")
      expect(yield* revokeCode({ mgtKey: "R-1", ...bad })).toBe(ErrorCodes.CashbillInvalidState.code)
      expect((yield* revoke({ mgtKey: "R-1", ...good })).code).toBe(1)
    })))

  it.effect("refuses a document ID in use and checks the body with the domain schema", () =>
    run(Effect.gen(function*() {
      const org = yield* original()
      expect(yield* revokeCode({ mgtKey: "ORG-1", ...org })).toBe(-14001019)
      expect(yield* revokeCode({ mgtKey: "R", ...org, tax: "100" })).toBe(ErrorCodes.InvalidField.code)
      expect(yield* revokeCode({ mgtKey: "R", ...org, tradeDT: "20261101000000" })).toBe(ErrorCodes.CashbillInvalidTradeDT.code)
    })))
})
