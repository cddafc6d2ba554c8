/**
 * Pages: what the `taxdoc` command answers to `--help` or `-h` of any of its commands (or a
 * command group run alone), and to `--version`, taken from the command itself when its bundle was
 * built (src/cli/renderPages.ts, scripts/cli-bundle.ts) and kept beside it. Answering from a page
 * saves loading the command, `effect/cli` and every declaration just to print a help text: the
 * page is rendered by the same code as the live help (src/cli/help.ts), for the stream it goes to.
 *
 * This module loads nothing of Effect: it is all a help's start-up needs.
 *
 * @since 0.1.0
 */
import * as fs from "node:fs"
import * as Help from "./help.js"
import * as Terminal from "./terminal.js"

/**
 * The pages: the version line, and the help of every command by its words after the program's
 * name (`""` the program itself, `"cashbill info"`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Pages {
  readonly version: string
  readonly help: Readonly<Record<string, Help.Page>>
}

/**
 * What a page answers to a command line: the text on stdout (exit code 0).
 *
 * @since 0.1.0
 * @category models
 */
export type Answer =
  | { readonly _tag: "Help"; readonly page: Help.Page }
  | { readonly _tag: "Version"; readonly line: string }

/**
 * The file the pages are kept in, beside the bundle's entry.
 *
 * @since 0.1.0
 * @category constants
 */
export const FILE = "pages.json"

const HELP = new Set(["--help", "-h"])
const VERSION = new Set(["--version", "-v"])

/**
 * `true` for the arguments a page may answer: nothing, a help flag last, or the version flag alone.
 *
 * @since 0.1.0
 * @category combinators
 */
export const mayAnswer = (args: ReadonlyArray<string>): boolean =>
  args.length === 0 || HELP.has(args[args.length - 1]!) || (args.length === 1 && VERSION.has(args[0]!))

/**
 * The pages kept in `directory` (a `file:` URL ending in `/`), or `undefined` where there are none
 * (the command run from its compiled modules rather than the bundle).
 *
 * @since 0.1.0
 * @category constructors
 */
export const load = (directory: string): Pages | undefined => {
  try {
    return JSON.parse(fs.readFileSync(new URL(FILE, directory), "utf8")) as Pages
  } catch (error) {
    if ((error as { readonly code?: unknown }).code === "ENOENT") return undefined
    throw error
  }
}

/**
 * The key of a command's page: its words after the program's name.
 *
 * @since 1.0.0
 * @category combinators
 */
export const keyOf = (words: ReadonlyArray<string>): string => words.join(" ")

/**
 * The answer to `args` among `pages`, or `undefined` when the command must run (another flag or
 * argument is given, or the words name no command).
 *
 * @since 0.1.0
 * @category combinators
 */
export const answerOf = (pages: Pages, args: ReadonlyArray<string>): Answer | undefined => {
  if (args.length === 1 && VERSION.has(args[0]!)) return { _tag: "Version", line: pages.version }
  const words = args.length > 0 && HELP.has(args[args.length - 1]!) ? args.slice(0, -1) : args
  // A page is a command's alone: a group run without a subcommand, or a help flag after its words.
  if (words.length === args.length && words.length > 0 && pages.help[keyOf(words)]?.subcommands.length === 0) return undefined
  const page = pages.help[keyOf(words)]
  return page === undefined ? undefined : { _tag: "Help", page }
}

/**
 * The text of an answer for `stream`.
 *
 * @since 1.0.0
 * @category combinators
 */
export const textOf = (answer: Answer, stream: Terminal.Stream): string =>
  answer._tag === "Version" ? answer.line : Help.render(answer.page, stream)

/**
 * Prints `answer` on stdout, fitted to it.
 *
 * @since 0.1.0
 * @category combinators
 */
export const print = (answer: Answer): void => {
  process.stdout.write(`${textOf(answer, Terminal.stdout())}\n`)
}
