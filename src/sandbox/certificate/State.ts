/**
 * Certificate state of one environment: each member's registered e-Tax invoice issuing certificate.
 * A member starts with none; one is registered (or replaced) through the portal's certificate page
 * or the admin route `POST /_sandbox/members/{corpNum}/certificate`, at document time.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Kst from "../../core/Kst.js"
import { DateTime14 } from "../../core/Schemas.js"
import { SandboxClock } from "../Clock.js"
import { fail, type SandboxFailure } from "../Failure.js"
import { memberState } from "../HandlerContext.js"
import { type Environment, SandboxStore, slot } from "../Store.js"

/** A registered certificate. */
export interface CertificateRecord {
  readonly regAt: number
  readonly expireAt: number
  readonly issuerDN: string
  readonly subjectDN: string
  readonly issuerName: string
  readonly oid: string
  readonly regContactName: string
  readonly regContactID: string
}

/** The store slot of certificates, by member. */
export const certificateSlot = slot<Map<string, CertificateRecord>>("certificate", () => new Map())

/**
 * The body of the admin route registering a certificate; every field optional (`expireDT`
 * `yyyyMMddHHmmss` KST, default one year after registration).
 */
export const CertificateRegistration = Schema.Struct({
  expireDT: Schema.optional(DateTime14),
  issuerDN: Schema.optional(Schema.String),
  subjectDN: Schema.optional(Schema.String),
  issuerName: Schema.optional(Schema.String),
  oid: Schema.optional(Schema.String),
  regContactName: Schema.optional(Schema.String),
  regContactID: Schema.optional(Schema.String)
})

const YEAR_MILLIS = 365 * 24 * 60 * 60 * 1000

/**
 * Registers (or replaces) a member's certificate at document time: the certificate page's button
 * and the admin route.
 */
export const registerCertificate = Effect.fnUntraced(function*(environment: Environment, corpNum: string, body: typeof CertificateRegistration.Type) {
  const now = yield* SandboxClock.use((clock) => clock.now)
  const certificate: CertificateRecord = {
    regAt: now,
    expireAt: body.expireDT === undefined ? now + YEAR_MILLIS : Kst.parse(body.expireDT),
    issuerDN: body.issuerDN ?? "CN=signGATE CA5,OU=AccreditedCA,O=KICA,C=KR",
    subjectDN: body.subjectDN ?? `CN=(주)테스트상사()${corpNum},OU=KICA,OU=사업자,O=KICA,C=KR`,
    issuerName: body.issuerName ?? "전자세금용 공동인증서",
    oid: body.oid ?? "1.2.410.200004.5.2.1.6.257",
    regContactName: body.regContactName ?? "담당자",
    regContactID: body.regContactID ?? `user${corpNum}`
  }
  ;(yield* memberState(certificateSlot, { environment, writes: true }, corpNum)).set(corpNum, certificate)
  return certificate
})

/** A member's certificate; `CertificateNotRegistered` when none is registered. */
export const certificateOf = (environment: Environment, corpNum: string) =>
  Effect.flatMap(SandboxStore, (store): Effect.Effect<CertificateRecord, SandboxFailure> => {
    const found = store.get(certificateSlot, environment).get(corpNum)
    return found === undefined ? Effect.fail(fail("CertificateNotRegistered")) : Effect.succeed(found)
  })
