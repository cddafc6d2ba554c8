/**
 * `taxdoc/testing` against the SDK's validation, for every operation with parameters or a body:
 * 1,000 samples of `valid(op)` pass it, and every sample of `invalid(op)` fails it at exactly the
 * labelled path, with the labelled rule. Deterministic: the seeds are fixed.
 */
import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck } from "effect"
import * as Operation from "../../src/core/Operation.js"
import * as RequestBuilder from "../../src/core/RequestBuilder.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
import * as Testing from "../../src/testing/index.js"
import { breakagesOf } from "../../src/testing/Inputs.js"
import { NOW, withInput } from "./operations.js"

const issuesOf = (operation: Operation.Any, input: Operation.Input<Operation.Any>) => {
  const built = RequestBuilder.request(operation, input, NOW)
  return Either.isLeft(built) ? built.left.issues.map((i) => ({ path: i.path, rule: i.rule })) : []
}

describe("taxdoc/testing and the SDK's validation", () => {
  it("covers every operation of the catalogue that takes parameters or a body", () => {
    const without = Catalogue.operations.filter((o) => !withInput.includes(o)).map((o) => o.name)
    // What is left takes only the member: nothing to generate.
    for (const name of without) {
      const operation = Catalogue.operations.find((o) => o.name === name)!
      expect(operation.body._tag, name).toBe("None")
      expect(FastCheck.sample(Testing.valid(operation, { now: NOW }), { numRuns: 1, seed: 1 })[0]!.params, name).toEqual({})
    }
    expect(withInput.length).toBeGreaterThan(60)
  })

  for (const operation of withInput) {
    it(`${operation.name}: 1,000 valid inputs pass, every single-rule breakage fails at its path`, () => {
      const valid = FastCheck.sample(Testing.valid(operation, { now: NOW }), { numRuns: 1000, seed: 42 })
      for (const input of valid) expect(issuesOf(operation, input), JSON.stringify(input)).toEqual([])

      expect(breakagesOf(operation).length, "rules to break").toBeGreaterThan(0)
      const invalid = FastCheck.sample(Testing.invalid(operation, { now: NOW }), { numRuns: 100, seed: 42 })
      for (const { input, path, rule } of invalid) {
        expect(issuesOf(operation, input), `${path} ${rule}: ${JSON.stringify(input)}`).toEqual([{ path, rule }])
      }
    })
  }

  it("is deterministic under a seed, and pinned fields are kept", () => {
    const [operation] = withInput
    const once = FastCheck.sample(Testing.valid(operation!, { now: NOW }), { numRuns: 20, seed: 7 })
    expect(FastCheck.sample(Testing.valid(operation!, { now: NOW }), { numRuns: 20, seed: 7 })).toEqual(once)
    const pinned = FastCheck.sample(Testing.cashReceipt({ corpNum: "1234567891", now: NOW }), { numRuns: 50, seed: 7 })
    expect(new Set(pinned.map((r) => r.franchiseCorpNum))).toEqual(new Set(["1234567891"]))
    const deposits = FastCheck.sample(Testing.statement(125, { now: NOW }), { numRuns: 50, seed: 7 })
    expect(new Set(deposits.map((s) => s.itemCode))).toEqual(new Set([125]))
  })
})
