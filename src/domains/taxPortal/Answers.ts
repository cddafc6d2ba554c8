/**
 * Answers of tax-authority collection (docs/service.md "Tax authority collection": jobs, crawled records,
 * collected cash receipts), decoded tolerantly: unknown fields ignored, `null` accepted where
 * the service may send it, numbers in their string forms too.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { RuleName } from "../../core/Rule.js"
import { LenientBoolean, LenientNumber, LenientNumericString, nullable } from "../../core/Schemas.js"

/**
 * The answer of RequestJob.
 *
 * @since 0.1.0
 * @category schemas
 */
export class JobIdResult extends Schema.Class<JobIdResult>("JobIdResult")({ jobID: Schema.String }) {}

/**
 * A collection job record (docs/service.md "Tax authority collection"): jobState 1 pending, 2
 * processing, 3 completed; errorCode 1 succeeded, an 8-digit negative number on failure.
 *
 * @since 0.1.0
 * @category schemas
 */
export class JobState extends Schema.Class<JobState>("JobState")({
  jobID: Schema.String,
  jobState: LenientNumericString,
  queryType: nullable(Schema.String),
  queryDateType: nullable(Schema.String),
  queryStDate: nullable(Schema.String),
  queryEnDate: nullable(Schema.String),
  errorCode: nullable(LenientNumber),
  errorReason: nullable(Schema.String),
  jobStartDT: nullable(Schema.String),
  jobEndDT: nullable(Schema.String),
  regDT: nullable(Schema.String),
  collectCount: nullable(LenientNumber)
}) {}

/**
 * A crawled tax invoice of a search result (docs/service.md "Tax authority collection"); invoiceType
 * here is the member's side (매출, 매입, 수탁).
 *
 * @since 0.1.0
 * @category schemas
 */
export class TaxinvoiceItem extends Schema.Class<TaxinvoiceItem>("TaxinvoiceItem")({
  invoiceType: nullable(LenientNumericString),
  ntsconfirmNum: Schema.String,
  writeDate: Schema.String,
  issueDate: nullable(Schema.String),
  sendDate: nullable(Schema.String),
  taxType: nullable(Schema.String),
  purposeType: nullable(Schema.String),
  modifyYN: nullable(LenientBoolean),
  invoicerCorpNum: nullable(Schema.String),
  invoicerTaxRegID: nullable(Schema.String),
  invoicerCorpName: nullable(Schema.String),
  invoicerCEOName: nullable(Schema.String),
  invoicerEmail: nullable(Schema.String),
  invoiceeCorpNum: nullable(Schema.String),
  invoiceeType: nullable(Schema.String),
  invoiceeTaxRegID: nullable(Schema.String),
  invoiceeCorpName: nullable(Schema.String),
  invoiceeCEOName: nullable(Schema.String),
  invoiceeEmail1: nullable(Schema.String),
  trusteeCorpNum: nullable(Schema.String),
  trusteeTaxRegID: nullable(Schema.String),
  trusteeCorpName: nullable(Schema.String),
  supplyCostTotal: nullable(Schema.String),
  taxTotal: nullable(Schema.String),
  totalAmount: nullable(Schema.String),
  remark1: nullable(Schema.String),
  purchaseDate: nullable(Schema.String),
  itemName: nullable(Schema.String),
  supplyCost: nullable(Schema.String),
  tax: nullable(Schema.String)
}) {}

/**
 * A page of crawled tax invoices.
 *
 * @since 0.1.0
 * @category schemas
 */
export class TaxinvoiceSearchResult extends Schema.Class<TaxinvoiceSearchResult>("TaxinvoiceSearchResult")({
  code: LenientNumber,
  message: nullable(Schema.String),
  total: LenientNumber,
  perPage: LenientNumber,
  pageNum: LenientNumber,
  pageCount: LenientNumber,
  list: Schema.Array(TaxinvoiceItem)
}) {}

/**
 * Totals over the filtered tax invoices of a job.
 *
 * @since 0.1.0
 * @category schemas
 */
export class TaxinvoiceSummary extends Schema.Class<TaxinvoiceSummary>("TaxinvoiceSummary")({
  count: LenientNumber,
  supplyCostTotal: LenientNumber,
  taxTotal: LenientNumber,
  amountTotal: LenientNumber
}) {}

/**
 * An item line of a crawled tax invoice.
 *
 * @since 0.1.0
 * @category schemas
 */
export class TaxinvoiceDetailLine extends Schema.Class<TaxinvoiceDetailLine>("TaxinvoiceDetailLine")({
  serialNum: nullable(LenientNumber),
  purchaseDT: nullable(Schema.String),
  itemName: nullable(Schema.String),
  spec: nullable(Schema.String),
  qty: nullable(Schema.String),
  unitCost: nullable(Schema.String),
  supplyCost: nullable(Schema.String),
  tax: nullable(Schema.String),
  remark: nullable(Schema.String)
}) {}

/**
 * The crawled detail record of a tax invoice (GetTaxinvoice). invoiceType by the spec's table:
 * 101 general, 102 zero-rated, 103 consigned, 104 import, 105 consigned zero-rated, 201–205 their
 * revisions; 301 tax-exempt, 303 consigned tax-exempt, 304 import tax-exempt, 401/403/404 revisions.
 *
 * @since 0.1.0
 * @category schemas
 */
export class TaxinvoiceDetail extends Schema.Class<TaxinvoiceDetail>("TaxPortalTaxinvoiceDetail")({
  ntsconfirmNum: Schema.String,
  writeDate: Schema.String,
  issueDT: nullable(Schema.String),
  invoiceType: LenientNumber,
  taxType: nullable(Schema.String),
  taxTotal: nullable(Schema.String),
  supplyCostTotal: nullable(Schema.String),
  totalAmount: nullable(Schema.String),
  purposeType: nullable(Schema.String),
  serialNum: nullable(Schema.String),
  cash: nullable(Schema.String),
  chkBill: nullable(Schema.String),
  credit: nullable(Schema.String),
  note: nullable(Schema.String),
  remark1: nullable(Schema.String),
  remark2: nullable(Schema.String),
  remark3: nullable(Schema.String),
  invoicerCorpNum: nullable(Schema.String),
  invoicerMgtKey: nullable(Schema.String),
  invoicerTaxRegID: nullable(Schema.String),
  invoicerCorpName: nullable(Schema.String),
  invoicerCEOName: nullable(Schema.String),
  invoicerAddr: nullable(Schema.String),
  invoicerBizType: nullable(Schema.String),
  invoicerBizClass: nullable(Schema.String),
  invoicerContactName: nullable(Schema.String),
  invoicerTEL: nullable(Schema.String),
  invoicerEmail: nullable(Schema.String),
  invoiceeType: nullable(Schema.String),
  invoiceeCorpNum: nullable(Schema.String),
  invoiceeMgtKey: nullable(Schema.String),
  invoiceeTaxRegID: nullable(Schema.String),
  invoiceeCorpName: nullable(Schema.String),
  invoiceeCEOName: nullable(Schema.String),
  invoiceeAddr: nullable(Schema.String),
  invoiceeBizType: nullable(Schema.String),
  invoiceeBizClass: nullable(Schema.String),
  invoiceeContactName1: nullable(Schema.String),
  invoiceeDeptName1: nullable(Schema.String),
  invoiceeTEL1: nullable(Schema.String),
  invoiceeEmail1: nullable(Schema.String),
  invoiceeContactName2: nullable(Schema.String),
  invoiceeDeptName2: nullable(Schema.String),
  detailList: nullable(Schema.Array(TaxinvoiceDetailLine))
}) {}

/**
 * A collected cash receipt (docs/service.md "Tax authority collection"); invoiceType is the member's side (매출, 매입).
 *
 * @since 0.1.0
 * @category schemas
 */
export class CashbillItem extends Schema.Class<CashbillItem>("CashbillItem")({
  ntsconfirmNum: Schema.String,
  tradeDate: Schema.String,
  tradeDT: nullable(Schema.String),
  tradeType: nullable(Schema.String),
  tradeUsage: nullable(Schema.String),
  totalAmount: nullable(Schema.String),
  supplyCost: nullable(Schema.String),
  tax: nullable(Schema.String),
  serviceFee: nullable(Schema.String),
  invoiceType: nullable(Schema.String),
  franchiseCorpNum: nullable(Schema.String),
  franchiseCorpName: nullable(Schema.String),
  identityNum: nullable(Schema.String),
  customerName: nullable(Schema.String)
}) {}

/**
 * A page of collected cash receipts.
 *
 * @since 0.1.0
 * @category schemas
 */
export class CashbillSearchResult extends Schema.Class<CashbillSearchResult>("CashbillSearchResult")({
  code: LenientNumber,
  message: nullable(Schema.String),
  total: LenientNumber,
  perPage: LenientNumber,
  pageNum: LenientNumber,
  pageCount: LenientNumber,
  list: Schema.Array(CashbillItem)
}) {}

/**
 * Totals over the filtered cash receipts of a job.
 *
 * @since 0.1.0
 * @category schemas
 */
export class CashbillSummary extends Schema.Class<CashbillSummary>("CashbillSummary")({
  count: LenientNumber,
  supplyCostTotal: LenientNumber,
  taxTotal: LenientNumber,
  serviceFeeTotal: nullable(LenientNumber),
  amountTotal: LenientNumber
}) {}

const DATE_TIME_PATTERN = "^20\\d{2}(0[1-9]|1[0-2])(0[1-9]|1\\d|2[0-8])([01]\\d|2[0-3])[0-5]\\d[0-5]\\d$"

/**
 * The answer of GetCertificateExpireDate: `certificateExpiration` present and exactly 14 digits
 * (a missing value crashes a client).
 *
 * @since 0.1.0
 * @category schemas
 */
export class CertificateExpiration extends Schema.Class<CertificateExpiration>("CertificateExpiration")({
  certificateExpiration: Schema.String.check(Schema.makeFilter((s: string) => /^\d{14}$/.test(s), {
    message: "must be 14 digits yyyyMMddHHmmss",
    [RuleName]: "dateTime14",
    // Values drawn from a schema (`Arbitrary.schema`) are real date-times.
    arbitraryConstraint: { patterns: [{ source: DATE_TIME_PATTERN, flags: "" }] }
  }))
}) {}
