/**
 * The tax invoice issuing certificate service (docs/service.md "e-Tax invoices"): the registration
 * page URL, the expiry (as the raw 14 digits and as a `Date`), the validity check and the record.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TaxdocClient } from "../../core/Client.js"
import * as Lazy from "../../core/Lazy.js"
import type { Service } from "./Service.js"

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
export class Certificate extends Context.Tag("taxdoc/Certificate")<Certificate, Service>() {}

// Every method of the service, for the lazily loaded implementation (the type lists them all).
const METHODS: { readonly [K in keyof Context.Tag.Service<Certificate>]: true } = {
  getTaxCertURL: true,
  getExpireDate: true,
  checkValidation: true,
  getInfo: true
}

// The implementation and the schemas and declarations it uses are loaded on the first call.
const live = Lazy.module<typeof import("./internal/CertificateLive.js")>(import.meta.url, "./internal/CertificateLive.js", () => import("./internal/CertificateLive.js"))

/**
 * The service over `TaxdocClient`: every operation through its catalogue declaration. Its
 * implementation (and the domain's schemas) is loaded on the first call of one of its methods.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<Context.Tag.Service<Certificate>, never, TaxdocClient> = Effect.map(TaxdocClient, (client) =>
  Certificate.of(Lazy.service(METHODS, Lazy.instance(live, (m) => m.make(client)))))

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Certificate, never, TaxdocClient> = Layer.effect(Certificate, make)
