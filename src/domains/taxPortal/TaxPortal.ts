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
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import { type CallError, TaxdocClient } from "../../core/Client.js"
import type { PollTimeoutError, ValidationError } from "../../core/Errors.js"
import * as Kst from "../../core/Kst.js"
import * as Polling from "../../core/Polling.js"
import type * as Operation from "../../core/Operation.js"
import type { GenericResult } from "../../core/Schemas.js"
import * as Telemetry from "../../core/internal/Telemetry.js"
import { Attribute } from "../../core/Telemetry.js"
import * as Validation from "../../core/Validation.js"
import { type CashbillFilter, cashbillFilterParams, type PageRequest, pageParams, type TaxinvoiceFilter, taxinvoiceFilterParams } from "./Filters.js"
import * as Operations from "./Operations.js"
import * as Rules from "./Rules.js"
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

export {
  /**
   * The token scope of cash receipt collection.
   *
   * @since 0.1.0
   * @category constants
   */
  CASHBILL_SCOPE,
  /**
   * The token scope of tax invoice collection.
   *
   * @since 0.1.0
   * @category constants
   */
  TAXINVOICE_SCOPE
} from "./Scopes.js"

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
 * @since 1.0.0
 * @category models
 */
export interface TaxPortalService {
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

/**
 * The tax-authority collection service: `yield* TaxPortal` in a program given `Taxdoc.layer` (or
 * `Taxdoc.services`, or this module's `layer`).
 *
 * @since 0.1.0
 * @category services
 */
export class TaxPortal extends Context.Service<TaxPortal, TaxPortalService>()("taxdoc/TaxPortal") {}

type Page<K extends Kind> = { readonly list: ReadonlyArray<ItemOf<K>>; readonly pageCount: number }

/**
 * The collection service over `TaxdocClient`: every operation through its catalogue declaration.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<TaxPortalService, never, TaxdocClient> = Effect.gen(function*() {
  const client = yield* TaxdocClient

  const requestTaxinvoiceJob = Telemetry.fn("TaxPortal.requestTaxinvoiceJob")(function*(corpNum: string, query: Omit<TaxinvoiceQuery, "kind" | "filter">, userId?: string) {
    const params = { queryType: query.queryType, DType: query.dateType ?? "S", SDate: query.from, EDate: query.to }
    const result = yield* client.call(Operations.TaxinvoiceRequestJob, { corpNum, userId, params })
    return result.jobID
  })

  const requestCashbillJob = Telemetry.fn("TaxPortal.requestCashbillJob")(function*(corpNum: string, query: Omit<CashbillQuery, "kind" | "filter">, userId?: string) {
    const result = yield* client.call(Operations.CashbillRequestJob, { corpNum, userId, params: { queryType: query.queryType, SDate: query.from, EDate: query.to } })
    return result.jobID
  })

  const getTaxinvoiceJobState = (corpNum: string, jobID: string, userId?: string) =>
    client.call(Operations.TaxinvoiceGetJobState, { corpNum, userId, params: { jobID } })

  const getCashbillJobState = (corpNum: string, jobID: string, userId?: string) =>
    client.call(Operations.CashbillGetJobState, { corpNum, userId, params: { jobID } })

  const searchTaxinvoices = (corpNum: string, jobID: string, filter?: TaxinvoiceFilter, page?: PageRequest, userId?: string) =>
    client.call(Operations.TaxinvoiceSearch, { corpNum, userId, params: { jobID, ...taxinvoiceFilterParams(filter), ...pageParams(page) } })

  const searchCashbills = (corpNum: string, jobID: string, filter?: CashbillFilter, page?: PageRequest, userId?: string) =>
    client.call(Operations.CashbillSearch, { corpNum, userId, params: { jobID, ...cashbillFilterParams(filter), ...pageParams(page) } })

  // The certificate and department-account operations of the collection `kind`; a kind that is
  // neither (from an untyped caller) is refused before anything is sent.
  const accountOf = (sdk: string, kind: Kind): Effect.Effect<(typeof Operations.accountOperationsOf)[Kind], ValidationError> =>
    kind === "taxinvoice" || kind === "cashbill"
      ? Effect.succeed(Operations.accountOperationsOf[kind])
      : Effect.fail(Validation.invalid(sdk, "kind", "kind", `must be taxinvoice or cashbill, got ${JSON.stringify(kind)}`))

  const getCertificatePopUpURL = Telemetry.fn("TaxPortal.getCertificatePopUpURL")(function*(corpNum: string, kind: Kind, userId?: string) {
    const account = yield* accountOf("TaxPortal.getCertificatePopUpURL", kind)
    const result = yield* client.call(account.GetCertificatePopUpURL, { corpNum, userId })
    return result.url
  })

  const getCertificateExpireDate = Telemetry.fn("TaxPortal.getCertificateExpireDate")(function*(corpNum: string, kind: Kind, userId?: string) {
    const account = yield* accountOf("TaxPortal.getCertificateExpireDate", kind)
    const result = yield* client.call(account.GetCertificateExpireDate, { corpNum, userId })
    return { certificateExpiration: result.certificateExpiration, expiresAt: new Date(Kst.parse(result.certificateExpiration)) } satisfies CertificateExpiry
  })

  const registDeptUser = Telemetry.fn("TaxPortal.registDeptUser")(function*(corpNum: string, kind: Kind, id: string, password: Redacted.Redacted<string>, userId?: string) {
    const account = yield* accountOf("TaxPortal.registDeptUser", kind)
    // The one place the password is unwrapped: into the body sent.
    return yield* client.call(account.RegistDeptUser, { corpNum, userId, body: { id, pwd: Redacted.value(password) } })
  })

  // The account calls without a body: the kind picks the operation, the client traces the call.
  const accountCall = (
    sdk: string,
    pick: (account: (typeof Operations.accountOperationsOf)[Kind]) => Operation.Operation<Schema.Struct<{}>, typeof Operation.noBody, typeof GenericResult>
  ) =>
  (corpNum: string, kind: Kind, userId?: string) => Effect.flatMap(accountOf(sdk, kind), (account) => client.call(pick(account), { corpNum, userId }))

  const awaitJob = Telemetry.fn("TaxPortal.awaitJob")(function*(corpNum: string, kind: Kind, jobID: string, options: AwaitJobOptions = {}) {
    const state = kind === "taxinvoice" ? Operations.TaxinvoiceGetJobState : Operations.CashbillGetJobState
    const job = yield* client.metrics.inFlight(
      state.name,
      Polling.until({
        operation: "TaxPortal.awaitJob",
        id: jobID,
        poll: kind === "taxinvoice" ? getTaxinvoiceJobState(corpNum, jobID, options.userId) : getCashbillJobState(corpNum, jobID, options.userId),
        // A failed job never reaches 3 on some services: stop polling as soon as it reports failure.
        isDone: (job) => job.jobState === Rules.JOB_STATE_COMPLETED || jobFailed(job),
        describe: (job) => `jobState ${job.jobState}`,
        onProgress: options.onProgress,
        attributes: { [Attribute.jobId]: jobID }
      }, options)
    )
    if (!jobFailed(job)) return job
    return yield* new JobFailedError({
      jobID,
      errorCode: job.errorCode ?? 0,
      errorReason: job.errorReason ?? "",
      message: `collection job ${jobID} failed: ${job.errorCode} ${job.errorReason ?? ""}`.trim()
    })
  })

  const searchAll = <K extends Kind>(corpNum: string, kind: K, jobID: string, filter?: FilterOf<K>, options: SearchAllOptions = {}): Stream.Stream<ItemOf<K>, TaxPortalError> => {
    const perPage = options.perPage ?? Rules.PER_PAGE_MAX
    // `kind` decides the operation, and with it the item type of the page.
    const page = (n: number) =>
      (kind === "taxinvoice"
        ? searchTaxinvoices(corpNum, jobID, filter as TaxinvoiceFilter | undefined, { page: n, perPage, order: options.order }, options.userId)
        : searchCashbills(corpNum, jobID, filter as CashbillFilter | undefined, { page: n, perPage, order: options.order }, options.userId)) as unknown as Effect.Effect<Page<K>, TaxPortalError>
    return Stream.paginate(1, (n: number) => Effect.map(page(n), (result) => [result.list, n < result.pageCount ? Option.some(n + 1) : Option.none()] as const))
  }

  const collect = <Q extends CollectQuery>(corpNum: string, query: Q, options: SearchAllOptions = {}): Stream.Stream<ItemOf<Q["kind"]>, TaxPortalError | JobFailedError | PollTimeoutError> =>
    Stream.unwrap(Effect.gen(function*() {
      const jobID = query.kind === "taxinvoice"
        ? yield* requestTaxinvoiceJob(corpNum, query, options.userId)
        : yield* requestCashbillJob(corpNum, query, options.userId)
      yield* awaitJob(corpNum, query.kind, jobID, options)
      return searchAll(corpNum, query.kind, jobID, query.filter as FilterOf<Q["kind"]> | undefined, options) as Stream.Stream<ItemOf<Q["kind"]>, TaxPortalError>
    }))

  return {
    requestTaxinvoiceJob,
    getTaxinvoiceJobState,
    listActiveTaxinvoiceJobs: (corpNum, userId) => client.call(Operations.TaxinvoiceListActiveJob, { corpNum, userId }),
    searchTaxinvoices,
    summarizeTaxinvoices: (corpNum, jobID, filter, userId) =>
      client.call(Operations.TaxinvoiceSummarize, { corpNum, userId, params: { jobID, ...taxinvoiceFilterParams(filter) } }),
    getTaxinvoice: (corpNum, ntsConfirmNum, userId) => client.call(Operations.TaxinvoiceGetTaxinvoice, { corpNum, userId, params: { ntsConfirmNum } }),
    requestCashbillJob,
    getCashbillJobState,
    listActiveCashbillJobs: (corpNum, userId) => client.call(Operations.CashbillListActiveJob, { corpNum, userId }),
    searchCashbills,
    summarizeCashbills: (corpNum, jobID, filter, userId) =>
      client.call(Operations.CashbillSummarize, { corpNum, userId, params: { jobID, ...cashbillFilterParams(filter) } }),
    getCertificatePopUpURL,
    getCertificateExpireDate,
    checkCertValidation: accountCall("TaxPortal.checkCertValidation", (account) => account.CheckCertValidation),
    registDeptUser,
    checkDeptUser: accountCall("TaxPortal.checkDeptUser", (account) => account.CheckDeptUser),
    checkLoginDeptUser: accountCall("TaxPortal.checkLoginDeptUser", (account) => account.CheckLoginDeptUser),
    deleteDeptUser: accountCall("TaxPortal.deleteDeptUser", (account) => account.DeleteDeptUser),
    awaitJob,
    searchAll,
    collect
  }
})

/**
 * The tax-authority collection service alone, over the `TaxdocClient` in the context
 * (`Taxdoc.services` builds every service at once).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<TaxPortal, never, TaxdocClient> = Layer.effect(TaxPortal, make)
