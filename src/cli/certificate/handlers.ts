/**
 * What the `taxdoc certificate …` commands do (their options: ./command.ts).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { Certificate } from "../../domains/certificate/Certificate.js"
import type { Parsed } from "../lazy.js"
import { emit, fields, result } from "../output.js"
import * as Target from "../target.js"
import type { memberOptions } from "./options.js"

type Options = Parsed<typeof memberOptions>

const uid = (o: Options) => Option.getOrUndefined(o.userId)

/**
 * `taxdoc certificate expiry`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const expiry = (o: Options) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Certificate, (c) => c.getExpireDate(o.corpNum, uid(o)))
    yield* emit(
      o.json,
      { certificateExpiration: found.raw, expiresAt: found.expiresAt.toISOString() },
      () => `${found.raw} (KST) = ${found.expiresAt.toISOString()}`
    )
  }).pipe(Target.run(o, "Certificate.getExpireDate", [o.corpNum]))

/**
 * `taxdoc certificate check`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const check = (o: Options) =>
  Effect.gen(function*() {
    const answer = yield* Effect.flatMap(Certificate, (c) => c.checkValidation(o.corpNum, uid(o)))
    yield* result(o.json, answer, "the certificate is registered and valid")
  }).pipe(Target.run(o, "Certificate.checkValidation", [o.corpNum]))

/**
 * `taxdoc certificate info`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const info = (o: Options) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(Certificate, (c) => c.getInfo(o.corpNum, uid(o)))
    yield* emit(o.json, found, () => fields(found))
  }).pipe(Target.run(o, "Certificate.getInfo", [o.corpNum]))

/**
 * `taxdoc certificate url`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const url = (o: Options) =>
  Effect.gen(function*() {
    const address = yield* Effect.flatMap(Certificate, (c) => c.getTaxCertURL(o.corpNum, uid(o)))
    yield* emit(o.json, { url: address }, () => `${address}\n(valid for 30 seconds)`)
  }).pipe(Target.run(o, "Certificate.getTaxCertURL", [o.corpNum]))
