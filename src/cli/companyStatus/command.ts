/**
 * `taxdoc company-status <numbers…>`: whether businesses are registered, in business, suspended or
 * closed, and their taxation type (SPEC.md "Company status"). What it does is in ./handlers.ts,
 * loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { handlers } from "../lazy.js"
import { withMember } from "../options.js"

const run = handlers(() => import("./handlers.js"))

/**
 * The options of `taxdoc company-status`.
 *
 * @since 0.1.0
 * @category options
 */
export const checkOptions = {
  ...withMember,
  file: Options.text("file").pipe(
    Options.withAlias("f"),
    Options.withPseudoName("PATH"),
    Options.withDescription("A JSON array of registration numbers, checked with the ones given as arguments. Example: --file numbers.json"),
    Options.optional
  ),
  numbers: Args.text({ name: "number" }).pipe(
    Args.withDescription("Registration numbers to check (10 digits). Example: 1234567891 1111111119"),
    Args.repeated
  )
}

/**
 * `taxdoc company-status`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("company-status", checkOptions, run("check")).pipe(
  Command.withDescription("Check whether businesses are in business, suspended or closed, and their taxation type (CheckCorpNums)")
)
