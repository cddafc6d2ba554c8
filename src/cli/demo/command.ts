/**
 * `taxdoc demo`: the guided tour (./tour.ts) against a sandbox inside the process — no
 * configuration, no network. Exit code 0 only when every step behaved as the spec says. What it
 * does is in ./handler.ts, loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { handlers } from "../lazy.js"
import { json } from "../options.js"

const run = handlers(() => import("./handler.js"))

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

/**
 * `taxdoc demo`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("demo", demoOptions, run("demo")).pipe(
  Command.withDescription("A guided tour against an in-process sandbox: sign-up, tokens, a receipt's life, 250 in bulk, filing, company status")
)
