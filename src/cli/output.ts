/**
 * What the `taxdoc` command prints: one JSON document with `--json`, readable tables otherwise.
 * Tables measure Korean and other wide characters as two columns, so columns line up in a terminal.
 * Results go to stdout as they are (never rewrapped: a JSON document or a table is copied whole)
 * through the Effect `Console` (`Console.log`), failures to stderr (`Console.error`); progress is
 * drawn on stderr by src/cli/progress.ts.
 *
 * @since 0.1.0
 */
import * as Console from "effect/Console"
import type * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { displayWidth } from "./terminal.js"

const pad = (text: string, width: number, align: "left" | "right"): string => {
  const fill = " ".repeat(Math.max(0, width - displayWidth(text)))
  return align === "left" ? text + fill : fill + text
}

/**
 * A value as a table cell: absent values are `-`, numbers and booleans as written.
 *
 * @since 0.1.0
 * @category combinators
 */
export const cell = (value: unknown): string => {
  if (value === undefined || value === null || value === "") return "-"
  if (Redacted.isRedacted(value)) return "<redacted>"
  if (typeof value === "object") return JSON.stringify(value)
  return String(value)
}

/**
 * A column of a table.
 *
 * @since 0.1.0
 * @category models
 */
export interface Column<A> {
  readonly header: string
  readonly value: (row: A) => unknown
  readonly align?: "left" | "right"
}

/**
 * Rows as an aligned table with a header line and a rule under it.
 *
 * @since 0.1.0
 * @category combinators
 */
export const table = <A>(rows: ReadonlyArray<A>, columns: ReadonlyArray<Column<A>>): string => {
  const cells = rows.map((row) => columns.map((column) => cell(column.value(row))))
  const widths = columns.map((column, i) => Math.max(displayWidth(column.header), ...cells.map((r) => displayWidth(r[i]!))))
  const line = (texts: ReadonlyArray<string>) =>
    texts.map((text, i) => pad(text, widths[i]!, columns[i]!.align ?? "left")).join("  ").trimEnd()
  return [line(columns.map((c) => c.header)), widths.map((w) => "─".repeat(w)).join("  "), ...cells.map(line)].join("\n")
}

/**
 * A record as `field  value` lines (fields in the record's order; absent values shown as `-`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const fields = (record: object): string => {
  const entries = Object.entries(record).filter(([, v]) => typeof v !== "function")
  const names = entries.map(([k]) => k)
  const width = Math.max(0, ...names.map(displayWidth))
  return entries.map(([, v], i) => `${pad(names[i]!, width, "left")}  ${cell(v)}`).join("\n")
}

/**
 * A whole number of won with thousands separators.
 *
 * @since 0.1.0
 * @category combinators
 */
export const won = (amount: string | number | undefined): string =>
  amount === undefined ? "-" : `${Number(amount).toLocaleString("en-US")} won`

/**
 * A KST date-time `yyyyMMddHHmmss` as `yyyy-MM-dd HH:mm:ss KST`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const kst = (dateTime14: string): string =>
  `${dateTime14.slice(0, 4)}-${dateTime14.slice(4, 6)}-${dateTime14.slice(6, 8)} ${dateTime14.slice(8, 10)}:${dateTime14.slice(10, 12)}:${dateTime14.slice(12, 14)} KST`

/**
 * JSON text of a value; secrets stay hidden, bytes are summarised.
 *
 * @since 0.1.0
 * @category combinators
 */
export const toJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => {
    if (Redacted.isRedacted(v)) return "<redacted>"
    if (v instanceof Uint8Array) return { bytes: v.length }
    return v
  }, 2)

/**
 * Prints a line (or lines) of results on stdout.
 *
 * @since 0.1.0
 * @category combinators
 */
export const printLine = (text: string): Effect.Effect<void> => Console.log(text)

/**
 * Prints a line (or lines) on stderr: a failure, a notice.
 *
 * @since 0.1.0
 * @category combinators
 */
export const printErrorLine = (text: string): Effect.Effect<void> => Console.error(text)

/**
 * Prints one JSON document on stdout.
 *
 * @since 0.1.0
 * @category combinators
 */
export const printJson = (value: unknown): Effect.Effect<void> => printLine(toJson(value))

/**
 * Prints the JSON document with `--json`, the readable text otherwise.
 *
 * @since 0.1.0
 * @category combinators
 */
export const emit = (json: boolean, value: unknown, text: () => string): Effect.Effect<void> =>
  json ? printJson(value) : printLine(text())

/**
 * Prints a generic result (`{code, message}`) with what was done.
 *
 * @since 0.1.0
 * @category combinators
 */
export const result = (json: boolean, answer: { readonly code: number; readonly message: string }, done: string): Effect.Effect<void> =>
  emit(json, { code: answer.code, message: answer.message }, () => `${done} (code ${answer.code}: ${answer.message})`)
