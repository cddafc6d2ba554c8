/**
 * The certificate operations of the sandbox (docs/decisions.md "e-Tax invoices"): a member starts with no
 * tax invoice issuing certificate; one is registered through the portal's certificate page (the link
 * GetTaxCertURL hands out) or the admin route `POST /_sandbox/members/{corpNum}/certificate`; the
 * four operations answer from that record. None registered → `CertificateNotRegistered` (-11000030);
 * CheckCertValidation after the expiry (document time) → `CertificateExpired` (-11000031).
 */
import * as Effect from "effect/Effect"
import * as Kst from "../../core/Kst.js"
import * as Operations from "../../domains/certificate/Operations.js"
import type { CertificateInfo } from "../../domains/certificate/Schemas.js"
import { SandboxClock } from "../Clock.js"
import { fail } from "../Failure.js"
import { implement, json, type Route, success } from "../routing/Route.js"
import * as State from "./State.js"
import * as PortalLinks from "../documents/PortalLinks.js"

const infoRecord = (c: State.CertificateRecord): typeof CertificateInfo.Encoded => ({
  regDT: Kst.toDateTime14(c.regAt),
  expireDT: Kst.toDateTime14(c.expireAt),
  issuerDN: c.issuerDN,
  subjectDN: c.subjectDN,
  issuerName: c.issuerName,
  oid: c.oid,
  regContactName: c.regContactName,
  regContactID: c.regContactID
})

/** The certificate operations (scope 110). */
export const certificateRoutes: ReadonlyArray<Route> = [
  implement(Operations.GetTaxCertURL, (request, caller) =>
    Effect.map(PortalLinks.url(request, { _tag: "Certificate", corpNum: caller.corpNum }), (url) => json({ url }))),
  implement(Operations.GetCertificateExpireDate, (request, caller) =>
    Effect.map(State.certificateOf(request.environment, caller.corpNum), (c) => json({ certificateExpiration: Kst.toDateTime14(c.expireAt) }))),
  implement(Operations.CheckCertValidation, Effect.fnUntraced(function*(request, caller) {
    const certificate = yield* State.certificateOf(request.environment, caller.corpNum)
    const now = yield* SandboxClock.use((clock) => clock.now)
    if (now >= certificate.expireAt) return yield* fail("CertificateExpired", Kst.toDateTime14(certificate.expireAt))
    return success(request)
  })),
  implement(Operations.GetTaxCertInfo, (request, caller) => Effect.map(State.certificateOf(request.environment, caller.corpNum), (c) => json(infoRecord(c))))
]
