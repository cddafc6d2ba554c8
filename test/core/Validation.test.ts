import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { rule } from "../../src/core/Rule.js"
import { Amount, CorpNum, MgtKey } from "../../src/core/Schemas.js"
import { validate } from "../../src/core/Validation.js"
import { BulkIssueBody, CashReceiptIssue, CashReceiptRevoke } from "../../src/domains/cashbill/Schemas.js"

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

describe("validate, cross-field rules where other fields are broken", () => {
  const receipt = {
    mgtKey: "A-1", tradeType: "승인거래", tradeUsage: "소득공제용", taxationType: "과세", totalAmount: "11000", supplyCost: "10000",
    tax: "1000", serviceFee: "0", franchiseCorpNum: "1234567891", identityNum: "01012341234"
  }
  const { taxationType: _taxationType, identityNum: _identityNum, ...withoutTwo } = receipt
  const short = { ...withoutTwo, totalAmount: "12000" }
  const named = (schema: Parameters<typeof validate>[1], input: unknown) =>
    Effect.runSync(Effect.flip(validate("Test.op", schema, input))).issues.map(({ path, rule }) => `${path} [${rule}]`)

  it("a rule whose fields are valid is checked though others are missing: one error names them all", () => {
    expect(named(CashReceiptIssue, short)).toEqual(["taxationType [required]", "identityNum [required]", "totalAmount [amountSum]"])
  })

  it("a rule one of whose fields is broken is not checked; a rule that holds adds nothing", () => {
    expect(named(CashReceiptIssue, { ...withoutTwo, totalAmount: "12,000" })).toEqual([
      "taxationType [required]",
      "totalAmount [amount]",
      "totalAmount [positive]",
      "identityNum [required]"
    ])
    expect(named(CashReceiptIssue, withoutTwo)).toEqual(["taxationType [required]", "identityNum [required]"])
    expect(named(CashReceiptIssue, { ...short, note: "x" })).toEqual(["note [unknownField]", "taxationType [required]", "identityNum [required]", "totalAmount [amountSum]"])
  })

  it("in a list, each receipt's rules at its own path, reported once", () => {
    expect(named(BulkIssueBody, { cashbills: [receipt, short, { ...receipt, mgtKey: "A-3", totalAmount: "9" }] })).toEqual([
      "cashbills[1].taxationType [required]",
      "cashbills[1].identityNum [required]",
      "cashbills[2].totalAmount [amountSum]",
      "cashbills[1].totalAmount [amountSum]"
    ])
  })

  it("a revocation's amounts are checked with its ID missing", () => {
    const revocation = { orgConfirmNum: "100048271", orgTradeDate: "20261122", isPartCancel: true, cancelType: 1, supplyCost: "5000", tax: "500", serviceFee: "0", totalAmount: "6000" }
    expect(named(CashReceiptRevoke, revocation)).toEqual(["mgtKey [required]", "totalAmount [amountSum]"])
  })
})
