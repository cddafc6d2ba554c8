/**
 * What the TaxPortal service offers: its methods, their options and their failures. `TaxPortal.ts`
 * gives the service its tag and layer and re-exports these; `internal/TaxPortalLive.ts` implements
 * them.
 *
 * @since 0.1.0
 */
import * as Data from "effect/Data"
import type * as Effect from "effect/Effect"
import type * as Redacted from "effect/Redacted"
import type * as Stream from "effect/Stream"
import type { CallError } from "../../core/Client.js"
import type { PollTimeoutError, ValidationError } from "../../core/Errors.js"
import type * as Polling from "../../core/Polling.js"
import type { GenericResult } from "../../core/Schemas.js"
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
 * What is collected: tax invoices or cash receipts. The certificate and department-account methods
 * take it too: each collection has those calls on its own paths, with its own scope.
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
 * What the TaxPortal service offers: the methods of `TaxPortal.TaxPortal`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
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
  /**
   * GetCertificatePopUpURL: the tax portal certificate's registration page, valid 30 seconds, on the
   * paths (and with the scope) of the collection `kind` — the certificate and the department account
   * below serve both collections.
   */
  readonly getCertificatePopUpURL: (corpNum: string, kind: Kind, userId?: string) => Effect.Effect<string, TaxPortalError>
  /** GetCertificateExpireDate: the registered certificate's expiry. */
  readonly getCertificateExpireDate: (corpNum: string, kind: Kind, userId?: string) => Effect.Effect<CertificateExpiry, TaxPortalError>
  /** CheckCertValidation: a login test with the registered certificate. */
  readonly checkCertValidation: (corpNum: string, kind: Kind, userId?: string) => Effect.Effect<GenericResult, TaxPortalError>
  /** RegistDeptUser: the password stays redacted until it is written into the request body. */
  readonly registDeptUser: (corpNum: string, kind: Kind, id: string, password: Redacted.Redacted<string>, userId?: string) => Effect.Effect<GenericResult, TaxPortalError>
  /** CheckDeptUser: whether a department account is registered (the message names its ID). */
  readonly checkDeptUser: (corpNum: string, kind: Kind, userId?: string) => Effect.Effect<GenericResult, TaxPortalError>
  /** CheckLoginDeptUser: a login test with the registered department account. */
  readonly checkLoginDeptUser: (corpNum: string, kind: Kind, userId?: string) => Effect.Effect<GenericResult, TaxPortalError>
  /** DeleteDeptUser: removes the registered department account. */
  readonly deleteDeptUser: (corpNum: string, kind: Kind, userId?: string) => Effect.Effect<GenericResult, TaxPortalError>
  /**
   * Polls the job's state until jobState is 3; `JobFailedError` when errorCode is negative,
   * `PollTimeoutError` after the deadline; each state goes to `onProgress`.
   */
  readonly awaitJob: (corpNum: string, kind: Kind, jobID: string, options?: AwaitJobOptions) => Effect.Effect<JobState, TaxPortalError | JobFailedError | PollTimeoutError>
  /** Every filtered record of a completed job, page after page, in the service's order. */
  readonly searchAll: <K extends Kind>(corpNum: string, kind: K, jobID: string, filter?: FilterOf<K>, options?: SearchAllOptions) => Stream.Stream<ItemOf<K>, TaxPortalError>
  /** Requests a job, awaits it and streams every filtered record. */
  readonly collect: <Q extends CollectQuery>(corpNum: string, query: Q, options?: SearchAllOptions) => Stream.Stream<ItemOf<Q["kind"]>, TaxPortalError | JobFailedError | PollTimeoutError>
}
