/**
 * The company status check (docs/service.md "Company status"): whether a business is registered, in
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
import * as Telemetry from "../../core/internal/Telemetry.js"
import { validate } from "../../core/Validation.js"
import * as Operations from "./Operations.js"
import { type CompanyStatus as Status, MAX_CORP_NUMS } from "./Schemas.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens").
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE = Operations.SCOPE

/**
 * Failures of company status checks.
 *
 * @since 0.1.0
 * @category errors
 */
export type CompanyStatusError = ValidationError | CallError

/**
 * What the CompanyStatus service offers: the methods of `CompanyStatus.CompanyStatus`.
 *
 * @since 1.0.0
 * @category models
 */
export interface CompanyStatusService {
  /** The status of one registration number, checked on behalf of member `corpNum`. */
  readonly check: (corpNum: string, target: string, userId?: string) => Effect.Effect<Status, CompanyStatusError>
  /** The statuses of any number of registration numbers, in input order (chunks of 1,000). */
  readonly checkMany: (corpNum: string, targets: ReadonlyArray<string>, userId?: string) => Effect.Effect<ReadonlyArray<Status>, CompanyStatusError>
}

/**
 * The company status service: `yield* CompanyStatus` in a program given `Taxdoc.layer` (or
 * `Taxdoc.services`, or this module's `layer`).
 *
 * @since 0.1.0
 * @category services
 */
export class CompanyStatus extends Context.Service<CompanyStatus, CompanyStatusService>()("taxdoc/CompanyStatus") {}

const Many = Schema.Struct({ corpNum: CorpNum, targets: Schema.Array(CorpNum) })

/**
 * The service over `TaxdocClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<CompanyStatusService, never, TaxdocClient> = Effect.gen(function*() {
  const client = yield* TaxdocClient

  const checkMany = Telemetry.fn("CompanyStatus.checkMany")(function*(corpNum: string, targets: ReadonlyArray<string>, userId?: string) {
    const input = yield* validate("CompanyStatus.checkMany", Many, { corpNum, targets })
    // The service answers each request in its input order, so the chunks concatenate in order.
    return yield* Bulk.inChunks(input.targets, MAX_CORP_NUMS, (chunk) => client.call(Operations.CheckCorpNums, { corpNum, userId, body: chunk }))
  })

  return {
    check: (corpNum, target, userId) => client.call(Operations.CheckCorpNum, { corpNum, userId, params: { target } }),
    checkMany
  }
})

/**
 * The company status service alone, over the `TaxdocClient` in the context (`Taxdoc.services`
 * builds every service at once).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<CompanyStatus, never, TaxdocClient> = Layer.effect(CompanyStatus, make)
