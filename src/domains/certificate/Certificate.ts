/**
 * The tax invoice issuing certificate service (docs/service.md "e-Tax invoices"): the registration
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
import * as Telemetry from "../../core/internal/Telemetry.js"
import * as Operations from "./Operations.js"
import type { CertificateInfo } from "./Schemas.js"

/**
 * The token scope of these operations (docs/decisions.md "Signing and tokens").
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPE = Operations.SCOPE

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
 * @since 1.0.0
 * @category models
 */
export interface CertificateService {
  /** GetTaxCertURL: the certificate registration page, valid 30 seconds. */
  readonly getTaxCertURL: (corpNum: string, userId?: string) => Effect.Effect<string, CertificateError>
  /** GetCertificateExpireDate: when the member's certificate expires. */
  readonly getExpireDate: (corpNum: string, userId?: string) => Effect.Effect<Expiry, CertificateError>
  /** CheckCertValidation: succeeds with code 1 when a valid certificate is registered. */
  readonly checkValidation: (corpNum: string, userId?: string) => Effect.Effect<GenericResult, CertificateError>
  /** GetTaxCertInfo: the certificate record. */
  readonly getInfo: (corpNum: string, userId?: string) => Effect.Effect<CertificateInfo, CertificateError>
}

/**
 * The certificate service: `yield* Certificate` in a program given `Taxdoc.layer` (or
 * `Taxdoc.services`, or this module's `layer`).
 *
 * @since 0.1.0
 * @category services
 */
export class Certificate extends Context.Service<Certificate, CertificateService>()("taxdoc/Certificate") {}

/**
 * The service over `TaxdocClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<CertificateService, never, TaxdocClient> = Effect.gen(function*() {
  const client = yield* TaxdocClient

  const getTaxCertURL = Telemetry.fn("Certificate.getTaxCertURL")(function*(corpNum: string, userId?: string) {
    const result = yield* client.call(Operations.GetTaxCertURL, { corpNum, userId })
    return result.url
  })

  const getExpireDate = Telemetry.fn("Certificate.getExpireDate")(function*(corpNum: string, userId?: string) {
    const result = yield* client.call(Operations.GetCertificateExpireDate, { corpNum, userId })
    return { raw: result.certificateExpiration, expiresAt: result.expiresAt }
  })

  return {
    getTaxCertURL,
    getExpireDate,
    checkValidation: (corpNum, userId) => client.call(Operations.CheckCertValidation, { corpNum, userId }),
    getInfo: (corpNum, userId) => client.call(Operations.GetTaxCertInfo, { corpNum, userId })
  }
})

/**
 * The certificate service alone, over the `TaxdocClient` in the context (`Taxdoc.services`
 * builds every service at once).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Certificate, never, TaxdocClient> = Layer.effect(Certificate, make)
