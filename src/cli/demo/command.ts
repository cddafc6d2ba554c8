/**
 * `taxdoc demo`: the guided tour (./tour.ts) against a sandbox inside the process — no
 * configuration, no network. Exit code 0 only when every step behaved as the spec says. What it
 * does is in ./handler.ts, loaded when it runs.
 *
 * @since 0.1.0
 */
import * as Command from "effect/cli/Command"
import { group } from "../groups.js"
import { demoOptions } from "./options.js"

const { run } = group("demo")

/**
 * `taxdoc demo`.
 *
 * @since 0.1.0
 * @category commands
 */
export const command = Command.make("demo", demoOptions, run("demo")).pipe(
  Command.withDescription("A guided tour against an in-process sandbox: sign-up, tokens, a receipt's life, 250 in bulk, filing, statements, e-Tax invoices, company status, collection"),
  Command.withExamples([{ command: "taxdoc demo" }, { command: "taxdoc demo --json --out-dir ./demo-out", description: "The report as one JSON document" }])
)
