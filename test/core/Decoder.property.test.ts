/**
 * The one decoder, Effect's (`Validation.decoderOf`): an input decoded first with
 * `errors: "first"` and, only when it fails, again with every issue answers exactly what Effect's
 * decoder with `errors: "all"` answers — the same values, the same keys in the same order, the same
 * issues — over every input schema of the catalogue (member, parameters, body), read exactly as the
 * SDK validates inputs (a key the schema does not name refused) and loosely as the sandbox reads a
 * body (such a key ignored), for valid inputs, inputs breaking one rule, and inputs changed at
 * random (a field made `null`, left out, given a value of another type, a key added). And every
 * answer as its schema encodes it decodes with the answer decoder a client keeps.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Effect, Result, Schema, SchemaAST } from "effect"
import * as fc from "fast-check"
import type * as Operation from "../../src/core/Operation.js"
import { answerDecoder } from "../../src/core/Response.js"
import { CorpNum } from "../../src/core/Schemas.js"
import { decoderOf, inputOptions, issuesOf } from "../../src/core/Validation.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
import * as Testing from "../../src/testing/FastCheck.js"

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
    return Testing.invalid(operation, { now: NOW })
  } catch {
    return undefined
  }
}

describe("the answer decoder", () => {
  for (const { name, schema } of answerSchemas) {
    it.effect(`${name}: decodes every answer its schema encodes, as Effect's decoder does`, () =>
      Effect.gen(function*() {
        const effect = Schema.decodeUnknownResult(schema)
        const whole = answerDecoder(schema)
        const encode = Schema.encodeResult(schema)
        const answers = yield* Arbitrary.sampleEffect(Arbitrary.schema(schema), { count: 10, seed: name })
        const encoded = answers.map((answer) => encode(answer)).filter(Result.isSuccess).map((r) => JSON.parse(JSON.stringify(r.success)) as unknown)
        expect(encoded.length).toBeGreaterThan(0)
        for (const value of encoded) {
          const expected = effect(value)
          const decoded = whole(value)
          // JSON has no NaN or Infinity: a generated number of those is `null` on the wire, no answer.
          expect(Result.isSuccess(decoded), JSON.stringify(value)).toBe(Result.isSuccess(expected))
          if (Result.isSuccess(decoded) && Result.isSuccess(expected)) expect(decoded.success).toStrictEqual(expected.success)
        }
      }))
  }
})

/** The two decoders agree on `value`: the same value and key order, or the same issues. */
const agree = (decode: (input: unknown) => Result.Result<unknown, Schema.SchemaError>, effect: (input: unknown) => Result.Result<unknown, Schema.SchemaError>, value: unknown, valid?: boolean) => {
  const decoded = decode(value)
  const expected = effect(value)
  if (valid !== undefined) expect(Result.isSuccess(expected), JSON.stringify(value)).toBe(valid)
  expect(Result.isSuccess(decoded), JSON.stringify(value)).toBe(Result.isSuccess(expected))
  if (Result.isSuccess(decoded) && Result.isSuccess(expected)) {
    expect(decoded.success).toStrictEqual(expected.success)
    expect(keyOrder(decoded.success)).toEqual(keyOrder(expected.success))
  }
  if (Result.isFailure(decoded) && Result.isFailure(expected)) expect(issuesOf(decoded.failure)).toEqual(issuesOf(expected.failure))
}

describe("an input, first with errors \"first\", then with every issue", () => {
  for (const operation of Catalogue.operations) {
    it(`${operation.sdk}: decoded as Effect's decoder with every issue decodes it`, () => {
      const loose: SchemaAST.ParseOptions = { errors: "all", onExcessProperty: "ignore" }
      const parts = partsOf(operation).flatMap((part) => [inputOptions, loose].map((options) => ({
        ...part,
        decode: decoderOf(part.schema as Schema.Codec<unknown, unknown>, options),
        effect: Schema.decodeUnknownResult(part.schema as Schema.Codec<unknown, unknown>, options),
        exact: options === inputOptions
      })))
      for (const input of fc.sample(Testing.valid(operation, { now: NOW }), { numRuns: 8, seed: operation.sdk.length })) {
        for (const { of, decode, effect } of parts) {
          const value = of(input)
          agree(decode, effect, value, true)
          const paths = placesOf(value)
          if (paths.length === 0) continue
          for (const [place, pick] of fc.sample(fc.tuple(fc.nat(paths.length - 1), fc.integer({ min: -2, max: REPLACEMENTS.length - 1 })), { numRuns: 6, seed: paths.length })) {
            const changedValue = pick === -2 && typeof value === "object" && value !== null && !Array.isArray(value)
              ? { ...value, notAField: "x" }
              : changed(value, paths[place]!, pick < 0 ? undefined : REPLACEMENTS[pick])
            agree(decode, effect, changedValue)
          }
        }
      }
      const invalid = inputsBreakingOneRule(operation)
      for (const { input } of invalid === undefined ? [] : fc.sample(invalid, { numRuns: 8, seed: operation.sdk.length })) {
        for (const { of, decode, effect, exact } of parts) if (exact) agree(decode, effect, of(input))
      }
    })
  }
})
