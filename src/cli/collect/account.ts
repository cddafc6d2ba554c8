/**
 * What the `taxdoc collect certificate …` and `taxdoc collect dept-user …` commands do (their
 * options: ./options.ts): the tax portal certificate and department account, through the calls of
 * the collection `--kind` names.
 *
 * @since 0.1.0
 */
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { GenericResult } from "../../core/Schemas.js"
import { TaxPortal, type TaxPortalError } from "../../domains/taxPortal/TaxPortal.js"
import type { Parsed } from "../lazy.js"
import { emit, kst, result } from "../output.js"
import * as Target from "../target.js"
import type { accountOptions, deptUserOptions } from "./options.js"

type Options = Parsed<typeof accountOptions>

const uid = (o: Options) => Option.getOrUndefined(o.userId)

/**
 * `taxdoc collect certificate url`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const certificateUrl = (o: Options) =>
  Effect.gen(function*() {
    const address = yield* Effect.flatMap(TaxPortal, (p) => p.getCertificatePopUpURL(o.corpNum, o.kind, uid(o)))
    yield* emit(o.json, { url: address }, () => `${address}\n(valid for 30 seconds)`)
  }).pipe(Target.run(o, "TaxPortal.getCertificatePopUpURL", [o.corpNum]))

/**
 * `taxdoc collect certificate expiry`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const certificateExpiry = (o: Options) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(TaxPortal, (p) => p.getCertificateExpireDate(o.corpNum, o.kind, uid(o)))
    yield* emit(
      o.json,
      { certificateExpiration: found.certificateExpiration, expiresAt: found.expiresAt.toISOString() },
      () => `expires ${kst(found.certificateExpiration)} = ${found.expiresAt.toISOString()}`
    )
  }).pipe(Target.run(o, "TaxPortal.getCertificateExpireDate", [o.corpNum]))

/** A command printing the generic result of one of the service's certificate or account calls. */
const generic = (sdk: string, call: (portal: Context.Service.Shape<typeof TaxPortal>, o: Options) => Effect.Effect<GenericResult, TaxPortalError>, done: string) => (o: Options) =>
  Effect.flatMap(Effect.flatMap(TaxPortal, (portal) => call(portal, o)), (answer) => result(o.json, answer, done)).pipe(Target.run(o, sdk, [o.corpNum]))

/**
 * `taxdoc collect certificate check`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const certificateCheck = generic("TaxPortal.checkCertValidation", (p, o) => p.checkCertValidation(o.corpNum, o.kind, uid(o)), "the certificate logs in")

/**
 * `taxdoc collect dept-user register`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const deptUserRegister = (o: Parsed<typeof deptUserOptions>) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(TaxPortal, (p) => p.registDeptUser(o.corpNum, o.kind, o.id, o.password, uid(o)))
    yield* result(o.json, answer, `department account ${o.id} registered`)
  }).pipe(Target.run(o, "TaxPortal.registDeptUser", [o.corpNum]))

/**
 * `taxdoc collect dept-user check`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const deptUserCheck = generic("TaxPortal.checkDeptUser", (p, o) => p.checkDeptUser(o.corpNum, o.kind, uid(o)), "a department account is registered")

/**
 * `taxdoc collect dept-user login`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const deptUserLogin = generic("TaxPortal.checkLoginDeptUser", (p, o) => p.checkLoginDeptUser(o.corpNum, o.kind, uid(o)), "the department account logs in")

/**
 * `taxdoc collect dept-user delete`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const deptUserDelete = generic("TaxPortal.deleteDeptUser", (p, o) => p.deleteDeptUser(o.corpNum, o.kind, uid(o)), "department account removed")
