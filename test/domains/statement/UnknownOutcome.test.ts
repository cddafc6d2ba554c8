/**
 * Statement writes whose answer is lost (the sandbox processes them, then drops the connection):
 * the SDK reads the statement back and answers, instead of sending the write blindly again.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { ItemCode } from "../../../src/domains/statement/Rules.js"
import { Statement } from "../../../src/domains/statement/Statement.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import * as Sdk from "../../support/sdk.js"
import { statement } from "../../support/statements.js"

const CORP = Sdk.MEMBER
const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const layer = () => Sdk.layer({ sandbox: { members: [{ corpNum: CORP }] } })

/** The next call of `route` is processed, then its answer is lost. */
const loseNextAnswer = (route: string) => Effect.flatMap(Sandbox, (s) => s.setFault({ route, kind: "dropAfter", count: 1, probability: 1 }))
const callsOf = (name: string) => Effect.map(Effect.flatMap(Sandbox, (s) => s.stats), (stats) => stats.calls[name] ?? 0)

describe("a statement write whose answer is lost", () => {
  it.effect("issue, cancel and delete are settled by reading back, each sent once", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const statements = yield* Statement
      yield* loseNextAnswer("Statement.RegistIssue")
      const issued = yield* statements.issue(CORP, statement(ItemCode.Estimate, "UO-1", CORP))
      expect(issued.code).toBe(1)
      expect(issued.invoiceNum).toHaveLength(24)
      expect(yield* callsOf("Statement.RegistIssue")).toBe(1)

      yield* loseNextAnswer("Statement.Cancel")
      expect((yield* statements.cancel(CORP, ItemCode.Estimate, "UO-1")).code).toBe(1)
      expect(Number((yield* statements.getInfo(CORP, ItemCode.Estimate, "UO-1")).stateCode)).toBe(600)
      expect(yield* callsOf("Statement.Cancel")).toBe(1)

      yield* loseNextAnswer("Statement.Delete")
      expect((yield* statements.delete(CORP, ItemCode.Estimate, "UO-1")).code).toBe(1)
      expect(yield* callsOf("Statement.Delete")).toBe(1)
      const gone = yield* Effect.flip(statements.getInfo(CORP, ItemCode.Estimate, "UO-1"))
      expect(gone._tag === "ApiError" && gone.isNotFound).toBe(true)
    }).pipe(Effect.provide(layer())))

  it.effect("a different statement under the same ID is never reported as issued", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const statements = yield* Statement
      yield* statements.issue(CORP, statement(ItemCode.Estimate, "UO-2", CORP))
      yield* loseNextAnswer("Statement.RegistIssue")
      const error = yield* Effect.flip(statements.issue(CORP, { ...statement(ItemCode.Estimate, "UO-2", CORP), supplyCostTotal: "999", taxTotal: "99" }))
      expect(error._tag === "UnknownOutcomeError" && error.reason).toBe("DifferentDocument")
    }).pipe(Effect.provide(layer())))

  it.effect("issued twice, a statement answers as its first run (the same invoice number); another under its ID is refused", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const statements = yield* Statement
      const first = yield* statements.issue(CORP, statement(ItemCode.Estimate, "RR-1", CORP))
      const again = yield* statements.issue(CORP, statement(ItemCode.Estimate, "RR-1", CORP))
      expect(again.invoiceNum).toBe(first.invoiceNum)
      expect(again.message).toContain("issued before under this ID")
      const error = yield* Effect.flip(statements.issue(CORP, { ...statement(ItemCode.Estimate, "RR-1", CORP), supplyCostTotal: "999", taxTotal: "99" }))
      expect(error._tag === "ApiError" && error.isDocumentIdInUse).toBe(true)
    }).pipe(Effect.provide(layer())))
})
