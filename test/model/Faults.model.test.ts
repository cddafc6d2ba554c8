/**
 * Fault injection, model-based: random sequences of issue, issueMany, revoke and getInfo through
 * the SDK, each meeting a random fault of every kind real networks produce — a reset before
 * processing, an answer lost after processing, a truncated answer, an answer that never ends, a 503,
 * latency — on the call itself or on the bulk submission or its polls. After every run: every
 * document the caller was told exists is in the sandbox exactly once with the content sent; nothing
 * the caller was told was not issued exists; nothing exists the caller does not know of (issued or
 * unknown); and every call ended with a value or a typed error within its deadline.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import type { CashReceiptIssue } from "../../src/domains/cashbill/Schemas.js"
import * as State from "../../src/sandbox/cashbill/State.js"
import type { Fault } from "../../src/sandbox/edge/Faults.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import { SandboxStore } from "../../src/sandbox/Store.js"
import { receipt } from "../support/receipts.js"
import { CORP, failureOf, failureTag, type Real as Run, type Services, withSandbox } from "./support.js"

const START = Date.UTC(2026, 10, 22, 1, 0, 0)
/** The typed failures a call may end with; anything else (a defect, an untyped error) fails the run. */
const TYPED = new Set(["ApiError", "TransportError", "ResponseError", "UnknownOutcomeError", "BulkIncompleteError", "PollTimeoutError", "TokenError"])

type Injected =
  | { readonly _tag: "None" }
  | { readonly _tag: "Kind"; readonly kind: "reset" | "dropAfter" | "truncate" | "hang" }
  | { readonly _tag: "Unavailable" }
  | { readonly _tag: "Latency" }

const injected: fc.Arbitrary<Injected> = fc.oneof(
  fc.constant({ _tag: "None" } as const),
  fc.constantFrom("reset" as const, "dropAfter" as const, "truncate" as const, "hang" as const).map((kind): Injected => ({ _tag: "Kind", kind })),
  fc.constant({ _tag: "Unavailable" } as const),
  fc.constant({ _tag: "Latency" } as const)
)

const faultOf = (route: string, what: Injected, count: number): Fault | undefined => {
  switch (what._tag) {
    case "None":
      return undefined
    case "Kind":
      return { route, kind: what.kind, count, probability: 1 }
    case "Unavailable":
      return { route, status: 503, count, probability: 1 }
    case "Latency":
      return { route, latencyMillis: 1_500, count, probability: 1 }
  }
}

interface Model {
  /** Documents the caller was told exist, with what was sent. */
  readonly issued: Map<string, CashReceiptIssue | { readonly revokes: string }>
  /** Documents whose outcome the caller was told is unknown. */
  readonly unknown: Set<string>
  /** Documents the caller was told were not issued. */
  readonly notIssued: Set<string>
  /** Originals already revoked (a full revocation takes what remains). */
  readonly revoked: Set<string>
  next: number
}

interface Real {
  /** Runs a call meeting `fault` (if any), the clock driven until it ends. */
  readonly run: <A, E>(effect: Effect.Effect<A, E, Services>, fault: Fault | undefined) => Promise<Exit.Exit<A, unknown>>
}

const expectTyped = (exit: Exit.Exit<unknown, unknown>, label: string) => {
  const tag = failureTag(exit)
  if (tag !== undefined) expect(TYPED.has(tag), `${label} ended with ${tag}`).toBe(true)
}

class Issue implements fc.AsyncCommand<Model, Real> {
  constructor(readonly total: number, readonly fault: Injected) {}
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    const key = `F-${model.next++}`
    const sent = receipt(key, CORP, { totalAmount: String(this.total), supplyCost: String(this.total - 100), tax: "100", serviceFee: "0" })
    const exit = await real.run(Effect.flatMap(Cashbill, (c) => c.issue(CORP, sent)), faultOf("Cashbill.RegistIssue", this.fault, 1))
    expectTyped(exit, this.toString())
    if (Exit.isSuccess(exit)) model.issued.set(key, sent)
    else if (failureTag(exit) === "UnknownOutcomeError" || failureTag(exit) === "TransportError" || failureTag(exit) === "ResponseError") model.unknown.add(key)
    else model.notIssued.add(key)
  }
  toString() {
    return `issue(${this.total}, ${this.fault._tag === "Kind" ? this.fault.kind : this.fault._tag})`
  }
}

class IssueMany implements fc.AsyncCommand<Model, Real> {
  constructor(readonly count: number, readonly route: "Cashbill.BulkSubmit" | "Cashbill.GetBulkResult", readonly fault: Injected, readonly times: number) {}
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    const sent = Array.from({ length: this.count }, () => receipt(`F-${model.next++}`, CORP))
    const exit = await real.run(Effect.flatMap(Cashbill, (c) => c.issueMany(CORP, sent)), faultOf(this.route, this.fault, this.times))
    expectTyped(exit, this.toString())
    const byKey = new Map(sent.map((r) => [r.mgtKey, r]))
    if (Exit.isSuccess(exit)) {
      expect(exit.value.map((r) => r.mgtKey)).toEqual(sent.map((r) => r.mgtKey))
      for (const result of exit.value) {
        if (result.code === 1) model.issued.set(result.mgtKey!, byKey.get(result.mgtKey!)!)
        else model.notIssued.add(result.mgtKey!)
      }
      return
    }
    const failure = failureOf(exit) as { readonly _tag: string } | undefined
    if (failure?._tag === "BulkIncompleteError") {
      const items = (failure as unknown as { readonly items: ReadonlyArray<{ key: string; status: string }> }).items
      expect(items.map((i) => i.key)).toEqual(sent.map((r) => r.mgtKey))
      for (const item of items) {
        if (item.status === "Issued") model.issued.set(item.key, byKey.get(item.key)!)
        else if (item.status === "Unknown") model.unknown.add(item.key)
        else model.notIssued.add(item.key)
      }
    } else {
      for (const r of sent) model.unknown.add(r.mgtKey)
    }
  }
  toString() {
    return `issueMany(${this.count}, ${this.route} ${this.fault._tag === "Kind" ? this.fault.kind : this.fault._tag} ×${this.times})`
  }
}

class Revoke implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly fault: Injected) {}
  originals(model: Readonly<Model>) {
    return [...model.issued].filter(([key, sent]) => "mgtKey" in sent && !model.revoked.has(key)).map(([key]) => key)
  }
  check(model: Readonly<Model>) {
    return this.originals(model).length > 0
  }
  async run(model: Model, real: Real) {
    const originals = this.originals(model)
    const original = originals[this.pick % originals.length]!
    const key = `F-${model.next++}`
    const exit = await real.run(
      Effect.gen(function*() {
        const cashbill = yield* Cashbill
        const info = yield* cashbill.getInfo(CORP, original)
        return yield* cashbill.revoke(CORP, { mgtKey: key, orgConfirmNum: info.confirmNum, orgTradeDate: info.tradeDate })
      }),
      faultOf("Cashbill.RevokeRegistIssue", this.fault, 1)
    )
    expectTyped(exit, this.toString())
    if (Exit.isSuccess(exit)) {
      model.issued.set(key, { revokes: original })
      model.revoked.add(original)
    } else {
      model.unknown.add(key)
      model.revoked.add(original)
    }
  }
  toString() {
    return `revoke(#${this.pick}, ${this.fault._tag === "Kind" ? this.fault.kind : this.fault._tag})`
  }
}

class Query implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly fault: Injected) {}
  check(model: Readonly<Model>) {
    return model.issued.size > 0
  }
  async run(model: Model, real: Real) {
    const keys = [...model.issued.keys()]
    const key = keys[this.pick % keys.length]!
    const exit = await real.run(Effect.flatMap(Cashbill, (c) => c.getInfo(CORP, key)), faultOf("Cashbill.GetInfo", this.fault, 1))
    // A read meets one fault and is retried: it answers.
    expect(Exit.isSuccess(exit), `${this.toString()}: ${failureTag(exit)}`).toBe(true)
    if (Exit.isSuccess(exit)) expect(exit.value.mgtKey).toBe(key)
  }
  toString() {
    return `getInfo(#${this.pick}, ${this.fault._tag === "Kind" ? this.fault.kind : this.fault._tag})`
  }
}

const commands = [
  fc.tuple(fc.constantFrom(1_100, 5_500, 11_000), injected).map(([t, f]) => new Issue(t, f)),
  fc.tuple(fc.integer({ min: 1, max: 130 }), fc.constantFrom("Cashbill.BulkSubmit" as const, "Cashbill.GetBulkResult" as const), injected, fc.integer({ min: 1, max: 2 }))
    .map(([n, r, f, t]) => new IssueMany(n, r, f, t)),
  fc.tuple(fc.nat(20), injected).map(([p, f]) => new Revoke(p, f)),
  fc.tuple(fc.nat(20), injected).map(([p, f]) => new Query(p, f))
]

/** Runs `effect` while moving the TestClock in steps (backoff, deadlines, polls) until it ends. */
const driven = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.forkChild(effect)
    for (let i = 0; i < 3_000; i++) {
      yield* Effect.yieldNow
      if (fiber.pollUnsafe() !== undefined) break
      yield* TestClock.adjust("500 millis")
    }
    // Within its deadline: the call ended while the clock was driven.
    expect(fiber.pollUnsafe()).toBeDefined()
    return yield* Fiber.await(fiber)
  })

describe("SDK and sandbox under injected faults, model-based", () => {
  it("nothing is lost, doubled or misreported, and every call ends typed", async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 5 }), (cmds) =>
        withSandbox(START, async (sandbox: Run) => {
          const real: Real = {
            run: (effect, fault) =>
              sandbox.run(Effect.gen(function*() {
                const service = yield* Sandbox
                if (fault !== undefined) yield* service.setFault(fault)
                const exit = yield* driven(effect)
                yield* service.clearFaults()
                return exit
              })).then((exit) => (Exit.isSuccess(exit) ? exit.value : Exit.failCause(exit.cause)))
          }
          const model: Model = { issued: new Map(), unknown: new Set(), notIssued: new Set(), revoked: new Set(), next: 0 }
          await fc.asyncModelRun(() => ({ model, real }), cmds)

          const storedExit = await sandbox.run(
            Effect.flatMap(Sandbox, (s) => s.use(Effect.map(SandboxStore, (store) => State.memberOf(store.get(State.cashbillSlot, "test"), CORP).receipts)))
          )
          expect(Exit.isSuccess(storedExit)).toBe(true)
          if (!Exit.isSuccess(storedExit)) return
          const stored = storedExit.value
          for (const [key, sent] of model.issued) {
            const found = stored.get(key)
            expect(found, `${key} was reported issued`).toBeDefined()
            if ("mgtKey" in sent) {
              expect(found!.totalAmount).toBe(sent.totalAmount)
              expect(found!.identityNum).toBe(sent.identityNum)
            }
          }
          for (const key of stored.keys()) expect(model.issued.has(key) || model.unknown.has(key), `${key} exists unreported`).toBe(true)
          for (const key of model.notIssued) expect(stored.has(key), `${key} was reported not issued`).toBe(false)
        }, { requestTimeout: "3 seconds", retryBaseDelay: "100 millis", retryMaxDelay: "1 second" })),
      { numRuns: 200 }
    )
  })
})
