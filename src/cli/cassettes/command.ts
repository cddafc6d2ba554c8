/**
 * `taxdoc cassettes check <files…>`: validates record/replay cassettes and looks for secrets that
 * scrubbing should have replaced (src/recordings/Check.ts); `taxdoc cassettes verify <files…>`
 * replays them against a sandbox and reports where its answers drift (src/recordings/Verify.ts). What it does is in ./handlers.ts,
 * loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Command from "effect/cli/Command"
import { group } from "../groups.js"
import { checkOptions, verifyOptions } from "./options.js"

const { run, example } = group("cassettes")

/**
 * `taxdoc cassettes`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("cassettes").pipe(
  Command.withDescription("Record/replay cassettes"),
  Command.withSubcommands([
    Command.make("check", checkOptions, run("check")).pipe(
      Command.withDescription("Check cassette files: valid, canonical, and free of tokens, signatures and secret keys"),
      example("check test/cassettes/*.json")
    ),
    Command.make("verify", verifyOptions, run("verify")).pipe(
      Command.withDescription("Replay cassettes against a sandbox (--sandbox, or --sandbox-url) and report, per exchange, where its answers drift from the recorded ones: status, error code, fields and their types (made-up values by shape only); exit 1 on drift"),
      example("verify --sandbox test/cassettes/*.json")
    )
  ])
)
