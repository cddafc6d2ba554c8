/**
 * Every key of every answer is one a client may turn into a field name (docs/service.md
 * "Answers"): it starts with a letter or `_` and holds only letters, digits and `_` — no space, no
 * dash, no leading digit — anywhere in the answer, nested records and lists included. Checked over
 * the wire form of arbitrary values of every success schema of the catalogue.
 */
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import type * as Operation from "../../src/core/Operation.js"
import { isAnswerKey } from "../../src/core/Schemas.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
import { keysOf } from "./keys.js"

const answers = Catalogue.operations.flatMap((operation) =>
  operation.success === "pdf" ? [] : [{ name: operation.name, schema: operation.success as Operation.AnyCodec }]
)

describe("answer keys", () => {
  it("the rule: letters, digits and '_', not starting with a digit; no space or dash", () => {
    for (const key of ["code", "ntsconfirmNum", "_x", "잔액", "Balance2"]) expect(isAnswerKey(key), key).toBe(true)
    for (const key of ["", "2nd", "due date", "due-date", "a.b"]) expect(isAnswerKey(key), key).toBe(false)
  })

  for (const { name, schema } of answers) {
    it.prop(`${name}: every key of any answer, as it travels, is an identifier`, [Schema.toEncoded(schema)], ([answer]) => {
      expect(keysOf(answer).filter((key) => !isAnswerKey(key))).toEqual([])
    }, { arbitrary: { runs: 30 } })
  }
})
