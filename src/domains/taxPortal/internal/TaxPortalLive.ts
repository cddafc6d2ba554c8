/**
 * The TaxPortal service's implementation, loaded on its first call (see `TaxPortal.make`).
 *
 * @since 0.1.0
 */
import * as Chunk from "effect/Chunk"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Stream from "effect/Stream"
import type { TaxdocClient } from "../../../core/Client.js"
import type { PollTimeoutError, ValidationError } from "../../../core/Errors.js"
import * as Kst from "../../../core/Kst.js"
import * as Polling from "../../../core/Polling.js"
import * as Trace from "../../../core/Trace.js"
import * as Validation from "../../../core/Validation.js"
import { type CashbillFilter, cashbillFilterParams, type PageRequest, pageParams, type TaxinvoiceFilter, taxinvoiceFilterParams } from "../Filters.js"
import * as Operations from "../Operations.js"
import * as Rules from "../Rules.js"
import { type Service, type AwaitJobOptions, type CashbillQuery, type CertificateExpiry, type CollectQuery, type FilterOf, type ItemOf, type Kind, type SearchAllOptions, type TaxPortalError, type TaxinvoiceQuery, JobFailedError, jobFailed } from "../Service.js"

/**
 * The collection service over `TaxdocClient`: every operation through its catalogue declaration.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (client: Context.Tag.Service<TaxdocClient>): Service => {
  const requestTaxinvoiceJob = Trace.fn("TaxPortal.requestTaxinvoiceJob", (corpNum: string, query: Omit<TaxinvoiceQuery, "kind" | "filter">, userId?: string) =>
    Effect.map(
      client.call(Operations.TaxinvoiceRequestJob, {
        corpNum,
        userId,
        params: { queryType: query.queryType, DType: query.dateType ?? "S", SDate: query.from, EDate: query.to }
      }),
      (r) => r.jobID
    ))

  const getTaxinvoiceJobState = (corpNum: string, jobID: string, userId?: string) =>
    client.call(Operations.TaxinvoiceGetJobState, { corpNum, userId, params: { jobID } })

  const listActiveTaxinvoiceJobs = (corpNum: string, userId?: string) =>
    client.call(Operations.TaxinvoiceListActiveJob, { corpNum, userId })

  const searchTaxinvoices = (corpNum: string, jobID: string, filter?: TaxinvoiceFilter, page?: PageRequest, userId?: string) =>
    client.call(Operations.TaxinvoiceSearch, { corpNum, userId, params: { jobID, ...taxinvoiceFilterParams(filter), ...pageParams(page) } })

  const summarizeTaxinvoices = (corpNum: string, jobID: string, filter?: TaxinvoiceFilter, userId?: string) =>
    client.call(Operations.TaxinvoiceSummarize, { corpNum, userId, params: { jobID, ...taxinvoiceFilterParams(filter) } })

  const getTaxinvoice = (corpNum: string, ntsConfirmNum: string, userId?: string) =>
    client.call(Operations.TaxinvoiceGetTaxinvoice, { corpNum, userId, params: { ntsConfirmNum } })

  const requestCashbillJob = Trace.fn("TaxPortal.requestCashbillJob", (corpNum: string, query: Omit<CashbillQuery, "kind" | "filter">, userId?: string) =>
    Effect.map(
      client.call(Operations.CashbillRequestJob, { corpNum, userId, params: { queryType: query.queryType, SDate: query.from, EDate: query.to } }),
      (r) => r.jobID
    ))

  const getCashbillJobState = (corpNum: string, jobID: string, userId?: string) =>
    client.call(Operations.CashbillGetJobState, { corpNum, userId, params: { jobID } })

  const listActiveCashbillJobs = (corpNum: string, userId?: string) =>
    client.call(Operations.CashbillListActiveJob, { corpNum, userId })

  const searchCashbills = (corpNum: string, jobID: string, filter?: CashbillFilter, page?: PageRequest, userId?: string) =>
    client.call(Operations.CashbillSearch, { corpNum, userId, params: { jobID, ...cashbillFilterParams(filter), ...pageParams(page) } })

  const summarizeCashbills = (corpNum: string, jobID: string, filter?: CashbillFilter, userId?: string) =>
    client.call(Operations.CashbillSummarize, { corpNum, userId, params: { jobID, ...cashbillFilterParams(filter) } })

  // The certificate and department-account operations of the collection `kind`; a kind that is
  // neither (from an untyped caller) is refused before anything is sent.
  const accountOf = (sdk: string, kind: Kind): Effect.Effect<(typeof Operations.accountOperationsOf)[Kind], ValidationError> =>
    kind === "taxinvoice" || kind === "cashbill"
      ? Effect.succeed(Operations.accountOperationsOf[kind])
      : Effect.fail(Validation.invalid(sdk, "kind", "kind", `must be taxinvoice or cashbill, got ${JSON.stringify(kind)}`))

  const getCertificatePopUpURL = Trace.fn("TaxPortal.getCertificatePopUpURL", (corpNum: string, kind: Kind, userId?: string) =>
    accountOf("TaxPortal.getCertificatePopUpURL", kind).pipe(
      Effect.flatMap((account) => client.call(account.GetCertificatePopUpURL, { corpNum, userId })),
      Effect.map((r) => r.url)
    ))

  const getCertificateExpireDate = Trace.fn("TaxPortal.getCertificateExpireDate", (corpNum: string, kind: Kind, userId?: string) =>
    accountOf("TaxPortal.getCertificateExpireDate", kind).pipe(
      Effect.flatMap((account) => client.call(account.GetCertificateExpireDate, { corpNum, userId })),
      Effect.map((r): CertificateExpiry => ({
        certificateExpiration: r.certificateExpiration,
        expiresAt: new Date(Kst.parse(r.certificateExpiration))
      }))
    ))

  const checkCertValidation = (corpNum: string, kind: Kind, userId?: string) =>
    Effect.flatMap(accountOf("TaxPortal.checkCertValidation", kind), (account) => client.call(account.CheckCertValidation, { corpNum, userId }))

  const registDeptUser = Trace.fn("TaxPortal.registDeptUser", (corpNum: string, kind: Kind, id: string, password: Redacted.Redacted<string>, userId?: string) =>
    Effect.flatMap(accountOf("TaxPortal.registDeptUser", kind), (account) =>
      // The one place the password is unwrapped: into the body sent.
      client.call(account.RegistDeptUser, { corpNum, userId, body: { id, pwd: Redacted.value(password) } })))

  const checkDeptUser = (corpNum: string, kind: Kind, userId?: string) =>
    Effect.flatMap(accountOf("TaxPortal.checkDeptUser", kind), (account) => client.call(account.CheckDeptUser, { corpNum, userId }))

  const checkLoginDeptUser = (corpNum: string, kind: Kind, userId?: string) =>
    Effect.flatMap(accountOf("TaxPortal.checkLoginDeptUser", kind), (account) => client.call(account.CheckLoginDeptUser, { corpNum, userId }))

  const deleteDeptUser = (corpNum: string, kind: Kind, userId?: string) =>
    Effect.flatMap(accountOf("TaxPortal.deleteDeptUser", kind), (account) => client.call(account.DeleteDeptUser, { corpNum, userId }))

  const awaitJob = (corpNum: string, kind: Kind, jobID: string, options: AwaitJobOptions = {}) =>
    Polling.until({
      operation: "TaxPortal.awaitJob",
      id: jobID,
      poll: kind === "taxinvoice" ? getTaxinvoiceJobState(corpNum, jobID, options.userId) : getCashbillJobState(corpNum, jobID, options.userId),
      // A failed job never reaches 3 on some services: stop polling as soon as it reports failure.
      isDone: (job) => job.jobState === Rules.JOB_STATE_COMPLETED || jobFailed(job),
      describe: (job) => `jobState ${job.jobState}`,
      onProgress: options.onProgress
    }, options).pipe(
      Effect.flatMap((job) =>
        jobFailed(job)
          ? Effect.fail(
            new JobFailedError({
              jobID,
              errorCode: job.errorCode ?? 0,
              errorReason: job.errorReason ?? "",
              message: `collection job ${jobID} failed: ${job.errorCode} ${job.errorReason ?? ""}`.trim()
            })
          )
          : Effect.succeed(job)
      ),
      Effect.withSpan("TaxPortal.awaitJob", { attributes: { corpNum, jobID, kind } })
    )

  const searchAll = <K extends Kind>(corpNum: string, kind: K, jobID: string, filter?: FilterOf<K>, options: SearchAllOptions = {}): Stream.Stream<ItemOf<K>, TaxPortalError> => {
    const perPage = options.perPage ?? Rules.PER_PAGE_MAX
    const page = (n: number): Effect.Effect<{ readonly list: ReadonlyArray<ItemOf<K>>; readonly pageCount: number }, TaxPortalError> =>
      // `kind` decides the operation, and with it the item type of the page.
      (kind === "taxinvoice"
        ? searchTaxinvoices(corpNum, jobID, filter as TaxinvoiceFilter | undefined, { page: n, perPage, order: options.order }, options.userId)
        : searchCashbills(corpNum, jobID, filter as CashbillFilter | undefined, { page: n, perPage, order: options.order }, options.userId)) as unknown as Effect.Effect<
          { readonly list: ReadonlyArray<ItemOf<K>>; readonly pageCount: number },
          TaxPortalError
        >
    return Stream.paginateChunkEffect(1, (n) =>
      Effect.map(page(n), (result) => [Chunk.fromIterable(result.list), n < result.pageCount ? Option.some(n + 1) : Option.none()] as const))
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
    listActiveTaxinvoiceJobs,
    searchTaxinvoices,
    summarizeTaxinvoices,
    getTaxinvoice,
    requestCashbillJob,
    getCashbillJobState,
    listActiveCashbillJobs,
    searchCashbills,
    summarizeCashbills,
    getCertificatePopUpURL,
    getCertificateExpireDate,
    checkCertValidation,
    registDeptUser,
    checkDeptUser,
    checkLoginDeptUser,
    deleteDeptUser,
    awaitJob,
    searchAll,
    collect
  }
}
