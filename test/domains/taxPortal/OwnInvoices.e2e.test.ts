/**
 * Collection finds the e-Tax invoices the sandbox itself issued (docs/decisions.md "Tax authority collection"):
 * an invoice issued through the SDK shows up in the seller's SELL and the buyer's BUY collection,
 * with its confirmation number and amounts.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { TestClock } from "effect/testing"
import { Taxinvoice } from "../../../src/domains/taxinvoice/Taxinvoice.js"
import { TaxPortal } from "../../../src/domains/taxPortal/TaxPortal.js"
import { draft } from "../../support/invoices.js"
import * as Sdk from "../../support/sdk.js"
import { driven } from "../../support/clock.js"

const SELLER = Sdk.MEMBER
const BUYER = "6798700433"
// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)


describe("collection of the sandbox's own e-Tax invoices", () => {
  it.effect("an issued invoice is collected by its seller (SELL) and its buyer (BUY)", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const invoices = yield* Taxinvoice
      yield* invoices.register(SELLER, draft("OWN-1", SELLER, "20261122", { invoiceeCorpNum: BUYER }))
      const issued = yield* invoices.issue(SELLER, "SELL", "OWN-1")
      const portal = yield* TaxPortal
      const collect = (corpNum: string, queryType: "SELL" | "BUY") =>
        driven(Stream.runCollect(portal.collect(corpNum, { kind: "taxinvoice", queryType, dateType: "W", from: "20261101", to: "20261122" }, { interval: "1 second" })))
      const sold = yield* collect(SELLER, "SELL")
      const mine = sold.find((item) => item.ntsconfirmNum === issued.ntsConfirmNum)
      expect(mine, "the seller's collection holds the invoice it issued").toBeDefined()
      expect(mine!.totalAmount).toBe(draft("OWN-1", SELLER, "20261122").totalAmount)
      const bought = yield* collect(BUYER, "BUY")
      expect(bought.map((item) => item.ntsconfirmNum)).toContain(issued.ntsConfirmNum)
    }).pipe(Effect.provide(Sdk.layer({ sandbox: { members: [{ corpNum: SELLER }, { corpNum: BUYER }] } }))))
})
