/**
 * The one response decoder of every call: a Schema on success, `{code, message}` on failure, and
 * anything else (an unexpected status, a truncated or non-JSON body) as a typed `ResponseError`
 * with the status and a body excerpt — never a thrown exception.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import { constants as BufferConstants } from "node:buffer"
import { gunzipSync } from "node:zlib"
import { ApiError, codeMessage, ResponseError } from "./Errors.js"
import { decoderOf } from "./Validation.js"

const decoder = new TextDecoder()

/**
 * A received answer: status, lower-case headers, body bytes (already decompressed).
 *
 * @since 0.1.0
 * @category models
 */
export interface Received {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: Uint8Array
}

/**
 * Decompresses a gzip body, never to more than `maxBytes`: decompression stops as soon as the
 * output would pass the limit (zlib's `maxOutputLength`), so a small compressed answer cannot
 * grow into a large one in memory; `undefined` then. A limit no Buffer can reach (`Infinity`,
 * `Number.MAX_SAFE_INTEGER`) decompresses without one. Fetch-based clients decompress already;
 * in-process and recorded answers and the direct transport's may still carry the gzip bytes,
 * recognised by their magic number. A body that is not gzip is answered as it is. A body that is
 * not valid gzip throws zlib's error.
 *
 * @since 0.1.0
 * @category combinators
 */
export const gunzipWithin = <B extends Uint8Array>(body: B, maxBytes: number): B | Uint8Array | undefined => {
  if (!isGzip(body)) return body
  // zlib takes a limit up to the largest Buffer; a larger one (no limit configured) means none.
  if (!(maxBytes < BufferConstants.MAX_LENGTH)) return gunzipSync(body)
  try {
    return gunzipSync(body, { maxOutputLength: Math.max(1, Math.floor(maxBytes)) })
  } catch (error) {
    if ((error as { readonly code?: unknown }).code === "ERR_BUFFER_TOO_LARGE") return undefined
    throw error
  }
}

const isGzip = (body: Uint8Array): boolean => body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b

/**
 * The first 300 characters of a body, for error messages, with token values redacted.
 *
 * @since 0.1.0
 * @category combinators
 */
export const excerpt = (body: Uint8Array): string => {
  // Token answers carry `session_token`: an excerpt (kept in errors) never shows its value.
  const text = decoder.decode(body.subarray(0, 600)).replace(/("session_token"\s*:\s*")[^"]*"?/g, "$1<redacted>\"")
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}

const ErrorShape = Schema.Struct({ code: Schema.Number, message: Schema.String })
const decodeErrorShape = Schema.decodeUnknownResult(ErrorShape)

const NotJson: unique symbol = Symbol("taxdoc/Response/NotJson")

const parseJson = (body: Uint8Array): unknown => {
  try {
    return JSON.parse(decoder.decode(body)) as unknown
  } catch {
    return NotJson
  }
}

/**
 * `Retry-After` in milliseconds: delay-seconds or an HTTP date (relative to `nowMillis`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const retryAfterOf = (headers: Readonly<Record<string, string>>, nowMillis = Date.now()): number | undefined => {
  const value = headers["retry-after"]?.trim()
  if (value === undefined || value === "") return undefined
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMillis)
}

/**
 * The failure of a non-200 answer: `ApiError` when the body is `{code, message}`, else a
 * `ResponseError` with the status and an excerpt.
 *
 * @since 0.1.0
 * @category combinators
 */
export const failureOf = (operation: string, received: Received): ApiError | ResponseError => {
  const parsed = parseJson(received.body)
  if (parsed !== NotJson) {
    const shape = decodeErrorShape(parsed)
    if (Result.isSuccess(shape)) {
      const retryAfterMillis = retryAfterOf(received.headers)
      return new ApiError({
        operation,
        status: received.status,
        code: shape.success.code,
        message: codeMessage(shape.success.code, shape.success.message),
        serviceMessage: shape.success.message,
        ...(retryAfterMillis === undefined ? {} : { retryAfterMillis })
      })
    }
  }
  return new ResponseError({
    operation,
    status: received.status,
    reason: "UnexpectedStatus",
    bodyExcerpt: excerpt(received.body),
    message: `${operation}: HTTP ${received.status} without a {code, message} body`,
    retryAfterMillis: retryAfterOf(received.headers)
  })
}

/**
 * A decoder of answers of `schema`, fields the schema does not name ignored (the service adds
 * fields over time).
 *
 * @since 1.0.0
 * @category models
 */
export type AnswerDecoder<A> = (input: unknown) => Result.Result<A, Schema.SchemaError>

/**
 * The answer decoder of `schema` (make it once and keep it: a client keeps one per operation).
 *
 * @since 1.0.0
 * @category constructors
 */
export const answerDecoder = <A, I>(schema: Schema.Codec<A, I, never, never>): AnswerDecoder<A> =>
  decoderOf(schema, answerOptions)

/** How answers are read: fields the schema does not name ignored. */
const answerOptions: SchemaAST.ParseOptions = { onExcessProperty: "ignore" }

/**
 * Decodes a 200 JSON answer with `schema` (fields it does not name are ignored).
 *
 * @since 0.1.0
 * @category combinators
 */
export const decodeJson = <A, I>(operation: string, schema: Schema.Codec<A, I, never, never>, received: Received): Effect.Effect<A, ResponseError> =>
  decodeWith(operation, answerDecoder(schema), received)

/**
 * Decodes a 200 JSON answer with a decoder of `answerDecoder`.
 *
 * @since 1.0.0
 * @category combinators
 */
export const decodeWith = <A>(operation: string, decode: AnswerDecoder<A>, received: Received): Effect.Effect<A, ResponseError> => {
  const parsed = parseJson(received.body)
  if (parsed === NotJson) {
    return Effect.fail(new ResponseError({
      operation,
      status: received.status,
      reason: "Decode",
      bodyExcerpt: excerpt(received.body),
      message: `${operation}: the answer is not JSON`
    }))
  }
  const decoded = decode(parsed)
  return Result.isSuccess(decoded)
    ? Effect.succeed(decoded.success)
    : Effect.fail(new ResponseError({
      operation,
      status: received.status,
      reason: "Decode",
      bodyExcerpt: excerpt(received.body),
      message: `${operation}: unexpected answer shape: ${decoded.failure.message}`
    }))
}

/**
 * Checks that a 200 answer is a PDF (docs/service.md "Answers": the service answers `application/pdf;charset=utf-8`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const decodePdf = (operation: string, received: Received): Effect.Effect<Uint8Array, ResponseError> => {
  const type = (received.headers["content-type"] ?? "").toLowerCase()
  if (type.startsWith("application/pdf")) return Effect.succeed(received.body)
  return Effect.fail(new ResponseError({
    operation,
    status: received.status,
    reason: "Decode",
    bodyExcerpt: excerpt(received.body),
    message: `${operation}: expected a PDF, got Content-Type ${type || "(none)"}`
  }))
}
