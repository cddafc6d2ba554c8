/**
 * The tax-authority collection operations of the catalogue (docs/service.md "Tax authority collection";
 * scopes 111 tax invoices and 141 cash receipts, docs/decisions.md "Tax authority collection"). A job ID
 * (18 characters) and a confirmation number (24) share the path `/TaxPortal/Taxinvoice/{…}` and are
 * told apart by length; the literal segments (JobList, CertInfo, CertCheck, DeptUser) are never
 * taken for job IDs. Both collections have the certificate and department-account operations, on
 * their own paths and scopes.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Operation from "../../core/Operation.js"
import { accountOperationsOf } from "./AccountOperations.js"
import * as Rules from "./Rules.js"
import { CASHBILL_SCOPE, TAXINVOICE_SCOPE } from "./Scopes.js"
import {
  ByConfirmNum,
  ByJob,
  CashbillJobParams,
  CashbillSearchParams,
  CashbillSearchResult,
  CashbillSummary,
  CashbillSummaryParams,
  JobIdResult,
  JobState,
  TaxinvoiceDetail,
  TaxinvoiceJobParams,
  TaxinvoiceSearchParams,
  TaxinvoiceSearchResult,
  TaxinvoiceSummary,
  TaxinvoiceSummaryParams
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
 * The certificate and department-account operations of both collections.
 *
 * @since 0.1.0
 */
export * from "./AccountOperations.js"

const scopeTaxinvoice = Operation.scope(TAXINVOICE_SCOPE)
const scopeCashbill = Operation.scope(CASHBILL_SCOPE)

/**
 * RequestJob (tax invoices): collects the member's SELL, BUY or TRUSTEE tax invoices over a range of at most 3 months by write (W), issue (I) or filing (S) date; no body.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceRequestJob = Operation.make({
  name: "TaxPortalTaxinvoice.RequestJob",
  sdk: "TaxPortal.requestTaxinvoiceJob",
  cli: "collect taxinvoice",
  summary: "request a tax invoice collection job",
  method: "POST",
  path: "/TaxPortal/Taxinvoice/{queryType}",
  params: TaxinvoiceJobParams,
  shapes: { queryType: Operation.oneOf("SELL", "BUY", "TRUSTEE") },
  query: [Operation.fromParam("DType", "DType"), Operation.fromParam("SDate", "SDate"), Operation.fromParam("EDate", "EDate")],
  scope: scopeTaxinvoice,
  success: JobIdResult,
  safeToRepeat: false
})

/**
 * GetJobState (tax invoices): the job record.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceGetJobState = Operation.make({
  name: "TaxPortalTaxinvoice.GetJobState",
  sdk: "TaxPortal.getTaxinvoiceJobState",
  cli: "collect taxinvoice",
  summary: "the state of a tax invoice collection job",
  method: "GET",
  path: "/TaxPortal/Taxinvoice/{jobID}/State",
  params: ByJob,
  scope: scopeTaxinvoice,
  success: JobState,
  safeToRepeat: true
})

/**
 * ListActiveJob (tax invoices): the member's unexpired jobs, newest first.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceListActiveJob = Operation.make({
  name: "TaxPortalTaxinvoice.ListActiveJob",
  sdk: "TaxPortal.listActiveTaxinvoiceJobs",
  summary: "the member's tax invoice jobs of the last hour",
  method: "GET",
  path: "/TaxPortal/Taxinvoice/JobList",
  scope: scopeTaxinvoice,
  success: Schema.Array(JobState),
  safeToRepeat: true
})

/**
 * Search (tax invoices): a page of a completed job's tax invoices, filtered.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceSearch = Operation.make({
  name: "TaxPortalTaxinvoice.Search",
  sdk: "TaxPortal.searchTaxinvoices",
  cli: "collect taxinvoice",
  summary: "a page of the collected tax invoices",
  method: "GET",
  path: "/TaxPortal/Taxinvoice/{jobID}",
  params: TaxinvoiceSearchParams,
  shapes: { jobID: Operation.length(Rules.JOB_ID_LENGTH) },
  query: [Operation.fromParam("Type", "Type"), Operation.fromParam("TaxType", "TaxType"), Operation.fromParam("PurposeType", "PurposeType"), Operation.fromParam("TaxRegIDYN", "TaxRegIDYN"), Operation.fromParam("TaxRegIDType", "TaxRegIDType"), Operation.fromParam("TaxRegID", "TaxRegID"), Operation.fromParam("SearchString", "SearchString"), Operation.fromParam("Page", "Page"), Operation.fromParam("PerPage", "PerPage"), Operation.fromParam("Order", "Order")],
  scope: scopeTaxinvoice,
  success: TaxinvoiceSearchResult,
  safeToRepeat: true
})

/**
 * Summary (tax invoices): count and totals of a completed job's filtered tax invoices.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceSummarize = Operation.make({
  name: "TaxPortalTaxinvoice.Summary",
  sdk: "TaxPortal.summarizeTaxinvoices",
  cli: "collect taxinvoice",
  summary: "totals of the collected tax invoices",
  method: "GET",
  path: "/TaxPortal/Taxinvoice/{jobID}/Summary",
  params: TaxinvoiceSummaryParams,
  query: [Operation.fromParam("Type", "Type"), Operation.fromParam("TaxType", "TaxType"), Operation.fromParam("PurposeType", "PurposeType"), Operation.fromParam("TaxRegIDYN", "TaxRegIDYN"), Operation.fromParam("TaxRegIDType", "TaxRegIDType"), Operation.fromParam("TaxRegID", "TaxRegID"), Operation.fromParam("SearchString", "SearchString")],
  scope: scopeTaxinvoice,
  success: TaxinvoiceSummary,
  safeToRepeat: true
})

/**
 * GetTaxinvoice: the crawled detail record of a tax invoice by its 24-character confirmation number.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceGetTaxinvoice = Operation.make({
  name: "TaxPortalTaxinvoice.GetTaxinvoice",
  sdk: "TaxPortal.getTaxinvoice",
  summary: "the crawled detail of a tax invoice",
  method: "GET",
  path: "/TaxPortal/Taxinvoice/{ntsConfirmNum}",
  params: ByConfirmNum,
  shapes: { ntsConfirmNum: Operation.length(Rules.NTS_CONFIRM_NUM_LENGTH) },
  scope: scopeTaxinvoice,
  success: TaxinvoiceDetail,
  safeToRepeat: true
})

/**
 * RequestJob (cash receipts): collects the member's SELL or BUY cash receipts over a trade-date range of at most 3 months; no body.
 *
 * @since 0.1.0
 * @category operations
 */
export const CashbillRequestJob = Operation.make({
  name: "TaxPortalCashbill.RequestJob",
  sdk: "TaxPortal.requestCashbillJob",
  cli: "collect cashbill",
  summary: "request a cash receipt collection job",
  method: "POST",
  path: "/TaxPortal/Cashbill/{queryType}",
  params: CashbillJobParams,
  shapes: { queryType: Operation.oneOf("SELL", "BUY") },
  query: [Operation.fromParam("SDate", "SDate"), Operation.fromParam("EDate", "EDate")],
  scope: scopeCashbill,
  success: JobIdResult,
  safeToRepeat: false
})

/**
 * GetJobState (cash receipts): the job record.
 *
 * @since 0.1.0
 * @category operations
 */
export const CashbillGetJobState = Operation.make({
  name: "TaxPortalCashbill.GetJobState",
  sdk: "TaxPortal.getCashbillJobState",
  cli: "collect cashbill",
  summary: "the state of a cash receipt collection job",
  method: "GET",
  path: "/TaxPortal/Cashbill/{jobID}/State",
  params: ByJob,
  scope: scopeCashbill,
  success: JobState,
  safeToRepeat: true
})

/**
 * ListActiveJob (cash receipts): the member's unexpired jobs, newest first.
 *
 * @since 0.1.0
 * @category operations
 */
export const CashbillListActiveJob = Operation.make({
  name: "TaxPortalCashbill.ListActiveJob",
  sdk: "TaxPortal.listActiveCashbillJobs",
  summary: "the member's cash receipt jobs of the last hour",
  method: "GET",
  path: "/TaxPortal/Cashbill/JobList",
  scope: scopeCashbill,
  success: Schema.Array(JobState),
  safeToRepeat: true
})

/**
 * Search (cash receipts; sent by the live clients, not in the spec): a page of a completed job's receipts, filtered by TradeType and TradeUsage.
 *
 * @since 0.1.0
 * @category operations
 */
export const CashbillSearch = Operation.make({
  name: "TaxPortalCashbill.Search",
  sdk: "TaxPortal.searchCashbills",
  cli: "collect cashbill",
  summary: "a page of the collected cash receipts",
  method: "GET",
  path: "/TaxPortal/Cashbill/{jobID}",
  params: CashbillSearchParams,
  shapes: { jobID: Operation.length(Rules.JOB_ID_LENGTH) },
  query: [Operation.fromParam("TradeType", "TradeType"), Operation.fromParam("TradeUsage", "TradeUsage"), Operation.fromParam("Page", "Page"), Operation.fromParam("PerPage", "PerPage"), Operation.fromParam("Order", "Order")],
  scope: scopeCashbill,
  success: CashbillSearchResult,
  safeToRepeat: true
})

/**
 * Summary (cash receipts; sent by the live clients, not in the spec): count and totals of a completed job's filtered receipts.
 *
 * @since 0.1.0
 * @category operations
 */
export const CashbillSummarize = Operation.make({
  name: "TaxPortalCashbill.Summary",
  sdk: "TaxPortal.summarizeCashbills",
  cli: "collect cashbill",
  summary: "totals of the collected cash receipts",
  method: "GET",
  path: "/TaxPortal/Cashbill/{jobID}/Summary",
  params: CashbillSummaryParams,
  query: [Operation.fromParam("TradeType", "TradeType"), Operation.fromParam("TradeUsage", "TradeUsage")],
  scope: scopeCashbill,
  success: CashbillSummary,
  safeToRepeat: true
})

/**
 * The tax invoice collection operations (jobs, the crawled detail, certificate, department account).
 *
 * @since 0.1.0
 * @category operations
 */
export const taxinvoiceOperations: ReadonlyArray<Operation.Any> = [
  TaxinvoiceRequestJob,
  TaxinvoiceGetJobState,
  TaxinvoiceListActiveJob,
  TaxinvoiceSearch,
  TaxinvoiceSummarize,
  TaxinvoiceGetTaxinvoice,
  ...Object.values(accountOperationsOf.taxinvoice)
]

/**
 * The cash receipt collection operations (jobs, certificate, department account).
 *
 * @since 0.1.0
 * @category operations
 */
export const cashbillOperations: ReadonlyArray<Operation.Any> = [
  CashbillRequestJob,
  CashbillGetJobState,
  CashbillListActiveJob,
  CashbillSearch,
  CashbillSummarize,
  ...Object.values(accountOperationsOf.cashbill)
]

/**
 * Every collection operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operations: ReadonlyArray<Operation.Any> = [...taxinvoiceOperations, ...cashbillOperations]
