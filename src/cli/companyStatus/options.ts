/**
 * The flags and arguments of `taxdoc company-status …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Argument from "effect/cli/Argument"
import * as Flag from "effect/cli/Flag"
import { withMember } from "../options.js"

/**
 * The options of `taxdoc company-status`.
 *
 * @since 0.1.0
 * @category options
 */
export const checkOptions = {
  ...withMember,
  file: Flag.String("file").pipe(
    Flag.withAlias("f"),
    Flag.withMetavar("PATH"),
    Flag.withDescription("A JSON array of registration numbers, checked with the ones given as arguments. Example: --file numbers.json"),
    Flag.optional
  ),
  numbers: Argument.String("number").pipe(
    Argument.withDescription("Registration numbers to check (10 digits). Example: 1234567891 1111111119"),
    Argument.variadic()
  )
}
