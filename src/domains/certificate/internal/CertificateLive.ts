/**
 * The Certificate service's implementation, loaded on its first call (see `Certificate.make`).
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type { TaxdocClient } from "../../../core/Client.js"
import * as Trace from "../../../core/Trace.js"
import * as Operations from "../Operations.js"
import type { Service } from "../Service.js"

/**
 * The certificate service over `TaxdocClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (client: Context.Tag.Service<TaxdocClient>): Service => {
  return {
    getTaxCertURL: Trace.fn("Certificate.getTaxCertURL", (corpNum: string, userId?: string) =>
      Effect.map(client.call(Operations.GetTaxCertURL, { corpNum, userId }), (r) => r.url)),
    getExpireDate: Trace.fn("Certificate.getExpireDate", (corpNum: string, userId?: string) =>
      Effect.map(client.call(Operations.GetCertificateExpireDate, { corpNum, userId }), (r) => ({ raw: r.certificateExpiration, expiresAt: r.expiresAt }))),
    checkValidation: Trace.fn("Certificate.checkValidation", (corpNum: string, userId?: string) =>
      client.call(Operations.CheckCertValidation, { corpNum, userId })),
    getInfo: Trace.fn("Certificate.getInfo", (corpNum: string, userId?: string) => client.call(Operations.GetTaxCertInfo, { corpNum, userId }))
  }
}
