/**
 * `taxdoc/testing` against the SDK's validation, for every operation with parameters or a body, in
 * both readings: 1,000 fast-check samples and 100 Effect `Arbitrary` samples of `valid(op)` pass
 * it, and every sample of `invalid(op)` fails it at exactly the labelled path, with the labelled
 * rule. Deterministic: the seeds are fixed. A failing property shrinks to a small input: optional
 * fields left out, short texts.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Effect, Result } from "effect"
import * as fc from "fast-check"
import * as Operation from "../../src/core/Operation.js"
import * as RequestBuilder from "../../src/core/RequestBuilder.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
import * as CashbillOperations from "../../src/domains/cashbill/Operations.js"
import { toFastCheck } from "../../src/testing/FastCheck.js"
import * as Testing from "../../src/testing/index.js"
import { breakagesOf } from "../../src/testing/Inputs.js"
import { NOW, withInput } from "./operations.js"

const issuesOf = <O extends Operation.Any>(operation: O, input: Operation.Input<O>) => {
  const built = RequestBuilder.request(operation, input, NOW)
  return Result.isFailure(built) ? built.failure.issues.map((i) => ({ path: i.path, rule: i.rule })) : []
}

const sampled = <A>(described: Testing.Described<A>, count: number, seed: number) =>
  Effect.runSync(Arbitrary.sampleEffect(Testing.toArbitrary(described), { count, seed }))

describe("taxdoc/testing and the SDK's validation", () => {
  it("covers every operation of the catalogue that takes parameters or a body", () => {
    const without = Catalogue.operations.filter((o) => !withInput.includes(o))
    // What is left takes only the member: nothing to generate.
    for (const operation of without) {
      expect(operation.body._tag, operation.name).toBe("None")
      expect(fc.sample(toFastCheck(Testing.valid(operation, { now: NOW })), { numRuns: 1, seed: 1 })[0]!.params, operation.name).toEqual({})
      expect(sampled(Testing.valid(operation, { now: NOW }), 1, 1)[0]!.params, operation.name).toEqual({})
    }
    expect(withInput.length).toBeGreaterThan(60)
  })

  for (const operation of withInput) {
    it(`${operation.name}: valid inputs pass (1,000 fast-check, 100 Effect), every single-rule breakage fails at its path`, () => {
      const valid = [
        ...fc.sample(toFastCheck(Testing.valid(operation, { now: NOW })), { numRuns: 1000, seed: 42 }),
        ...sampled(Testing.valid(operation, { now: NOW }), 100, 42)
      ]
      for (const input of valid) expect(issuesOf(operation, input), JSON.stringify(input)).toEqual([])

      expect(breakagesOf(operation).length, "rules to break").toBeGreaterThan(0)
      const invalid = [
        ...fc.sample(toFastCheck(Testing.invalid(operation, { now: NOW })), { numRuns: 100, seed: 42 }),
        ...sampled(Testing.invalid(operation, { now: NOW }), 50, 42)
      ]
      for (const { input, path, rule } of invalid) {
        expect(issuesOf(operation, input), `${path} ${rule}: ${JSON.stringify(input)}`).toEqual([{ path, rule }])
      }
    })
  }

  it("is deterministic under a seed, and pinned fields are kept, in both readings", () => {
    const [operation] = withInput
    const once = fc.sample(toFastCheck(Testing.valid(operation!, { now: NOW })), { numRuns: 20, seed: 7 })
    expect(fc.sample(toFastCheck(Testing.valid(operation!, { now: NOW })), { numRuns: 20, seed: 7 })).toEqual(once)
    expect(sampled(Testing.valid(operation!, { now: NOW }), 20, 7)).toEqual(sampled(Testing.valid(operation!, { now: NOW }), 20, 7))

    const pinned = [
      ...fc.sample(toFastCheck(Testing.cashReceipt({ corpNum: "1234567891", now: NOW })), { numRuns: 50, seed: 7 }),
      ...sampled(Testing.cashReceipt({ corpNum: "1234567891", now: NOW }), 50, 7)
    ]
    expect(new Set(pinned.map((r) => r.franchiseCorpNum))).toEqual(new Set(["1234567891"]))
    const deposits = [
      ...fc.sample(toFastCheck(Testing.statement(125, { now: NOW })), { numRuns: 50, seed: 7 }),
      ...sampled(Testing.statement(125, { now: NOW }), 50, 7)
    ]
    expect(new Set(deposits.map((s) => s.itemCode))).toEqual(new Set([125]))
  })

  // Every input fails the property: what is left after shrinking is the smallest receipt.
  const smallest = (receipt: Readonly<Record<string, unknown>>) => {
    // Only the fields the receipt must hold (and the amounts the completion always writes).
    expect(Object.keys(receipt).sort()).toEqual(
      ["franchiseCorpNum", "identityNum", "mgtKey", "serviceFee", "supplyCost", "tax", "taxationType", "totalAmount", "tradeType", "tradeUsage"].sort()
    )
    expect(String(receipt["mgtKey"]).length).toBe(1)
  }

  it.effect("a failing Effect property shrinks to a receipt with only its required fields and short texts", () =>
    Effect.gen(function*() {
      const result = yield* Arbitrary.checkEffect(Testing.toArbitrary(Testing.cashReceipt({ corpNum: "1234567891", now: NOW })), () => false, { seed: 5, maxShrinks: 2000 })
      expect(result._tag).toBe("Falsified")
      if (result._tag === "Falsified") smallest(result.shrunkInput)
    }))

  it("a failing fast-check property shrinks to a receipt with only its required fields and short texts", () => {
    const details = fc.check(fc.property(toFastCheck(Testing.cashReceipt({ corpNum: "1234567891", now: NOW })), () => false), { seed: 5 })
    expect(details.failed).toBe(true)
    smallest(details.counterexample![0] as Readonly<Record<string, unknown>>)
  })

  it.prop(
    "it.prop takes Testing's generators: every receipt it draws passes the SDK's validation",
    [Testing.toArbitrary(Testing.valid(CashbillOperations.RegistIssue, { now: NOW, fixed: { corpNum: "1234567891" } }))],
    ([input]) => {
      expect(issuesOf(CashbillOperations.RegistIssue, input)).toEqual([])
    },
    { arbitrary: { runs: 100 } }
  )
})
