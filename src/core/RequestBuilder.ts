/**
 * The one request builder: a call's input validated against its operation's declaration (the
 * member, the parameters, the body, with the rules that need the clock judged at the call's time),
 * the body encoded once, and the path, query and headers written as the declaration says. Nothing
 * is built from an invalid input.
 *
 * @since 0.1.0
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Body from "./Body.js"
import { ValidationError, type ValidationIssue } from "./Errors.js"
import { type Any, type AnyCodec, DIGEST_HEADER, type Input, tokenScopes } from "./Operation.js"
import { CorpNum } from "./Schemas.js"
import * as Signing from "./Signing.js"
import { check } from "./Validation.js"

/**
 * A request built from a declaration: everything the transport needs.
 *
 * @since 0.1.0
 * @category models
 */
export interface Built {
  readonly method: "GET" | "POST"
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  readonly override: string | undefined
  readonly headers: Readonly<Record<string, string>>
  readonly body: Body.Body
  /** The scopes of the token, or `undefined` when called without a token. */
  readonly scopes: ReadonlyArray<string> | undefined
}

const text = (value: unknown): string => Array.isArray(value) ? value.map(String).join(",") : String(value)

/**
 * The request of `operation` from decoded parameters and an encoded body. Path parameters are
 * written as they are (the live clients concatenate them unencoded; the params schema keeps them
 * to safe characters); query values are percent-encoded.
 *
 * @since 0.1.0
 * @category combinators
 */
export const build = (operation: Any, params: Readonly<Record<string, unknown>>, body: Body.Body): Built => {
  let path = ""
  for (const segment of operation.segments) path += `/${segment._tag === "Literal" ? segment.text : text(params[segment.name])}`
  const query: Record<string, string> = {}
  for (const item of operation.query) {
    if (item._tag === "Flag") query[item.name] = ""
    else if (item._tag === "Fixed") query[item.name] = item.value
    else {
      const value = params[item.param]
      if (value !== undefined && value !== null) query[item.name] = text(value)
    }
  }
  const headers: Record<string, string> = {}
  for (const header in operation.headers) {
    const value = params[operation.headers[header]!]
    if (value !== undefined) headers[header] = text(value)
  }
  if (operation.digest) headers[DIGEST_HEADER] = Signing.messageDigest(body.bytes)
  return { method: operation.method, path, query, override: operation.override, headers, body, scopes: tokenScopes(operation) }
}

/**
 * Encodes a validated body value as the declaration says.
 *
 * @since 0.1.0
 * @category combinators
 */
export const encodeBody = (operation: Any, value: unknown): Body.Body => {
  const body = operation.body
  switch (body._tag) {
    case "None":
      return Body.empty
    case "Json":
    case "JsonArray":
      return Body.json(encoderOf(body.schema)(value))
    case "Form":
      return Body.form(encoderOf(body.schema)(value) as Readonly<Record<string, string>>)
    case "Multipart":
      return body.encode(value)
  }
}

// Encoders are made once per schema.
const encoders = new WeakMap<object, (value: unknown) => unknown>()

const encoderOf = (schema: AnyCodec): (value: unknown) => unknown => {
  let encoder = encoders.get(schema)
  if (encoder === undefined) {
    encoder = Schema.encodeUnknownSync(schema)
    encoders.set(schema, encoder)
  }
  return encoder
}

const Member = Schema.Struct({ corpNum: CorpNum })

/**
 * Validates a call's input — the member, the parameters, the body (with the clock-dependent rules
 * judged at `nowMillis`) — and builds the request. Every broken rule is reported at once; nothing
 * is built from an invalid input.
 *
 * @since 0.1.0
 * @category combinators
 */
export const request = <O extends Any>(operation: O, input: Input<O>, nowMillis: number): Result.Result<Built, ValidationError> => {
  const issues: Array<ValidationIssue> = []
  if (operation.scope._tag !== "None") {
    const member = check(Member, { corpNum: input.corpNum })
    if (Result.isFailure(member)) issues.push(...member.failure)
  }
  const params = check(operation.params, input.params ?? {})
  if (Result.isFailure(params)) issues.push(...params.failure)
  let body: Body.Body = Body.empty
  const spec = operation.body
  if (spec._tag !== "None") {
    const schema = "at" in spec && spec.at !== undefined ? spec.at(nowMillis) : spec.schema
    const decoded = check(schema, input.body)
    if (Result.isFailure(decoded)) issues.push(...decoded.failure)
    else if (issues.length === 0) body = encodeBody(operation, decoded.success)
  }
  if (issues.length > 0 || Result.isFailure(params)) return Result.fail(new ValidationError({ operation: operation.sdk, issues }))
  return Result.succeed(build(operation, params.success as Readonly<Record<string, unknown>>, body))
}
