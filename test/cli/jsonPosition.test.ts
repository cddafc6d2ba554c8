/**
 * Where the command says a JSON file stops being JSON: nowhere for any JSON text, somewhere for any
 * text `JSON.parse` refuses, and at the place a person would point to for the usual mistakes.
 */
import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { firstError } from "../../src/cli/jsonPosition.js"

const parses = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

describe("the first place a text stops being JSON", () => {
  it("agrees with JSON.parse on any JSON value's text and on mutilated ones", () => {
    fc.assert(fc.property(fc.jsonValue(), fc.nat(), fc.constantFrom(",", "}", "]", "\"", ":", " ", "x", "\n"), fc.boolean(), (value, at, char, indent) => {
      const text = JSON.stringify(value, null, indent ? 2 : undefined) ?? "null"
      expect(firstError(text)).toBeUndefined()
      const cut = at % (text.length + 1)
      const mutilated = text.slice(0, cut) + char + text.slice(cut)
      expect(firstError(mutilated) === undefined).toBe(parses(mutilated))
    }), { numRuns: 2_000 })
  })

  it("points at the usual mistakes", () => {
    expect(firstError("{\"a\": 1,\n \"b\": }")).toEqual({ line: 2, column: 7 })
    expect(firstError("[1, 2,]")).toEqual({ line: 1, column: 7 })
    expect(firstError("{\n  \"a\": \"x\n\"}")).toEqual({ line: 2, column: 10 })
    expect(firstError("{\"a\": 1}\n{\"b\": 2}")).toEqual({ line: 2, column: 1 })
    expect(firstError("{\"a\": 1")).toEqual({ line: 1, column: 8 })
  })
})
