/**
 * The options and arguments of `taxdoc company-status …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Args from "@effect/cli/Args"
import * as Options from "@effect/cli/Options"
import { withMember } from "../options.js"

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
