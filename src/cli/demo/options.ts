/**
 * The options of `taxdoc demo`, declared apart from what it does (./handler.ts) and the command
 * (./command.ts).
 *
 * @since 0.1.0
 */
import * as Flag from "effect/cli/Flag"
import { json } from "../options.js"

/**
 * The options of `taxdoc demo`.
 *
 * @since 0.1.0
 * @category options
 */
export const demoOptions = {
  json,
  outDir: Flag.Directory("out-dir").pipe(
    Flag.withMetavar("PATH"),
    Flag.withDescription("Where to save the demo receipt's PDF (default: not saved). Example: --out-dir ./demo-out"),
    Flag.optional
  ),
  record: Flag.String("record").pipe(
    Flag.withMetavar("PATH"),
    Flag.withDescription("Record the tour's HTTP exchanges into a cassette (secrets and personal data scrubbed). Example: --record ./demo.cassette.json"),
    Flag.optional
  )
}
