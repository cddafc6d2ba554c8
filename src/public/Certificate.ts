/**
 * The tax invoice issuing certificate service (docs/service.md "e-Tax invoices"): the registration
 * page URL, the expiry (as the raw 14 digits and as a `Date`), the validity check and the record.
 *
 * @since 0.1.0
 */
export {
  Certificate,
  type CertificateError,
  type CertificateService,
  type Expiry,
  layer
} from "../domains/certificate/Certificate.js"
