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
import { TaxdocClient } from "../../core/Client.js"
import * as Lazy from "../../core/Lazy.js"
import type * as Operations from "./Operations.js"
import type { Service } from "./Service.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens"), as declared in the catalogue (the type checks it).
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE: typeof Operations.SCOPE = "170"

/**
 * The service's interface, its options and failures.
 *
 * @since 0.1.0
 */
export type * from "./Service.js"

/**
 * @since 0.1.0
 * @category services
 */
export class CompanyStatus extends Context.Tag("taxdoc/CompanyStatus")<CompanyStatus, Service>() {}

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
