/**
 * The certificate management operations of the catalogue (docs/operations.md "Certificate management": the tax
 * invoice issuing certificate; scope 110, as the live clients request it, including `GET /Member?TG=CERT`).
 *
 * @since 0.1.0
 */
import * as Operation from "../../core/Operation.js"
import { GenericResult } from "../../core/Schemas.js"
import { urlOperation } from "../../core/UrlOperation.js"
import { CertificateExpiration, CertificateInfo } from "./Schemas.js"

/**
 * The token scope of these operations: that of e-Tax invoices (docs/decisions.md "Signing and tokens").
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE = "110"

const scope = Operation.scope(SCOPE)

/**
 * GetTaxCertURL: the URL of the certificate registration page, valid 30 seconds.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetTaxCertURL = urlOperation(
  { domain: "Certificate", cli: "certificate url", path: "/Member", scope },
  "GetTaxCertURL",
  "getTaxCertURL",
  "CERT",
  "the certificate registration page URL"
)

/**
 * GetCertificateExpireDate: when the member's certificate expires (14 digits).
 *
 * @since 0.1.0
 * @category operations
 */
export const GetCertificateExpireDate = Operation.make({
  name: "Certificate.GetCertificateExpireDate",
  sdk: "Certificate.getExpireDate",
  cli: "certificate expiry",
  summary: "the expiry of the member's certificate",
  method: "GET",
  path: "/Taxinvoice",
  query: [Operation.fixed("cfg", "CERT")],
  scope,
  success: CertificateExpiration,
  safeToRepeat: true
})

/**
 * CheckCertValidation: whether the member's certificate is registered and valid.
 *
 * @since 0.1.0
 * @category operations
 */
export const CheckCertValidation = Operation.make({
  name: "Certificate.CheckCertValidation",
  sdk: "Certificate.checkValidation",
  cli: "certificate check",
  summary: "check the member's certificate",
  method: "GET",
  path: "/Taxinvoice/CertCheck",
  scope,
  success: GenericResult,
  safeToRepeat: true
})

/**
 * GetTaxCertInfo: the member's certificate record.
 *
 * @since 0.1.0
 * @category operations
 */
export const GetTaxCertInfo = Operation.make({
  name: "Certificate.GetTaxCertInfo",
  sdk: "Certificate.getInfo",
  cli: "certificate info",
  summary: "the member's certificate record",
  method: "GET",
  path: "/Taxinvoice/Certificate",
  scope,
  success: CertificateInfo,
  safeToRepeat: true
})

/**
 * Every certificate operation.
 *
 * @since 0.1.0
 * @category operations
 */
export const operations: ReadonlyArray<Operation.Any> = [GetTaxCertURL, GetCertificateExpireDate, CheckCertValidation, GetTaxCertInfo]
