/**
 * e-Tax invoice writes whose answer is lost: Register and Issue are settled by reading the invoice
 * back (GetInfo) instead of being sent blindly again; run again, they answer as their first run.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpClient, HttpClientError, type HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import * as Kst from "../../../src/core/Kst.js"
import { Taxinvoice } from "../../../src/domains/taxinvoice/Taxinvoice.js"
import type * as Connect from "../../../src/sandbox/Connect.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import { driven } from "../../support/clock.js"
import { draft } from "../../support/invoices.js"
import * as Sdk from "../../support/sdk.js"

const CORP = Sdk.MEMBER
const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const TODAY = Kst.toDate8(START)

type Fate = "deliver" | "loseAnswer" | "loseRequest"

/** The first `n` requests `matches` accepts meet `fate`; everything else is delivered. */
const lossy = (matches: (request: HttpClientRequest.HttpClientRequest) => boolean, n: number, fate: Fate) => {
  let seen = 0
  return Layer.effect(
    HttpClient.HttpClient,
    Effect.map(HttpClient.HttpClient, (inner) =>
      HttpClient.make((request) => {
        const lost = (cause: unknown) =>
          new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request, description: "connection lost", cause }) })
        const chosen: Fate = matches(request) && seen++ < n ? fate : "deliver"
        switch (chosen) {
          case "deliver":
            return inner.execute(request)
          case "loseAnswer":
            return Effect.flatMap(inner.execute(request), () => Effect.fail(lost(new Error("socket hang up"))))
          case "loseRequest":
            return Effect.fail(lost(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" })))
        }
      }))
  )
}

const layerWith = (matches: (request: HttpClientRequest.HttpClientRequest) => boolean, n: number, fate: Fate, connect: Connect.ConnectOptions = {}) =>
  Sdk.layer({
    connect: { retryBaseDelay: "10 millis", retryMaxDelay: "50 millis", ...connect },
    sandbox: { members: [{ corpNum: CORP }] },
    around: lossy(matches, n, fate)
  })

const isRegister = (request: HttpClientRequest.HttpClientRequest) =>
  request.method === "POST" && new URL(request.url).pathname.endsWith("/Taxinvoice") && request.headers["x-http-method-override"] === undefined
const isIssue = (request: HttpClientRequest.HttpClientRequest) => request.headers["x-http-method-override"] === "ISSUE"

const callsOf = (name: string) => Effect.map(Effect.flatMap(Sandbox, (s) => s.stats), (stats) => stats.calls[name] ?? 0)

describe("an e-Tax invoice write whose answer is lost", () => {
  it.effect("a Register processed but unanswered is read back and answered, not sent again", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const saved = yield* Effect.flatMap(Taxinvoice, (t) => t.register(CORP, draft("UO-1", CORP, TODAY)))
      expect(saved.code).toBe(1)
      expect(yield* callsOf("Taxinvoice.Register")).toBe(1)
      expect(yield* callsOf("Taxinvoice.GetInfo")).toBe(1)
    }).pipe(Effect.provide(layerWith(isRegister, 1, "loseAnswer"))))

  it.effect("a Register lost on its way is found missing, then sent once more", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const saved = yield* Effect.flatMap(Taxinvoice, (t) => t.register(CORP, draft("UO-2", CORP, TODAY)))
      expect(saved.code).toBe(1)
      expect(yield* callsOf("Taxinvoice.Register")).toBe(1)
    }).pipe(Effect.provide(layerWith(isRegister, 1, "loseRequest"))))

  it.effect("an Issue processed but unanswered answers the confirmation number read back", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const ti = yield* Taxinvoice
      yield* ti.register(CORP, draft("UO-3", CORP, TODAY))
      const issued = yield* ti.issue(CORP, "SELL", "UO-3")
      expect(issued.code).toBe(1)
      expect(issued.ntsConfirmNum).toHaveLength(24)
      expect((yield* ti.getInfo(CORP, "SELL", "UO-3")).ntsconfirmNum).toBe(issued.ntsConfirmNum)
      expect(yield* callsOf("Taxinvoice.Issue")).toBe(1)
    }).pipe(Effect.provide(layerWith(isIssue, 1, "loseAnswer"))))

  it.effect("an Issue lost twice is read back again and sent a third time: issued once", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const ti = yield* Taxinvoice
      yield* ti.register(CORP, draft("UO-4", CORP, TODAY))
      const issued = yield* driven(ti.issue(CORP, "SELL", "UO-4"), "1 second")
      expect(issued.ntsConfirmNum).toHaveLength(24)
      expect(yield* callsOf("Taxinvoice.Issue")).toBe(1)
    }).pipe(Effect.provide(layerWith(isIssue, 2, "loseRequest"))))

  it.effect("an Issue lost on every send until the deadline: UnknownOutcomeError, never issued", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const ti = yield* Taxinvoice
      yield* ti.register(CORP, draft("UO-5", CORP, TODAY))
      const error = yield* Effect.flip(driven(ti.issue(CORP, "SELL", "UO-5"), "1 second"))
      expect(error).toMatchObject({ _tag: "UnknownOutcomeError", operation: "Taxinvoice.issue", documentId: "UO-5", reason: "StillUnknown" })
      expect(yield* callsOf("Taxinvoice.Issue")).toBe(0)
    }).pipe(Effect.provide(layerWith(isIssue, 1_000, "loseRequest", { callTimeout: "5 seconds" }))))
})

describe("an e-Tax invoice write run again", () => {
  it.effect("Register and Issue run twice answer as their first runs; another draft under the ID is refused", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const ti = yield* Taxinvoice
      yield* ti.register(CORP, draft("RR-1", CORP, TODAY))
      const saved = yield* ti.register(CORP, draft("RR-1", CORP, TODAY))
      expect(saved).toMatchObject({ code: 1 })
      expect(saved.message).toContain("saved before under this ID")
      const issued = yield* ti.issue(CORP, "SELL", "RR-1")
      const again = yield* ti.issue(CORP, "SELL", "RR-1")
      expect(again.ntsConfirmNum).toBe(issued.ntsConfirmNum)
      expect(again.message).toContain("issued before")
      const error = yield* Effect.flip(ti.register(CORP, { ...draft("RR-1", CORP, TODAY), purposeType: "청구" }))
      expect(error._tag === "ApiError" && error.isDocumentIdInUse).toBe(true)
    }).pipe(Effect.provide(layerWith(() => false, 0, "deliver"))))
})
