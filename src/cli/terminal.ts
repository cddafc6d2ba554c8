/**
 * What the `taxdoc` command may do on its output streams: colours only on a terminal and never with
 * `NO_COLOR` (https://no-color.org) or `TERM=dumb`; redrawing a line in place only on a terminal;
 * lines no wider than the terminal (80 columns when the output is not one, or `COLUMNS`).
 * Tables measure Korean and other wide characters as two columns.
 *
 * @since 0.1.0
 */

/**
 * The facts of one output stream that decide how text is written to it.
 *
 * @since 0.1.0
 * @category models
 */
export interface Stream {
  /** Colours and styles (ANSI SGR sequences) may be written. */
  readonly color: boolean
  /** A terminal that understands `\r` and "clear line": progress is redrawn in place. */
  readonly interactive: boolean
  /** Columns available to a line. */
  readonly columns: number
}

/** The part of a Node stream read here (process.stdout, process.stderr, a tty.WriteStream). */
interface NodeStream {
  readonly isTTY?: boolean
  readonly columns?: number
}

const DEFAULT_COLUMNS = 80
const MIN_COLUMNS = 20

const flag = (value: string | undefined): boolean | undefined =>
  value === undefined || value === "" ? undefined : !/^(0|false|no|off)$/i.test(value)

/**
 * The facts of `stream` under the environment `env`.
 *
 * `NO_COLOR` (any non-empty value) turns colours off; otherwise `FORCE_COLOR` turns them on or off;
 * otherwise they follow the stream being a terminal (and `TERM` not `dumb`). The width is the
 * terminal's, else `COLUMNS`, else 80.
 *
 * @since 0.1.0
 * @category constructors
 */
export const describe = (stream: NodeStream, env: NodeJS.ProcessEnv = process.env): Stream => {
  const tty = stream.isTTY === true && env["TERM"] !== "dumb"
  const noColor = env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== ""
  const color = noColor ? false : flag(env["FORCE_COLOR"]) ?? tty
  const fromEnv = Number(env["COLUMNS"])
  const columns = tty && stream.columns !== undefined && stream.columns > 0
    ? stream.columns
    : Number.isInteger(fromEnv) && fromEnv > 0
    ? fromEnv
    : DEFAULT_COLUMNS
  return { color, interactive: tty, columns: Math.max(MIN_COLUMNS, columns) }
}

/**
 * The standard output of the process, as it is now (a terminal's width follows its resizing).
 *
 * @since 0.1.0
 * @category constructors
 */
export const stdout = (): Stream => describe(process.stdout)

/**
 * The standard error of the process, as it is now.
 *
 * @since 0.1.0
 * @category constructors
 */
export const stderr = (): Stream => describe(process.stderr)

// SGR (colours, bold) and the other CSI sequences, and OSC sequences (hyperlinks, titles).
const ESCAPES = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g

/**
 * `text` without terminal escape sequences.
 *
 * @since 0.1.0
 * @category combinators
 */
export const stripEscapes = (text: string): string => text.replace(ESCAPES, "")

/**
 * Columns a character takes in a terminal: 2 for Hangul and CJK (East Asian wide), 0 for
 * combining marks, 1 otherwise.
 *
 * @since 0.1.0
 * @category combinators
 */
export const charWidth = (codePoint: number): number => {
  if (codePoint >= 0x0300 && codePoint <= 0x036f) return 0
  const wide = (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6)
  return wide ? 2 : 1
}

// Text of one column per character and no escape sequence: most of what help prints.
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/

/**
 * Columns a text takes in a terminal (escape sequences take none).
 *
 * @since 0.1.0
 * @category combinators
 */
export const displayWidth = (text: string): number => {
  if (PRINTABLE_ASCII.test(text)) return text.length
  let width = 0
  for (const ch of stripEscapes(text)) width += charWidth(ch.codePointAt(0)!)
  return width
}

/**
 * `text` cut to at most `columns` columns, ending in `…` when something was cut. Escape sequences
 * are kept (they take no room), so a cut line keeps its colours.
 *
 * @since 0.1.0
 * @category combinators
 */
export const truncate = (text: string, columns: number): string => {
  if (displayWidth(text) <= columns) return text
  const room = Math.max(0, columns - 1)
  let width = 0
  let out = ""
  let at = 0
  for (const match of text.matchAll(ESCAPES)) {
    const piece = cut(text.slice(at, match.index), room - width)
    out += piece.text
    width += piece.width
    if (piece.cut) return `${out}…`
    out += match[0]
    at = match.index + match[0].length
  }
  const piece = cut(text.slice(at), room - width)
  return `${out + piece.text}…`
}

const cut = (plain: string, room: number): { readonly text: string; readonly width: number; readonly cut: boolean } => {
  let text = ""
  let width = 0
  for (const ch of plain) {
    const w = charWidth(ch.codePointAt(0)!)
    if (width + w > room) return { text, width, cut: true }
    text += ch
    width += w
  }
  return { text, width, cut: false }
}

const fill = (words: ReadonlyArray<string>, first: string, rest: string, columns: number): Array<string> => {
  const lines: Array<string> = []
  let line = first
  // The line's width so far, kept as words are added (measuring the whole line again for each word
  // made wrapping a long help text quadratic).
  let width = displayWidth(first)
  let empty = true
  for (const word of words) {
    const room = displayWidth(word)
    if (empty) {
      line += word
      width += room
    } else if (width + 1 + room > columns) {
      lines.push(line)
      line = rest + word
      width = displayWidth(rest) + room
    } else {
      line = `${line} ${word}`
      width += 1 + room
    }
    empty = false
  }
  lines.push(line)
  return lines
}

// A bracketed group of a usage line (`[--set INSTANT]`, `(-f, --file PATH)`) up to this wide
// is kept on one line; longer groups (prose in parentheses) break between words.
const GROUP_WIDTH = 32

const words = (text: string): Array<string> => {
  const groups: Array<string> = []
  let current = ""
  let depth = 0
  for (const ch of text) {
    if (ch === "[" || ch === "(") depth++
    if ((ch === "]" || ch === ")") && depth > 0) depth--
    if (ch === " " && depth === 0) {
      groups.push(current)
      current = ""
    } else {
      current += ch
    }
  }
  groups.push(current)
  const split = groups
    .flatMap((group) => (group.includes(" ") && displayWidth(group) > GROUP_WIDTH ? group.split(" ") : [group]))
    .filter((word) => word !== "")
  // A label stays with what it introduces: `Example: --corp-num 1234567891` never breaks after the colon.
  return split.reduce<Array<string>>((out, word) => {
    const previous = out[out.length - 1]
    if (previous !== undefined && previous.endsWith(":")) out[out.length - 1] = `${previous} ${word}`
    else out.push(word)
    return out
  }, [])
}

/**
 * One line wrapped to `columns`: broken between words, continuation lines indented like the first
 * (two more after a `- ` bullet or a `$ ` command line). A word longer than the line stays whole.
 *
 * @since 0.1.0
 * @category combinators
 */
export const wrapLine = (line: string, columns: number): Array<string> => {
  if (displayWidth(line) <= columns) return [line]
  const indent = /^ */.exec(stripEscapes(line))![0]
  const body = line.slice(line.indexOf(line.trimStart()))
  const hanging = /^[-$] /.test(stripEscapes(body)) ? `${indent}  ` : indent
  return fill(keepExample(words(body), columns - hanging.length), indent, hanging, columns)
}

// The example that ends an option's description (`Example: --sandbox-url http://127.0.0.1:8787`)
// is kept on one line when it fits on one.
const keepExample = (tokens: Array<string>, room: number): Array<string> => {
  const at = tokens.findIndex((token) => token.startsWith("Example: "))
  if (at < 0) return tokens
  const example = tokens.slice(at).join(" ")
  return displayWidth(example) <= room ? [...tokens.slice(0, at), example] : tokens
}

// A row of a two-column list: an indented `- ` entry, two or more spaces, its description.
const ROW = /^( *- .*?\S) {2,}(\S.*)$/

/**
 * Text wrapped to `columns`. Two-column lists (`  - command …   description`, as help prints them)
 * that do not fit become stacked entries: the entry on its line(s), the description under it.
 *
 * @since 0.1.0
 * @category combinators
 */
export const wrap = (text: string, columns: number): string => {
  const lines = text.split("\n")
  const stack = lines.some((line) => ROW.test(line) && displayWidth(line) > columns)
  return lines.flatMap((line) => {
    const row = stack ? ROW.exec(line) : null
    if (row === null) return wrapLine(line, columns)
    const entry = row[1]!
    const indent = /^ */.exec(stripEscapes(entry))![0]
    return [...wrapLine(entry, columns), ...wrapLine(`${indent}    ${row[2]!}`, columns)]
  }).join("\n")
}

/**
 * Text made fit for `stream`: escape sequences dropped when it takes no colours, lines wrapped to
 * its width.
 *
 * @since 0.1.0
 * @category combinators
 */
export const fit = (text: string, stream: Stream): string => wrap(stream.color ? text : stripEscapes(text), stream.columns)
