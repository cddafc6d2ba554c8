/**
 * The `taxdoc` command (`npx taxdoc …`, `npm start` runs the demo): a guided demo, the sandbox,
 * the SDK's operations from the shell and the cassette checker.
 *
 * @since 0.1.0
 */
import { Command } from "@effect/cli"
import { NodeContext, NodeRuntime } from "@effect/platform-node"
import { Effect } from "effect"
import { pathToFileURL } from "node:url"
import * as Cashbill from "./cashbill.js"
import * as Cassettes from "./cassettes.js"
import * as CompanyStatus from "./companyStatus.js"
import * as Demo from "./demo/command.js"
import { exitCodeOf } from "./errors.js"
import * as Member from "./member.js"
import * as Sandbox from "./sandbox.js"
import * as Taxinvoice from "./taxinvoice.js"

/**
 * The version printed by `taxdoc --version`.
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "0.1.0"

/**
 * `taxdoc` and its subcommands.
 *
 * @since 0.1.0
 * @category commands
 */
export const taxdoc = Command.make("taxdoc").pipe(
  Command.withDescription("The Tax Document Service from the shell: a guided demo, a sandbox, every operation of the SDK"),
  Command.withSubcommands([Demo.command, Sandbox.command, Member.command, Cashbill.command, Taxinvoice.command, Taxinvoice.certificateCommand, CompanyStatus.command, Cassettes.command])
)

/**
 * Runs the command line `argv` (as `process.argv`: runtime, script, arguments); answers the exit code.
 *
 * @since 0.1.0
 * @category combinators
 */
export const main = (argv: ReadonlyArray<string>): Effect.Effect<number> =>
  Command.run(taxdoc, { name: "taxdoc", version: VERSION })(argv).pipe(
    Effect.provide(NodeContext.layer),
    Effect.matchCauseEffect({ onFailure: exitCodeOf, onSuccess: () => Effect.succeed(0) })
  )

/**
 * Runs the process's command line and exits with its code (SIGINT / SIGTERM end it cleanly).
 *
 * @since 0.1.0
 * @category combinators
 */
export const run = (): void =>
  main(process.argv).pipe(
    Effect.flatMap((code) => Effect.sync(() => void (process.exitCode = code))),
    NodeRuntime.runMain({ disableErrorReporting: true })
  )

// Run when this module is the entry point (`tsx src/cli/main.ts`, `node --import tsx …`);
// bin/taxdoc.js imports it and calls `run` itself.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) run()
