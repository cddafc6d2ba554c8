/**
 * The `taxdoc` command (`npx taxdoc …`, `npm start` runs the demo): a guided demo, the sandbox,
 * the SDK's operations from the shell, the cassette tools and the fleet's runners.
 *
 * Start-up is kept short: this module and the command declarations load only `effect/cli` and the
 * modules of Effect they use; a command's work (the SDK, the sandbox) is imported when it runs
 * (src/cli/groups.ts, src/cli/lazy.ts).
 *
 * @since 0.1.0
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as NodeServices from "@effect/platform-node/NodeServices"
import * as Cause from "effect/Cause"
import * as Command from "effect/cli/Command"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Ref from "effect/Ref"
import { pathToFileURL } from "node:url"
import * as Cashbill from "./cashbill/command.js"
import * as Cassettes from "./cassettes/command.js"
import * as Certificate from "./certificate/command.js"
import * as Collect from "./collect/command.js"
import * as CompanyStatus from "./companyStatus/command.js"
import * as Demo from "./demo/command.js"
import { exitCodeOf, reportInterrupted, type UsageHint } from "./errors.js"
import * as Member from "./member/command.js"
import * as Presenter from "./presenter.js"
import * as Runner from "./runner/command.js"
import * as Sandbox from "./sandbox/command.js"
import { INTERRUPTED, SignalExitCode } from "./signal.js"
import * as Statement from "./statement/command.js"
import * as Taxinvoice from "./taxinvoice/command.js"

/**
 * The version printed by `taxdoc --version`.
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = "2.0.0"

/**
 * `taxdoc` and its subcommands.
 *
 * @since 0.1.0
 * @category commands
 */
export const taxdoc = Command.make("taxdoc").pipe(
  Command.withDescription("The Tax Document Service from the shell: a guided demo, a sandbox, every operation of the SDK, cassettes and the fleet's runners"),
  Command.withSubcommands([
    Demo.command,
    Sandbox.command,
    Member.command,
    Cashbill.command,
    Statement.command,
    Taxinvoice.command,
    Certificate.command,
    CompanyStatus.command,
    Collect.command,
    Cassettes.command,
    Runner.command
  ]),
  Command.withExamples([
    { command: "taxdoc demo", description: "A guided tour against a sandbox inside this process" },
    { command: "taxdoc cashbill info --sandbox --corp-num 1234567891 DOC-0001", description: "One operation, against a fresh in-process sandbox" },
    { command: "taxdoc cashbill bulk --help", description: "The flags and arguments of a command" }
  ])
)

/** The command at `path` (its words, the program's name first), or `undefined`. */
const commandAt = (path: ReadonlyArray<string>): Command.Command.Any | undefined =>
  path.slice(1).reduce<Command.Command.Any | undefined>(
    (command, word) => command?.subcommands.flatMap((group) => group.commands).find((sub) => sub.name === word),
    taxdoc
  )

/**
 * The hint after a usage error: the commands of that level, and where its help is.
 *
 * @since 1.0.0
 * @category combinators
 */
export const usageHint: UsageHint = (path) => {
  const names = commandAt(path)?.subcommands.flatMap((group) => group.commands.map((sub) => sub.name)) ?? []
  const help = `${path.join(" ")} --help`
  return names.length === 0 ? `see ${help}` : `${path.join(" ")} takes one of: ${names.join(", ")} (see ${help})`
}

/**
 * Runs the command line `args` (the arguments after the program's name) and answers the exit code,
 * having reported any failure on stderr — as one line of JSON when `--json` is among the
 * arguments. Help and the version go through `presenter` (the command's own by default).
 *
 * @since 0.1.0
 * @category combinators
 */
export const main = (
  args: ReadonlyArray<string>,
  options: { readonly presenter?: Layer.Layer<never> | undefined; readonly signalExitCode?: Ref.Ref<number> | undefined } = {}
): Effect.Effect<number, never, Command.Environment> =>
  Effect.suspend(() => {
    const json = args.includes("--json")
    const signalExitCode = options.signalExitCode ?? Ref.makeUnsafe(INTERRUPTED)
    return Command.runWith(taxdoc, { version: VERSION })(args).pipe(
      Effect.matchCauseEffect({ onFailure: exitCodeOf({ json, usageHint }), onSuccess: () => Effect.succeed(0) }),
      // Stopped by a signal: reported (with --json) unless the command ends that way normally.
      Effect.onInterrupt(() => Effect.flatMap(Ref.get(signalExitCode), (code) => (code === 0 ? Effect.void : Effect.asVoid(reportInterrupted({ json }))))),
      Effect.provide(options.presenter ?? Presenter.layer),
      Effect.provideService(SignalExitCode, signalExitCode),
      // Log lines (a runner's, the shared token store's warning) go to stderr: stdout is the answer.
      Effect.provideService(Logger.LogToStderr, true)
    )
  })

/**
 * Runs the process's command line and exits with its code (Ctrl-C and SIGTERM interrupt it: 130,
 * or 0 for a command that runs until stopped).
 *
 * @since 0.1.0
 * @category combinators
 */
export const run = (): void => {
  const signalExitCode = Ref.makeUnsafe(INTERRUPTED)
  NodeRuntime.runMain(main(process.argv.slice(2), { signalExitCode }).pipe(Effect.provide(NodeServices.layer)), {
    disableErrorReporting: true,
    teardown: (exit, onExit) => {
      // Stopped by a signal: the runtime exits at once with the code the command chose.
      if (Exit.isFailure(exit)) return onExit(Cause.hasInterruptsOnly(exit.cause) ? Ref.getUnsafe(signalExitCode) : 1)
      // Otherwise the process ends by itself once everything is written, with the run's code.
      process.exitCode = exit.value as number
      onExit(0)
    }
  })
}

// Run when this module is the entry point (`node dist/cli/main.js`, `tsx src/cli/main.ts`);
// the bundle's first module (start.ts) imports it and calls `run` itself.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) run()
