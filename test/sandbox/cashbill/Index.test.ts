/**
 * How stored cash receipts are found without looking through them all: a confirmation number leads
 * back to its receipt's sequence number (revocations name their original by it), and the
 * tax-portal collection finds a party's receipts of a range through the seller/buyer index — the
 * same receipts a look through every member's would find, deleted ones gone.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import { confirmNumOf, sequenceOf } from "../../../src/sandbox/cashbill/Stored.js"
import { cashbillSlot, findByItemKey, issue, latestOf, memberOf, remove } from "../../../src/sandbox/cashbill/State.js"
import * as Sandbox from "../../../src/sandbox/Sandbox.js"
import { FAILS_FILING, receipt } from "../../support/receipts.js"
import { api, type Answer, issueToken, MEMBER, sandboxLayer } from "../support.js"

const OTHER = "6798700433"
// 2026-11-22 12:00 KST
const NOW = Date.UTC(2026, 10, 22, 3, 0, 0)
const TODAY = "20261122"
const DAY = 24 * 60 * 60 * 1000

describe("confirmation numbers", () => {
  it("lead back to the sequence number they were made from, for any number below 900 million", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 899_999_999 }), (n) => sequenceOf(confirmNumOf(n)) === n))
    expect([1, 2, 3].map(confirmNumOf)).toEqual(["100048271", "100096542", "100144813"])
    for (const text of ["", "12345678", "0123456789", "abcdefghi", "1000482710"]) expect(sequenceOf(text)).toBeUndefined()
  })
})

describe("a member's receipts by item key, and the latest", () => {
  it("are the member's own, not deleted ones, newest first", () => {
    const state = cashbillSlot.empty()
    const mine = memberOf(state, MEMBER)
    const theirs = memberOf(state, OTHER)
    const at = NOW
    const issued = (member: typeof mine, mgtKey: string, identityNum = "01012341234") =>
      Result.getOrThrow(issue(state, member, receipt(mgtKey, member.corpNum, { identityNum, tradeDT: "20261122120000" }), at))
    const a = issued(mine, "L-1")
    const other = issued(theirs, "L-X")
    const b = issued(mine, "L-2", FAILS_FILING)
    const c = issued(mine, "L-3")
    expect(latestOf(mine, 10).map((r) => r.mgtKey)).toEqual(["L-3", "L-2", "L-1"])
    expect(latestOf(mine, 2).map((r) => r.mgtKey)).toEqual(["L-3", "L-2"])
    expect(findByItemKey(state, mine, a.itemKey)).toBe(a)
    expect(findByItemKey(state, mine, c.itemKey)).toBe(c)
    expect(findByItemKey(state, mine, other.itemKey)).toBeUndefined()
    expect(findByItemKey(state, mine, "not an item key")).toBeUndefined()
    // The failing receipt is filed (305) at the end of its day, then deleted.
    Result.getOrThrow(remove(state, mine, "L-2", { _tag: "Immediate" }, at))
    expect(latestOf(mine, 10).map((r) => r.mgtKey)).toEqual(["L-3", "L-1"])
    expect(findByItemKey(state, mine, b.itemKey)).toBeUndefined()
  })
})

const body = <A>(answer: Answer): A => answer.body as A

const collect = (token: string, side: "SELL" | "BUY", day: string) =>
  Effect.gen(function*() {
    const requested = yield* api({ method: "POST", path: `/TaxPortal/Cashbill/${side}?SDate=${day}&EDate=${day}`, token })
    const { jobID } = body<{ jobID: string }>(requested)
    yield* api({ path: `/TaxPortal/Cashbill/${jobID}/State`, token })
    yield* api({ path: `/TaxPortal/Cashbill/${jobID}/State`, token })
    const page = body<{ list: ReadonlyArray<{ ntsconfirmNum: string; tradeType: string }> }>(yield* api({ path: `/TaxPortal/Cashbill/${jobID}?PerPage=1000`, token }))
    return page.list
  })

describe("collection finds receipts by party and day", () => {
  it.effect("the seller's own, the buyer named by registration number, revocations; not filing failures, not deleted ones", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const seller = (yield* issueToken({ scopes: ["member", "140", "141"] })).session_token
      const buyer = (yield* issueToken({ corpNum: OTHER, scopes: ["member", "140", "141"] })).session_token
      const issue = (mgtKey: string, overrides: Parameters<typeof receipt>[2] = {}) =>
        Effect.map(
          api({ method: "POST", path: "/Cashbill", token: seller, body: receipt(mgtKey, MEMBER, overrides), headers: { "x-http-method-override": "ISSUE" } }),
          (answer) => body<{ confirmNum: string }>(answer).confirmNum
        )
      const plain = yield* issue("IX-1")
      const toBuyer = yield* issue("IX-2", { tradeUsage: "지출증빙용", identityNum: OTHER })
      const failing = yield* issue("IX-3", { identityNum: FAILS_FILING })
      const revoked = yield* api({
        method: "POST",
        path: "/Cashbill",
        token: seller,
        body: { mgtKey: "IX-1-C", orgConfirmNum: plain, orgTradeDate: TODAY },
        headers: { "x-http-method-override": "REVOKEISSUE" }
      })
      const revocation = body<{ confirmNum: string }>(revoked).confirmNum
      const own = new Set([plain, toBuyer, failing, revocation])
      const ours = (list: ReadonlyArray<{ ntsconfirmNum: string }>) => list.map((r) => r.ntsconfirmNum).filter((n) => own.has(n)).sort()

      const sold = yield* collect(seller, "SELL", TODAY)
      expect(ours(sold)).toEqual([plain, toBuyer, failing, revocation].sort())
      expect(sold.find((r) => r.ntsconfirmNum === revocation)?.tradeType).toBe("취소거래")
      expect(ours(yield* collect(buyer, "BUY", TODAY))).toEqual([toBuyer])
      expect(ours(yield* collect(buyer, "SELL", TODAY))).toEqual([])
      expect(ours(yield* collect(seller, "SELL", "20261121"))).toEqual([])

      // The next day the failing receipt is filed as 305 (once read), then deleted; its ID issued again.
      yield* Effect.flatMap(Sandbox.Sandbox, (sandbox) => sandbox.advanceClock(DAY))
      expect(body<{ stateCode: number }>(yield* api({ path: "/Cashbill/IX-3", token: seller })).stateCode).toBe(305)
      expect(ours(yield* collect(seller, "SELL", TODAY))).toEqual([plain, toBuyer, revocation].sort())
      expect((yield* api({ method: "POST", path: "/Cashbill/IX-3", token: seller, headers: { "x-http-method-override": "DELETE" } })).status).toBe(200)
      expect(ours(yield* collect(seller, "SELL", TODAY))).toEqual([plain, toBuyer, revocation].sort())
      // The revocation still finds its original through the confirmation number.
      const second = yield* api({
        method: "POST",
        path: "/Cashbill",
        token: seller,
        body: { mgtKey: "IX-1-C2", orgConfirmNum: plain, orgTradeDate: TODAY },
        headers: { "x-http-method-override": "REVOKEISSUE" }
      })
      // Fully revoked already: over the original's total.
      expect(body<{ code: number }>(second).code).toBe(-14001023)
    }).pipe(Effect.provide(sandboxLayer({ members: [{ corpNum: MEMBER }, { corpNum: OTHER }] }))))
})
