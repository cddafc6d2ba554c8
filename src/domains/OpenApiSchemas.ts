/**
 * The schemas of the OpenAPI document (`OpenApi.ts`): JSON Schema (2020-12, the OpenAPI 3.1
 * dialect) of the wire side of the catalogue's schemas, made by effect/Schema's representation
 * compiler (`SchemaRepresentation.toJsonSchemaDocument`), with every schema that has an identifier
 * (the answer and input classes) a component shared by the whole document.
 *
 * @since 0.1.0
 */
import * as SchemaAST from "effect/SchemaAST"
import * as SchemaRepresentation from "effect/SchemaRepresentation"
import type * as Operation from "../core/Operation.js"

/**
 * A JSON value of the document.
 *
 * @since 0.1.0
 * @category models
 */
export type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }

/**
 * A JSON object of the document.
 *
 * @since 0.1.0
 * @category models
 */
export type JsonObject = { readonly [key: string]: Json }

/**
 * Whether objects of the document admit members their schema does not name: `allow` (the service
 * ignores unknown request fields and may add answer fields; the default), or `strict` (what the
 * SDK sends and what the sandbox answers, exactly).
 *
 * @since 0.1.0
 * @category models
 */
export type AdditionalProperties = "allow" | "strict"

/**
 * The reference of a component schema.
 *
 * @since 0.1.0
 * @category constructors
 */
export const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` })

/**
 * Collects the component schemas of a document.
 *
 * @since 0.1.0
 * @category models
 */
export interface Components {
  /** JSON Schema of a schema's wire side; its named parts become components. */
  readonly of: (schema: Operation.AnyCodec) => JsonObject
  /** JSON Schema of an AST's wire side (a property of a struct). */
  readonly ofAst: (ast: SchemaAST.AST) => JsonObject
  /** Adds a component under `name`. */
  readonly add: (name: string, schema: JsonObject) => void
  /** The components, sorted by name. */
  readonly all: () => JsonObject
}

const canonical = (value: unknown): string => JSON.stringify(value, (_, v: unknown) =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v)

// A schema with an identifier is a component under it; the compiler names the wire side of a
// class `<Identifier>Encoded`, and on the wire there is no other side to tell it from.
const referencePolicy: SchemaRepresentation.ReferencePolicy = ({ identifier }) => identifier?.replace(/Encoded$/, "")

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

// `Schema.Number` admits the non-finite numbers, which the compiler offers as the strings "NaN",
// "Infinity" and "-Infinity"; the service's JSON has finite numbers only, and the answers are
// decoded from JSON numbers, so those strings are left out.
const isNonFinite = (member: unknown): boolean =>
  isObject(member) && member["type"] === "string" && Array.isArray(member["enum"]) && member["enum"].length === 3 &&
  ["NaN", "Infinity", "-Infinity"].every((text) => (member["enum"] as ReadonlyArray<unknown>).includes(text))

const hasNumber = (members: ReadonlyArray<unknown>): boolean => members.some((m) => isObject(m) && m["type"] === "number")

/** The compiler's output as the document holds it: references to its components, finite numbers. */
const tidy = (value: unknown): Json => {
  if (Array.isArray(value)) return value.map(tidy)
  if (!isObject(value)) return value as Json
  const out: Record<string, Json> = {}
  for (const [key, member] of Object.entries(value)) {
    if (key === "$ref" && typeof member === "string") out[key] = member.replace(/^#\/\$defs\//, "#/components/schemas/")
    else if (key === "anyOf" && Array.isArray(member) && hasNumber(member)) {
      const kept = member.filter((m) => !isNonFinite(m)).map(tidy)
      if (kept.length === 1 && isObject(kept[0])) Object.assign(out, kept[0])
      else out[key] = kept
    } else out[key] = tidy(member)
  }
  return out
}

/**
 * A collector of components. Two different schemas under one identifier are a mistake of the
 * catalogue (their references would be ambiguous): it throws, naming the identifier.
 *
 * @since 0.1.0
 * @category constructors
 */
export const components = (additionalProperties: AdditionalProperties): Components => {
  const schemas = new Map<string, JsonObject>()
  const options = { onExcessProperty: additionalProperties === "strict" ? "error" : "ignore" } as const
  const add = (name: string, schema: JsonObject) => {
    const known = schemas.get(name)
    if (known !== undefined && canonical(known) !== canonical(schema)) {
      throw new Error(`OpenAPI: two different schemas are named ${name}; give one of them another identifier`)
    }
    schemas.set(name, schema)
  }
  const ofAst = (ast: SchemaAST.AST): JsonObject => {
    const document = SchemaRepresentation.toJsonSchemaDocument(SchemaRepresentation.toRepresentation(ast, { referencePolicy }), options)
    for (const [name, schema] of Object.entries(document.definitions)) add(name, tidy(schema) as JsonObject)
    return tidy(document.schema) as JsonObject
  }
  return {
    of: (schema) => ofAst(schema.ast),
    ofAst,
    add,
    all: () => Object.fromEntries([...schemas].sort(([a], [b]) => a.localeCompare(b)))
  }
}

/**
 * The properties of a struct schema as it travels: name, AST, whether it may be left out.
 *
 * @since 0.1.0
 * @category combinators
 */
export const propertiesOf = (schema: Operation.AnyCodec): ReadonlyArray<{ readonly name: string; readonly ast: SchemaAST.AST; readonly optional: boolean }> => {
  const ast = SchemaAST.toEncoded(schema.ast)
  if (!SchemaAST.isObjects(ast)) return []
  return ast.propertySignatures.map((p) => ({ name: String(p.name), ast: p.type, optional: p.type.context?.isOptional === true }))
}

/**
 * The schema of a multipart body as it travels: one property per part.
 *
 * @since 0.1.0
 * @category combinators
 */
export const multipartSchema = (parts: ReadonlyArray<Operation.MultipartPart>, of: Components["of"]): JsonObject => ({
  type: "object",
  required: parts.map((p) => p.name),
  properties: Object.fromEntries(parts.map((part) => [
    part.name,
    part.file === true
      ? { type: "string", contentMediaType: part.contentType, description: "the file's bytes, with its file name in the part's Content-Disposition" }
      : { type: "string", contentMediaType: part.contentType, ...(part.schema === undefined ? {} : { contentSchema: of(part.schema) }) }
  ]))
})

/**
 * The error answer every failure carries, with a non-200 status.
 *
 * @since 0.1.0
 * @category constants
 */
export const ERROR: JsonObject = {
  type: "object",
  description: "A failure: a non-200 status and a negative code from the service's catalogue of codes, with a message (Korean by default, English when Accept-Language starts with en).",
  required: ["code", "message"],
  properties: {
    code: { type: "integer", description: "the error code (negative)" },
    message: { type: "string" }
  }
}
