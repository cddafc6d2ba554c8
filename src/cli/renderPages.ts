/**
 * Renders the pages of the `taxdoc` command (src/cli/pages.ts): the command itself (main.ts) is
 * run with `--help` for itself and every command under it, and with `--version`, and what
 * `effect/cli` hands its presenter is kept. Run when the bundle is built (scripts/cli-bundle.ts);
 * the tests compare the pages with what the command renders.
 *
 * @since 0.1.0
 */
import * as NodeServices from "@effect/platform-node/NodeServices"
import type * as Command from "effect/cli/Command"
import * as CliOutput from "effect/cli/CliOutput"
import * as Effect from "effect/Effect"
import type * as Help from "./help.js"
import { main, taxdoc } from "./main.js"
import type { Pages } from "./pages.js"
import { keyOf } from "./pages.js"
import * as Presenter from "./presenter.js"

/**
 * The words of every command under `command` (itself first, as `[]`).
 *
 * @since 1.0.0
 * @category combinators
 */
export const commandPaths = (command: Command.Command.Any, prefix: ReadonlyArray<string> = []): Array<ReadonlyArray<string>> => [
  prefix,
  ...command.subcommands.flatMap((group) => group.commands.flatMap((sub) => commandPaths(sub, [...prefix, sub.name])))
]

/** What the command hands its presenter for `args`. */
const presented = (args: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const pages: Array<Help.Page> = []
    const versions: Array<string> = []
    const presenter = CliOutput.layerPresenter(Presenter.make({
      onPage: (page) => Effect.sync(() => void pages.push(page)),
      onVersion: (line) => Effect.sync(() => void versions.push(line))
    }))
    const code = yield* main(args, { presenter })
    if (code !== 0 || pages.length + versions.length !== 1) {
      return yield* Effect.die(new Error(`taxdoc ${args.join(" ")}: exit code ${code}, ${pages.length} help page(s), ${versions.length} version line(s)`))
    }
    return { page: pages[0], version: versions[0] }
  }).pipe(Effect.provide(NodeServices.layer))

/**
 * The pages: the version line and the help of every command.
 *
 * @since 0.1.0
 * @category constructors
 */
export const render: Effect.Effect<Pages> = Effect.gen(function*() {
  const { version } = yield* presented(["--version"])
  const help: Record<string, Help.Page> = {}
  for (const words of commandPaths(taxdoc)) {
    const { page } = yield* presented([...words, "--help"])
    help[keyOf(words)] = page!
  }
  return { version: version!, help }
})
