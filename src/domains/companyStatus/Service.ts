/**
 * What the CompanyStatus service offers: its methods, their options and their failures.
 * `CompanyStatus.ts` gives the service its tag and layer and re-exports these;
 * `internal/CompanyStatusLive.ts` implements them.
 *
 * @since 0.1.0
 */
import type * as Effect from "effect/Effect"
import type { CallError } from "../../core/Client.js"
import type { ValidationError } from "../../core/Errors.js"
import type { CompanyStatus as Status } from "./Schemas.js"

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
 * @since 0.1.0
 * @category models
 */
export interface Service {
  /** The status of one registration number, checked on behalf of member `corpNum`. */
  readonly check: (corpNum: string, target: string, userId?: string) => Effect.Effect<Status, CompanyStatusError>
  /** The statuses of any number of registration numbers, in input order (chunks of 1,000). */
  readonly checkMany: (corpNum: string, targets: ReadonlyArray<string>, userId?: string) => Effect.Effect<ReadonlyArray<Status>, CompanyStatusError>
}
