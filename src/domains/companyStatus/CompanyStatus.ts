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
import { type CallError, TaxdocClient } from "../../core/Client.js"
import type { ValidationError } from "../../core/Errors.js"
import * as Lazy from "../../core/Lazy.js"
import type { CompanyStatus as Status } from "./Schemas.js"
import type * as Operations from "./Operations.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens"), as declared in the catalogue (the type checks it).
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE: typeof Operations.SCOPE = "170"

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

// Every method of the service, for the lazily loaded implementation (the type lists them all).
const METHODS: { readonly [K in keyof Context.Tag.Service<CompanyStatus>]: true } = {
  check: true,
  checkMany: true
}

// The implementation and the schemas and declarations it uses are loaded on the first call.
const live = Lazy.module<typeof import("./internal/CompanyStatusLive.js")>(import.meta.url, "./internal/CompanyStatusLive.js", () => import("./internal/CompanyStatusLive.js"))

/**
 * The service over `TaxdocClient`: every operation through its catalogue declaration. Its
 * implementation (and the domain's schemas) is loaded on the first call of one of its methods.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<Context.Tag.Service<CompanyStatus>, never, TaxdocClient> = Effect.map(TaxdocClient, (client) =>
  CompanyStatus.of(Lazy.service(METHODS, Lazy.instance(live, (m) => m.make(client)))))

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<CompanyStatus, never, TaxdocClient> = Layer.effect(CompanyStatus, make)
