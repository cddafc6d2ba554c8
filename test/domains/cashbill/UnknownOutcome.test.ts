/**
 * Writes whose answer is lost: the SDK settles them by reading the receipt back instead of sending
 * them blindly again — round after round, until the call's deadline —, answers a rerun as the first
 * run was answered, looks a bulk submission whose answer was lost up by its submit ID before
 * sending it again (with its own submit ID and bytes), and when it must give up says which receipts
 * are issued, not issued or unknown.
 */
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Layer } from "effect"
import { HttpClient, HttpClientError, type HttpClientRequest, HttpClientResponse } from "effect/http"
import { TestClock } from "effect/testing"
import { Cashbill } from "../../../src/domains/cashbill/Cashbill.js"
import type * as Connect from "../../../src/sandbox/Connect.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import { driven } from "../../support/clock.js"
import { halfRevocation, receipt } from "../../support/receipts.js"
import * as Sdk from "../../support/sdk.js"

const CORP = Sdk.MEMBER
const START = Date.UTC(2026, 10, 22, 1, 0, 0)

type Fate = "deliver" | "loseAnswer" | "loseRequest" | "refuseConnection" | "busy" | "notFound"

const answer = (request: HttpClientRequest.HttpClientRequest, status: number, body: object) =>
  HttpClientResponse.fromWeb(request, new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }))

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
          case "busy":
            return Effect.succeed(answer(request, 503, { code: -99999999, message: "busy" }))
          case "notFound":
            return Effect.succeed(answer(request, 404, { code: -14000003, message: "no such receipt (a stale replica)" }))
        }
      }))
  )

const layerWith = (fate: (request: HttpClientRequest.HttpClientRequest) => Fate, connect: Connect.ConnectOptions = {}) =>
  Sdk.layer({
    connect: { retryBaseDelay: "10 millis", retryMaxDelay: "50 millis", ...connect },
    sandbox: { members: [{ corpNum: CORP }] },
    around: lossy(fate)
  })

/** The first `n` requests carrying `override` meet `fate`; everything else is delivered. */
const firstOf = (override: string, n: number, fate: Fate) => {
  let seen = 0
  return (request: HttpClientRequest.HttpClientRequest): Fate =>
    request.headers["x-http-method-override"] === override && seen++ < n ? fate : "deliver"
}

/** Runs `effect`, moving the TestClock by a second until it completes. */
const bySeconds = <A, E, R>(effect: Effect.Effect<A, E, R>) => driven(effect, "1 second", 500)

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

  it.effect("lost twice: read back again, not there, sent a third time and issued once", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const issued = yield* bySeconds(Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("U-3", CORP))))
      expect(issued.code).toBe(1)
      expect(yield* callsOf("Cashbill.RegistIssue")).toBe(1)
      expect(yield* callsOf("Cashbill.GetDetailInfo")).toBe(2)
    }).pipe(Effect.provide(layerWith(firstOf("ISSUE", 2, "loseRequest")))))

  it.effect("lost on every send until the deadline: an UnknownOutcomeError saying how many reads and sends it made", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const started = yield* Clock.currentTimeMillis
      const error = yield* Effect.flip(bySeconds(Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("U-6", CORP)))))
      expect(error._tag).toBe("UnknownOutcomeError")
      if (error._tag !== "UnknownOutcomeError") return
      expect(error.reason).toBe("StillUnknown")
      expect(error.sends).toBeGreaterThan(2)
      expect(error.reads).toBe(error.sends - 1)
      expect(error.message).toContain(`${error.reads} reads and ${error.sends} sends`)
      expect(error.message).toContain("U-6")
      // Given up at the deadline (5 s), not after a count.
      expect((yield* Clock.currentTimeMillis) - started).toBeGreaterThanOrEqual(4_000)
      expect((yield* Clock.currentTimeMillis) - started).toBeLessThanOrEqual(6_000)
      expect(yield* callsOf("Cashbill.RegistIssue")).toBe(0)
    }).pipe(Effect.provide(layerWith(firstOf("ISSUE", 1_000, "loseRequest"), { callTimeout: "5 seconds", retryMaxDelay: "1 second" }))))

  it.effect("read back through an outage: the read is tried again until it answers, and the issue is settled", () => {
    let reads = 0
    const fate = (request: HttpClientRequest.HttpClientRequest): Fate => {
      if (request.headers["x-http-method-override"] === "ISSUE") return reads === 0 ? "loseAnswer" : "deliver"
      if (request.method === "GET" && reads++ < 8) return "refuseConnection"
      return "deliver"
    }
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const issued = yield* bySeconds(Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("U-7", CORP))))
      expect(issued.message).toContain("settled by reading the receipt back")
      expect(yield* callsOf("Cashbill.RegistIssue")).toBe(1)
      expect(reads).toBe(9)
    }).pipe(Effect.provide(layerWith(fate)))
  })

  it.effect("the read back failing until the deadline: ReadFailed, though the receipt was issued", () => {
    let issues = 0
    const fate = (request: HttpClientRequest.HttpClientRequest): Fate =>
      request.headers["x-http-method-override"] === "ISSUE" ? (issues++ === 0 ? "loseAnswer" : "deliver") : request.method === "GET" ? "refuseConnection" : "deliver"
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const error = yield* Effect.flip(bySeconds(Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("U-8", CORP)))))
      expect(error).toMatchObject({ _tag: "UnknownOutcomeError", reason: "ReadFailed", sends: 1 })
      expect(error._tag === "UnknownOutcomeError" && error.reads).toBeGreaterThanOrEqual(1)
      expect(issues).toBe(1)
      expect(yield* callsOf("Cashbill.RegistIssue")).toBe(1)
    }).pipe(Effect.provide(layerWith(fate, { callTimeout: "5 seconds" })))
  })

  it.effect("refused for the moment (503 from the service): read back, not there, sent again", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const issued = yield* bySeconds(Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("U-9", CORP))))
      expect(issued.code).toBe(1)
      expect(yield* callsOf("Cashbill.GetDetailInfo")).toBe(1)
      expect(yield* callsOf("Cashbill.RegistIssue")).toBe(1)
    }).pipe(Effect.provide(layerWith(firstOf("ISSUE", 1, "busy")))))

  it.effect("connections refused for a while (an outage): the issue is sent again until it goes through", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const issued = yield* bySeconds(Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("U-10", CORP))))
      expect(issued.code).toBe(1)
      // Surely not sent: nothing to read back.
      expect(yield* callsOf("Cashbill.GetDetailInfo")).toBe(0)
    }).pipe(Effect.provide(layerWith(firstOf("ISSUE", 12, "refuseConnection")))))

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

  it.effect("a submission whose answer was lost is looked up by its submit ID, not sent again: every receipt issued once, in order", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      const results = yield* bySeconds(cashbill.issueMany(CORP, receipts))
      expect(results.map((r) => r.mgtKey)).toEqual(receipts.map((r) => r.mgtKey))
      expect(results.every((r) => r.code === 1)).toBe(true)
      const infos = yield* cashbill.getInfos(CORP, receipts.map((r) => r.mgtKey))
      expect(new Set(infos.map((i) => i.confirmNum)).size).toBe(250)
      // 3 submissions, each sent once: the one whose answer was lost was found under its submit ID.
      expect(yield* callsOf("Cashbill.BulkSubmit")).toBe(3)
    }).pipe(Effect.provide(layerWith(firstOf("BULKISSUE", 1, "loseAnswer")))))

  it.effect("an outage refusing every submission for a while (503): each looked up by its submit ID, not known, sent again: all issued once", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      const results = yield* bySeconds(cashbill.issueMany(CORP, receipts))
      expect(results.every((r) => r.code === 1)).toBe(true)
      expect(new Set((yield* cashbill.getInfos(CORP, receipts.map((r) => r.mgtKey))).map((i) => i.confirmNum)).size).toBe(250)
      expect(yield* callsOf("Cashbill.BulkSubmit")).toBe(3)
    }).pipe(Effect.provide(layerWith(firstOf("BULKISSUE", 6, "busy")))))

  it.effect("the results read through an outage: polls refused for a while are tried again, nothing is Unknown", () => {
    let refused = 0
    const fate = (request: HttpClientRequest.HttpClientRequest): Fate =>
      request.method === "GET" && request.url.includes("/BULK/") && refused++ < 20 ? "refuseConnection" : "deliver"
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const results = yield* bySeconds(Effect.flatMap(Cashbill, (c) => c.issueMany(CORP, receipts)))
      expect(results.every((r) => r.code === 1)).toBe(true)
      expect(refused).toBeGreaterThan(20)
    }).pipe(Effect.provide(layerWith(fate)))
  })

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

describe("a rerun: an issue answered that its ID is in use", () => {
  it.effect("the same receipt issued twice answers as the first run did: the same confirmation number, nothing issued twice", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      const first = yield* cashbill.issue(CORP, receipt("R-1", CORP))
      const again = yield* cashbill.issue(CORP, receipt("R-1", CORP))
      expect(again.code).toBe(1)
      expect(again.confirmNum).toBe(first.confirmNum)
      expect(again.tradeDate).toBe(first.tradeDate)
      expect(again.message).toContain("issued before under this ID")
      // The second run was refused (ID in use), then the receipt read back.
      expect(yield* callsOf("Cashbill.RegistIssue")).toBe(2)
      expect(yield* callsOf("Cashbill.GetDetailInfo")).toBe(1)
    }).pipe(Effect.provide(layerWith(() => "deliver"))))

  it.effect("a different receipt under the same ID: the service's ApiError, ID in use", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      yield* cashbill.issue(CORP, receipt("R-2", CORP))
      const error = yield* Effect.flip(cashbill.issue(CORP, receipt("R-2", CORP, { totalAmount: "22000", supplyCost: "20000", tax: "2000" })))
      expect(error._tag === "ApiError" && error.isDocumentIdInUse).toBe(true)
      expect(error._tag === "ApiError" && error.code).toBe(-14001019)
    }).pipe(Effect.provide(layerWith(() => "deliver"))))

  it.effect("answerReruns: false gives the service's bare answer", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      yield* cashbill.issue(CORP, receipt("R-3", CORP))
      const error = yield* Effect.flip(cashbill.issue(CORP, receipt("R-3", CORP)))
      expect(error._tag === "ApiError" && error.isDocumentIdInUse).toBe(true)
      expect(yield* callsOf("Cashbill.GetDetailInfo")).toBe(0)
    }).pipe(Effect.provide(layerWith(() => "deliver", { answerReruns: false }))))

  it.effect("a revocation run twice answers as its first run; an issue under a revocation's ID is refused", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cashbill = yield* Cashbill
      const original = yield* cashbill.issue(CORP, receipt("R-4", CORP))
      const revocation = halfRevocation("R-4-C", original)
      const first = yield* cashbill.revoke(CORP, revocation)
      const again = yield* cashbill.revoke(CORP, revocation)
      expect(again.confirmNum).toBe(first.confirmNum)
      const error = yield* Effect.flip(cashbill.issue(CORP, receipt("R-4-C", CORP, { totalAmount: "5500", supplyCost: "5000", tax: "500" })))
      expect(error._tag === "ApiError" && error.isDocumentIdInUse).toBe(true)
    }).pipe(Effect.provide(layerWith(() => "deliver"))))

  it.effect("a resend answered 'ID in use' (the lost send was processed after a stale read) is read back and answered", () => {
    let reads = 0
    const fate = (request: HttpClientRequest.HttpClientRequest): Fate => {
      if (request.headers["x-http-method-override"] === "ISSUE") return reads === 0 ? "loseAnswer" : "deliver"
      return request.method === "GET" && reads++ === 0 ? "notFound" : "deliver"
    }
    return Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const issued = yield* bySeconds(Effect.flatMap(Cashbill, (c) => c.issue(CORP, receipt("R-5", CORP))))
      expect(issued.code).toBe(1)
      expect(reads).toBe(2)
      expect(yield* callsOf("Cashbill.RegistIssue")).toBe(2)
      expect((yield* Effect.flatMap(Cashbill, (c) => c.getInfo(CORP, "R-5"))).confirmNum).toBe(issued.confirmNum)
    }).pipe(Effect.provide(layerWith(fate)))
  })
})
