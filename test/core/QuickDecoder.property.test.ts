/**
 * The quick way through a value (`core/internal/QuickDecoder.ts`) never answers otherwise than
 * Effect's decoder of the same schema: over every answer schema of the catalogue, for answers its
 * schema encodes and for those answers changed at random (a field made `null`, left out, given a
 * value of another type, a field the service added), whatever the quick way decides is what Effect
 * decodes — the same values, the same classes, the same keys in the same order — and what it leaves
 * undecided Effect decides. Every answer as its schema encodes it is decided the quick way. The
 * same holds for every input schema of the catalogue (member, parameters, body), read exactly as
 * the SDK validates inputs (a key the schema does not name refused, every rule checked) and loosely
 * as the sandbox reads a body (such a key ignored).
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Effect, Result, Schema } from "effect"
import * as fc from "fast-check"
import * as Quick from "../../src/core/internal/QuickDecoder.js"
import type * as Operation from "../../src/core/Operation.js"
import { answerDecoder } from "../../src/core/Response.js"
import { CorpNum } from "../../src/core/Schemas.js"
import { inputOptions } from "../../src/core/Validation.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
import { toFastCheck } from "../../src/testing/FastCheck.js"
import * as Testing from "../../src/testing/index.js"

const answerSchemas = Catalogue.operations.flatMap((operation) =>
  operation.success === "pdf" ? [] : [{ name: operation.sdk, schema: operation.success as Schema.Codec<unknown, unknown> }]
)

/** Every place in a JSON value: the path to each object field and array element. */
const placesOf = (value: unknown, path: ReadonlyArray<string | number> = []): Array<ReadonlyArray<string | number>> => {
  // A file's bytes are one value.
  if (ArrayBuffer.isView(value)) return []
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...path, i], ...placesOf(item, [...path, i])])
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([key, item]) => [[...path, key], ...placesOf(item, [...path, key])])
  return []
}

const REPLACEMENTS: ReadonlyArray<unknown> = [null, 0, -1, 1.5, "", "Y", "300", "x", true, false, [], {}, [null], { code: 1 }]

/** `value` with the place at `path` replaced (`undefined`: the key left out), or a field added. */
const changed = (value: unknown, path: ReadonlyArray<string | number>, replacement: unknown): unknown => {
  const copy: unknown = structuredClone(value)
  if (path.length === 0) return copy
  let parent = copy as Record<string | number, unknown>
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  if (replacement === undefined && !Array.isArray(parent)) delete parent[last]
  else parent[last] = replacement
  return copy
}

const keyOrder = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(keyOrder)
    : typeof value === "object" && value !== null
    ? Object.entries(value).map(([key, item]) => [key, keyOrder(item)])
    : value

describe("the quick way through an answer", () => {
  for (const { name, schema } of answerSchemas) {
    it.effect(`${name}: decides as Effect does, and decides every answer its schema encodes`, () =>
      Effect.gen(function*() {
        const quick = Quick.make(schema)
        const effect = Schema.decodeUnknownResult(schema)
        const whole = answerDecoder(schema)
        const encode = Schema.encodeResult(schema)
        const answers = yield* Arbitrary.sampleEffect(Arbitrary.schema(schema), { count: 20, seed: name })
        const encoded = answers.map((answer) => encode(answer)).filter(Result.isSuccess).map((r) => JSON.parse(JSON.stringify(r.success)) as unknown)
        expect(encoded.length).toBeGreaterThan(0)
        const judge = (input: unknown) => {
          const decided = quick(input)
          const expected = effect(input)
          if (decided !== Quick.Undecided) {
            expect(Result.isSuccess(expected), JSON.stringify(input)).toBe(true)
            if (Result.isFailure(expected)) return
            expect(decided, JSON.stringify(input)).toStrictEqual(expected.success)
            expect(keyOrder(decided)).toEqual(keyOrder(expected.success))
          }
          // The answer decoder as a client uses it: the quick way, else Effect's.
          expect(Result.isSuccess(whole(input))).toBe(Result.isSuccess(expected))
          return decided !== Quick.Undecided
        }
        for (const value of encoded) {
          // JSON has no NaN or Infinity: a generated number of those is `null` on the wire, no answer.
          const decided = judge(value)
          if (Result.isSuccess(effect(value))) expect(decided, `undecided: ${JSON.stringify(value)}`).toBe(true)
          const places = placesOf(value)
          const plans = fc.sample(
            fc.tuple(fc.nat(Math.max(0, places.length - 1)), fc.integer({ min: -2, max: REPLACEMENTS.length - 1 })),
            { numRuns: 30, seed: places.length + name.length }
          )
          for (const [place, pick] of plans) {
            const path = places[place] ?? []
            // -2: a field the service added at the top; -1: the place left out; else a replacement.
            const input = pick === -2 && typeof value === "object" && value !== null && !Array.isArray(value)
              ? { ...value, addedByTheService: [1, { a: null }] }
              : changed(value, path, pick < 0 ? undefined : REPLACEMENTS[pick])
            judge(input)
          }
        }
      }))
  }

  it("answers that are no record at all are left to Effect", () => {
    const [{ schema }] = answerSchemas as [(typeof answerSchemas)[number]]
    for (const input of [null, undefined, "text", 3, [], [{}]]) expect(Quick.make(schema)(input)).toBe(Quick.Undecided)
  })
})

const NOW = Date.UTC(2026, 10, 27, 3)

const Member = Schema.Struct({ corpNum: CorpNum })

/** The schemas an input of `operation` is validated with, each with its part of the input. */
const partsOf = (operation: Operation.Any): ReadonlyArray<{ readonly part: string; readonly schema: Schema.Top; readonly of: (input: Operation.Input<Operation.Any>) => unknown }> => [
  ...(operation.scope._tag === "None" ? [] : [{ part: "member", schema: Member, of: (input: Operation.Input<Operation.Any>) => ({ corpNum: input.corpNum }) }]),
  { part: "params", schema: operation.params, of: (input) => input.params ?? {} },
  ...(operation.body._tag === "None" ? [] : [{
    part: "body",
    schema: "at" in operation.body && operation.body.at !== undefined ? operation.body.at(NOW) : operation.body.schema,
    of: (input: Operation.Input<Operation.Any>) => input.body
  }])
]

const inputsBreakingOneRule = (operation: Operation.Any) => {
  try {
    return toFastCheck(Testing.invalid(operation, { now: NOW }))
  } catch {
    return undefined
  }
}

describe("the quick way through an input", () => {
  for (const operation of Catalogue.operations) {
    it(`${operation.sdk}: decides every valid input as Effect does, leaves every invalid one to Effect`, () => {
      // Read exactly, as the SDK validates an input; and loosely, as the sandbox reads a body
      // (keys the schema does not name ignored).
      const parts = partsOf(operation).flatMap((part) => [{
        ...part,
        quick: Quick.make(part.schema, { exact: true }),
        effect: Schema.decodeUnknownResult(part.schema as Schema.Codec<unknown, unknown>, inputOptions)
      }, {
        ...part,
        quick: Quick.make(part.schema),
        effect: Schema.decodeUnknownResult(part.schema as Schema.Codec<unknown, unknown>, { errors: "all", onExcessProperty: "ignore" })
      }])
      const judge = (input: Operation.Input<Operation.Any>, valid: boolean) => {
        for (const { part, of, quick, effect } of parts) {
          const value = of(input)
          const decided = quick(value)
          const expected = effect(value)
          if (valid) expect(Result.isSuccess(expected), `${part}: ${JSON.stringify(value)}`).toBe(true)
          if (Result.isSuccess(expected) && valid) expect(decided, `undecided ${part}: ${JSON.stringify(value)}`).not.toBe(Quick.Undecided)
          if (decided === Quick.Undecided) continue
          expect(Result.isSuccess(expected), `${part}: ${JSON.stringify(value)}`).toBe(true)
          if (Result.isFailure(expected)) continue
          expect(decided).toStrictEqual(expected.success)
          expect(keyOrder(decided)).toEqual(keyOrder(expected.success))
        }
      }
      for (const input of fc.sample(toFastCheck(Testing.valid(operation, { now: NOW })), { numRuns: 15, seed: operation.sdk.length })) {
        judge(input, true)
        // Changed at random: a place made `null`, left out or given a value of another type, a key added.
        const places = parts.flatMap(({ of }) => placesOf(of(input)).length > 0 ? [of] : [])
        for (const of of places) {
          const value = of(input)
          const paths = placesOf(value)
          for (const [place, pick] of fc.sample(fc.tuple(fc.nat(paths.length - 1), fc.integer({ min: -2, max: REPLACEMENTS.length - 1 })), { numRuns: 10, seed: paths.length })) {
            const changedValue = pick === -2 && typeof value === "object" && value !== null && !Array.isArray(value)
              ? { ...value, notAField: "x" }
              : changed(value, paths[place]!, pick < 0 ? undefined : REPLACEMENTS[pick])
            for (const { quick, effect } of parts.filter((part) => part.of === of)) {
              const decided = quick(changedValue)
              if (decided === Quick.Undecided) continue
              const expected = effect(changedValue)
              expect(Result.isSuccess(expected), JSON.stringify(changedValue)).toBe(true)
              if (Result.isSuccess(expected)) expect(decided).toStrictEqual(expected.success)
            }
          }
        }
      }
      // Inputs that break one rule each (an operation without parameters or body has none).
      const invalid = inputsBreakingOneRule(operation)
      for (const { input } of invalid === undefined ? [] : fc.sample(invalid, { numRuns: 15, seed: operation.sdk.length })) judge(input, false)
    })
  }

  it("an input that is no object literal, or holds a symbol key or a key the schema does not name, is left to Effect", () => {
    const quick = Quick.make(Member, { exact: true })
    expect(quick({ corpNum: "1234567890" })).toStrictEqual({ corpNum: "1234567890" })
    expect(quick({ corpNum: "123456789" })).toBe(Quick.Undecided)
    expect(quick(Object.assign(Object.create({ inherited: 1 }), { corpNum: "1234567890" }))).toBe(Quick.Undecided)
    expect(quick(Object.assign(Object.create(null), { corpNum: "1234567890" }))).toBe(Quick.Undecided)
    expect(quick({ corpNum: "1234567890", [Symbol.for("x")]: 1 })).toBe(Quick.Undecided)
    expect(quick({ corpNum: "1234567890", extra: 1 })).toBe(Quick.Undecided)
  })
})
