/**
 * The stored form of cash receipts (`Persisted.ts`), as a durable sandbox writes it: one row per
 * receipt (the fields it was issued with, its trade, sequence number, issue instant, reads and
 * filing) and one per bulk submission (its results naming receipts by sequence number). A data
 * directory written by an earlier taxdoc holds these rows, so their shape is fixed here; loading
 * them rebuilds the receipts, their indexes and the revocations of an original.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Lazy } from "../../../src/sandbox/durable/Durable.js"
import { cashbillCodec } from "../../../src/sandbox/cashbill/Persisted.js"
import { cashbillSlot, findOriginal, receiptsOfParty } from "../../../src/sandbox/cashbill/State.js"
import { SandboxStore } from "../../../src/sandbox/Store.js"
import { bulkCall, codeOf, jsonOf, MEMBER, NOON, receipt, run } from "./harness.js"

const rowsOf = (state: ReturnType<typeof cashbillSlot.empty>) =>
  new Map(Array.from(cashbillCodec.rows(state, MEMBER), ([key, value]) => [key, value instanceof Lazy ? value.row() : value] as const))

const issued = {
  tradeUsage: "소득공제용",
  taxationType: "과세",
  franchiseCorpNum: MEMBER,
  identityNum: "01012341234"
}

describe("cash receipts as a durable sandbox stores them", () => {
  it.effect("one row per receipt and per bulk submission, in the stored format; loading them back gives the same state", () =>
    run(Effect.gen(function*() {
      const org = yield* jsonOf("RegistIssue", { body: receipt("ORG-1", { email: "a@example.com" }) })
      yield* jsonOf("RevokeRegistIssue", {
        body: { mgtKey: "REV-1", orgConfirmNum: org.confirmNum, orgTradeDate: org.tradeDate, isPartCancel: true, cancelType: 1, supplyCost: "1000", tax: "100", serviceFee: "0", totalAmount: "1100" }
      })
      yield* jsonOf("BulkSubmit", bulkCall("S-1", [receipt("B-1"), { tradeType: "승인거래" }]))
      yield* jsonOf("GetBulkResult", { params: { submitID: "S-1" } })
      yield* jsonOf("GetBulkResult", { params: { submitID: "S-1" } })
      yield* TestClock.adjust("1 day")
      yield* jsonOf("GetInfo", { params: { mgtKey: "ORG-1" } })

      const store = yield* SandboxStore
      const state = store.get(cashbillSlot, "test")
      const rows = rowsOf(state)
      expect([...rows.keys()]).toEqual(["r:000000000001", "r:000000000002", "r:000000000004", "b:S-1"])
      expect(rows.get("r:000000000001")).toEqual({
        fields: { mgtKey: "ORG-1", ...issued, totalAmount: "11000", supplyCost: "10000", tax: "1000", serviceFee: "0", customerName: "고객", itemName: "커피 원두", email: "a@example.com" },
        trade: { tradeType: "승인거래", tradeDT: "20261122120000", tradeOpt: "일반", smssendYN: false },
        sequence: 1,
        issuedAt: NOON,
        // A query counts as a poll only under an AfterPolls filing policy (the default files at the end of the day).
        polls: 0,
        filing: { at: NOON + 12 * 60 * 60 * 1000, outcome: { code: "0000", ko: "정상 처리", en: "Accepted" } }
      })
      expect(rows.get("r:000000000002")).toEqual({
        fields: {
          mgtKey: "REV-1", ...issued, totalAmount: "1100", supplyCost: "1000", tax: "100", serviceFee: "0", customerName: "고객", itemName: "커피 원두",
          email: "a@example.com", orgConfirmNum: org.confirmNum, orgTradeDate: "20261122", cancelType: 1
        },
        trade: { tradeType: "취소거래", tradeDT: "20261122120000", tradeOpt: "일반", smssendYN: false },
        sequence: 2,
        issuedAt: NOON,
        polls: 0
      })
      const bulk = rows.get("b:S-1") as Record<string, unknown>
      expect(bulk).toMatchObject({
        submitID: "S-1",
        submitCount: 2,
        receivedAt: NOON,
        polls: 2,
        stage: 2,
        startedAt: NOON,
        completedAt: NOON,
        results: [
          { _tag: "Issued", mgtKey: "B-1", sequence: 4 },
          { _tag: "Failed", mgtKey: null, failure: { entry: { code: -10000002, status: 400 }, detail: expect.stringContaining("mgtKey: required") } }
        ]
      })
      // Stored as JSON text: a submission that has its results no longer keeps its items.
      expect(Object.keys(JSON.parse(JSON.stringify(bulk)) as object).sort()).toEqual(["completedAt", "digest", "polls", "receiptID", "receivedAt", "results", "stage", "startedAt", "submitCount", "submitID"])
      expect(cashbillCodec.globals(state)).toEqual({ sequence: 4 })

      // Loaded from its rows (as JSON text, as stored): the same rows, indexes and answers.
      const stored = new Map(Array.from(rows, ([key, value]) => [key, JSON.parse(JSON.stringify(value)) as unknown] as const))
      const loaded = cashbillCodec.load("test", new Map([[MEMBER, stored]]), { sequence: 4 })
      expect(rowsOf(loaded)).toEqual(rowsOf(state))
      const original = findOriginal(loaded, loaded.members.get(MEMBER)!, org.confirmNum, "20261122")
      expect(original?.revocations?.map((r) => r.mgtKey)).toEqual(["REV-1"])
      expect(receiptsOfParty(loaded, "SELL", MEMBER, "20261122", "20261122").map((r) => r.mgtKey)).toEqual(["ORG-1", "REV-1", "B-1"])
      expect(loaded.members.get(MEMBER)!.submissions.all.get("S-1")!.results?.[0]).toMatchObject({ _tag: "Issued", document: { mgtKey: "B-1", sequence: 4 } })
      store.replace([{ slot: cashbillSlot, environment: "test", state: loaded }])
      expect((yield* jsonOf("GetInfo", { params: { mgtKey: "REV-1" } })).totalAmount).toBe("1100")
      expect(yield* codeOf("RevokeRegistIssue", { body: { mgtKey: "REV-2", orgConfirmNum: org.confirmNum, orgTradeDate: "20261122", isPartCancel: true, supplyCost: "9001", tax: "0", serviceFee: "0", totalAmount: "9001" } }))
        .toBe(-14001023)
    })))
})
