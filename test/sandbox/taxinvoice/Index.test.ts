/**
 * Issued e-Tax invoices as the tax-portal collection finds them through the invoice index: by
 * seller and buyer, under their write, issue and filing dates — the filing date moving from the
 * issue day to the day the invoice was sent once a read brings its filing up to date.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import * as Sandbox from "../../../src/sandbox/Sandbox.js"
import { BUYER, draft } from "../../support/invoices.js"
import { api, type Answer, issueToken, MEMBER, sandboxLayer } from "../support.js"

// 2026-11-22 12:00 KST
const NOW = Date.UTC(2026, 10, 22, 3, 0, 0)
const DAY = 24 * 60 * 60 * 1000

const body = <A>(answer: Answer): A => answer.body as A

const collect = (token: string, side: "SELL" | "BUY", dateType: "W" | "I" | "S", day: string) =>
  Effect.gen(function*() {
    const { jobID } = body<{ jobID: string }>(yield* api({ method: "POST", path: `/TaxPortal/Taxinvoice/${side}?DType=${dateType}&SDate=${day}&EDate=${day}`, token }))
    yield* api({ path: `/TaxPortal/Taxinvoice/${jobID}/State`, token })
    yield* api({ path: `/TaxPortal/Taxinvoice/${jobID}/State`, token })
    const page = body<{ list: ReadonlyArray<{ ntsconfirmNum: string }> }>(yield* api({ path: `/TaxPortal/Taxinvoice/${jobID}?Type=&PerPage=1000`, token }))
    return page.list.map((i) => i.ntsconfirmNum)
  })

describe("collection finds issued e-Tax invoices by party and date", () => {
  it.effect("under the write, issue and filing dates, for seller and buyer; the filing date once sent", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const seller = (yield* issueToken({ scopes: ["member", "110", "111"] })).session_token
      const buyer = (yield* issueToken({ corpNum: BUYER, scopes: ["member", "111"] })).session_token
      const registered = yield* api({ method: "POST", path: "/Taxinvoice", token: seller, body: draft("IDX-1", MEMBER, "20261120") })
      expect(registered.status).toBe(200)
      const issued = yield* api({ method: "POST", path: "/Taxinvoice/SELL/IDX-1", token: seller, body: {}, headers: { "x-http-method-override": "ISSUE" } })
      const number = body<{ ntsConfirmNum: string }>(issued).ntsConfirmNum
      expect(number).toHaveLength(24)

      expect(yield* collect(seller, "SELL", "W", "20261120")).toContain(number)
      expect(yield* collect(seller, "SELL", "W", "20261122")).not.toContain(number)
      expect(yield* collect(seller, "SELL", "I", "20261122")).toContain(number)
      // Not sent yet: filed under its issue day.
      expect(yield* collect(seller, "SELL", "S", "20261122")).toContain(number)
      expect(yield* collect(buyer, "BUY", "W", "20261120")).toContain(number)
      expect(yield* collect(buyer, "SELL", "W", "20261120")).not.toContain(number)

      // Filed at the end of its KST day; a read brings it up to date.
      yield* Effect.flatMap(Sandbox.Sandbox, (sandbox) => sandbox.advanceClock(DAY))
      expect(body<{ stateCode: number; ntssendDT: string }>(yield* api({ path: "/Taxinvoice/SELL/IDX-1", token: seller }))).toMatchObject({
        stateCode: 304,
        ntssendDT: "20261123000000"
      })
      expect(yield* collect(seller, "SELL", "S", "20261123")).toContain(number)
      expect(yield* collect(seller, "SELL", "S", "20261122")).not.toContain(number)
      expect(yield* collect(buyer, "BUY", "S", "20261123")).toContain(number)
      // GetTaxinvoice by its confirmation number, for either party.
      expect(body<{ ntsconfirmNum: string }>(yield* api({ path: `/TaxPortal/Taxinvoice/${number}`, token: buyer })).ntsconfirmNum).toBe(number)
    }).pipe(Effect.provide(sandboxLayer({ members: [{ corpNum: MEMBER }, { corpNum: BUYER }] }))))
})
