/**
 * The tax-authority collection operations of the catalogue (docs/operations.md "Tax authority
 * collection"), one declaration each: what `TaxdocClient.call` takes, and what a sandbox route
 * implements (`Route.implement`).
 *
 * @since 0.1.0
 */
export {
  CashbillGetJobState,
  CashbillListActiveJob,
  CashbillRequestJob,
  CashbillSearch,
  CashbillSummarize,
  CheckCertValidation,
  CheckDeptUser,
  CheckLoginDeptUser,
  DeleteDeptUser,
  GetCertificateExpireDate,
  GetCertificatePopUpURL,
  RegistDeptUser,
  TaxinvoiceCheckCertValidation,
  TaxinvoiceCheckDeptUser,
  TaxinvoiceCheckLoginDeptUser,
  TaxinvoiceDeleteDeptUser,
  TaxinvoiceGetCertificateExpireDate,
  TaxinvoiceGetCertificatePopUpURL,
  TaxinvoiceGetJobState,
  TaxinvoiceGetTaxinvoice,
  TaxinvoiceListActiveJob,
  TaxinvoiceRegistDeptUser,
  TaxinvoiceRequestJob,
  TaxinvoiceSearch,
  TaxinvoiceSummarize
} from "../domains/taxPortal/Operations.js"
