/**
 * A `multipart/form-data` reader for the sandbox, tolerant of every form the public clients send
 * (docs/service.md "e-Tax invoices"): any boundary (quoted or not, among other Content-Type parameters such as
 * `charset`), extra CRLFs before the first boundary and after the closing one, part header names in
 * any case, `filename="견적서.pdf";` as raw UTF-8 with a trailing `;` (or RFC 5987 `filename*=`),
 * file names with directories (the base name is kept), LF-only line breaks, and the optional `form`
 * part with `{"DisplayName": …}` first, last or absent. File content is returned byte for byte.
 */
import * as Effect from "effect/Effect"
import { fail, type SandboxFailure } from "../Failure.js"

/** One part of a multipart body. */
export interface Part {
  /** The `name` of Content-Disposition. */
  readonly name: string
  /** The `filename`, base name only, when the part is a file. */
  readonly fileName: string | undefined
  readonly contentType: string | undefined
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>
  readonly content: Uint8Array
}

/** The boundary of a multipart Content-Type, or `undefined` when it is not multipart or has none. */
export const boundaryOf = (contentType: string | undefined): string | undefined => {
  if (contentType === undefined) return undefined
  const [type, ...params] = contentType.split(";")
  if (type?.trim().toLowerCase() !== "multipart/form-data") return undefined
  for (const param of params) {
    const at = param.indexOf("=")
    if (at < 0 || param.slice(0, at).trim().toLowerCase() !== "boundary") continue
    const value = param.slice(at + 1).trim()
    const unquoted = value.startsWith("\"") && value.endsWith("\"") && value.length >= 2 ? value.slice(1, -1) : value
    return unquoted === "" ? undefined : unquoted
  }
  return undefined
}

/**
 * The longest boundary accepted: 70 characters (RFC 2046). The public clients' boundaries are
 * shorter; a longer one is refused before the body is searched.
 */
export const MAX_BOUNDARY_LENGTH = 70

/** The most parts a body may hold; the clients send one or two (the file, and the optional `form`). */
export const MAX_PARTS = 16

/** The largest header block of a part (its Content-Disposition and Content-Type lines). */
export const MAX_PART_HEADER_BYTES = 8 * 1024

const utf8 = new TextDecoder("utf-8")

const bufferOf = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

// Node's search (`Buffer#indexOf`) is linear in the body, whatever the boundary looks like.
const CRLF_CRLF = Buffer.from("\r\n\r\n")
const LF_LF = Buffer.from("\n\n")

/** The base name of a file name that may carry directories (`C:\docs\a.pdf`, `/tmp/a.pdf`). */
const baseName = (name: string): string => name.split(/[\\/]/).pop() ?? name

/** Reads `key="value"` / `key=value` parameters of a header, tolerating a trailing `;`. */
const parameters = (header: string): Map<string, string> => {
  const found = new Map<string, string>()
  const pattern = /;\s*([^=;\s]+)\s*=\s*(?:"([^"]*)"|([^;]*))/g
  for (const match of header.matchAll(pattern)) {
    // A quoted value is taken as written; an unquoted one without surrounding spaces.
    found.set(match[1]!.toLowerCase(), match[2] ?? (match[3] ?? "").trim())
  }
  return found
}

const decodeExtended = (value: string): string | undefined => {
  // RFC 5987: charset'language'percent-encoded
  const parts = /^([^']*)'[^']*'(.*)$/.exec(value)
  if (parts === null) return undefined
  try {
    return decodeURIComponent(parts[2]!)
  } catch {
    return undefined
  }
}

/** A part's headers and content; `undefined` without a Content-Disposition or a header block within bounds. */
const parsePart = (raw: Buffer): Part | undefined => {
  // The header block ends at the first empty line (CRLF or LF alone), within its bound.
  const head = raw.subarray(0, MAX_PART_HEADER_BYTES + CRLF_CRLF.length)
  const crlf = head.indexOf(CRLF_CRLF)
  const lf = head.indexOf(LF_LF)
  const [end, skip] = crlf >= 0 && (lf < 0 || crlf < lf) ? [crlf, 4] : [lf, 2]
  if (end < 0) return undefined
  const headers: Record<string, string> = {}
  for (const line of utf8.decode(raw.subarray(0, end)).split(/\r?\n/)) {
    const at = line.indexOf(":")
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim()
  }
  const disposition = headers["content-disposition"]
  if (disposition === undefined) return undefined
  const params = parameters(`;${disposition.slice(disposition.indexOf(";") + 1)}`)
  const extended = params.get("filename*")
  const fileName = (extended === undefined ? undefined : decodeExtended(extended)) ?? params.get("filename")
  return {
    name: params.get("name") ?? "",
    fileName: fileName === undefined ? undefined : baseName(fileName),
    contentType: headers["content-type"],
    headers,
    // A view of the body's bytes, as a plain Uint8Array (not a Buffer).
    content: new Uint8Array(raw.buffer, raw.byteOffset + end + skip, raw.byteLength - end - skip)
  }
}

/**
 * The parts of a multipart body with the given boundary; `undefined` when no delimiter is found,
 * `"TooManyParts"` past `MAX_PARTS`. Each search for a delimiter is linear in the body, and the
 * search goes on from where the last one ended, so reading a body is linear in its length.
 */
export const parse = (bytes: Uint8Array, boundary: string): ReadonlyArray<Part> | "TooManyParts" | undefined => {
  const body = bufferOf(bytes)
  const delimiter = Buffer.from(`--${boundary}`)
  // A delimiter starts a line: the body's first, or one after a line feed. Every search is for the
  // line feed and the delimiter together, which the boundary (no line break in it) cannot hold twice.
  const nextDelimiter = Buffer.from(`\n--${boundary}`)
  let start = 0
  if (delimiter.length > body.length || body.compare(delimiter, 0, delimiter.length, 0, delimiter.length) !== 0) {
    const found = body.indexOf(nextDelimiter)
    if (found < 0) return undefined
    start = found + 1
  }
  const parts: Array<Part> = []
  for (;;) {
    let cursor = start + delimiter.length
    // The closing delimiter `--boundary--`: anything after it (extra CRLFs) is ignored.
    if (body[cursor] === 0x2d && body[cursor + 1] === 0x2d) return parts
    // Skip transport padding and the line break after the delimiter.
    while (body[cursor] === 0x20 || body[cursor] === 0x09) cursor++
    if (body[cursor] === 0x0d) cursor++
    if (body[cursor] === 0x0a) cursor++
    // A delimiter only counts at the start of a line, so file bytes that merely contain the
    // boundary text do not cut the file; the line break before it belongs to it, not to the content.
    const lineBreak = body.indexOf(nextDelimiter, cursor)
    if (lineBreak < 0) return parts.length > 0 ? parts : undefined
    const contentEnd = body[lineBreak - 1] === 0x0d ? lineBreak - 1 : lineBreak
    const part = parsePart(body.subarray(cursor, Math.max(cursor, contentEnd)))
    if (part !== undefined) {
      if (parts.length === MAX_PARTS) return "TooManyParts"
      parts.push(part)
    }
    start = lineBreak + 1
  }
}

/**
 * The file of an upload as the public clients send it: the part `Filedata` (any case), or else the
 * first part with a file name; the display name from an optional `form` part (`{"DisplayName": …}`,
 * `{}` or absent → the file name).
 */
export interface Upload {
  readonly fileName: string
  readonly displayName?: string
  readonly content: Uint8Array
}

const displayNameOf = (parts: ReadonlyArray<Part>): string | undefined => {
  const form = parts.find((p) => p.name.toLowerCase() === "form" && p.fileName === undefined)
  if (form === undefined) return undefined
  try {
    const value = JSON.parse(utf8.decode(form.content)) as unknown
    if (typeof value !== "object" || value === null) return undefined
    for (const [key, name] of Object.entries(value)) if (key.toLowerCase() === "displayname" && typeof name === "string" && name !== "") return name
  } catch {
    // a form part that is not JSON carries no display name
  }
  return undefined
}

/** Reads the upload of a multipart request; `InvalidRequest` naming what is missing. */
export const readUpload = (contentType: string | undefined, body: Uint8Array): Effect.Effect<Upload, SandboxFailure> =>
  Effect.suspend(() => {
    const boundary = boundaryOf(contentType)
    if (boundary === undefined) return Effect.fail(fail("InvalidRequest", "expected Content-Type multipart/form-data with a boundary"))
    if (boundary.length > MAX_BOUNDARY_LENGTH) {
      return Effect.fail(fail("InvalidRequest", `the multipart boundary is longer than ${MAX_BOUNDARY_LENGTH} characters (RFC 2046)`))
    }
    const parts = parse(body, boundary)
    if (parts === undefined) return Effect.fail(fail("InvalidRequest", "the multipart body holds no part delimited by the boundary"))
    if (parts === "TooManyParts") return Effect.fail(fail("InvalidRequest", `the multipart body holds more than ${MAX_PARTS} parts`))
    const file = parts.find((p) => p.name.toLowerCase() === "filedata") ?? parts.find((p) => p.fileName !== undefined)
    if (file === undefined) return Effect.fail(fail("InvalidRequest", "no file part (Filedata) in the multipart body"))
    const fileName = file.fileName === undefined || file.fileName === "" ? "Filedata" : file.fileName
    const displayName = displayNameOf(parts)
    return Effect.succeed(displayName === undefined ? { fileName, content: file.content } : { fileName, displayName, content: file.content })
  })
