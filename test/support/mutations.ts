/**
 * Single-rule mutations of a valid document, for the suite: `taxdoc/testing`'s breakages of an
 * operation's body, judged at `NOW`, plus an unknown field (refused by the SDK only: the service
 * ignores fields it does not know).
 */
import type * as Operation from "../../src/core/Operation.js"
import { breakagesOf } from "../../src/testing/Inputs.js"
import { MEMBER } from "./sdk.js"

/** The day the suite's documents are judged at. */
export const NOW = Date.UTC(2026, 10, 22, 3, 0, 0)

export type Mutation<D> = readonly [name: string, mutate: (document: D) => Record<string, unknown>, path: string, rule: string]

/** Every single-rule mutation of the body of `operation`. */
export const mutationsOf = <D>(operation: Operation.Any): ReadonlyArray<Mutation<D>> => [
  ...breakagesOf(operation).filter((b) => b.part === "body").map(({ breakage }): Mutation<D> => [
    `${breakage.path}: ${breakage.rule}`,
    (document) => breakage.apply(document, { corpNum: MEMBER, now: NOW }) as Record<string, unknown>,
    breakage.path,
    breakage.rule
  ]),
  ["unknown field", (document) => ({ ...(document as Record<string, unknown>), unknownField: "x" }), "unknownField", "unknownField"]
]
