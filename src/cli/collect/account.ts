/**
 * What the `taxdoc collect certificate …` and `taxdoc collect dept-user …` commands do (their
 * options: ./options.ts): the tax portal certificate and department account, through the calls of
 * the collection `--kind` names.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { TaxPortal } from "../../domains/taxPortal/TaxPortal.js"
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

/**
 * `taxdoc collect certificate check`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const certificateCheck = (o: Options) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(TaxPortal, (p) => p.checkCertValidation(o.corpNum, o.kind, uid(o)))
    yield* result(o.json, answer, "the certificate logs in")
  }).pipe(Target.run(o, "TaxPortal.checkCertValidation", [o.corpNum]))

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
export const deptUserCheck = (o: Options) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(TaxPortal, (p) => p.checkDeptUser(o.corpNum, o.kind, uid(o)))
    yield* result(o.json, answer, "a department account is registered")
  }).pipe(Target.run(o, "TaxPortal.checkDeptUser", [o.corpNum]))

/**
 * `taxdoc collect dept-user login`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const deptUserLogin = (o: Options) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(TaxPortal, (p) => p.checkLoginDeptUser(o.corpNum, o.kind, uid(o)))
    yield* result(o.json, answer, "the department account logs in")
  }).pipe(Target.run(o, "TaxPortal.checkLoginDeptUser", [o.corpNum]))

/**
 * `taxdoc collect dept-user delete`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const deptUserDelete = (o: Options) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(TaxPortal, (p) => p.deleteDeptUser(o.corpNum, o.kind, uid(o)))
    yield* result(o.json, answer, "department account removed")
  }).pipe(Target.run(o, "TaxPortal.deleteDeptUser", [o.corpNum]))
