/**
 * The cash receipt service (docs/service.md "Cash receipts"): issue, revoke, bulk issue with result polling,
 * delete, status and detail queries, portal URLs and PDF — plus `issueMany`, `awaitBulkResult` and
 * `getInfos` for any number of document IDs. Inputs are validated before anything is sent.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Bulk from "../../core/Bulk.js"
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
export const SCOPE: typeof Operations.SCOPE = "140"

/**
 * The submit ID of a bulk body: derived from the exact bytes sent, so a retried submission of the
 * same receipts is recognised by the service as the same submission (docs/decisions.md "Cash receipts": same ID and
 * digest → the original receipt ID) instead of issuing twice. 36 characters, letters, digits and
 * hyphens.
 *
 * @since 0.1.0
 * @category constructors
 */
export const submitIdFor: (body: Uint8Array) => string = Bulk.submitIdFor

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
export class Cashbill extends Context.Tag("taxdoc/Cashbill")<Cashbill, Service>() {}

// Every method of the service, for the lazily loaded implementation (the type lists them all).
const METHODS: { readonly [K in keyof Context.Tag.Service<Cashbill>]: true } = {
  issue: true,
  revoke: true,
  bulkSubmit: true,
  getBulkResult: true,
  awaitBulkResult: true,
  issueMany: true,
  delete: true,
  getInfo: true,
  getInfos: true,
  getDetailInfo: true,
  getURL: true,
  getPDF: true
}

// The implementation and the schemas and declarations it uses are loaded on the first call.
const live = Lazy.module<typeof import("./internal/CashbillLive.js")>(import.meta.url, "./internal/CashbillLive.js", () => import("./internal/CashbillLive.js"))

/**
 * The service over `TaxdocClient`: every operation through its catalogue declaration. Its
 * implementation (and the domain's schemas) is loaded on the first call of one of its methods.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<Context.Tag.Service<Cashbill>, never, TaxdocClient> = Effect.map(TaxdocClient, (client) =>
  Cashbill.of(Lazy.service(METHODS, Lazy.instance(live, (m) => m.make(client)))))

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Cashbill, never, TaxdocClient> = Layer.effect(Cashbill, make)
