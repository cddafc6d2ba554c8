/**
 * What every edge of the sandbox shares about HTTP: a request as the kernel reads it (exact body
 * bytes, lower-case headers, query, language, remote address, whether gzip is accepted), the
 * limits on bodies and JSON nesting, and the content types the live service answers with — JSON
 * with `application/json;charset=utf-8`, PDF with exactly `application/pdf;charset=utf-8`
 * (docs/service.md "Answers").
 */
import * as Effect from "effect/Effect"
import { fail, type SandboxFailure } from "../Failure.js"

/** Content-Type of JSON answers. */
export const JSON_CONTENT_TYPE = "application/json;charset=utf-8"

/** Content-Type of PDF answers; clients tell PDF from JSON by this exact value. */
export const PDF_CONTENT_TYPE = "application/pdf;charset=utf-8"

/** A request as the kernel sees it, before routing. */
export interface Incoming {
  readonly method: string
  /** The path as sent, percent-encoded, without the query. */
  readonly path: string
  readonly query: URLSearchParams
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>
  readonly body: Uint8Array
  readonly language: "ko" | "en"
  readonly gzip: boolean
  readonly remoteAddress: string
}

/** The remote address without the IPv4-mapped IPv6 prefix (`::ffff:127.0.0.1` → `127.0.0.1`). */
export const normalizeAddress = (address: string): string => address.startsWith("::ffff:") ? address.slice(7) : address

/** `en…` in Accept-Language → English; any other value → Korean; absent → the default. */
export const languageOf = (header: string | undefined, fallback: "ko" | "en"): "ko" | "en" =>
  header === undefined || header.trim() === "" ? fallback : header.trim().toLowerCase().startsWith("en") ? "en" : "ko"

/** `true` when Accept-Encoding lists gzip (`gzip`, `gzip,deflate`, `deflate, gzip;q=1`). */
export const acceptsGzip = (header: string | undefined): boolean =>
  header !== undefined && header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";")
    return name?.trim() === "gzip" && !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))
  })

/**
 * Default largest request body: 12 MiB. The largest legal requests are a 100-document bulk submit
 * (well under 2 MB of JSON) and an e-Tax invoice attachment of up to 10 MiB
 * (`MAX_FILE_BYTES`) plus its multipart envelope; 12 MiB leaves room for both, lets the e-Tax
 * invoice route answer a slightly larger file with its own code, and refuses anything far beyond.
 */
export const DEFAULT_MAX_BODY_BYTES = 12 * 1024 * 1024

/**
 * Default deepest JSON nesting accepted (objects and arrays). Legal requests nest 4 levels at most;
 * deeper values would make recursive code (schema decoding, error formatting) overflow the stack.
 */
export const DEFAULT_MAX_JSON_DEPTH = 64

/**
 * The result of reading a request: the request, and the failure to answer instead when the body
 * could not be read or is too large (the rest of such a body is left unread: the socket server
 * discards it for a moment after the answer, then closes the connection — `Server.ts`).
 */
export interface Read {
  readonly incoming: Incoming
  readonly failure?: SandboxFailure
}

/** What reading a body gave: its bytes, or that it was larger than the limit, or unreadable. */
export type BodyOutcome =
  | { readonly _tag: "Body"; readonly bytes: Uint8Array }
  | { readonly _tag: "TooLarge" }
  | { readonly _tag: "Unreadable" }

/** A Node readable stream, as far as reading a body needs one. */
export interface NodeReadable {
  on(event: string, listener: (...args: Array<any>) => void): unknown
  off(event: string, listener: (...args: Array<any>) => void): unknown
}

/**
 * Reads a Node stream's chunks and concatenates them once (linear in the size), then calls `done`;
 * stops buffering as soon as the total passes `limit` (later chunks are not buffered). Answers the
 * function that stops listening.
 */
export const readNodeBody = (source: NodeReadable, limit: number, done: (outcome: BodyOutcome) => void): () => void => {
  const chunks: Array<Uint8Array> = []
  let total = 0
  const cleanup = () => {
    source.off("data", onData)
    source.off("end", onEnd)
    source.off("error", onError)
    source.off("aborted", onError)
  }
  const onData = (chunk: Uint8Array) => {
    total += chunk.length
    if (total > limit) {
      cleanup()
      chunks.length = 0
      done({ _tag: "TooLarge" })
      return
    }
    chunks.push(chunk)
  }
  const onEnd = () => {
    cleanup()
    done({ _tag: "Body", bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total) })
  }
  const onError = () => {
    cleanup()
    done({ _tag: "Unreadable" })
  }
  source.on("data", onData)
  source.on("end", onEnd)
  source.on("error", onError)
  source.on("aborted", onError)
  return cleanup
}

const EMPTY_BODY = new Uint8Array(0)

/**
 * A request as the kernel sees it, from its method, target (`/path?query` as sent), headers (lower-case
 * names) and remote address; the body is empty (the caller reads it).
 */
export const incomingOf = (
  method: string,
  target: string,
  headers: Readonly<Record<string, string>>,
  remoteAddress: string,
  defaultLanguage: "ko" | "en"
): Incoming => {
  const queryAt = target.indexOf("?")
  const rawPath = queryAt < 0 ? target : target.slice(0, queryAt)
  return {
    method,
    path: rawPath === "" ? "/" : rawPath,
    query: new URLSearchParams(queryAt < 0 ? "" : target.slice(queryAt + 1)),
    headers,
    body: EMPTY_BODY,
    language: languageOf(headers["accept-language"], defaultLanguage),
    gzip: acceptsGzip(headers["accept-encoding"]),
    remoteAddress: normalizeAddress(remoteAddress)
  }
}

/** The failure answered for a body larger than `limit` bytes. */
export const tooLarge = (limit: number): SandboxFailure => fail("PayloadTooLarge", `at most ${limit} bytes`)

/**
 * `true` when JSON text nests objects and arrays deeper than `maxDepth`: one pass over the bytes,
 * no parsing, so a hostile body is refused before any recursive code sees it.
 */
export const jsonNestsDeeperThan = (bytes: Uint8Array, maxDepth: number): boolean => {
  let depth = 0
  let inString = false
  let escaped = false
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!
    if (inString) {
      if (escaped) escaped = false
      else if (b === 0x5c) escaped = true
      else if (b === 0x22) inString = false
    } else if (b === 0x22) inString = true
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > maxDepth) return true
    } else if (b === 0x5d || b === 0x7d) depth--
  }
  return false
}

/** `true` when a body looks like JSON text (its first non-blank byte opens an object or array). */
export const looksLikeJson = (bytes: Uint8Array): boolean => {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!
    if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0xef || b === 0xbb || b === 0xbf) continue
    return b === 0x5b || b === 0x7b
  }
  return false
}

/** The content type of portal pages. */
export const HTML_CONTENT_TYPE = "text/html; charset=utf-8"

/** The content type of the sandbox pages' event stream (server-sent events). */
export const EVENTS_CONTENT_TYPE = "text/event-stream; charset=utf-8"

const decoder = new TextDecoder("utf-8", { fatal: true })

/** Parses a body as UTF-8 JSON; an empty body is `undefined`. */
export const parseJsonBody = (body: Uint8Array): Effect.Effect<unknown, SandboxFailure> =>
  body.length === 0
    ? Effect.succeed(undefined)
    : Effect.try({ try: () => JSON.parse(decoder.decode(body)) as unknown, catch: () => fail("MalformedJson") })
