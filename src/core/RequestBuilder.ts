/**
 * The one request builder: a call's input validated against its operation's declaration (the
 * member, the parameters, the body, with the rules that need the clock judged at the call's time),
 * the body encoded once, and the path, query and headers written as the declaration says. Nothing
 * is built from an invalid input.
 *
 * @since 0.1.0
 */
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import * as Absent from "./Absent.js"
import * as Body from "./Body.js"
import { CheckOnlyId } from "./CrossRule.js"
import * as Decoder from "./Decoder.js"
import { ValidationError, type ValidationIssue } from "./Errors.js"
import { type Any, DIGEST_HEADER, type Input, tokenScopes } from "./Operation.js"
import { CorpNum } from "./Schemas.js"
import * as Signing from "./Signing.js"
import { issuesOf } from "./Validation.js"

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

type Encoder = (value: unknown) => unknown

// Encoders are made once per schema. A schema without transformations encodes a decoded value to
// itself (same fields, same order), so its values are sent as they are, with no second pass.
const encoders = new WeakMap<object, Encoder>()

const identity: Encoder = (value) => value

const encoderOf = (schema: Schema.Schema<any, any, never>): Encoder => {
  let encoder = encoders.get(schema)
  if (encoder === undefined) {
    encoder = transforms(schema.ast, new Set()) ? Schema.encodeSync(schema) as Encoder : identity
    encoders.set(schema, encoder)
  }
  return encoder
}

const onlyOptionalFields = (transformation: SchemaAST.TransformationKind): boolean =>
  transformation._tag === "TypeLiteralTransformation" &&
  transformation.propertySignatureTransformations.every((pst) => pst.from === pst.to && pst.encode === Absent.keepPresent)

/** `true` when encoding with `ast` can change a value (transformations, declarations, suspensions). */
const transforms = (ast: SchemaAST.AST, seen: Set<SchemaAST.AST>): boolean => {
  if (seen.has(ast)) return false
  seen.add(ast)
  switch (ast._tag) {
    case "Transformation":
      // A composition, a transformation that only checks, or a struct whose transformed fields are
      // optional input fields (written as they are: a decoded value holds no absent form) leaves
      // values as its sides do.
      return ast.transformation._tag === "ComposeTransformation" || ast.annotations[CheckOnlyId] === true || onlyOptionalFields(ast.transformation)
        ? transforms(ast.from, seen) || transforms(ast.to, seen)
        : true
    case "Declaration":
    case "Suspend":
      return true
    case "Refinement":
      return transforms(ast.from, seen)
    case "Union":
      return ast.types.some((member) => transforms(member, seen))
    case "TupleType":
      return ast.elements.some((element) => transforms(element.type, seen)) || ast.rest.some((rest) => transforms(rest.type, seen))
    case "TypeLiteral":
      return ast.propertySignatures.some((property) => transforms(property.type, seen)) ||
        ast.indexSignatures.some((index) => transforms(index.type, seen))
    default:
      return false
  }
}

type Decoder = (input: unknown) => Either.Either<unknown, ReadonlyArray<ValidationIssue>>

// Decoders are built once per schema: building one compiles a parser.
const decoders = new WeakMap<object, Decoder>()

const decoderOf = (schema: Schema.Schema<any, any, never>): Decoder => {
  let decoder = decoders.get(schema)
  if (decoder === undefined) {
    const decode = Decoder.input(schema)
    decoder = (input) => {
      const decoded = decode(input)
      // A success is answered as it came (the right side carries no issues to map).
      return Either.isLeft(decoded) ? Either.left(issuesOf(decoded.left)) : decoded as unknown as Either.Either<unknown, ReadonlyArray<ValidationIssue>>
    }
    decoders.set(schema, decoder)
  }
  return decoder
}

/**
 * Decodes `input` with `schema` (every broken rule, unknown fields refused); the issues on failure.
 *
 * @since 0.1.0
 * @category combinators
 */
export const check = (schema: Schema.Schema<any, any, never>, input: unknown): Either.Either<unknown, ReadonlyArray<ValidationIssue>> =>
  decoderOf(schema)(input)

const Member = Schema.Struct({ corpNum: CorpNum })

// A partner serves a bounded set of members, each called again and again: a registration number
// found valid once is not decoded again (the set is emptied when it grows past its bound).
const validMembers = new Set<string>()
const MEMBERS_REMEMBERED = 10_000

const rememberMember = (corpNum: string) => {
  if (validMembers.size >= MEMBERS_REMEMBERED) validMembers.clear()
  validMembers.add(corpNum)
}

/**
 * Validates a call's input — the member, the parameters, the body (with the clock-dependent rules
 * judged at `nowMillis`) — and builds the request. Every broken rule is reported at once; nothing
 * is built from an invalid input.
 *
 * @since 0.1.0
 * @category combinators
 */
export const request = <O extends Any>(operation: O, input: Input<O>, nowMillis: number): Either.Either<Built, ValidationError> => {
  const issues: Array<ValidationIssue> = []
  if (operation.scope._tag !== "None" && !validMembers.has(input.corpNum as string)) {
    const member = check(Member, { corpNum: input.corpNum })
    if (Either.isLeft(member)) issues.push(...member.left)
    else rememberMember(input.corpNum as string)
  }
  const params = check(operation.params, input.params ?? {})
  if (Either.isLeft(params)) issues.push(...params.left)
  let body: Body.Body = Body.empty
  const spec = operation.body
  if (spec._tag !== "None") {
    const schema = "at" in spec && spec.at !== undefined ? spec.at(nowMillis) : spec.schema
    const decoded = check(schema, input.body)
    if (Either.isLeft(decoded)) issues.push(...decoded.left)
    else if (issues.length === 0) body = encodeBody(operation, decoded.right)
  }
  if (issues.length > 0 || Either.isLeft(params)) return Either.left(new ValidationError({ operation: operation.sdk, issues }))
  return Either.right(build(operation, params.right as Readonly<Record<string, unknown>>, body))
}
