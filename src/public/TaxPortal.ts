/**
 * The tax-authority collection service (docs/service.md "Tax authority collection"): collection
 * jobs for tax invoices and cash receipts, their search and summary, the collected tax invoice
 * detail, and the portal certificate and department account — plus `awaitJob`, `searchAll` (a
 * `Stream` over every page) and `collect` (request, await, stream).
 *
 * @since 0.1.0
 */
export {
  type AwaitJobOptions,
  type CashbillFilter,
  type CashbillQuery,
  type CertificateExpiry,
  type CollectQuery,
  type FilterOf,
  type ItemOf,
  JobFailedError,
  type Kind,
  layer,
  type PageRequest,
  type SearchAllOptions,
  type TaxinvoiceFilter,
  type TaxinvoiceQuery,
  TaxPortal,
  type TaxPortalError,
  type TaxPortalService
} from "../domains/taxPortal/TaxPortal.js"
