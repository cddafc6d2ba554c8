/**
 * The cassette format (docs/recordings.md "The cassette format"): a versioned JSON document of recorded interactions, checked
 * with Schema when loaded and written with sorted keys and fixed indentation, so that recording
 * the same scenario twice gives byte-identical files.
 *
 * @since 0.1.0
 */
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as fs from "node:fs"
import * as nodePath from "node:path"
import { parseOrUndefined, stableStringify } from "./internal/json.js"

/**
 * The format version written and accepted.
 *
 * @since 0.1.0
 * @category constants
 */
export const VERSION = 1 as const

/**
 * A body as stored: no bytes.
 *
 * @since 0.1.0
 * @category schemas
 */
export const EmptyBody = Schema.Struct({ kind: Schema.Literal("empty") })

/**
 * A body as stored: a JSON document, kept as JSON (key order is not significant).
 *
 * @since 0.1.0
 * @category schemas
 */
export const JsonBody = Schema.Struct({ kind: Schema.Literal("json"), json: Schema.Unknown })

/**
 * A body as stored: UTF-8 text (forms, plain text, JSON that did not parse).
 *
 * @since 0.1.0
 * @category schemas
 */
export const TextBody = Schema.Struct({ kind: Schema.Literal("text"), text: Schema.String })

/**
 * A body as stored: `multipart/form-data` with its boundary replaced by `BOUNDARY_PLACEHOLDER`;
 * the content is UTF-8 text, or Base64 when a part is binary.
 *
 * @since 0.1.0
 * @category schemas
 */
export const MultipartBody = Schema.Struct({
  kind: Schema.Literal("multipart"),
  encoding: Schema.Literals(["utf8", "base64"]),
  content: Schema.String
})

/**
 * A body as stored: binary bytes (PDF and anything that is not text), Base64.
 *
 * @since 0.1.0
 * @category schemas
 */
export const BinaryBody = Schema.Struct({ kind: Schema.Literal("binary"), base64: Schema.String })

/**
 * A stored body, marked with its kind.
 *
 * @since 0.1.0
 * @category schemas
 */
export const StoredBody = Schema.Union([EmptyBody, JsonBody, TextBody, MultipartBody, BinaryBody])

/**
 * @since 0.1.0
 * @category models
 */
export type StoredBody = typeof StoredBody.Type

const Headers = Schema.Record(Schema.String, Schema.String)

/**
 * A recorded request: method, path (no origin), query pairs sorted by name then value, the headers
 * that matter, the body.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RecordedRequest = Schema.Struct({
  method: Schema.String,
  path: Schema.String,
  query: Schema.Array(Schema.Tuple([Schema.String, Schema.String])),
  headers: Headers,
  body: StoredBody
})

/**
 * @since 0.1.0
 * @category models
 */
export type RecordedRequest = typeof RecordedRequest.Type

/**
 * A recorded answer: status, headers (lower-case, without transfer headers), decoded body.
 *
 * @since 0.1.0
 * @category schemas
 */
export const RecordedResponse = Schema.Struct({
  status: Schema.Int.check(Schema.isBetween({ minimum: 100, maximum: 599 })),
  headers: Headers,
  body: StoredBody
})

/**
 * @since 0.1.0
 * @category models
 */
export type RecordedResponse = typeof RecordedResponse.Type

/**
 * One request and its answer; `recordedAt` is read from the Effect `Clock` (ISO-8601, UTC).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Interaction = Schema.Struct({
  recordedAt: Schema.String,
  request: RecordedRequest,
  response: RecordedResponse
})

/**
 * @since 0.1.0
 * @category models
 */
export type Interaction = typeof Interaction.Type

/**
 * A cassette: the version and the interactions in recorded order.
 *
 * @since 0.1.0
 * @category schemas
 */
export const Cassette = Schema.Struct({
  version: Schema.Literal(VERSION),
  interactions: Schema.Array(Interaction)
})

/**
 * @since 0.1.0
 * @category models
 */
export type Cassette = typeof Cassette.Type

/**
 * An empty cassette.
 *
 * @since 0.1.0
 * @category constructors
 */
export const empty: Cassette = { version: VERSION, interactions: [] }

/**
 * A cassette file that is not valid JSON or does not have the cassette shape.
 *
 * @since 0.1.0
 * @category errors
 */
export class CassetteInvalid extends Data.TaggedError("CassetteInvalid")<{
  readonly path: string
  readonly reason: string
}> {
  override get message(): string {
    return `cassette ${this.path} is not valid: ${this.reason}`
  }
}

/**
 * A cassette file could not be read or written.
 *
 * @since 0.1.0
 * @category errors
 */
export class CassetteIOError extends Data.TaggedError("CassetteIOError")<{
  readonly path: string
  readonly operation: "read" | "write"
  readonly reason: string
}> {
  override get message(): string {
    return `cassette ${this.path}: cannot ${this.operation}: ${this.reason}`
  }
}

/**
 * The text of a cassette: keys sorted at every depth, two-space indentation, a final newline.
 *
 * @since 0.1.0
 * @category combinators
 */
export const encode = (cassette: Cassette): string => `${stableStringify(cassette, 2)}\n`

const decodeCassette = Schema.decodeUnknownEffect(Cassette)

/**
 * Parses and checks the text of a cassette; `path` only names the file in the error.
 *
 * @since 0.1.0
 * @category combinators
 */
export const decode = (text: string, path = "(text)"): Effect.Effect<Cassette, CassetteInvalid> => {
  const parsed = parseOrUndefined(text)
  if (parsed === undefined) return Effect.fail(new CassetteInvalid({ path, reason: "not JSON" }))
  return decodeCassette(parsed.value, { onExcessProperty: "error" }).pipe(
    Effect.mapError((error) => new CassetteInvalid({ path, reason: error.message }))
  )
}

/**
 * Whether a cassette file exists.
 *
 * @since 0.1.0
 * @category combinators
 */
export const exists = (path: string): Effect.Effect<boolean> => Effect.sync(() => fs.existsSync(path))

/**
 * Reads and checks a cassette file.
 *
 * @since 0.1.0
 * @category combinators
 */
export const read = (path: string): Effect.Effect<Cassette, CassetteInvalid | CassetteIOError> =>
  Effect.try({
    try: () => fs.readFileSync(path, "utf8"),
    catch: (e) => new CassetteIOError({ path, operation: "read", reason: String(e) })
  }).pipe(Effect.flatMap((text) => decode(text, path)))

/**
 * Writes cassette text, creating the directory; the file is replaced atomically (written beside
 * it, then renamed) so that a reader never sees half a cassette.
 *
 * @since 0.1.0
 * @category combinators
 */
export const writeText = (path: string, text: string): Effect.Effect<void, CassetteIOError> =>
  Effect.try({
    try: () => {
      fs.mkdirSync(nodePath.dirname(path), { recursive: true })
      const temporary = `${path}.${process.pid}.tmp`
      fs.writeFileSync(temporary, text, "utf8")
      fs.renameSync(temporary, path)
    },
    catch: (e) => new CassetteIOError({ path, operation: "write", reason: String(e) })
  })
