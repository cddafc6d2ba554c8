/**
 * Valid inputs of every operation of the catalogue, by spec name: `taxdoc/testing`'s, for the
 * member the suite's sandboxes seed, judged at `NOW` — as fast-check arbitraries (`inputs`, for
 * `fc.assert`) and as Effect `Arbitrary` values (`anyInput`, for `it.effect.prop`). A new operation
 * gets its generators from its declaration.
 */
import * as Arbitrary from "effect/Arbitrary"
import * as Schema from "effect/Schema"
import type * as fc from "fast-check"
import type * as Operation from "../../src/core/Operation.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
import { toFastCheck } from "../../src/testing/FastCheck.js"
import * as Testing from "../../src/testing/index.js"
import { MEMBER } from "../support/sdk.js"

export const NOW = Date.UTC(2026, 10, 22, 3, 0, 0)

/** The input of some operation (each generator below is typed by its own declaration's use). */
export interface AnyInput {
  readonly corpNum?: string
  readonly userId?: string
  readonly params?: Readonly<Record<string, unknown>>
  readonly body?: unknown
}

/** `input` as the input of `operation` (the generator table is keyed by name, not by type). */
export const asInput = <O extends Operation.Any>(_operation: O, input: AnyInput): Operation.Input<O> => input as Operation.Input<O>

const options = { now: NOW, fixed: { corpNum: MEMBER } }

export const inputs: Readonly<Record<string, fc.Arbitrary<AnyInput>>> = Object.fromEntries(
  Catalogue.operations.map((operation) => [operation.name, toFastCheck(Testing.valid(operation, options)) as fc.Arbitrary<AnyInput>])
)

const effectInputs: ReadonlyMap<string, Arbitrary.Arbitrary<AnyInput>> = new Map(
  Catalogue.operations.map((operation) => [operation.name, Testing.toArbitrary(Testing.valid(operation, options)) as Arbitrary.Arbitrary<AnyInput>])
)

/** One of `operations` with one of its valid inputs, as an Effect `Arbitrary`. */
export const anyInput = (operations: ReadonlyArray<Operation.Any>): Arbitrary.Arbitrary<{ readonly operation: Operation.Any; readonly input: AnyInput }> => {
  const byName = new Map(operations.map((operation) => [operation.name, operation]))
  const names = operations.map((operation) => operation.name) as [string, ...Array<string>]
  return Arbitrary.flatMap(Arbitrary.schema(Schema.Literals(names)), (name) =>
    Arbitrary.map(effectInputs.get(name)!, (input) => ({ operation: byName.get(name)!, input })))
}
