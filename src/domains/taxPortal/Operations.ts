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
import { GenericResult, UrlResult } from "../../core/Schemas.js"
import * as Rules from "./Rules.js"
import {
  ByConfirmNum,
  ByJob,
  CashbillJobParams,
  CashbillSearchParams,
  CashbillSearchResult,
  CashbillSummary,
  CashbillSummaryParams,
  CertificateExpiration,
  DeptUserBody,
  JobIdResult,
  JobState,
  TaxinvoiceDetail,
  TaxinvoiceJobParams,
  TaxinvoiceSearchParams,
  TaxinvoiceSearchResult,
  TaxinvoiceSummary,
  TaxinvoiceSummaryParams
} from "./Schemas.js"

/**
 * The token scope of tax invoice collection (docs/decisions.md "Tax authority collection").
 *
 * @since 0.1.0
 * @category constants
 */
export const TAXINVOICE_SCOPE = "111"

/**
 * The token scope of cash receipt collection.
 *
 * @since 0.1.0
 * @category constants
 */
export const CASHBILL_SCOPE = "141"

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

// ── the portal certificate and department account ──────────────────────────────────────────

/** The collections with a certificate and a department account of their own paths. */
type Collection = "Taxinvoice" | "Cashbill"

/**
 * The seven certificate and department-account operations of a collection, on its paths
 * (`/TaxPortal/Taxinvoice/…` or `/TaxPortal/Cashbill/…`) and with its scope: the same operations
 * for both, each declared once per collection. The SDK reaches both through one method with a
 * `kind` (`TaxPortal.getCertificatePopUpURL(corpNum, "taxinvoice")`).
 */
const accountOperations = (collection: Collection, scope: Operation.Scope) => {
  const name = `TaxPortal${collection}`
  const base = `/TaxPortal/${collection}` as const
  return {
    GetCertificatePopUpURL: Operation.make({
      name: `${name}.GetCertificatePopUpURL`,
      sdk: "TaxPortal.getCertificatePopUpURL",
      cli: "collect certificate url",
      summary: "the URL of the portal certificate registration page",
      method: "GET",
      path: base,
      query: [Operation.fixed("TG", "CERT")],
      scope,
      success: UrlResult,
      safeToRepeat: true
    }),
    GetCertificateExpireDate: Operation.make({
      name: `${name}.GetCertificateExpireDate`,
      sdk: "TaxPortal.getCertificateExpireDate",
      cli: "collect certificate expiry",
      summary: "the expiry of the registered portal certificate",
      method: "GET",
      path: `${base}/CertInfo`,
      scope,
      success: CertificateExpiration,
      safeToRepeat: true
    }),
    CheckCertValidation: Operation.make({
      name: `${name}.CheckCertValidation`,
      sdk: "TaxPortal.checkCertValidation",
      cli: "collect certificate check",
      summary: "a login test with the registered certificate",
      method: "GET",
      path: `${base}/CertCheck`,
      scope,
      success: GenericResult,
      safeToRepeat: true
    }),
    RegistDeptUser: Operation.make({
      name: `${name}.RegistDeptUser`,
      sdk: "TaxPortal.registDeptUser",
      cli: "collect dept-user register",
      summary: "register the portal department account",
      method: "POST",
      path: `${base}/DeptUser`,
      scope,
      body: Operation.json(DeptUserBody),
      success: GenericResult,
      safeToRepeat: true
    }),
    CheckDeptUser: Operation.make({
      name: `${name}.CheckDeptUser`,
      sdk: "TaxPortal.checkDeptUser",
      cli: "collect dept-user check",
      summary: "whether a department account is registered",
      method: "GET",
      path: `${base}/DeptUser`,
      scope,
      success: GenericResult,
      safeToRepeat: true
    }),
    CheckLoginDeptUser: Operation.make({
      name: `${name}.CheckLoginDeptUser`,
      sdk: "TaxPortal.checkLoginDeptUser",
      cli: "collect dept-user login",
      summary: "a login test with the department account",
      method: "GET",
      path: `${base}/DeptUser/Check`,
      scope,
      success: GenericResult,
      safeToRepeat: true
    }),
    DeleteDeptUser: Operation.make({
      name: `${name}.DeleteDeptUser`,
      sdk: "TaxPortal.deleteDeptUser",
      cli: "collect dept-user delete",
      summary: "remove the department account",
      method: "POST",
      path: `${base}/DeptUser`,
      override: "DELETE",
      scope,
      success: GenericResult,
      safeToRepeat: false
    })
  }
}

const cashbillAccount = accountOperations("Cashbill", scopeCashbill)
const taxinvoiceAccount = accountOperations("Taxinvoice", scopeTaxinvoice)

/**
 * GetCertificatePopUpURL (cash receipts): the page registering the tax portal certificate, valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetCertificatePopUpURL = cashbillAccount.GetCertificatePopUpURL

/**
 * GetCertificateExpireDate (cash receipts): the expiry (yyyyMMddHHmmss, KST) of the registered certificate.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetCertificateExpireDate = cashbillAccount.GetCertificateExpireDate

/**
 * CheckCertValidation (cash receipts): a login test with the registered certificate.
 *
 * @since 0.1.0
 * @category operations
 */
export const CheckCertValidation = cashbillAccount.CheckCertValidation

/**
 * RegistDeptUser (cash receipts): registers (or replaces) the tax portal department account; the password is stored, never answered.
 *
 * @since 0.1.0
 * @category operations
 */
export const RegistDeptUser = cashbillAccount.RegistDeptUser

/**
 * CheckDeptUser (cash receipts): whether a department account is registered (the message names its ID).
 *
 * @since 0.1.0
 * @category operations
 */
export const CheckDeptUser = cashbillAccount.CheckDeptUser

/**
 * CheckLoginDeptUser (cash receipts): a login test with the registered department account.
 *
 * @since 0.1.0
 * @category operations
 */
export const CheckLoginDeptUser = cashbillAccount.CheckLoginDeptUser

/**
 * DeleteDeptUser (cash receipts): removes the registered department account.
 *
 * @since 0.1.0
 * @category operations
 */
export const DeleteDeptUser = cashbillAccount.DeleteDeptUser

/**
 * GetCertificatePopUpURL (tax invoices; sent by the live clients on the tax invoice paths): the page registering the tax portal certificate.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceGetCertificatePopUpURL = taxinvoiceAccount.GetCertificatePopUpURL

/**
 * GetCertificateExpireDate (tax invoices): the expiry of the registered certificate.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceGetCertificateExpireDate = taxinvoiceAccount.GetCertificateExpireDate

/**
 * CheckCertValidation (tax invoices): a login test with the registered certificate.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceCheckCertValidation = taxinvoiceAccount.CheckCertValidation

/**
 * RegistDeptUser (tax invoices): registers (or replaces) the tax portal department account.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceRegistDeptUser = taxinvoiceAccount.RegistDeptUser

/**
 * CheckDeptUser (tax invoices): whether a department account is registered.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceCheckDeptUser = taxinvoiceAccount.CheckDeptUser

/**
 * CheckLoginDeptUser (tax invoices): a login test with the registered department account.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceCheckLoginDeptUser = taxinvoiceAccount.CheckLoginDeptUser

/**
 * DeleteDeptUser (tax invoices): removes the registered department account.
 *
 * @since 0.1.0
 * @category operations
 */
export const TaxinvoiceDeleteDeptUser = taxinvoiceAccount.DeleteDeptUser

/**
 * The certificate and department-account operations of each collection, by kind (what
 * `TaxPortal`'s methods with a `kind` call).
 *
 * @since 0.1.0
 * @category operations
 */
export const accountOperationsOf = { taxinvoice: taxinvoiceAccount, cashbill: cashbillAccount } as const

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
  ...Object.values(taxinvoiceAccount)
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
  ...Object.values(cashbillAccount)
]

/**
 * Every collection operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operations: ReadonlyArray<Operation.Any> = [...taxinvoiceOperations, ...cashbillOperations]
