/**
 * Request matching (docs/recordings.md "Matching"): method, path (case-insensitive), sorted query, the override
 * header, the media type, and the body compared as canonical JSON (key order irrelevant) or with
 * multipart boundaries normalised. Never Authorization, X-SVC-Date, signatures, User-Agent or
 * Accept-Encoding — they are not even stored. Token issuance matches on path and the body's
 * `access_id` and `scope` only. A miss is explained field by field against the nearest recorded
 * request.
 *
 * @since 0.1.0
 */
import * as Data from "effect/Data"
import { LocalRefusal } from "../core/Transport.js"
import type { Interaction, RecordedRequest, StoredBody } from "./Cassette.js"
import { mediaType } from "./Capture.js"
import { flatten } from "./internal/json.js"

/**
 * One compared field: its name, its normalised value as JSON text (`body.cashbills[0].totalAmount`
 * → `"11000"`), and, when normalising changed it, the value as sent (for messages).
 *
 * @since 0.1.0
 * @category models
 */
export type Field = readonly [name: string, value: string, shown?: string]

const normalised = (name: string, raw: string, value: string): Field =>
  raw === value ? [name, JSON.stringify(value)] : [name, JSON.stringify(value), JSON.stringify(raw)]

/**
 * Whether a path is token issuance (`/SERVICE/Token` or `/SERVICE_TEST/Token`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const isTokenIssuance = (path: string): boolean => /\/SERVICE(?:_TEST)?\/Token$/i.test(path)

const bodyFields = (body: StoredBody, into: Array<Field>): void => {
  switch (body.kind) {
    case "empty":
      return
    case "json":
      flatten(body.json, "body", into)
      return
    case "text":
      into.push(["body", JSON.stringify(body.text)])
      return
    case "multipart":
      into.push(["body", JSON.stringify(body.content)])
      return
    case "binary":
      into.push(["body", JSON.stringify(`base64:${body.base64}`)])
      return
  }
}

const tokenBodyFields = (body: StoredBody, into: Array<Field>): void => {
  if (body.kind !== "json" || body.json === null || typeof body.json !== "object" || Array.isArray(body.json)) {
    bodyFields(body, into)
    return
  }
  const json = body.json as Record<string, unknown>
  flatten({ access_id: json["access_id"], scope: json["scope"] }, "body", into)
}

/**
 * The fields a request is matched on, in a fixed order.
 *
 * @since 0.1.0
 * @category combinators
 */
export const fieldsOf = (request: RecordedRequest): ReadonlyArray<Field> => {
  const fields: Array<Field> = [
    normalised("method", request.method, request.method.toUpperCase()),
    normalised("path", request.path, request.path.toLowerCase())
  ]
  if (isTokenIssuance(request.path)) {
    tokenBodyFields(request.body, fields)
    return fields
  }
  const seen = new Map<string, number>()
  for (const [name, value] of [...request.query].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))) {
    const n = seen.get(name) ?? 0
    seen.set(name, n + 1)
    fields.push([n === 0 ? `query.${name}` : `query.${name}[${n}]`, JSON.stringify(value)])
  }
  const override = request.headers["x-http-method-override"]
  if (override !== undefined) fields.push(normalised("headers.x-http-method-override", override, override.toUpperCase()))
  const contentType = request.headers["content-type"]
  if (contentType !== undefined && request.body.kind !== "empty") {
    fields.push(normalised("headers.content-type", contentType, mediaType(contentType)))
  }
  bodyFields(request.body, fields)
  return fields
}

/**
 * The match key of a request: equal keys match.
 *
 * @since 0.1.0
 * @category combinators
 */
export const keyOf = (request: RecordedRequest): string => JSON.stringify(fieldsOf(request).map(([name, value]) => [name, value]))

/**
 * One field that differs; `undefined` means the field is absent on that side.
 *
 * @since 0.1.0
 * @category models
 */
export interface FieldDiff {
  readonly field: string
  readonly recorded: string | undefined
  readonly sent: string | undefined
}

/**
 * The fields that differ between a recorded and a sent request.
 *
 * @since 0.1.0
 * @category combinators
 */
export const diff = (recorded: RecordedRequest, sent: RecordedRequest): ReadonlyArray<FieldDiff> => {
  const left = new Map(fieldsOf(recorded).map((f) => [f[0], f] as const))
  const right = new Map(fieldsOf(sent).map((f) => [f[0], f] as const))
  const names = [...left.keys(), ...[...right.keys()].filter((name) => !left.has(name))]
  return names.flatMap((field) => {
    const a = left.get(field)
    const b = right.get(field)
    return a?.[1] === b?.[1] ? [] : [{ field, recorded: a?.[2] ?? a?.[1], sent: b?.[2] ?? b?.[1] }]
  })
}

const shorten = (text: string): string => (text.length > 120 ? `${text.slice(0, 117)}…` : text)

/**
 * `body.cashbills[0].totalAmount: recorded "11000", sent "12000"`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const formatDiff = (d: FieldDiff): string =>
  `${d.field}: recorded ${d.recorded === undefined ? "(absent)" : shorten(d.recorded)}, sent ${d.sent === undefined ? "(absent)" : shorten(d.sent)}`

/**
 * `POST /Cashbill?Detail (ISSUE)`: a request in one line, for messages.
 *
 * @since 0.1.0
 * @category combinators
 */
export const describe = (request: RecordedRequest): string => {
  const query = request.query.map(([k, v]) => (v === "" ? k : `${k}=${v}`)).join("&")
  const override = request.headers["x-http-method-override"]
  return `${request.method} ${request.path}${query === "" ? "" : `?${query}`}${override === undefined ? "" : ` (${override})`}`
}

/**
 * The recorded interaction closest to a request: fewest differing fields, then unused before
 * used, then earliest.
 *
 * @since 0.1.0
 * @category combinators
 */
export const nearest = (
  interactions: ReadonlyArray<Interaction>,
  used: ReadonlyArray<boolean>,
  sent: RecordedRequest
): { readonly index: number; readonly diff: ReadonlyArray<FieldDiff> } | undefined => {
  let best: { index: number; diff: ReadonlyArray<FieldDiff>; used: boolean } | undefined
  interactions.forEach((interaction, index) => {
    const d = diff(interaction.request, sent)
    const isUsed = used[index] === true
    if (best === undefined || d.length < best.diff.length || (d.length === best.diff.length && best.used && !isUsed)) {
      best = { index, diff: d, used: isUsed }
    }
  })
  return best === undefined ? undefined : { index: best.index, diff: best.diff }
}

/**
 * No recorded interaction answers a request. `diff` compares it with the nearest recorded one
 * (`nearestIndex`); an empty diff means every recorded answer to this very request was already
 * used (the recorded sequence of a repeated request ran out).
 *
 * @since 0.1.0
 * @category errors
 */
export class CassetteMiss extends Data.TaggedError("CassetteMiss")<{
  readonly cassette: string
  readonly request: RecordedRequest
  readonly nearestIndex: number | undefined
  readonly nearestRequest: RecordedRequest | undefined
  readonly diff: ReadonlyArray<FieldDiff>
}> {
  /** A miss is final: nothing went out, and asking again cannot find another answer. */
  readonly [LocalRefusal] = true
  override get message(): string {
    const head = `cassette ${this.cassette}: no recorded interaction matches ${describe(this.request)}`
    if (this.nearestIndex === undefined || this.nearestRequest === undefined) return `${head} (the cassette is empty)`
    if (this.diff.length === 0) {
      return `${head}: every recorded answer to it was already used (interaction #${this.nearestIndex} was the last match)`
    }
    const lines = this.diff.map((d) => `  ${formatDiff(d)}`)
    return `${head}\nnearest is interaction #${this.nearestIndex} ${describe(this.nearestRequest)}:\n${lines.join("\n")}`
  }
}
