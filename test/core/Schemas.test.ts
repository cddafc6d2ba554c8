import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { oneOf, optional } from "../../src/core/Schemas.js"
import { validate } from "../../src/core/Validation.js"

const Input = Schema.Struct({ menu: oneOf("TG", ["PBOX", "WRITE"]), memo: optional(Schema.String) })

const issues = (input: unknown) =>
  Effect.runSync(Effect.flip(validate("Test.op", Input, input))).issues.map(({ path, rule, message }) => ({ path, rule, message }))

describe("field helpers", () => {
  it("oneOf: the literals pass, anything else breaks the named rule listing them", () => {
    expect(Schema.decodeUnknownSync(Input)({ menu: "WRITE" })).toEqual({ menu: "WRITE" })
    expect(issues({ menu: "VIEW" })).toEqual([{ path: "menu", rule: "TG", message: "must be one of PBOX, WRITE" }])
  })

  it("optional: absent or valid; present as undefined is refused", () => {
    expect(Schema.decodeUnknownSync(Input)({ menu: "PBOX", memo: "note" })).toEqual({ menu: "PBOX", memo: "note" })
    expect(Schema.decodeUnknownSync(Input)({ menu: "PBOX" })).toEqual({ menu: "PBOX" })
    expect(Schema.decodeUnknownResult(Input)({ menu: "PBOX", memo: undefined })._tag).toBe("Failure")
  })
})
