/**
 * The inputs and answers of the tax-authority collection service, as Schemas: the query and date
 * types of a collection job, the department account's body, a job's state, and the items, pages,
 * summaries and details a search answers.
 *
 * @since 0.1.0
 */
export {
  CashbillItem,
  CashbillQueryType,
  CashbillSearchResult,
  CashbillSummary,
  CertificateExpiration,
  DateType,
  DeptUserBody,
  JobState,
  TaxinvoiceDetail,
  TaxinvoiceDetailLine,
  TaxinvoiceItem,
  TaxinvoiceQueryType,
  TaxinvoiceSearchResult,
  TaxinvoiceSummary
} from "../domains/taxPortal/Schemas.js"
