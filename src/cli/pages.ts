/**
 * Pages: what the `taxdoc` command answers to `--help` or `-h` of any of its commands, and to
 * `--version`, rendered by the command itself when its bundle was built (src/cli/renderPages.ts,
 * scripts/cli-bundle.ts) and kept beside it. @effect/cli lays out a help text anew on every start,
 * which takes longer than loading the command does; a page is the same text, read from a file and
 * fitted to the stream (colours, width) as @effect/cli's own messages are (src/cli/help.ts).
 *
 * This module loads nothing of Effect: it is all a help's start-up needs.
 *
 * @since 0.1.0
 */
import * as fs from "node:fs"
import * as Terminal from "./terminal.js"

/**
 * What one command line printed, stream by stream, and its exit code. The text is as @effect/cli
 * wrote it (styles kept, no wrapping), each write one `Console` call.
 *
 * @since 0.1.0
 * @category models
 */
export interface Answer {
  readonly code: number
  readonly writes: ReadonlyArray<{ readonly stream: "stdout" | "stderr"; readonly text: string }>
}

/**
 * The pages: each command line answered (its arguments, as JSON) to the index of its answer.
 *
 * @since 0.1.0
 * @category models
 */
export interface Pages {
  readonly answers: Readonly<Record<string, number>>
  readonly outputs: ReadonlyArray<Answer>
}

/**
 * The file the pages are kept in, beside the bundle's entry.
 *
 * @since 0.1.0
 * @category constants
 */
export const FILE = "pages.json"

/**
 * The key of a command line's arguments (those after the runtime and the script).
 *
 * @since 0.1.0
 * @category combinators
 */
export const keyOf = (args: ReadonlyArray<string>): string => JSON.stringify(args)

/**
 * `true` for the arguments a page may answer: a help flag last, or `--version` alone.
 *
 * @since 0.1.0
 * @category combinators
 */
export const mayAnswer = (args: ReadonlyArray<string>): boolean => {
  const last = args[args.length - 1]
  return last === "--help" || last === "-h" || (args.length === 1 && last === "--version")
}

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
 * The answer to `args` among `pages`, or `undefined`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const answerOf = (pages: Pages, args: ReadonlyArray<string>): Answer | undefined => {
  const index = pages.answers[keyOf(args)]
  return index === undefined ? undefined : pages.outputs[index]
}

/**
 * Prints `answer` on the process's streams, fitted to each, and sets the exit code.
 *
 * @since 0.1.0
 * @category combinators
 */
export const print = (answer: Answer): void => {
  for (const { stream, text } of answer.writes) {
    const target = stream === "stdout" ? process.stdout : process.stderr
    target.write(`${Terminal.fit(text, Terminal.describe(target))}\n`)
  }
  process.exitCode = answer.code
}
