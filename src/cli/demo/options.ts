/**
 * The options of `taxdoc demo`, declared apart from what it does (./handler.ts) and the command
 * (./command.ts).
 *
 * @since 0.1.0
 */
import * as Options from "@effect/cli/Options"
import { json } from "../options.js"

/**
 * The options of `taxdoc demo`.
 *
 * @since 0.1.0
 * @category options
 */
export const demoOptions = {
  json,
  outDir: Options.directory("out-dir").pipe(
    Options.withPseudoName("PATH"),
    Options.withDescription("Where to save the demo receipt's PDF (default: a new temporary directory). Example: --out-dir ./demo-out"),
    Options.optional
  ),
  record: Options.text("record").pipe(
    Options.withPseudoName("PATH"),
    Options.withDescription("Record the tour's HTTP exchanges into a cassette (secrets and personal data scrubbed). Example: --record ./demo.cassette.json"),
    Options.optional
  )
}
