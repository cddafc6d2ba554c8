/**
 * Wire shapes of the tax invoice issuing certificate (docs/service.md "e-Tax invoices": the record and
 * the expiry), decoded tolerantly: the live sample writes the OID key in lower case.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Kst from "../../core/Kst.js"
import { isDateTime14, nullable } from "../../core/Schemas.js"

const DATE_TIME_PATTERN = "^20\\d{2}(0[1-9]|1[0-2])(0[1-9]|1\\d|2[0-8])([01]\\d|2[0-3])[0-5]\\d[0-5]\\d$"

/**
 * The answer of GetCertificateExpireDate: `certificateExpiration`, exactly 14 digits
 * (`yyyyMMddHHmmss`, KST; a missing value crashes a public client).
 *
 * @since 0.1.0
 * @category schemas
 */
export class CertificateExpiration extends Schema.Class<CertificateExpiration>("CertificateExpiration")({
  certificateExpiration: Schema.String.check(Schema.makeFilter(isDateTime14, {
    message: "must be exactly 14 digits yyyyMMddHHmmss",
    // Values drawn from a schema (`Arbitrary.schema`) are real date-times.
    arbitraryConstraint: { patterns: [{ source: DATE_TIME_PATTERN, flags: "" }] }
  }))
}) {
  /** The expiry as an instant (the 14 digits read as KST). */
  get expiresAt(): Date {
    return new Date(Kst.parse(this.certificateExpiration))
  }
}

/**
 * The certificate record (GetTaxCertInfo).
 *
 * @since 0.1.0
 * @category schemas
 */
export class CertificateInfo extends Schema.Class<CertificateInfo>("CertificateInfo")({
  regDT: nullable(Schema.String),
  expireDT: nullable(Schema.String),
  issuerDN: nullable(Schema.String),
  subjectDN: nullable(Schema.String),
  issuerName: nullable(Schema.String),
  oid: nullable(Schema.String),
  OID: nullable(Schema.String),
  regContactName: nullable(Schema.String),
  regContactID: nullable(Schema.String)
}) {}
