/**
 * The tax invoice issuing certificate service (SPEC.md "Certificate management"): the registration
 * page URL, the expiry (as the raw 14 digits and as a `Date`), the validity check and the record.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type CallError, TaxdocClient } from "../../core/Client.js"
import type { ValidationError } from "../../core/Errors.js"
import type { GenericResult } from "../../core/Schemas.js"
import * as Trace from "../../core/Trace.js"
import * as Operations from "./Operations.js"
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
 * @since 0.1.0
 * @category services
 */
export class Certificate extends Context.Tag("taxdoc/Certificate")<Certificate, {
  /** GetTaxCertURL: the certificate registration page, valid 30 seconds. */
  readonly getTaxCertURL: (corpNum: string, userId?: string) => Effect.Effect<string, CertificateError>
  /** GetCertificateExpireDate: when the member's certificate expires. */
  readonly getExpireDate: (corpNum: string, userId?: string) => Effect.Effect<Expiry, CertificateError>
  /** CheckCertValidation: succeeds with code 1 when a valid certificate is registered. */
  readonly checkValidation: (corpNum: string, userId?: string) => Effect.Effect<GenericResult, CertificateError>
  /** GetTaxCertInfo: the certificate record. */
  readonly getInfo: (corpNum: string, userId?: string) => Effect.Effect<CertificateInfo, CertificateError>
}>() {}

/**
 * The certificate service over `TaxdocClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.gen(function*() {
  const client = yield* TaxdocClient
  return Certificate.of({
    getTaxCertURL: Trace.fn("Certificate.getTaxCertURL", (corpNum: string, userId?: string) =>
      Effect.map(client.call(Operations.GetTaxCertURL, { corpNum, userId }), (r) => r.url)),
    getExpireDate: Trace.fn("Certificate.getExpireDate", (corpNum: string, userId?: string) =>
      Effect.map(client.call(Operations.GetCertificateExpireDate, { corpNum, userId }), (r) => ({ raw: r.certificateExpiration, expiresAt: r.expiresAt }))),
    checkValidation: Trace.fn("Certificate.checkValidation", (corpNum: string, userId?: string) =>
      client.call(Operations.CheckCertValidation, { corpNum, userId })),
    getInfo: Trace.fn("Certificate.getInfo", (corpNum: string, userId?: string) => client.call(Operations.GetTaxCertInfo, { corpNum, userId }))
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Certificate, never, TaxdocClient> = Layer.effect(Certificate, make)
