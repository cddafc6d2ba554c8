/**
 * What `taxdoc cassettes check` does (its options: ./options.ts). The configured
 * `TAXDOC_SECRET_KEY`, when set, is searched for too.
 *
 * @since 0.1.0
 */
import * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { Check } from "../../recordings/index.js"
import { ExitWith } from "../errors.js"
import type { Parsed } from "../lazy.js"
import { emit } from "../output.js"
import type { checkOptions } from "./options.js"

/**
 * `taxdoc cassettes check`.
 *
 * @since 0.1.0
 * @category handlers
 */
export const check = (o: Parsed<typeof checkOptions>) =>
  Effect.gen(function*() {
    const secret = yield* Effect.orElseSucceed(Config.option(Config.redacted("TAXDOC_SECRET_KEY")), () => Option.none())
    const report = yield* Check.checkCassettes(o.files, { secrets: Option.toArray(secret) })
    yield* emit(o.json, report, () => Check.formatReport(report))
    const code = Check.exitCode(report)
    if (code !== 0) return yield* new ExitWith({ code })
  })
