/**
 * The certificate operations of the catalogue (docs/operations.md "Certificate management"), one
 * declaration each: what `TaxdocClient.call` takes, and what a sandbox route implements
 * (`Route.implement`).
 *
 * @since 0.1.0
 */
export {
  CheckCertValidation,
  GetCertificateExpireDate,
  GetTaxCertInfo,
  GetTaxCertURL
} from "../domains/certificate/Operations.js"
