/**
 * Writes whose answer is lost: the SDK settles them by reading the receipt back instead of sending
 * them blindly again, retries a bulk submission only with its own submit ID and bytes, and when it
 * must give up says which receipts are issued, not issued or unknown.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpClient, HttpClientError, type HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import { Cashbill } from "../../../src/domains/cashbill/Cashbill.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import { driven } from "../../support/clock.js"
import { receipt } from "../../support/receipts.js"
import * as Sdk from "../../support/sdk.js"

const CORP = Sdk.MEMBER
const START = Date.UTC(2026, 10, 22, 1, 0, 0)

type Fate = "deliver" | "loseAnswer" | "loseRequest" | "refuseConnection"

/** An HttpClient in front of the sandbox that loses requests or answers as `fate` decides. */
const lossy = (fate: (request: HttpClientRequest.HttpClientRequest) => Fate) =>
  Layer.effect(
    HttpClient.HttpClient,
    Effect.map(HttpClient.HttpClient, (inner) =>
      HttpClient.make((request) => {
        const lost = (cause: unknown) =>
          new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request, description: "connection lost", cause }) })
        switch (fate(request)) {
          case "deliver":
            return inner.execute(request)
          case "loseAnswer":
            return Effect.flatMap(inner.execute(request), () => Effect.fail(lost(new Error("socket hang up"))))
          case "loseRequest":
            return Effect.fail(lost(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" })))
          case "refuseConnection":
            return Effect.fail(lost(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })))
        }
      }))
  )

const layerWith = (fate: (request: HttpClientRequest.HttpClientRequest) => Fate) =>
  Sdk.layer({
    connect: { retryBaseDelay: "10 millis", retryMaxDelay: "50 millis" },
    sandbox: { members: [{ corpNum: CORP }] },
    around: lossy(fate)
  })

/** The first `n` requests carrying `override` meet `fate`; everything else is delivered. */
const firstOf = (override: string, n: number, fate: Fate) => {
  let seen = 0
  return (request: HttpClientRequest.HttpClientRequest): Fate =>
    request.headers["x-http-method-override"] === override && seen++ < n ? fate : "deliver"
}

const callsOf = (name: string) => Effect.map(Effect.flatMap(Sandbox, (s) => s.stats), (stats) => stats.calls[name] ?? 0)

describe("a write whose answer is lost", () => {
  it.effect("an issue processed but unanswered is read back and answered, not sent again", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      const issued = yield* cashbill.issue(CORP, receipt("U-1", CORP))
      expect(issued.code).toBe(1)
      expect(issued.confirmNum).toMatch(/^[A-Za-z0-9]{9}$/)
      expect((yield* cashbill.getInfo(CORP, "U-1")).confirmNum).toBe(issued.confirmNum)
      expect(yield* callsOf("Cashbill.RegistIssue")).toBe(1)
    }).pipe(Effect.provide(layerWith(firstOf("ISSUE", 1, "loseAnswer")))))

  it.effect("an issue lost on its way is found missing, then sent once more", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const issued = yield* Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("U-2", CORP)))
      expect(issued.code).toBe(1)
      expect(yield* callsOf("Cashbill.RegistIssue")).toBe(1)
      expect(yield* callsOf("Cashbill.GetDetailInfo")).toBe(1)
    }).pipe(Effect.provide(layerWith(firstOf("ISSUE", 1, "loseRequest")))))

  it.effect("lost twice: an UnknownOutcomeError that says the second send was lost too", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const error = yield* Effect.flip(Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("U-3", CORP))))
      expect(error._tag).toBe("UnknownOutcomeError")
      expect(error._tag === "UnknownOutcomeError" && error.reason).toBe("StillUnknown")
      expect(error.message).toContain("U-3")
    }).pipe(Effect.provide(layerWith(firstOf("ISSUE", 2, "loseRequest")))))

  it.effect("another receipt under the same ID: DifferentDocument, never reported as issued", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      yield* cashbill.issue(CORP, receipt("U-4", CORP))
      const error = yield* Effect.flip(cashbill.issue(CORP, receipt("U-4", CORP, { totalAmount: "22000", supplyCost: "20000", tax: "2000" })))
      expect(error._tag === "UnknownOutcomeError" && error.reason).toBe("DifferentDocument")
      expect(error.message).toContain("totalAmount")
    }).pipe(Effect.provide(layerWith(firstOf("ISSUE", 2, "loseAnswer")))))

  it.effect("a write whose connection was refused surely was not sent: it is sent again", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const issued = yield* driven(Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("U-5", CORP))), "1 second")
      expect(issued.code).toBe(1)
      expect(yield* callsOf("Cashbill.GetDetailInfo")).toBe(0)
    }).pipe(Effect.provide(layerWith(firstOf("ISSUE", 1, "refuseConnection")))))
})

describe("issueMany under faults", () => {
  const receipts = Array.from({ length: 250 }, (_, i) => receipt(`UM-${String(i).padStart(3, "0")}`, CORP))

  /** Runs `effect`, moving the TestClock by a second until it completes. */
  const bySeconds = <A, E, R>(effect: Effect.Effect<A, E, R>) => driven(effect, "1 second", 500)

  it.effect("a submission whose answer was lost is repeated with its submit ID and bytes: every receipt issued once, in order", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      const results = yield* bySeconds(cashbill.issueMany(CORP, receipts))
      expect(results.map((r) => r.mgtKey)).toEqual(receipts.map((r) => r.mgtKey))
      expect(results.every((r) => r.code === 1)).toBe(true)
      const infos = yield* cashbill.getInfos(CORP, receipts.map((r) => r.mgtKey))
      expect(new Set(infos.map((i) => i.confirmNum)).size).toBe(250)
      // 3 submissions, one of them sent twice with the same submit ID: the service knew it.
      expect(yield* callsOf("Cashbill.BulkSubmit")).toBe(4)
    }).pipe(Effect.provide(layerWith(firstOf("BULKISSUE", 1, "loseAnswer")))))

  it.effect("giving up on one submission: the others' results are kept, in input order, the rest reported by status", () => {
    // The second submission (receipts 100–199) never gets through.
    const second = (request: HttpClientRequest.HttpClientRequest): Fate => {
      if (request.headers["x-http-method-override"] !== "BULKISSUE") return "deliver"
      const body = request.body._tag === "Uint8Array" ? new TextDecoder().decode(request.body.body) : ""
      return body.includes("UM-100") ? "refuseConnection" : "deliver"
    }
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const error = yield* Effect.flip(bySeconds(Effect.flatMap(Cashbill, (c) => c.issueMany(CORP, receipts))))
      expect(error._tag).toBe("BulkIncompleteError")
      if (error._tag !== "BulkIncompleteError") return
      expect(error.items.map((i) => i.key)).toEqual(receipts.map((r) => r.mgtKey))
      expect(error.keys("Issued")).toEqual([...receipts.slice(0, 100), ...receipts.slice(200)].map((r) => r.mgtKey))
      expect(error.keys("NotIssued")).toEqual(receipts.slice(100, 200).map((r) => r.mgtKey))
      expect(error.keys("Unknown")).toEqual([])
      expect(error.message).toContain("150 issued")
    }).pipe(Effect.provide(layerWith(second)))
  })
})
