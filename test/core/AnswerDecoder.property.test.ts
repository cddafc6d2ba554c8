/**
 * The quick way through an answer (`core/internal/AnswerDecoder.ts`) never answers otherwise than
 * Effect's decoder of the same schema: over every answer schema of the catalogue, for answers its
 * schema encodes and for those answers changed at random (a field made `null`, left out, given a
 * value of another type, a field the service added), whatever the quick way decides is what Effect
 * decodes — the same values, the same classes, the same keys in the same order — and what it leaves
 * undecided Effect decides. Every answer as its schema encodes it is decided the quick way.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Effect, Result, Schema } from "effect"
import * as fc from "fast-check"
import * as Quick from "../../src/core/internal/AnswerDecoder.js"
import { answerDecoder } from "../../src/core/Response.js"
import * as Catalogue from "../../src/domains/Catalogue.js"

const answerSchemas = Catalogue.operations.flatMap((operation) =>
  operation.success === "pdf" ? [] : [{ name: operation.sdk, schema: operation.success as Schema.Codec<unknown, unknown> }]
)

/** Every place in a JSON value: the path to each object field and array element. */
const placesOf = (value: unknown, path: ReadonlyArray<string | number> = []): Array<ReadonlyArray<string | number>> => {
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
