/**
 * Request bodies, encoded once: the bytes held here are exactly the bytes sent, so digests (bulk
 * `X-SVC-Message-Digest`) and recordings see what the service sees.
 *
 * @since 0.1.0
 */
import { utf8 } from "./Signing.js"

/**
 * @since 0.1.0
 * @category models
 */
export interface Body {
  readonly contentType: string | undefined
  readonly bytes: Uint8Array
}

/**
 * No body (a body-less POST is sent with `Content-Length: 0`).
 *
 * @since 0.1.0
 * @category constructors
 */
export const empty: Body = { contentType: undefined, bytes: new Uint8Array(0) }

/**
 * A JSON body. `false`, `0` and `""` are kept (only `undefined` members are left out, as JSON does).
 *
 * @since 0.1.0
 * @category constructors
 */
export const json = (value: unknown): Body => ({
  contentType: "application/json;charset=utf-8",
  bytes: utf8(JSON.stringify(value))
})

/**
 * A form body sent as the live clients send it: `key=value` pairs, values not URL-encoded
 * (AssignMgtKey, docs/service.md "e-Tax invoices"). Use only for values made of URL-safe characters.
 *
 * @since 0.1.0
 * @category constructors
 */
export const form = (fields: Readonly<Record<string, string>>): Body => ({
  contentType: "application/x-www-form-urlencoded; charset=utf-8",
  bytes: utf8(Object.entries(fields).map(([k, v]) => `${k}=${v}`).join("&"))
})

/**
 * One part of a multipart body.
 *
 * @since 0.1.0
 * @category models
 */
export interface Part {
  readonly name: string
  readonly fileName?: string | undefined
  readonly contentType?: string | undefined
  readonly content: Uint8Array | string
}

/**
 * A `multipart/form-data` body with the given boundary (file names written as raw UTF-8, as the
 * live clients do).
 *
 * @since 0.1.0
 * @category constructors
 */
export const multipart = (parts: ReadonlyArray<Part>, boundary: string): Body => {
  const chunks: Array<Uint8Array> = []
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`
    if (part.fileName !== undefined) head += `; filename="${part.fileName}"`
    head += "\r\n"
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}\r\n`
    chunks.push(utf8(`${head}\r\n`))
    chunks.push(typeof part.content === "string" ? utf8(part.content) : part.content)
    chunks.push(utf8("\r\n"))
  }
  chunks.push(utf8(`--${boundary}--\r\n`))
  return { contentType: `multipart/form-data; boundary=${boundary}`, bytes: concat(chunks) }
}

/**
 * `chunks` as one array of bytes (a single chunk as it is); `size`, their total length, when the
 * caller has counted it.
 *
 * @since 1.0.0
 * @category constructors
 */
export const concat = (chunks: ReadonlyArray<Uint8Array>, size = chunks.reduce((n, chunk) => n + chunk.length, 0)): Uint8Array => {
  if (chunks.length === 1) return chunks[0]!
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.length
  }
  return bytes
}
