/**
 * The `taxdoc` command (`npx taxdoc …`, `npm start` runs the demo): a guided demo, the sandbox,
 * the SDK's operations from the shell and the cassette checker.
 *
 * Start-up is kept short: this module and the command declarations load only @effect/cli and the
 * modules of Effect they use; a command's work (the SDK, the sandbox) is imported when it runs
 * (src/cli/lazy.ts).
 *
 * @since 0.1.0
 */
import * as Command from "@effect/cli/Command"
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as Effect from "effect/Effect"
import { pathToFileURL } from "node:url"
import * as Cashbill from "./cashbill/command.js"
import * as Cassettes from "./cassettes/command.js"
import * as Certificate from "./certificate/command.js"
import * as CompanyStatus from "./companyStatus/command.js"
import * as Collect from "./collect/command.js"
import * as Demo from "./demo/command.js"
import { exitCodeOf } from "./errors.js"
import * as Help from "./help.js"
import * as Member from "./member/command.js"
import * as Sandbox from "./sandbox/command.js"
import * as Statement from "./statement/command.js"
import * as Taxinvoice from "./taxinvoice/command.js"

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
  Command.withSubcommands([Demo.command, Sandbox.command, Member.command, Cashbill.command, Statement.command, Taxinvoice.command, Certificate.command, CompanyStatus.command, Collect.command, Cassettes.command])
)

/**
 * Runs the command line `argv` (as `process.argv`: runtime, script, arguments); answers the exit code.
 * With `--json` among the arguments, a failure is reported as JSON on stderr. @effect/cli's own
 * messages (help, usage errors) go to `streams` (the process's by default).
 *
 * @since 0.1.0
 * @category combinators
 */
export const main = (argv: ReadonlyArray<string>, options: { readonly streams?: Help.Streams } = {}): Effect.Effect<number> => {
  const json = argv.slice(2).includes("--json")
  return Command.run(taxdoc, { name: "taxdoc", version: VERSION })(argv).pipe(
    Help.fitted(options.streams === undefined ? { json } : { json, streams: options.streams }),
    Effect.provide(NodeContext.layer),
    Effect.matchCauseEffect({ onFailure: exitCodeOf({ json }), onSuccess: () => Effect.succeed(0) })
  )
}

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

// Run when this module is the entry point (`node dist/cli/main.js`, `tsx src/cli/main.ts`);
// bin/taxdoc.js imports it and calls `run` itself.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) run()
