/**
 * The company status check (SPEC.md "Company status"): whether a business is registered, in
 * business, suspended or closed, and its taxation type. `checkMany` takes any number of
 * registration numbers, sends them in requests of at most 1,000, and answers in input order.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Bulk from "../../core/Bulk.js"
import { type CallError, TaxdocClient } from "../../core/Client.js"
import type { ValidationError } from "../../core/Errors.js"
import { CorpNum } from "../../core/Schemas.js"
import { validate } from "../../core/Validation.js"
import * as Trace from "../../core/Trace.js"
import * as Operations from "./Operations.js"
import { type CompanyStatus as Status, MAX_CORP_NUMS } from "./Schemas.js"

/**
 * The token scope of these operations (DESIGN.md §6), as declared in the catalogue.
 *
 * @since 0.1.0
 * @category constants
 */
export { SCOPE } from "./Operations.js"

/**
 * Failures of company status checks.
 *
 * @since 0.1.0
 * @category errors
 */
export type CompanyStatusError = ValidationError | CallError

/**
 * @since 0.1.0
 * @category services
 */
export class CompanyStatus extends Context.Tag("taxdoc/CompanyStatus")<CompanyStatus, {
  /** The status of one registration number, checked on behalf of member `corpNum`. */
  readonly check: (corpNum: string, target: string, userId?: string) => Effect.Effect<Status, CompanyStatusError>
  /** The statuses of any number of registration numbers, in input order (chunks of 1,000). */
  readonly checkMany: (corpNum: string, targets: ReadonlyArray<string>, userId?: string) => Effect.Effect<ReadonlyArray<Status>, CompanyStatusError>
}>() {}

const Many = Schema.Struct({ corpNum: CorpNum, targets: Schema.Array(CorpNum) })

/**
 * The company status service over `TaxdocClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.gen(function*() {
  const client = yield* TaxdocClient

  const check = (corpNum: string, target: string, userId?: string) =>
    client.call(Operations.CheckCorpNum, { corpNum, userId, params: { target } })

  const checkMany = Trace.fn("CompanyStatus.checkMany", Effect.fnUntraced(function*(corpNum: string, targets: ReadonlyArray<string>, userId?: string) {
    const input = yield* validate("CompanyStatus.checkMany", Many, { corpNum, targets })
    // The service answers each request in its input order, so the chunks concatenate in order.
    return yield* Bulk.inChunks(input.targets, MAX_CORP_NUMS, (chunk) =>
      client.call(Operations.CheckCorpNums, { corpNum, userId, body: chunk }))
  }))

  return CompanyStatus.of({ check, checkMany })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<CompanyStatus, never, TaxdocClient> = Layer.effect(CompanyStatus, make)
