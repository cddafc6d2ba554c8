/**
 * Model-based test of the statement lifecycle: random sequences of issue (with and without the
 * member's approval-required preference), approve, cancel, delete, reissue with the same document
 * ID and queries, run against a fresh sandbox through the SDK (approval through the sandbox's admin
 * operation) and against a model written from the spec and docs/decisions.md (not from the sandbox's code):
 *
 * - a document ID is unique per member and item code until its statement is deleted (-12001012);
 * - a new statement is 300 issued, or 200 pending approval while the preference is set;
 * - approval moves 200 → 300 only; Cancel moves 200 or 300 → 600; Delete only in 600, after which
 *   the document ID is free; anything else in the wrong state fails (-12000010);
 * - unknown document IDs fail with -12000004; GetInfos leaves them out and keeps the order asked.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as fc from "fast-check"
import type { ItemCode } from "../../src/domains/statement/Rules.js"
import { Statement } from "../../src/domains/statement/Statement.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import { statement } from "../support/statements.js"
import { codeOf, CORP, type Real, withSandbox } from "./support.js"

const KEYS = ["K1", "K2", "K3"] as const
const CODES: ReadonlyArray<ItemCode> = [121, 125]

type State = 200 | 300 | 600

interface Model {
  approvalRequired: boolean
  readonly statements: Map<string, State>
}

const id = (itemCode: number, key: string) => `${itemCode}/${key}`

const NOT_FOUND = -12000004
const IN_USE = -12001012
const INVALID_STATE = -12000010

abstract class Command implements fc.AsyncCommand<Model, Real> {
  abstract run(model: Model, real: Real): Promise<void>
  abstract toString(): string
  check() {
    return true
  }
}

class SetApproval extends Command {
  constructor(readonly required: boolean) {
    super()
  }
  async run(model: Model, real: Real) {
    const exit = await real.run(Effect.flatMap(Sandbox, (s) => s.setMemberPreferences("test", CORP, { statementApprovalRequired: this.required })))
    expect(codeOf(exit)).toBe("ok")
    model.approvalRequired = this.required
  }
  toString() {
    return `approvalRequired(${this.required})`
  }
}

class Issue extends Command {
  constructor(readonly itemCode: ItemCode, readonly key: string) {
    super()
  }
  async run(model: Model, real: Real) {
    const exit = await real.run(Effect.flatMap(Statement, (s) => s.issue(CORP, statement(this.itemCode, this.key, CORP))))
    if (model.statements.has(id(this.itemCode, this.key))) {
      expect(codeOf(exit)).toBe(IN_USE)
      return
    }
    expect(codeOf(exit)).toBe("ok")
    model.statements.set(id(this.itemCode, this.key), model.approvalRequired ? 200 : 300)
  }
  toString() {
    return `issue(${id(this.itemCode, this.key)})`
  }
}

/** approve / cancel / delete: the transition the spec allows from each state. */
class Transition extends Command {
  constructor(readonly kind: "approve" | "cancel" | "delete", readonly itemCode: ItemCode, readonly key: string) {
    super()
  }
  async run(model: Model, real: Real) {
    const { itemCode, key } = this
    const effect: Effect.Effect<unknown, unknown, Statement | Sandbox> = this.kind === "approve"
      ? Effect.flatMap(Sandbox, (s) => s.approveStatement("test", CORP, itemCode, key))
      : this.kind === "cancel"
      ? Effect.flatMap(Statement, (s) => s.cancel(CORP, itemCode, key, "model"))
      : Effect.flatMap(Statement, (s) => s.delete(CORP, itemCode, key))
    const exit = await real.run(effect)
    const state = model.statements.get(id(itemCode, key))
    if (state === undefined) {
      expect(codeOf(exit)).toBe(NOT_FOUND)
      return
    }
    const allowed = this.kind === "approve" ? state === 200 : this.kind === "cancel" ? state === 200 || state === 300 : state === 600
    if (!allowed) {
      expect(codeOf(exit)).toBe(INVALID_STATE)
      return
    }
    expect(codeOf(exit)).toBe("ok")
    if (this.kind === "approve") model.statements.set(id(itemCode, key), 300)
    else if (this.kind === "cancel") model.statements.set(id(itemCode, key), 600)
    else model.statements.delete(id(itemCode, key))
  }
  toString() {
    return `${this.kind}(${id(this.itemCode, this.key)})`
  }
}

class Query extends Command {
  constructor(readonly itemCode: ItemCode, readonly key: string) {
    super()
  }
  async run(model: Model, real: Real) {
    const exit = await real.run(Effect.flatMap(Statement, (s) => s.getInfo(CORP, this.itemCode, this.key)))
    const state = model.statements.get(id(this.itemCode, this.key))
    if (state === undefined) {
      expect(codeOf(exit)).toBe(NOT_FOUND)
      return
    }
    expect(Exit.isSuccess(exit)).toBe(true)
    if (!Exit.isSuccess(exit)) return
    expect(exit.value.stateCode).toBe(state)
    // Issued statements carry their issue time; pending ones have none yet (cancelled: either).
    if (state !== 600) expect(exit.value.issueDT === undefined).toBe(state === 200)
  }
  toString() {
    return `query(${id(this.itemCode, this.key)})`
  }
}

class QueryAll extends Command {
  constructor(readonly itemCode: ItemCode, readonly order: ReadonlyArray<string>) {
    super()
  }
  async run(model: Model, real: Real) {
    const exit = await real.run(Effect.flatMap(Statement, (s) => s.getInfos(CORP, this.itemCode, this.order)))
    expect(Exit.isSuccess(exit)).toBe(true)
    if (!Exit.isSuccess(exit)) return
    const expected = this.order.filter((k) => model.statements.has(id(this.itemCode, k)))
    expect(exit.value.map((i) => [i.mgtKey, i.stateCode])).toEqual(expected.map((k) => [k, model.statements.get(id(this.itemCode, k))]))
  }
  toString() {
    return `queryAll(${this.itemCode}, ${this.order.join(",")})`
  }
}

const key = fc.constantFrom(...KEYS)
const code = fc.constantFrom(...CODES)
const commands = [
  fc.boolean().map((b) => new SetApproval(b)),
  fc.tuple(code, key).map(([c, k]) => new Issue(c, k)),
  fc.tuple(fc.constantFrom("approve" as const, "cancel" as const, "delete" as const), code, key).map(([t, c, k]) => new Transition(t, c, k)),
  fc.tuple(code, key).map(([c, k]) => new Query(c, k)),
  fc.tuple(code, fc.shuffledSubarray([...KEYS])).map(([c, order]) => new QueryAll(c, order))
]

describe("statement lifecycle, model-based", () => {
  it("the sandbox behaves like the model for any sequence of operations", async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: "max" }), async (cmds) => {
        await withSandbox(Date.UTC(2026, 10, 22, 1, 0, 0), (real) =>
          fc.asyncModelRun(() => ({ model: { approvalRequired: false, statements: new Map() }, real }), cmds))
      }),
      { numRuns: 40 }
    )
  })
})
