/**
 * Model-based test of the cash receipt lifecycle: random sequences of issue, revoke (partial and
 * full), delete, query and "a day passes", run against a fresh sandbox through the SDK and against
 * a model written from the spec and docs/decisions.md (not from the sandbox's code):
 *
 * - a document ID is unique per member until its receipt is deleted (-14001019);
 * - issued receipts are 300 until the end of their KST day, then 304 (filed) or 305 (filing failed);
 * - delete only in 305 (-14000010 otherwise), unknown IDs -14000003, after which the ID is free;
 * - a revocation needs its original (orgConfirmNum + orgTradeDate) and its cumulative total may not
 *   exceed the original's (-14001023); a full revocation takes what remains.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as fc from "fast-check"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import { FAILS_FILING, receipt } from "../support/receipts.js"
import { codeOf, CORP, DAY, type Real as Run, withSandbox } from "./support.js"
const KEYS = ["K1", "K2", "K3", "K4", "K5"] as const

type State = "issued" | "filed" | "failed"

interface ModelReceipt {
  readonly kind: "approval" | "revocation"
  readonly total: number
  revoked: number
  state: State
  readonly failsFiling: boolean
}

interface Model {
  readonly receipts: Map<string, ModelReceipt>
}

interface Real extends Run {
  /** confirmNum and tradeDate of the receipts the real system issued, by document ID. */
  readonly issued: Map<string, { readonly confirmNum: string; readonly tradeDate: string }>
}

const amounts = (total: number) => {
  const tax = Math.floor(total / 11)
  return { totalAmount: String(total), supplyCost: String(total - tax), tax: String(tax), serviceFee: "0" }
}

class Issue implements fc.AsyncCommand<Model, Real> {
  constructor(readonly key: string, readonly total: number, readonly failsFiling: boolean) {}
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    const exit = await real.run(Effect.flatMap(Cashbill, (c) =>
      c.issue(CORP, receipt(this.key, CORP, { ...amounts(this.total), identityNum: this.failsFiling ? FAILS_FILING : "01012341234" }))))
    if (model.receipts.has(this.key)) {
      expect(codeOf(exit)).toBe(-14001019)
      return
    }
    expect(codeOf(exit)).toBe("ok")
    if (Exit.isSuccess(exit)) real.issued.set(this.key, { confirmNum: exit.value.confirmNum, tradeDate: exit.value.tradeDate })
    model.receipts.set(this.key, { kind: "approval", total: this.total, revoked: 0, state: "issued", failsFiling: this.failsFiling })
  }
  toString() {
    return `issue(${this.key}, ${this.total}${this.failsFiling ? ", fails filing" : ""})`
  }
}

class Revoke implements fc.AsyncCommand<Model, Real> {
  constructor(readonly original: string, readonly key: string, readonly part: number | "full") {}
  check(model: Readonly<Model>) {
    // Revocations of an original whose filing failed are outside the spec's rules: not generated.
    const original = model.receipts.get(this.original)
    return original !== undefined && original.kind === "approval" && !original.failsFiling
  }
  async run(model: Model, real: Real) {
    const original = model.receipts.get(this.original)!
    const org = real.issued.get(this.original)!
    const remaining = original.total - original.revoked
    const amount = this.part === "full" ? remaining : this.part
    const body = this.part === "full"
      ? { mgtKey: this.key, orgConfirmNum: org.confirmNum, orgTradeDate: org.tradeDate }
      : { mgtKey: this.key, orgConfirmNum: org.confirmNum, orgTradeDate: org.tradeDate, isPartCancel: true, ...amounts(this.part) }
    const exit = await real.run(Effect.flatMap(Cashbill, (c) => c.revoke(CORP, body)))
    if (model.receipts.has(this.key)) {
      expect(codeOf(exit)).toBe(-14001019)
      return
    }
    if (amount > remaining || amount === 0) {
      expect(codeOf(exit)).toBe(-14001023)
      return
    }
    expect(codeOf(exit)).toBe("ok")
    if (Exit.isSuccess(exit)) real.issued.set(this.key, { confirmNum: exit.value.confirmNum, tradeDate: exit.value.tradeDate })
    original.revoked += amount
    model.receipts.set(this.key, { kind: "revocation", total: amount, revoked: 0, state: "issued", failsFiling: false })
  }
  toString() {
    return `revoke(${this.original} → ${this.key}, ${this.part})`
  }
}

class Delete implements fc.AsyncCommand<Model, Real> {
  constructor(readonly key: string) {}
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    const exit = await real.run(Effect.flatMap(Cashbill, (c) => c.delete(CORP, this.key)))
    const found = model.receipts.get(this.key)
    if (found === undefined) {
      expect(codeOf(exit)).toBe(-14000003)
      return
    }
    if (found.state !== "failed") {
      expect(codeOf(exit)).toBe(-14000010)
      return
    }
    expect(codeOf(exit)).toBe("ok")
    model.receipts.delete(this.key)
    real.issued.delete(this.key)
  }
  toString() {
    return `delete(${this.key})`
  }
}

class Query implements fc.AsyncCommand<Model, Real> {
  constructor(readonly key: string) {}
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    const exit = await real.run(Effect.flatMap(Cashbill, (c) => c.getInfo(CORP, this.key)))
    const found = model.receipts.get(this.key)
    if (found === undefined) {
      expect(codeOf(exit)).toBe(-14000003)
      return
    }
    expect(Exit.isSuccess(exit)).toBe(true)
    if (!Exit.isSuccess(exit)) return
    expect(exit.value.stateCode).toBe(found.state === "issued" ? 300 : found.state === "filed" ? 304 : 305)
    expect(exit.value.tradeType).toBe(found.kind === "approval" ? "승인거래" : "취소거래")
    expect(exit.value.totalAmount).toBe(String(found.total))
  }
  toString() {
    return `query(${this.key})`
  }
}

class NextDay implements fc.AsyncCommand<Model, Real> {
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    await real.advance(DAY)
    for (const r of model.receipts.values()) {
      if (r.state === "issued") r.state = r.failsFiling ? "failed" : "filed"
    }
  }
  toString() {
    return "nextDay()"
  }
}

const key = fc.constantFrom(...KEYS)
const commands = [
  fc.tuple(key, fc.constantFrom(1100, 5500, 11000), fc.boolean()).map(([k, t, f]) => new Issue(k, t, f)),
  fc.tuple(key, key, fc.oneof(fc.constantFrom(550, 1100, 4400, 6600), fc.constant("full" as const))).map(([o, k, p]) => new Revoke(o, `${k}-C`, p)),
  fc.tuple(key, fc.constantFrom("", "-C")).map(([k, s]) => new Delete(`${k}${s}`)),
  fc.tuple(key, fc.constantFrom("", "-C")).map(([k, s]) => new Query(`${k}${s}`)),
  fc.constant(new NextDay())
]

describe("cash receipt lifecycle, model-based", () => {
  it("the sandbox behaves like the model for any sequence of operations", async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: "max" }), async (cmds) => {
        // 2026-11-22 10:00 KST, so receipts are issued mid-day.
        await withSandbox(Date.UTC(2026, 10, 22, 1, 0, 0), (run) =>
          fc.asyncModelRun(() => ({ model: { receipts: new Map() }, real: { ...run, issued: new Map() } }), cmds))
      }),
      { numRuns: 40 }
    )
  })
})
