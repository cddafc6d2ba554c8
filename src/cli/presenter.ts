/**
 * What `effect/cli` itself prints for the `taxdoc` command: help (`--help`, `-h`, a command group
 * run without a subcommand) and the version, rendered by src/cli/help.ts and fitted to stdout
 * (colours only on a terminal, wrapped to its width). A usage error is not printed here: the
 * command reports it like any other failure, as text or as JSON with `--json` (src/cli/errors.ts).
 *
 * @since 1.0.0
 */
import * as CliOutput from "effect/cli/CliOutput"
import type { FlagDoc, HelpDoc } from "effect/cli/HelpDoc"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Help from "./help.js"
import * as Terminal from "./terminal.js"

// A flag whose value is one of a list shows a name for the value (the list is in its description).
const VALUE_NAMES: Readonly<Record<string, string>> = { "log-level": "LEVEL", completions: "SHELL" }

const valueName = (flag: FlagDoc): string =>
  /^<[^>]*\|[^>]*>$/.test(flag.type) ? VALUE_NAMES[flag.name] ?? "CHOICE" : flag.type

const flagEntry = (flag: FlagDoc): Help.Entry => {
  const names = [`--${flag.name}`, ...flag.aliases].join(", ")
  const description = Option.getOrElse(flag.description, () => "")
  return {
    name: flag.type === "boolean" ? names : `${names} ${valueName(flag)}`,
    description: flag.required ? `(required) ${description}` : description
  }
}

/**
 * The help page of a command as `effect/cli` describes it.
 *
 * @since 1.0.0
 * @category constructors
 */
export const pageOf = (doc: HelpDoc): Help.Page => ({
  path: doc.commandPath ?? [],
  description: doc.description,
  usage: doc.usage,
  args: (doc.args ?? []).map((arg) => ({
    name: `${arg.name}${arg.variadic ? "..." : ""}`,
    description: `${arg.required ? "" : "(optional) "}${Option.getOrElse(arg.description, () => "")}`
  })),
  flags: doc.flags.map(flagEntry),
  globalFlags: (doc.globalFlags ?? []).map(flagEntry),
  subcommands: (doc.subcommands ?? []).flatMap((group) => group.commands.map((sub) => ({ name: sub.name, description: sub.shortDescription ?? sub.description }))),
  examples: (doc.examples ?? []).map((example) => ({ command: example.command, description: example.description }))
})

/**
 * The version line.
 *
 * @since 1.0.0
 * @category combinators
 */
export const versionLine = (name: string, version: string): string => `${name} ${version}`

/**
 * A presenter handing what `effect/cli` would print to `onPage` (help) and `onVersion`.
 *
 * @since 1.0.0
 * @category constructors
 */
export const make = (handlers: {
  readonly onPage: (page: Help.Page) => Effect.Effect<void>
  readonly onVersion: (line: string) => Effect.Effect<void>
}): CliOutput.Presenter => ({
  present: (event) => {
    switch (event._tag) {
      case "Help":
        return handlers.onPage(pageOf(event.helpDoc))
      case "Version":
        return handlers.onVersion(versionLine(event.name, event.version))
      case "InvalidInvocation":
        return Effect.void
    }
  }
})

/**
 * The command's presenter: help and the version on stdout, fitted to it.
 *
 * @since 1.0.0
 * @category layers
 */
export const layer: Layer.Layer<never> = CliOutput.layerPresenter(make({
  onPage: (page) => Effect.suspend(() => Console.log(Help.render(page, Terminal.stdout()))),
  onVersion: (line) => Console.log(line)
}))
