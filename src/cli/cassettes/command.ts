/**
 * `taxdoc cassettes check <files…>`: validates record/replay cassettes and looks for secrets that
 * scrubbing should have replaced (src/recordings/Check.ts). What it does is in ./handlers.ts,
 * loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Command from "@effect/cli/Command"
import { handlers } from "../lazy.js"
import { checkOptions } from "./options.js"

const run = handlers(() => import("./handlers.js"))

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
      Command.withDescription("Check cassette files: valid, canonical, and free of tokens, signatures and secret keys")
    )
  ])
)
