import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { rule } from "../../src/core/Rule.js"
import { Amount, CorpNum, MgtKey } from "../../src/core/Schemas.js"
import { validate } from "../../src/core/Validation.js"

const Input = Schema.Struct({
  corpNum: CorpNum,
  mgtKey: MgtKey,
  role: Schema.optionalKey(Schema.Literals([1, 2, 3])),
  flag: Schema.optionalKey(Schema.Boolean),
  items: Schema.Array(Schema.Struct({ amount: Amount(9) })),
  even: Schema.optionalKey(Schema.Number.pipe(rule("even", (n: number) => n % 2 === 0, "must be even")))
})

const issues = (input: unknown) =>
  Effect.runSync(Effect.flip(validate("Test.op", Input, input))).issues.map(({ path, rule, message }) => ({ path, rule, message }))

describe("validate", () => {
  it("reports every broken rule with its path, rule name and message", () => {
    expect(issues({ corpNum: "12345", mgtKey: "a b", items: [{ amount: "1" }, { amount: "x" }], even: 3, extra: 1 })).toEqual([
      { path: "extra", rule: "unknownField", message: "is not a field of this input" },
      { path: "corpNum", rule: "corpNum", message: "must be a business registration number of exactly 10 digits, no hyphen" },
      { path: "mgtKey", rule: "mgtKeyCharset", message: "may hold only letters, digits, '-' and '_'" },
      { path: "items[1].amount", rule: "amount", message: "must be a whole number of won written with digits only" },
      { path: "even", rule: "even", message: "must be even" }
    ])
  })

  it("a value matching no member of a union is one issue listing the choices", () => {
    expect(issues({ corpNum: "1234567890", mgtKey: "A", items: [], role: 4 })).toEqual([
      { path: "role", rule: "oneOf(1, 2, 3)", message: "must be one of 1, 2, 3, got 4" }
    ])
  })

  it("a wrong type says what was expected and what came", () => {
    expect(issues({ corpNum: "1234567890", mgtKey: "A", items: [], flag: "yes" })).toEqual([
      { path: "flag", rule: "type(a boolean)", message: "must be a boolean, got \"yes\"" }
    ])
  })

  it("a missing field is required", () => {
    expect(issues({ mgtKey: "A", items: [] })).toEqual([{ path: "corpNum", rule: "required", message: "is required" }])
  })

  it.effect("the error message lists every issue and says nothing was sent", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(validate("Test.op", Input, { corpNum: "1", mgtKey: "", items: [] }))
      expect(error.message).toContain("Test.op: invalid input, nothing was sent")
      expect(error.message).toContain("corpNum")
      expect(error.paths).toEqual(["corpNum", "mgtKey"])
    }))
})
