/**
 * The e-Tax invoice service (docs/service.md "e-Tax invoices"): save a draft, attach files, issue, status
 * and detail queries, the URL operations, resend the notification mail, assign a document ID to a
 * portal-issued invoice, bulk issue with result polling — plus `issueMany`, `awaitBulkResult` and
 * `getInfos` for any number of document IDs. Inputs are validated before anything is sent.
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
export const SCOPE: typeof Operations.SCOPE = "110"

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
export class Taxinvoice extends Context.Tag("taxdoc/Taxinvoice")<Taxinvoice, Service>() {}

// Every method of the service, for the lazily loaded implementation (the type lists them all).
const METHODS: { readonly [K in keyof Context.Tag.Service<Taxinvoice>]: true } = {
  register: true,
  attachFile: true,
  issue: true,
  getFiles: true,
  deleteFile: true,
  getInfo: true,
  getInfos: true,
  getDetailInfo: true,
  getURL: true,
  getMassPrintURL: true,
  sendEmail: true,
  assignMgtKey: true,
  bulkIssue: true,
  getBulkResult: true,
  awaitBulkResult: true,
  issueMany: true
}

// The implementation and the schemas and declarations it uses are loaded on the first call.
const live = Lazy.module<typeof import("./internal/TaxinvoiceLive.js")>(import.meta.url, "./internal/TaxinvoiceLive.js", () => import("./internal/TaxinvoiceLive.js"))

/**
 * The service over `TaxdocClient`: every operation through its catalogue declaration. Its
 * implementation (and the domain's schemas) is loaded on the first call of one of its methods.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<Context.Tag.Service<Taxinvoice>, never, TaxdocClient> = Effect.map(TaxdocClient, (client) =>
  Taxinvoice.of(Lazy.service(METHODS, Lazy.instance(live, (m) => m.make(client)))))

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Taxinvoice, never, TaxdocClient> = Layer.effect(Taxinvoice, make)
