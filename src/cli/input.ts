/**
 * Input files of the `taxdoc` command: JSON documents (`--file receipt.json`) and, for bulk
 * issuance, CSV with a header row of field names. Each input remembers where its records came
 * from, so a `ValidationError` names the line and column of every bad field.
 *
 * The encoding of a file is detected: UTF-8 with or without a byte-order mark, UTF-16 with one,
 * and otherwise CP949 (EUC-KR and its extension), what Excel on Korean Windows writes for
 * "CSV (Comma delimited)". A file that is none of these is refused, naming what was tried and how
 * to save it as UTF-8.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as FileSystem from "effect/FileSystem"
import type * as PlatformError from "effect/PlatformError"
import * as Result from "effect/Result"
import { CliError, type InputSource } from "./errors.js"
import { firstError } from "./jsonPosition.js"

/**
 * The encodings an input file is read in.
 *
 * @since 0.1.0
 * @category models
 */
export type Encoding = "utf-8" | "utf-8 with BOM" | "utf-16le" | "utf-16be" | "cp949"

/**
 * A file's text and the encoding it was read in.
 *
 * @since 0.1.0
 * @category models
 */
export interface Decoded {
  readonly text: string
  readonly encoding: Encoding
}

const startsWith = (bytes: Uint8Array, prefix: ReadonlyArray<number>): boolean => prefix.every((byte, i) => bytes[i] === byte)

/**
 * How to make a file readable, when it is not.
 *
 * @since 0.1.0
 * @category constants
 */
export const SAVE_AS_UTF8 = "save it as UTF-8: in Excel, File > Save As > \"CSV UTF-8 (Comma delimited)\"; in an editor, choose the UTF-8 encoding"

const strictUtf8 = (bytes: Uint8Array): Result.Result<string, unknown> =>
  Result.try(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes))

/**
 * Decodes the bytes of an input file: a byte-order mark decides (UTF-8, UTF-16 LE or BE);
 * without one, UTF-8 when the bytes are valid UTF-8, else CP949 (a superset of EUC-KR) when they
 * are valid CP949. Otherwise it fails with what the file is not.
 *
 * @since 0.1.0
 * @category constructors
 */
export const decode = (bytes: Uint8Array): Effect.Effect<Decoded, string> => {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    return Result.match(strictUtf8(bytes.subarray(3)), {
      onFailure: () => Effect.fail("it starts with a UTF-8 byte-order mark but is not valid UTF-8"),
      onSuccess: (text) => Effect.succeed({ text, encoding: "utf-8 with BOM" as const })
    })
  }
  if (startsWith(bytes, [0xff, 0xfe])) return Effect.succeed({ text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" })
  if (startsWith(bytes, [0xfe, 0xff])) return Effect.succeed({ text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" })
  const utf8 = strictUtf8(bytes)
  if (Result.isSuccess(utf8)) return Effect.succeed({ text: utf8.success, encoding: "utf-8" })
  // iconv-lite is loaded only for such files: most input is UTF-8.
  return Effect.flatMap(Effect.promise(() => import("iconv-lite")), ({ default: iconv }) => {
    const text = iconv.decode(bytes, "cp949")
    return text.includes("\uFFFD")
      ? Effect.fail("it is neither UTF-8 nor CP949 (EUC-KR) text")
      : Effect.succeed({ text, encoding: "cp949" as const })
  })
}

/** Why a file could not be read, in words rather than the platform's. */
const readProblem = (e: PlatformError.PlatformError): string => {
  if (e.reason._tag === "NotFound") return "there is no such file"
  if (e.reason._tag === "PermissionDenied") return "permission denied"
  if (e.reason._tag === "BadResource") return "it is not a file"
  return e.message
}

/**
 * Reads a file's text in its encoding (see `decode`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const readDecoded = (file: string): Effect.Effect<Decoded, CliError, FileSystem.FileSystem> =>
  Effect.flatMap(FileSystem.FileSystem, (fs) => fs.readFile(file)).pipe(
    Effect.mapError((e) => new CliError({ message: `cannot read ${file}: ${readProblem(e)}`, hint: "check the path given to --file", exitCode: 2 })),
    Effect.flatMap((bytes) =>
      Effect.mapError(decode(bytes), (problem) => new CliError({ message: `cannot read ${file}: ${problem}`, hint: SAVE_AS_UTF8, exitCode: 2 }))
    )
  )

/**
 * Reads a file's text in its encoding (see `decode`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const readText = (file: string): Effect.Effect<string, CliError, FileSystem.FileSystem> =>
  Effect.map(readDecoded(file), (decoded) => decoded.text)

const optionPath = (path: string): string | undefined => (path === "corpNum" ? "--corp-num" : undefined)

/**
 * Where an SDK field path points in a JSON document holding the input itself.
 *
 * @since 0.1.0
 * @category constructors
 */
export const jsonSource = (file: string): InputSource => ({
  file,
  locate: (path) => optionPath(path) ?? (path === "" ? "(the whole document)" : path)
})

/**
 * Parses JSON text, naming the file when it is not JSON.
 *
 * @since 0.1.0
 * @category constructors
 */
export const parseJson = (file: string, text: string): Result.Result<unknown, CliError> =>
  Result.try({
    try: () => JSON.parse(text) as unknown,
    catch: (e) =>
      new CliError({ message: `${file} is not valid JSON: ${jsonProblem(text, (e as Error).message)}`, hint: "check the file's syntax at that place", exitCode: 2 })
  })

/**
 * What `JSON.parse` found wrong, at the line and column where the text stops being JSON, without
 * quoting the document back.
 */
const jsonProblem = (text: string, message: string): string => {
  const reason = message.replace(/, (\.\.\.)?"[\s\S]*" is not valid JSON$/, "").replace(/ in JSON at position \d+.*$/, "")
  const at = firstError(text)
  return at === undefined ? reason : `line ${at.line}, column ${at.column}: ${reason}`
}

/**
 * Reads a JSON document that must be an object (one input record).
 *
 * @since 0.1.0
 * @category constructors
 */
export const readJsonObject = (file: string): Effect.Effect<{ readonly value: Record<string, unknown>; readonly source: InputSource }, CliError, FileSystem.FileSystem> =>
  Effect.flatMap(readText(file), (text) =>
    Effect.flatMap(Effect.fromResult(parseJson(file, text)), (value) =>
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? Effect.succeed({ value: value as Record<string, unknown>, source: jsonSource(file) })
        : Effect.fail(new CliError({ message: `${file} must hold one JSON object`, hint: "see docs/cli.md for the fields of this command's input", exitCode: 2 }))))

/**
 * Reads a JSON array of strings (document IDs, registration numbers).
 *
 * @since 0.1.0
 * @category constructors
 */
export const readStringList = (file: string): Effect.Effect<ReadonlyArray<string>, CliError, FileSystem.FileSystem> =>
  Effect.flatMap(readText(file), (text) =>
    Effect.flatMap(Effect.fromResult(parseJson(file, text)), (value) =>
      Array.isArray(value) && value.every((item) => typeof item === "string")
        ? Effect.succeed(value as ReadonlyArray<string>)
        : Effect.fail(new CliError({ message: `${file} must hold a JSON array of strings`, hint: "e.g. [\"DOC-0001\", \"DOC-0002\"]", exitCode: 2 }))))

/**
 * One CSV record and the line it starts on.
 *
 * @since 0.1.0
 * @category models
 */
export interface CsvRow {
  readonly line: number
  readonly cells: ReadonlyArray<string>
}

/**
 * Parses CSV (RFC 4180: comma-separated, fields in double quotes may hold commas, quotes written
 * twice and line breaks); blank lines are skipped.
 *
 * @since 0.1.0
 * @category constructors
 */
export const parseCsv = (text: string): Result.Result<ReadonlyArray<CsvRow>, string> => {
  const rows: Array<CsvRow> = []
  let cells: Array<string> = []
  let field = ""
  let quoted = false
  let line = 1
  let rowLine = 1
  let touched = false
  const endRow = () => {
    cells.push(field)
    if (touched || cells.length > 1 || cells[0] !== "") rows.push({ line: rowLine, cells })
    cells = []
    field = ""
    touched = false
  }
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === "\"" && text[i + 1] === "\"") {
        field += "\""
        i++
      } else if (ch === "\"") {
        quoted = false
      } else {
        if (ch === "\n") line++
        field += ch
      }
      continue
    }
    if (ch === "\"" && field === "") {
      quoted = true
      touched = true
    } else if (ch === ",") {
      cells.push(field)
      field = ""
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++
      endRow()
      line++
      rowLine = line
    } else {
      field += ch
    }
  }
  if (quoted) return Result.fail(`a quoted field starting on line ${rowLine} is not closed`)
  if (field !== "" || cells.length > 0 || touched) endRow()
  return Result.succeed(rows)
}

/**
 * Records read from a file, with the source that locates their fields.
 *
 * @since 0.1.0
 * @category models
 */
export interface Records {
  readonly records: ReadonlyArray<Record<string, unknown>>
  readonly source: InputSource
}

const ITEM_PATH = /^cashbills\[(\d+)\](?:\.(.+))?$/

const csvRecords = (file: string, text: string): Result.Result<Records, CliError> => {
  const bad = (message: string) =>
    new CliError({ message: `${file}: ${message}`, hint: "the first line names the fields (mgtKey,tradeUsage,…), one receipt per line after it", exitCode: 2 })
  return Result.flatMap(Result.mapError(parseCsv(text), bad), (rows) => {
    const [header, ...body] = rows
    if (header === undefined) return Result.fail(bad("the file is empty"))
    const names = header.cells.map((name) => name.trim())
    const blank = names.findIndex((name) => name === "")
    if (blank >= 0) return Result.fail(bad(`column ${blank + 1} of the header has no field name`))
    const long = body.find((row) => row.cells.length > names.length)
    if (long !== undefined) return Result.fail(bad(`line ${long.line} has ${long.cells.length} cells, the header names ${names.length}`))
    // An empty cell means the field is absent (optional fields stay out of the request).
    const records = body.map((row) =>
      Object.fromEntries(names.flatMap((name, i) => {
        const value = row.cells[i] ?? ""
        return value === "" ? [] : [[name, value]]
      }))
    )
    const locate = (path: string): string => {
      const match = ITEM_PATH.exec(path)
      if (match === null) return optionPath(path) ?? (path === "cashbills" ? "(the number of receipts)" : path)
      const index = Number(match[1])
      const row = body[index]
      const where = row === undefined ? `receipt ${index + 1}` : `line ${row.line}`
      return match[2] === undefined ? where : `${where}, column ${match[2]}`
    }
    return Result.succeed({ records, source: { file, locate } })
  })
}

const jsonRecords = (file: string, text: string): Result.Result<Records, CliError> =>
  Result.flatMap(parseJson(file, text), (value) => {
    const wrapped = typeof value === "object" && value !== null && !Array.isArray(value) && Array.isArray((value as { cashbills?: unknown }).cashbills)
    const items = wrapped ? (value as { cashbills: ReadonlyArray<unknown> }).cashbills : value
    if (!Array.isArray(items) || !items.every((item) => typeof item === "object" && item !== null && !Array.isArray(item))) {
      return Result.fail(new CliError({ message: `${file} must hold a JSON array of receipts (or {"cashbills": [...]})`, hint: "or give a CSV file with a header row of field names", exitCode: 2 }))
    }
    const locate = (path: string): string => {
      const match = ITEM_PATH.exec(path)
      if (match === null || wrapped) return optionPath(path) ?? path
      return `[${match[1]}]${match[2] === undefined ? "" : `.${match[2]}`}`
    }
    return Result.succeed({ records: items as ReadonlyArray<Record<string, unknown>>, source: { file, locate } })
  })

/**
 * Reads the records of a bulk input: CSV when the file name ends in `.csv`, JSON otherwise.
 *
 * @since 0.1.0
 * @category constructors
 */
export const readRecords = (file: string): Effect.Effect<Records, CliError, FileSystem.FileSystem> =>
  Effect.flatMap(readText(file), (text) => Effect.fromResult(/\.csv$/i.test(file) ? csvRecords(file, text) : jsonRecords(file, text)))

/**
 * The records of a bulk input (`readRecords`), at least one: an empty file fails naming what it
 * should hold (`noun`: "receipts", "invoices"; `item`: what one CSV line or JSON element is).
 *
 * @since 0.1.0
 * @category constructors
 */
export const readSomeRecords = (file: string, noun: string, item: string): Effect.Effect<Records, CliError, FileSystem.FileSystem> =>
  Effect.filterOrFail(readRecords(file), (read) => read.records.length > 0, () =>
    new CliError({ message: `${file} holds no ${noun}`, hint: `one ${item} per CSV line after the header, or per element of the JSON array`, exitCode: 2 }))
