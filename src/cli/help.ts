/**
 * The help of a `taxdoc` command, as data (`Page`: what `effect/cli` knows of the command, its
 * arguments, flags, subcommands and examples) and as text fitted to a stream: colours only where
 * the stream takes them, every line within its width — a description too long for its column
 * continues under itself, indented, and an entry too wide for the left column puts its description
 * on the next line.
 *
 * The same rendering serves the live command (src/cli/presenter.ts) and the pages kept beside the
 * bundle (src/cli/pages.ts), so a page prints exactly what the command would. This module loads
 * nothing of Effect.
 *
 * @since 1.0.0
 */
import * as Terminal from "./terminal.js"

/**
 * One row of a two-column section: a flag, an argument, a subcommand.
 *
 * @since 1.0.0
 * @category models
 */
export interface Entry {
  readonly name: string
  readonly description: string
}

/**
 * An example command line, with what it does.
 *
 * @since 1.0.0
 * @category models
 */
export interface Example {
  readonly command: string
  readonly description?: string | undefined
}

/**
 * What the help of one command shows.
 *
 * @since 1.0.0
 * @category models
 */
export interface Page {
  /** The command's words, the program's name first (`["taxdoc", "cashbill", "info"]`). */
  readonly path: ReadonlyArray<string>
  readonly description: string
  readonly usage: string
  readonly args: ReadonlyArray<Entry>
  readonly flags: ReadonlyArray<Entry>
  /** The flags every command takes (`--help`, `--version`, …): in full on the program's own page. */
  readonly globalFlags: ReadonlyArray<Entry>
  readonly subcommands: ReadonlyArray<Entry>
  readonly examples: ReadonlyArray<Example>
}

// The left column is at most this wide; a wider entry puts its description on the next line.
const COLUMN = 30
const INDENT = "  "

const style = (stream: Terminal.Stream, code: string) => (text: string): string =>
  stream.color ? `\x1b[${code}m${text}\x1b[0m` : text

/** A two-column table: each description wrapped in its column, under its entry when that is too wide. */
const table = (entries: ReadonlyArray<Entry>, stream: Terminal.Stream, paint: (text: string) => string): Array<string> => {
  const widest = Math.max(0, ...entries.map((entry) => Terminal.displayWidth(entry.name)))
  const column = INDENT.length + Math.min(widest + 2, COLUMN)
  const room = Math.max(20, stream.columns - column)
  return entries.flatMap((entry) => {
    const left = `${INDENT}${paint(entry.name)}`
    const leftWidth = INDENT.length + Terminal.displayWidth(entry.name)
    if (entry.description === "") return [left]
    const body = Terminal.wrapLine(entry.description, room)
    const indent = " ".repeat(column)
    if (leftWidth + 2 > column) return [left, ...body.map((line) => indent + line)]
    return [`${left}${" ".repeat(column - leftWidth)}${body[0]!}`, ...body.slice(1).map((line) => indent + line)]
  })
}

const prose = (text: string, stream: Terminal.Stream): Array<string> =>
  text.split("\n").flatMap((line) => Terminal.wrapLine(`${INDENT}${line}`, stream.columns))

// An example command wider than the stream, wrapped with a shell's line continuations: copied
// from the terminal, it still runs as one command.
const commandLines = (line: string, columns: number): Array<string> => {
  const lines = Terminal.wrapLine(line, columns - 2)
  return lines.map((text, i) => (i < lines.length - 1 ? `${text} \\` : text))
}

/**
 * The help text of `page` for `stream`.
 *
 * @since 1.0.0
 * @category combinators
 */
export const render = (page: Page, stream: Terminal.Stream): string => {
  const bold = style(stream, "1")
  const cyan = style(stream, "36")
  const green = style(stream, "32")
  const sections: Array<Array<string>> = []
  if (page.description !== "") sections.push([bold("DESCRIPTION"), ...prose(page.description, stream)])
  sections.push([bold("USAGE"), ...Terminal.wrapLine(`${INDENT}$ ${page.usage}`, stream.columns).map(cyan)])
  if (page.args.length > 0) sections.push([bold("ARGUMENTS"), ...table(page.args, stream, green)])
  if (page.flags.length > 0) sections.push([bold("FLAGS"), ...table(page.flags, stream, green)])
  if (page.subcommands.length > 0) sections.push([bold("COMMANDS"), ...table(page.subcommands, stream, cyan)])
  if (page.examples.length > 0) {
    sections.push([
      bold("EXAMPLES"),
      ...page.examples.flatMap((example) => [
        ...(example.description === undefined ? [] : Terminal.wrapLine(`${INDENT}# ${example.description}`, stream.columns)),
        ...commandLines(`${INDENT}$ ${example.command}`, stream.columns).map(cyan)
      ])
    ])
  }
  if (page.globalFlags.length > 0) {
    sections.push(
      page.path.length === 1
        ? [bold("GLOBAL FLAGS"), ...table(page.globalFlags, stream, green)]
        : [bold("GLOBAL FLAGS"), ...prose(`${page.globalFlags.map((flag) => flag.name.split(" ")[0]!.replace(/,$/, "")).join(", ")}: see ${page.path[0]} --help`, stream)]
    )
  }
  return sections.map((lines) => lines.join("\n")).join("\n\n")
}
