/**
 * The sandbox's two times (docs/sandbox.md "Two times"): document time moves with the admin clock,
 * tokens follow the base clock and expire early only when asked to.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { TestClock } from "effect/testing"
import { Tokens } from "../../src/core/Tokens.js"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import { StateCode } from "../../src/domains/cashbill/Rules.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import * as Sdk from "../support/sdk.js"
import { receipt } from "../support/receipts.js"
import { api } from "./support.js"

const CORP = Sdk.MEMBER
// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const DAY = 24 * 60 * 60 * 1000

const stats = Effect.flatMap(Sandbox, (sandbox) => sandbox.stats)
const heldToken = Effect.flatMap(Tokens, (tokens) => tokens.get(CORP, ["140"])).pipe(Effect.map(Redacted.value))

describe("two times", () => {
  it.effect("two days of document time leave the SDK's token valid; expiring tokens makes the SDK get a new one", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      yield* cashbill.issue(CORP, receipt("TWO-TIMES-1", CORP))
      const token = yield* heldToken
      expect((yield* stats).totalTokens).toBe(1)

      // Two days pass for the documents; the base clock (and the client's) stays where it was.
      const moved = yield* api({ method: "POST", path: "/_sandbox/clock", body: { advanceMillis: 2 * DAY } })
      expect(moved.body).toEqual({ now: START + 2 * DAY, offset: 2 * DAY })

      const filed = yield* cashbill.getInfo(CORP, "TWO-TIMES-1")
      expect(filed).toMatchObject({ stateCode: StateCode.Filed, ntsresultCode: "0000" })
      expect(yield* heldToken).toBe(token)
      const afterAdvance = yield* stats
      // The same token was accepted at once: no new issuance, no refused call.
      expect(afterAdvance.totalTokens).toBe(1)
      expect(afterAdvance.calls["Cashbill.GetInfo"]).toBe(1)

      const expired = yield* api({ method: "POST", path: "/_sandbox/tokens/expire", body: {} })
      expect(expired.body).toEqual({ code: 1, message: "OK", expired: 1 })

      // Refused once as expired, dropped, and the call retried with a new token.
      expect((yield* cashbill.getInfo(CORP, "TWO-TIMES-1")).stateCode).toBe(StateCode.Filed)
      const afterExpiry = yield* stats
      expect(afterExpiry.totalTokens).toBe(afterAdvance.totalTokens + 1)
      expect(afterExpiry.calls["Cashbill.GetInfo"]).toBe(3)
      expect(yield* heldToken).not.toBe(token)
    }).pipe(Effect.provide(Sdk.layer({ sandbox: { members: [{ corpNum: CORP }] } }))))
})
