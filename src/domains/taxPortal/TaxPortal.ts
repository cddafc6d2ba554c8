/**
 * The tax-authority collection service (docs/service.md "Tax authority collection"): collection
 * jobs for tax invoices and cash receipts, their search and summary, the crawled tax invoice
 * detail, and the portal certificate and department account of cash receipt collection — plus
 * `awaitJob` (polling until jobState 3, a typed failure for a failed job), `searchAll` (a `Stream`
 * over every page) and `collect` (request → await → stream). Every input is validated before
 * anything is sent: the range (at most 3 months, not reversed), job ID 18 and confirmation number
 * 24 characters, PerPage at most 1,000.
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
 * The token scope of cash receipt collection, as declared in the catalogue (the type checks it).
 *
 * @since 0.1.0
 * @category constants
 */
export const CASHBILL_SCOPE: typeof Operations.CASHBILL_SCOPE = "141"

/**
 * The token scope of tax invoice collection, as declared in the catalogue (the type checks it).
 *
 * @since 0.1.0
 * @category constants
 */
export const TAXINVOICE_SCOPE: typeof Operations.TAXINVOICE_SCOPE = "111"

/**
 * The typed filters and paging, and their wire form.
 *
 * @since 0.1.0
 */
export * from "./Filters.js"

/**
 * The service's interface, its options and failures.
 *
 * @since 0.1.0
 */
export * from "./Service.js"

/**
 * @since 0.1.0
 * @category services
 */
export class TaxPortal extends Context.Tag("taxdoc/TaxPortal")<TaxPortal, Service>() {}

/** Every method answering an `Effect` (`searchAll` and `collect` answer streams). */
// Every method of the service, for the lazily loaded implementation (the type lists them all).
const METHODS: { readonly [K in Exclude<keyof Context.Tag.Service<TaxPortal>, "searchAll" | "collect">]: true } = {
  requestTaxinvoiceJob: true,
  getTaxinvoiceJobState: true,
  listActiveTaxinvoiceJobs: true,
  searchTaxinvoices: true,
  summarizeTaxinvoices: true,
  getTaxinvoice: true,
  requestCashbillJob: true,
  getCashbillJobState: true,
  listActiveCashbillJobs: true,
  searchCashbills: true,
  summarizeCashbills: true,
  getCertificatePopUpURL: true,
  getCertificateExpireDate: true,
  checkCertValidation: true,
  registDeptUser: true,
  checkDeptUser: true,
  checkLoginDeptUser: true,
  deleteDeptUser: true,
  awaitJob: true
}

// The implementation and the schemas and declarations it uses are loaded on the first call.
const live = Lazy.module<typeof import("./internal/TaxPortalLive.js")>(import.meta.url, "./internal/TaxPortalLive.js", () => import("./internal/TaxPortalLive.js"))

/**
 * The service over `TaxdocClient`: every operation through its catalogue declaration. Its
 * implementation (and the domain's schemas) is loaded on the first call of one of its methods.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<Context.Tag.Service<TaxPortal>, never, TaxdocClient> = Effect.flatMap(TaxdocClient, (client) => {
  const implementation = Lazy.instance(live, (m) => m.make(client))
  // The streaming methods answer a stream at once, so where the implementation cannot be loaded
  // synchronously: in the command's bundle they answer streams that load it when run (made with
  // Effect's Stream module, loaded now); elsewhere (the TypeScript test runner) it is loaded now,
  // with the layer, so that no stream waits on a module while a test clock moves.
  const streams = live.synchronous()
    ? Effect.succeed(undefined)
    : Lazy.bundled
    ? Effect.promise(() => import("effect/Stream"))
    : Effect.as(implementation.get, undefined)
  return Effect.map(streams, (Stream) => {
    const deferred = <A>(stream: (service: Service) => A): A => {
      const ready = implementation.now()
      if (ready !== undefined || Stream === undefined) return stream(ready!)
      return Stream.unwrap(Effect.map(implementation.get, (service) => stream(service) as never)) as A
    }
    return TaxPortal.of({
      ...Lazy.service<Omit<Context.Tag.Service<TaxPortal>, "searchAll" | "collect">>(METHODS, implementation),
      searchAll: (corpNum, kind, jobID, filter, options) => deferred((service) => service.searchAll(corpNum, kind, jobID, filter, options)),
      collect: (corpNum, query, options) => deferred((service) => service.collect(corpNum, query, options))
    })
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<TaxPortal, never, TaxdocClient> = Layer.effect(TaxPortal, make)
