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
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import type * as Stream from "effect/Stream"
import { type CallError, TaxdocClient } from "../../core/Client.js"
import type { PollTimeoutError, ValidationError } from "../../core/Errors.js"
import * as Polling from "../../core/Polling.js"
import type { GenericResult } from "../../core/Schemas.js"
import * as Lazy from "../../core/Lazy.js"
import type { CashbillFilter, PageRequest, TaxinvoiceFilter } from "./Filters.js"
import type {
  CashbillItem,
  CashbillQueryType,
  CashbillSearchResult,
  CashbillSummary,
  DateType,
  JobState,
  TaxinvoiceDetail,
  TaxinvoiceItem,
  TaxinvoiceQueryType,
  TaxinvoiceSearchResult,
  TaxinvoiceSummary
} from "./Schemas.js"
import type * as Operations from "./Operations.js"

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
 * Failures of collection operations.
 *
 * @since 0.1.0
 * @category errors
 */
export type TaxPortalError = ValidationError | CallError

/**
 * The collection job failed at the tax authority: errorCode is negative (8 digits), with a reason.
 *
 * @since 0.1.0
 * @category errors
 */
export class JobFailedError extends Data.TaggedError("JobFailedError")<{
  readonly jobID: string
  readonly errorCode: number
  readonly errorReason: string
  readonly message: string
}> {}

/**
 * What is collected: tax invoices or cash receipts.
 *
 * @since 0.1.0
 * @category models
 */
export type Kind = "taxinvoice" | "cashbill"

/**
 * A tax invoice collection: whose invoices, by which date, over which KST days (`yyyyMMdd`, at
 * most 3 months), optionally filtered.
 *
 * @since 0.1.0
 * @category models
 */
export interface TaxinvoiceQuery {
  readonly kind: "taxinvoice"
  readonly queryType: TaxinvoiceQueryType
  /** W write date, I issue date, S filing date (default, recommended). */
  readonly dateType?: DateType | undefined
  readonly from: string
  readonly to: string
  readonly filter?: TaxinvoiceFilter | undefined
}

/**
 * A cash receipt collection over trade dates (`yyyyMMdd`, at most 3 months).
 *
 * @since 0.1.0
 * @category models
 */
export interface CashbillQuery {
  readonly kind: "cashbill"
  readonly queryType: CashbillQueryType
  readonly from: string
  readonly to: string
  readonly filter?: CashbillFilter | undefined
}

/**
 * A collection query.
 *
 * @since 0.1.0
 * @category models
 */
export type CollectQuery = TaxinvoiceQuery | CashbillQuery

/**
 * The collected record of a kind.
 *
 * @since 0.1.0
 * @category models
 */
export type ItemOf<K extends Kind> = K extends "taxinvoice" ? TaxinvoiceItem : CashbillItem

/**
 * The filter of a kind.
 *
 * @since 0.1.0
 * @category models
 */
export type FilterOf<K extends Kind> = K extends "taxinvoice" ? TaxinvoiceFilter : CashbillFilter

/**
 * Options of `awaitJob`.
 *
 * @since 0.1.0
 * @category models
 */
export interface AwaitJobOptions extends Polling.PollOptions {
  /** Called after each poll with the job record. */
  readonly onProgress?: ((progress: Polling.PollProgress<JobState>) => Effect.Effect<void>) | undefined
  readonly userId?: string | undefined
}

/**
 * Options of `searchAll` and `collect`.
 *
 * @since 0.1.0
 * @category models
 */
export interface SearchAllOptions extends AwaitJobOptions {
  /** Page size of each request (default 1,000, the largest). */
  readonly perPage?: number | undefined
  readonly order?: "D" | "A" | undefined
}

/**
 * A registered certificate's expiry: as sent (KST `yyyyMMddHHmmss`) and as an instant.
 *
 * @since 0.1.0
 * @category models
 */
export interface CertificateExpiry {
  readonly certificateExpiration: string
  readonly expiresAt: Date
}

/**
 * `true` when the job record says the job failed (a negative errorCode).
 *
 * @since 0.1.0
 * @category combinators
 */
export const jobFailed = (job: JobState): boolean => job.errorCode !== undefined && job.errorCode < 0

/**
 * @since 0.1.0
 * @category services
 */
export class TaxPortal extends Context.Tag("taxdoc/TaxPortal")<TaxPortal, {
  /** RequestJob (tax invoices): the job ID. */
  readonly requestTaxinvoiceJob: (corpNum: string, query: Omit<TaxinvoiceQuery, "kind" | "filter">, userId?: string) => Effect.Effect<string, TaxPortalError>
  readonly getTaxinvoiceJobState: (corpNum: string, jobID: string, userId?: string) => Effect.Effect<JobState, TaxPortalError>
  /** ListActiveJob (tax invoices): unexpired jobs, newest first. */
  readonly listActiveTaxinvoiceJobs: (corpNum: string, userId?: string) => Effect.Effect<ReadonlyArray<JobState>, TaxPortalError>
  readonly searchTaxinvoices: (corpNum: string, jobID: string, filter?: TaxinvoiceFilter, page?: PageRequest, userId?: string) => Effect.Effect<TaxinvoiceSearchResult, TaxPortalError>
  readonly summarizeTaxinvoices: (corpNum: string, jobID: string, filter?: TaxinvoiceFilter, userId?: string) => Effect.Effect<TaxinvoiceSummary, TaxPortalError>
  /** GetTaxinvoice: the crawled detail of a tax invoice by its 24-character confirmation number. */
  readonly getTaxinvoice: (corpNum: string, ntsConfirmNum: string, userId?: string) => Effect.Effect<TaxinvoiceDetail, TaxPortalError>
  /** RequestJob (cash receipts): the job ID. */
  readonly requestCashbillJob: (corpNum: string, query: Omit<CashbillQuery, "kind" | "filter">, userId?: string) => Effect.Effect<string, TaxPortalError>
  readonly getCashbillJobState: (corpNum: string, jobID: string, userId?: string) => Effect.Effect<JobState, TaxPortalError>
  readonly listActiveCashbillJobs: (corpNum: string, userId?: string) => Effect.Effect<ReadonlyArray<JobState>, TaxPortalError>
  readonly searchCashbills: (corpNum: string, jobID: string, filter?: CashbillFilter, page?: PageRequest, userId?: string) => Effect.Effect<CashbillSearchResult, TaxPortalError>
  readonly summarizeCashbills: (corpNum: string, jobID: string, filter?: CashbillFilter, userId?: string) => Effect.Effect<CashbillSummary, TaxPortalError>
  /** GetCertificatePopUpURL: the certificate registration page, valid 30 seconds. */
  readonly getCertificatePopUpURL: (corpNum: string, userId?: string) => Effect.Effect<string, TaxPortalError>
  /** GetCertificateExpireDate: the registered certificate's expiry. */
  readonly getCertificateExpireDate: (corpNum: string, userId?: string) => Effect.Effect<CertificateExpiry, TaxPortalError>
  readonly checkCertValidation: (corpNum: string, userId?: string) => Effect.Effect<GenericResult, TaxPortalError>
  /** RegistDeptUser: the password stays redacted until it is written into the request body. */
  readonly registDeptUser: (corpNum: string, id: string, password: Redacted.Redacted<string>, userId?: string) => Effect.Effect<GenericResult, TaxPortalError>
  readonly checkDeptUser: (corpNum: string, userId?: string) => Effect.Effect<GenericResult, TaxPortalError>
  readonly checkLoginDeptUser: (corpNum: string, userId?: string) => Effect.Effect<GenericResult, TaxPortalError>
  readonly deleteDeptUser: (corpNum: string, userId?: string) => Effect.Effect<GenericResult, TaxPortalError>
  /**
   * Polls the job's state until jobState is 3; `JobFailedError` when errorCode is negative,
   * `PollTimeoutError` after the deadline; each state goes to `onProgress`.
   */
  readonly awaitJob: (corpNum: string, kind: Kind, jobID: string, options?: AwaitJobOptions) => Effect.Effect<JobState, TaxPortalError | JobFailedError | PollTimeoutError>
  /** Every filtered record of a completed job, page after page, in the service's order. */
  readonly searchAll: <K extends Kind>(corpNum: string, kind: K, jobID: string, filter?: FilterOf<K>, options?: SearchAllOptions) => Stream.Stream<ItemOf<K>, TaxPortalError>
  /** Requests a job, awaits it and streams every filtered record. */
  readonly collect: <Q extends CollectQuery>(corpNum: string, query: Q, options?: SearchAllOptions) => Stream.Stream<ItemOf<Q["kind"]>, TaxPortalError | JobFailedError | PollTimeoutError>
}>() {}

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
  // Where the implementation cannot be loaded synchronously (the TypeScript test runner) it is
  // loaded now, so that the streaming methods can always hand over the implementation's stream.
  const loaded = live.synchronous() ? Effect.void : Effect.asVoid(implementation.get)
  return Effect.as(
    loaded,
    TaxPortal.of({
      ...Lazy.service<Omit<Context.Tag.Service<TaxPortal>, "searchAll" | "collect">>(METHODS, implementation),
      searchAll: (corpNum, kind, jobID, filter, options) => implementation.now()!.searchAll(corpNum, kind, jobID, filter, options),
      collect: (corpNum, query, options) => implementation.now()!.collect(corpNum, query, options)
    })
  )
})

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<TaxPortal, never, TaxdocClient> = Layer.effect(TaxPortal, make)
