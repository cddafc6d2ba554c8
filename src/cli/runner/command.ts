/**
 * `taxdoc runner`: this process as one of the fleet's runners (taxdoc/workflow): it works on the
 * durable issuances whose state is in `--journal`, and takes over the work of a runner that stops
 * or dies. What it does is in ./handlers.ts, loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Command from "effect/cli/Command"
import { group } from "../groups.js"
import { runnerOptions } from "./options.js"

const { run } = group("runner")

/**
 * `taxdoc runner`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("runner", runnerOptions, run("runner")).pipe(
  Command.withDescription(
    "Run one of the fleet's runners: works on the durable bulk issuances kept in --journal (cashbill/taxinvoice bulk --durable), issuing with this process's configuration (--sandbox-url or TAXDOC_*); stop it with Ctrl-C"
  ),
  Command.withExamples([{ command: "taxdoc runner --journal postgres://taxdoc:secret@db:5432/taxdoc --sandbox-url http://127.0.0.1:8787" }])
)
