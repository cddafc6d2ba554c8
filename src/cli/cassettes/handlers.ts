/**
 * What `taxdoc cassettes check` and `verify` do (their options: ./options.ts). `check` searches for
 * the configured `TAXDOC_SECRET_KEY` too, when set; `verify` replays against a fresh sandbox in
 * this process (the `TESTER` partner), or against `--sandbox-url` signed with `--secret`.
 *
 * @since 0.1.0
 */
import * as Undici from "../../core/Undici.js"
import * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Check from "../../recordings/Check.js"
import * as Verify from "../../recordings/Verify.js"
import * as InProcess from "../../sandbox/InProcess.js"
import * as Partners from "../../sandbox/Partners.js"
import { CliError, ExitWith } from "../errors.js"
import type { Parsed } from "../lazy.js"
import * as Target from "../target.js"
import { emit } from "../output.js"
import type { checkOptions, verifyOptions } from "./options.js"

/**
 * `taxdoc cassettes check`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const check = (o: Parsed<typeof checkOptions>) =>
  Effect.gen(function*() {
    const secret = yield* Effect.orElseSucceed(Config.option(Config.Redacted("TAXDOC_SECRET_KEY")), () => Option.none())
    const report = yield* Check.checkCassettes(o.files, { secrets: Option.toArray(secret) })
    yield* finish(o.json, report, Check.formatReport)
  })

const finish = <R extends { readonly ok: boolean }>(json: boolean, report: R, format: (report: R) => string) =>
  Effect.gen(function*() {
    yield* emit(json, report, () => format(report))
    const code = Check.exitCode(report)
    if (code !== 0) return yield* new ExitWith({ code })
  })

const usage = (message: string, hint: string) => new CliError({ message, hint, exitCode: 2 })

/**
 * `taxdoc cassettes verify`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const verify = (o: Parsed<typeof verifyOptions>) =>
  Effect.gen(function*() {
    if (o.sandbox === Option.isSome(o.sandboxUrl)) {
      return yield* usage(o.sandbox ? "--sandbox and --sandbox-url exclude each other" : "no sandbox to verify against", "give --sandbox (a fresh sandbox in this process) or --sandbox-url <url>")
    }
    const misplacedFlag = Target.misplaced(o)
    if (misplacedFlag !== undefined) return yield* misplacedFlag
    const report = yield* Option.match(o.sandboxUrl, {
      onNone: () =>
        Verify.verifyCassettes(o.files, { origin: InProcess.SANDBOX_ORIGIN, linkId: Partners.TESTER_LINK_ID, secretKey: Redacted.make(Partners.TESTER_SECRET) }).pipe(
          Effect.provide(InProcess.layer({ partners: [Partners.tester] }))
        ),
      onSome: (origin) =>
        Effect.flatMap(Target.credentials(o), ({ linkId, secret }) =>
          Option.match(secret, {
            onNone: () => Effect.fail(Target.noSecret(origin)),
            onSome: (secretKey) =>
              Verify.verifyCassettes(o.files, { origin, linkId, secretKey, adminToken: Option.getOrUndefined(o.adminToken) }).pipe(
                Effect.provide(Undici.layer())
              )
          }))
    })
    yield* finish(o.json, report, Verify.formatReport)
  })
