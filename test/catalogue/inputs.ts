/**
 * Valid inputs of every operation of the catalogue, by spec name: `taxdoc/testing`'s, for the
 * member the suite's sandboxes seed, judged at `NOW`. A new operation gets its generator from its
 * declaration.
 */
import type * as fc from "fast-check"
import type * as Operation from "../../src/core/Operation.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
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

export const inputs: Readonly<Record<string, fc.Arbitrary<AnyInput>>> = Object.fromEntries(
  Catalogue.operations.map((operation) => [operation.name, Testing.valid(operation, { now: NOW, fixed: { corpNum: MEMBER } }) as fc.Arbitrary<AnyInput>])
)
