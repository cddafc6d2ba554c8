/**
 * Renders the pages of the `taxdoc` command (src/cli/pages.ts): each command line is run by the
 * command itself (main.ts), @effect/cli's messages captured as written, for `--help` and `-h` of the
 * command and of every subcommand its help lists, and for `--version`. Run when the bundle is built
 * (scripts/cli-bundle.ts); the tests compare the pages with what the command prints.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import type { Streams } from "./help.js"
import { main } from "./main.js"
import type { Answer, Pages } from "./pages.js"
import { keyOf } from "./pages.js"

// A stream that takes colours and has no width: what is written is @effect/cli's text as it is.
const AS_WRITTEN = { color: true, interactive: false, columns: Number.MAX_SAFE_INTEGER }

/**
 * What the command answers to `args`, @effect/cli's messages as written.
 *
 * @since 0.1.0
 * @category combinators
 */
export const answer = (args: ReadonlyArray<string>): Effect.Effect<Answer> =>
  Effect.suspend(() => {
    const writes: Array<Answer["writes"][number]> = []
    const streams: Streams = {
      stdout: () => AS_WRITTEN,
      stderr: () => AS_WRITTEN,
      // Each write is one message followed by its newline.
      write: (stream, text) => void writes.push({ stream, text: text.endsWith("\n") ? text.slice(0, -1) : text })
    }
    return Effect.map(main(["node", "taxdoc", ...args], { streams }), (code) => ({ code, writes }))
  })

const COMMAND_WORD = /^[a-z][a-z0-9-]*$/

/**
 * The commands a help text lists (under COMMANDS, `- cashbill issue [--sandbox] …`), as the words
 * of their paths.
 *
 * @since 0.1.0
 * @category combinators
 */
export const commandsListed = (help: string): Array<ReadonlyArray<string>> => {
  const listing = help.slice(Math.max(0, help.indexOf("\nCOMMANDS\n")))
  return listing.split("\n").flatMap((line) => {
    const entry = /^\s*- (.*)$/.exec(line.replace(/\x1b\[[0-9;]*m/g, ""))
    if (entry === null) return []
    const words = entry[1]!.split(" ")
    const end = words.findIndex((word) => !COMMAND_WORD.test(word))
    const path = end < 0 ? words : words.slice(0, end)
    return path.length === 0 ? [] : [path]
  })
}

/**
 * The command lines that have pages: `--version`, and `--help` and `-h` of the command and of
 * every command its help lists.
 *
 * @since 0.1.0
 * @category combinators
 */
export const commandLines = (rootHelp: string): Array<ReadonlyArray<string>> => [
  ["--version"],
  ...[[], ...commandsListed(rootHelp)].flatMap((path) => [[...path, "--help"], [...path, "-h"]])
]

/**
 * The pages: every command line of `commandLines` answered, identical answers kept once.
 *
 * @since 0.1.0
 * @category constructors
 */
export const render: Effect.Effect<Pages> = Effect.gen(function*() {
  const root = yield* answer(["--help"])
  const lines = commandLines(root.writes.map((w) => w.text).join("\n"))
  const answers: Record<string, number> = {}
  const outputs: Array<Answer> = []
  const seen = new Map<string, number>()
  for (const args of lines) {
    const answered = yield* answer(args)
    const text = JSON.stringify(answered)
    let index = seen.get(text)
    if (index === undefined) {
      index = outputs.push(answered) - 1
      seen.set(text, index)
    }
    answers[keyOf(args)] = index
  }
  return { answers, outputs }
})
