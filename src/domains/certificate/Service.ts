/**
 * What the Certificate service offers: its methods, their options and their failures.
 * `Certificate.ts` gives the service its tag and layer and re-exports these;
 * `internal/CertificateLive.ts` implements them.
 *
 * @since 0.1.0
 */
import type * as Effect from "effect/Effect"
import type { CallError } from "../../core/Client.js"
import type { ValidationError } from "../../core/Errors.js"
import type { GenericResult } from "../../core/Schemas.js"
import type { CertificateInfo } from "./Schemas.js"

/**
 * Failures of certificate operations.
 *
 * @since 0.1.0
 * @category errors
 */
export type CertificateError = ValidationError | CallError

/**
 * The expiry of a certificate: the 14 digits as sent (`yyyyMMddHHmmss`, KST) and the instant.
 *
 * @since 0.1.0
 * @category models
 */
export interface Expiry {
  readonly raw: string
  readonly expiresAt: Date
}

/**
 * What the Certificate service offers: the methods of `Certificate.Certificate`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Service {
  /** GetTaxCertURL: the certificate registration page, valid 30 seconds. */
  readonly getTaxCertURL: (corpNum: string, userId?: string) => Effect.Effect<string, CertificateError>
  /** GetCertificateExpireDate: when the member's certificate expires. */
  readonly getExpireDate: (corpNum: string, userId?: string) => Effect.Effect<Expiry, CertificateError>
  /** CheckCertValidation: succeeds with code 1 when a valid certificate is registered. */
  readonly checkValidation: (corpNum: string, userId?: string) => Effect.Effect<GenericResult, CertificateError>
  /** GetTaxCertInfo: the certificate record. */
  readonly getInfo: (corpNum: string, userId?: string) => Effect.Effect<CertificateInfo, CertificateError>
}
