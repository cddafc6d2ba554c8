/**
 * `taxdoc cassettes check <files…>`: validates record/replay cassettes and looks for secrets that
 * scrubbing should have replaced (src/recordings/Check.ts). The configured `TAXDOC_SECRET_KEY`, when
 * set, is searched for too.
 *
 * @since 0.1.0
 */
import { Args, Command } from "@effect/cli"
import { Config, Console, Effect, Option } from "effect"
import { Check } from "../recordings/index.js"
import { ExitWith } from "./errors.js"
import { json } from "./options.js"
import { printJson } from "./output.js"

const check = Command.make("check", {
  json,
  files: Args.text({ name: "file" }).pipe(
    Args.withDescription("Cassette files to check. Example: test/cassettes/member-cashbill.json"),
    Args.atLeast(1)
  )
}, (o) =>
  Effect.gen(function*() {
    const secret = yield* Effect.orElseSucceed(Config.option(Config.redacted("TAXDOC_SECRET_KEY")), () => Option.none())
    const report = yield* Check.checkCassettes(o.files, { secrets: Option.toArray(secret) })
    yield* o.json ? printJson(report) : Console.log(Check.formatReport(report))
    const code = Check.exitCode(report)
    if (code !== 0) return yield* new ExitWith({ code })
  })).pipe(Command.withDescription("Check cassette files: valid, canonical, and free of tokens, signatures and secret keys"))

/**
 * `taxdoc cassettes`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("cassettes").pipe(
  Command.withDescription("Record/replay cassettes"),
  Command.withSubcommands([check])
)
