import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Result, Schema } from "effect"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import type { ValidationError } from "../../../src/core/Errors.js"
import { check, validate } from "../../../src/core/Validation.js"
import * as S from "../../../src/domains/cashbill/Schemas.js"
import { vectors } from "../../vectors.js"
import * as Arb from "./arbitraries.js"
import { NOW } from "../../support/mutations.js"
import { mutations } from "./mutations.js"

const issuesOf = (schema: Schema.Codec<unknown, unknown>, input: unknown): ReadonlyArray<{ path: string; rule: string }> => {
  const result = check(schema, input)
  return Result.isFailure(result) ? result.failure.map(({ path, rule }) => ({ path, rule })) : []
}

describe("CashReceiptIssue", () => {
  it("every generated valid receipt decodes unchanged", () => {
    fc.assert(fc.property(Arb.issue(), (receipt) => {
      expect(Schema.decodeUnknownSync(S.CashReceiptIssue)(receipt)).toEqual(receipt)
      expect(issuesOf(S.CashReceiptIssue, receipt)).toEqual([])
    }))
  })

  // The mutations include the trade-time window, judged at the day the receipts are drawn for.
  for (const [name, mutate, path, rule] of mutations) {
    it(`rejects ${name} at ${path} with ${rule}`, () => {
      fc.assert(fc.property(Arb.issue(NOW), (receipt) => {
        expect(issuesOf(S.CashReceiptIssueAt(NOW), mutate(receipt))).toEqual([{ path, rule }])
      }), { numRuns: 25 })
    })
  }

  it("reports every broken field at once", () => {
    const receipt = fc.sample(Arb.issue(), { numRuns: 1, seed: 7 })[0]!
    const paths = issuesOf(S.CashReceiptIssue, { ...receipt, mgtKey: "", hp: "1".repeat(21), identityNum: "1" }).map((i) => i.path)
    expect(paths).toEqual(expect.arrayContaining(["mgtKey", "hp", "identityNum"]))
  })

  it("accepts the receipt of the bulk digest vector (serviceFee 0)", () => {
    const body = JSON.parse(vectors.bulkDigest[0]!.body) as unknown
    expect(issuesOf(S.BulkIssueBody, body)).toEqual([])
  })
})

describe("trade time window", () => {
  const now = Date.UTC(2026, 10, 22, 3, 0) // 12:00 KST

  it("accepts tradeDT of today or the previous day", () => {
    fc.assert(fc.property(Arb.issue(now), (receipt) => {
      expect(issuesOf(S.CashReceiptIssueAt(now), receipt)).toEqual([])
    }))
  })

  it("refuses tradeDT two days back at tradeDT", () => {
    const receipt = fc.sample(Arb.issue(), { numRuns: 1, seed: 1 })[0]!
    expect(issuesOf(S.CashReceiptIssueAt(now), { ...receipt, tradeDT: "20261120120000" })).toEqual([
      { path: "tradeDT", rule: "tradeDT(todayOrPreviousDay)" }
    ])
    expect(issuesOf(S.CashReceiptIssue, { ...receipt, tradeDT: "20261120120000" })).toEqual([])
  })

  it.effect("is judged against the Effect Clock", () =>
    Effect.gen(function*() {
      const receipt = { ...fc.sample(Arb.issue(), { numRuns: 1, seed: 3 })[0]!, tradeDT: "20261121235959" }
      const check = Effect.flatMap(Clock.currentTimeMillis, (nowMillis) => validate("Cashbill.issue", S.CashReceiptIssueAt(nowMillis), receipt))
      yield* TestClock.setTime(Date.UTC(2026, 10, 22, 14, 59, 59)) // 23:59:59 KST on the 22nd
      expect((yield* check).tradeDT).toBe("20261121235959")
      yield* TestClock.adjust("1 second") // the 23rd, KST: the 21st is now two days back
      const error: ValidationError = yield* Effect.flip(check)
      expect(error.paths).toEqual(["tradeDT"])
    }))
})

describe("BulkIssueBody", () => {
  it("accepts 1 to 100 valid receipts", () => {
    fc.assert(fc.property(Arb.issues(100), (cashbills) => {
      expect(issuesOf(S.BulkIssueBody, { cashbills })).toEqual([])
    }), { numRuns: 10 })
  })

  it("names the receipt and field of a broken rule", () => {
    fc.assert(fc.property(Arb.issues(8), fc.nat(), (cashbills, n) => {
      const index = n % cashbills.length
      const broken = cashbills.map((r, i) => (i === index ? { ...r, tradeUsage: "지출증빙용", identityNum: "010-000-1234" } : r))
      expect(issuesOf(S.BulkIssueBody, { cashbills: broken })).toEqual([
        { path: `cashbills[${index}].identityNum`, rule: "identityNumForUsage" }
      ])
    }))
  })

  it("names repeated document IDs", () => {
    fc.assert(fc.property(Arb.issues(5, undefined).filter((a) => a.length >= 2), (cashbills) => {
      const repeated = [...cashbills, { ...cashbills[0]! }]
      expect(issuesOf(S.BulkIssueBody, { cashbills: repeated })).toEqual([
        { path: `cashbills[${cashbills.length}].mgtKey`, rule: "uniqueMgtKey" }
      ])
    }), { numRuns: 20 })
  })

  it("holds 1 to 100 receipts", () => {
    const receipts = fc.sample(Arb.issues(1), { numRuns: 101, seed: 5 }).map((a, i) => ({ ...a[0]!, mgtKey: `K${i}` }))
    expect(issuesOf(S.BulkIssueBody, { cashbills: [] })).toEqual([{ path: "cashbills", rule: "items(1..100)" }])
    expect(issuesOf(S.BulkIssueBody, { cashbills: receipts })).toEqual([{ path: "cashbills", rule: "items(1..100)" }])
  })

  it("applies the trade window to every receipt", () => {
    const now = Date.UTC(2026, 10, 22, 3, 0)
    const cashbills = fc.sample(Arb.issues(5, now), { numRuns: 1, seed: 9 })[0]!
    const broken = cashbills.map((r, i) => (i === cashbills.length - 1 ? { ...r, tradeDT: "20261001000000" } : r))
    expect(issuesOf(S.BulkIssueBodyAt(now), { cashbills: broken })).toEqual([
      { path: `cashbills[${cashbills.length - 1}].tradeDT`, rule: "tradeDT(todayOrPreviousDay)" }
    ])
  })
})

describe("CashReceiptRevoke", () => {
  const full = { mgtKey: "REV-1", orgConfirmNum: "123456789", orgTradeDate: "20261122" }
  const part = { supplyCost: "1000", tax: "100", serviceFee: "0", totalAmount: "1100" }

  it("accepts a full revocation and a partial one", () => {
    expect(issuesOf(S.CashReceiptRevoke, full)).toEqual([])
    expect(issuesOf(S.CashReceiptRevoke, { ...full, isPartCancel: false, cancelType: 1, smssendYN: false })).toEqual([])
    expect(issuesOf(S.CashReceiptRevoke, { ...full, isPartCancel: true, ...part })).toEqual([])
  })

  it("requires every amount of a partial revocation, at its field", () => {
    expect(issuesOf(S.CashReceiptRevoke, { ...full, isPartCancel: true, supplyCost: "1000", totalAmount: "1000" })).toEqual([
      { path: "tax", rule: "requiredWhenPartCancel" },
      { path: "serviceFee", rule: "requiredWhenPartCancel" }
    ])
  })

  it("refuses amounts unless isPartCancel is true", () => {
    expect(issuesOf(S.CashReceiptRevoke, { ...full, tax: "100" })).toEqual([{ path: "tax", rule: "omittedUnlessPartCancel" }])
    expect(issuesOf(S.CashReceiptRevoke, { ...full, isPartCancel: false, ...part }).map((i) => i.path)).toEqual([
      "supplyCost",
      "tax",
      "serviceFee",
      "totalAmount"
    ])
  })

  it("checks the partial sum at totalAmount", () => {
    expect(issuesOf(S.CashReceiptRevoke, { ...full, isPartCancel: true, ...part, totalAmount: "1200" })).toEqual([
      { path: "totalAmount", rule: "amountSum" }
    ])
  })

  it("checks orgConfirmNum, orgTradeDate, cancelType and the trade window", () => {
    expect(issuesOf(S.CashReceiptRevoke, { ...full, orgConfirmNum: "12345" })).toEqual([{ path: "orgConfirmNum", rule: "confirmNum" }])
    expect(issuesOf(S.CashReceiptRevoke, { ...full, orgTradeDate: "20261332" })).toEqual([{ path: "orgTradeDate", rule: "date(yyyyMMdd)" }])
    expect(issuesOf(S.CashReceiptRevoke, { ...full, cancelType: 4 })).toEqual([{ path: "cancelType", rule: "cancelType" }])
    const now = Date.UTC(2026, 10, 22, 3, 0)
    expect(issuesOf(S.CashReceiptRevokeAt(now), { ...full, tradeDT: "20261201000000" })).toEqual([
      { path: "tradeDT", rule: "tradeDT(todayOrPreviousDay)" }
    ])
  })
})

describe("small inputs", () => {
  it("MgtKeyList takes at most 1,000 document IDs", () => {
    expect(issuesOf(S.MgtKeyList, Array.from({ length: 1000 }, (_, i) => `K${i}`))).toEqual([])
    expect(issuesOf(S.MgtKeyList, Array.from({ length: 1001 }, (_, i) => `K${i}`))).toEqual([{ path: "", rule: "maxItems(1000)" }])
    expect(issuesOf(S.MgtKeyList, ["ok", "not ok"])).toEqual([{ path: "[1]", rule: "mgtKeyCharset" }])
  })
  it("UrlMenu is PBOX or WRITE", () => {
    expect(issuesOf(S.UrlMenu, "PBOX")).toEqual([])
    expect(issuesOf(S.UrlMenu, "VIEW")).toEqual([{ path: "", rule: "TG" }])
  })
  it("SubmitId follows the submit ID rule", () => {
    expect(issuesOf(S.SubmitId, "abc-123")).toEqual([])
    expect(issuesOf(S.SubmitId, "abc_123")).toEqual([{ path: "", rule: "submitID" }])
  })
})

describe("answers decode tolerantly", () => {
  it("status record: nulls, unknown fields, string booleans and numbers", () => {
    const info = Schema.decodeUnknownSync(S.CashbillInfo)({
      itemKey: "026112212000000001",
      mgtKey: "A-1",
      tradeDate: "20261122",
      tradeType: "승인거래",
      stateCode: "304",
      confirmNum: "123456789",
      orgConfirmNum: null,
      orgTradeDate: null,
      ntsresultCode: "0000",
      printYN: "false",
      interOPYN: true,
      somethingNew: { nested: 1 }
    })
    expect(info.stateCode).toBe(304)
    expect(info.printYN).toBe(false)
    expect(info.orgConfirmNum).toBeUndefined()
    expect("somethingNew" in info).toBe(false)
  })

  it("detail record, issue answer, bulk answers", () => {
    const detail = Schema.decodeUnknownSync(S.CashbillDetail)({
      mgtKey: "A-1", confirmNum: "123456789", tradeDate: "20261122", cancelType: null, smssendYN: "Y", faxsendYN: false
    })
    expect(detail.smssendYN).toBe(true)
    expect(Schema.decodeUnknownSync(S.IssueResponse)({ code: 1, message: "성공", confirmNum: "123456789", tradeDate: "20261122" }).tradeDT)
      .toBeUndefined()
    expect(Schema.decodeUnknownSync(S.BulkSubmitResponse)({ code: 1, message: "ok", receiptID: "r" }).receiptID).toBe("r")
    const result = Schema.decodeUnknownSync(S.BulkResult)({
      code: 1,
      message: "성공",
      submitID: "S-1",
      submitCount: 2,
      successCount: 1,
      failCount: 1,
      txState: 2,
      txResultCode: null,
      txStartDT: "20261122120000",
      txEndDT: "20261122120001",
      receiptDT: "20261122115959",
      receiptID: "x".repeat(36),
      issueResult: [
        { mgtKey: "A", code: 1, confirmNum: "123456789", tradeDate: "20261122", issueDT: "20261122120001" },
        { mgtKey: "B", code: -14001019, message: "in use", confirmNum: null, tradeDate: null, issueDT: null }
      ]
    })
    expect(result.issueResult?.map((r) => r.code)).toEqual([1, -14001019])
  })
})
