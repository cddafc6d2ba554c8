/**
 * The options and arguments of `taxdoc cassettes …`, declared apart from what the commands do
 * (./handlers.ts) and how they are assembled (./command.ts).
 *
 * @since 0.1.0
 */
import * as Args from "@effect/cli/Args"
import { json } from "../options.js"

/**
 * The options of `taxdoc cassettes check`.
 *
 * @since 0.1.0
 * @category options
 */
export const checkOptions = {
  json,
  files: Args.text({ name: "file" }).pipe(
    Args.withDescription("Cassette files to check. Example: test/cassettes/member-cashbill.json"),
    Args.atLeast(1)
  )
}
