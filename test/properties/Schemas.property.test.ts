/**
 * Schema round trips over the whole catalogue: every generated valid input (parameters and body)
 * decodes, and what it decodes to encodes to an input that decodes to the same value again — the
 * form the SDK sends is one the service's schemas read back unchanged; every answer the service may
 * send (drawn on the wire side of the answer's schema) decodes, and its decoded value encodes to a
 * wire form that is a fixed point (decoding and encoding it again changes nothing) — what the
 * sandbox answers is what the SDK reads.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Result, Schema } from "effect"
import type * as Operation from "../../src/core/Operation.js"
import * as Gen from "../../src/core/Gen.js"
import { check } from "../../src/core/Validation.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
import { derive } from "../../src/testing/Derive.js"
import * as Testing from "../../src/testing/index.js"
import { CORP, NOW } from "./support.js"

type Codec = Schema.Codec<unknown, unknown, never, never>

/** Decodes `value` with `schema`, encodes the result, decodes that again: both decoded values, and the encoded form. */
const roundTrip = (schema: Codec, value: unknown) => {
  const decoded = Schema.decodeUnknownResult(schema)(value)
  if (Result.isFailure(decoded)) return { failure: `decoding ${JSON.stringify(value)}: ${decoded.failure.message}` } as const
  const encoded = Schema.encodeUnknownResult(schema)(decoded.success)
  if (Result.isFailure(encoded)) return { failure: `encoding ${JSON.stringify(value)}: ${encoded.failure.message}` } as const
  const again = Schema.decodeUnknownResult(schema)(encoded.success)
  if (Result.isFailure(again)) return { failure: `decoding ${JSON.stringify(encoded.success)}: ${again.failure.message}` } as const
  return { decoded: decoded.success, encoded: encoded.success, again: again.success } as const
}

const bodyOf = (operation: Operation.Any): Codec | undefined =>
  operation.body._tag === "None" ? undefined : operation.body.schema as unknown as Codec

describe("inputs: decoded, encoded and decoded again, the same", () => {
  for (const operation of Catalogue.operations) {
    const body = bodyOf(operation)
    it.prop(`${operation.name}: parameters${body === undefined ? "" : " and body"}`, [Testing.toArbitrary(Testing.valid(operation, { now: NOW, fixed: { corpNum: CORP } }))], ([input]) => {
      const parts: ReadonlyArray<readonly [Codec, unknown]> = [
        [operation.params as unknown as Codec, input.params ?? {}],
        ...(body === undefined ? [] : [[body, input.body] as const])
      ]
      for (const [schema, value] of parts) {
        const trip = roundTrip(schema, value)
        expect(trip.failure).toBeUndefined()
        if (trip.failure !== undefined) return
        expect(trip.again).toEqual(trip.decoded)
        // What the SDK sends passes the SDK's own validation of inputs (unknown fields refused).
        expect(Result.isSuccess(check(schema, trip.encoded))).toBe(true)
      }
    }, { arbitrary: { runs: 25 } })
  }
})

/** Answers as the service may write them: drawn on the wire side of the answer's schema. */
const answers = (schema: Codec): Arbitrary.Arbitrary<unknown> =>
  Testing.toArbitrary({ gen: Gen.map(derive(schema.ast, new Map()), (draft) => draft({ corpNum: CORP, now: NOW })), now: NOW })

describe("answers: decoded and encoded, a fixed point", () => {
  for (const operation of Catalogue.operations) {
    if (operation.success === "pdf") continue
    const schema = operation.success as unknown as Codec
    it.prop(`${operation.name}: its answer`, [answers(schema)], ([answer]) => {
      const trip = roundTrip(schema, answer)
      expect(trip.failure).toBeUndefined()
      if (trip.failure !== undefined) return
      expect(trip.again).toEqual(trip.decoded)
      const second = roundTrip(schema, trip.encoded)
      expect(second.encoded).toEqual(trip.encoded)
    }, { arbitrary: { runs: 25 } })
  }
})
