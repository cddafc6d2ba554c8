/**
 * The statement service (docs/service.md "Statements"): the six document types of item codes 121 to 126 —
 * issue, cancel, delete, status and detail queries (GetInfos for any number of document IDs), the
 * document URLs, mass print and the notification mail. Inputs are validated before anything is
 * sent; the token scope follows the item code (one token carries all six).
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
 * The item codes by name (`ItemCode.Estimate` = 123).
 *
 * @since 0.1.0
 * @category constants
 */
export { ItemCode } from "./ItemCode.js"

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
export class Statement extends Context.Tag("taxdoc/Statement")<Statement, Service>() {}

// Every method of the service, for the lazily loaded implementation (the type lists them all).
const METHODS: { readonly [K in keyof Context.Tag.Service<Statement>]: true } = {
  issue: true,
  cancel: true,
  delete: true,
  getInfo: true,
  getInfos: true,
  getDetailInfo: true,
  getPopUpURL: true,
  getViewURL: true,
  getPrintURL: true,
  getEPrintURL: true,
  getMailURL: true,
  getMassPrintURL: true,
  sendEmail: true
}

// The implementation and the schemas and declarations it uses are loaded on the first call.
const live = Lazy.module<typeof import("./internal/StatementLive.js")>(import.meta.url, "./internal/StatementLive.js", () => import("./internal/StatementLive.js"))

/**
 * The service over `TaxdocClient`: every operation through its catalogue declaration. Its
 * implementation (and the domain's schemas) is loaded on the first call of one of its methods.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<Context.Tag.Service<Statement>, never, TaxdocClient> = Effect.map(TaxdocClient, (client) =>
  Statement.of(Lazy.service(METHODS, Lazy.instance(live, (m) => m.make(client)))))

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Statement, never, TaxdocClient> = Layer.effect(Statement, make)
