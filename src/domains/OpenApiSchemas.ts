/**
 * The schemas of the OpenAPI document (`OpenApi.ts`): JSON Schema (2020-12, the OpenAPI 3.1
 * dialect) of the wire side of the catalogue's schemas, made by effect/Schema's `JSONSchema`, with
 * every named schema a component shared by the whole document.
 *
 * @since 0.1.0
 */
import * as AST from "effect/SchemaAST"
import * as JSONSchema from "effect/JSONSchema"
import type * as Schema from "effect/Schema"
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
  readonly of: (schema: Schema.Schema<any, any, never>) => JsonObject
  /** JSON Schema of an AST's wire side (a property of a struct). */
  readonly ofAst: (ast: AST.AST) => JsonObject
  /** Adds a component under `name`. */
  readonly add: (name: string, schema: JsonObject) => void
  /** The components, sorted by name. */
  readonly all: () => JsonObject
}

const canonical = (value: unknown): string => JSON.stringify(value, (_, v: unknown) =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v)

/**
 * A collector of components. Two different schemas under one identifier are a mistake of the
 * catalogue (their references would be ambiguous): it throws, naming the identifier.
 *
 * @since 0.1.0
 * @category constructors
 */
export const components = (additionalProperties: AdditionalProperties): Components => {
  const schemas = new Map<string, JsonObject>()
  const add = (name: string, schema: JsonObject) => {
    const known = schemas.get(name)
    if (known !== undefined && canonical(known) !== canonical(schema)) {
      throw new Error(`OpenAPI: two different schemas are named ${name}; give one of them another identifier`)
    }
    schemas.set(name, schema)
  }
  const ofAst = (ast: AST.AST): JsonObject => {
    const definitions: Record<string, JSONSchema.JsonSchema7> = {}
    const out = JSONSchema.fromAST(ast, {
      definitions,
      definitionPath: "#/components/schemas/",
      target: "openApi3.1",
      additionalPropertiesStrategy: additionalProperties
    })
    for (const [name, schema] of Object.entries(definitions)) add(name, schema as unknown as JsonObject)
    return out as unknown as JsonObject
  }
  return {
    of: (schema) => ofAst(schema.ast),
    ofAst,
    add,
    all: () => Object.fromEntries([...schemas].sort(([a], [b]) => a.localeCompare(b)))
  }
}

/**
 * The properties of a struct schema (through refinements and transformations): name, AST,
 * whether it may be left out.
 *
 * @since 0.1.0
 * @category combinators
 */
export const propertiesOf = (schema: Schema.Schema<any, any, never>): ReadonlyArray<{ readonly name: string; readonly ast: AST.AST; readonly optional: boolean }> => {
  let ast: AST.AST = AST.encodedAST(schema.ast)
  while (AST.isRefinement(ast) || AST.isTransformation(ast)) ast = ast.from
  if (!AST.isTypeLiteral(ast)) return []
  return ast.propertySignatures.map((p) => ({ name: String(p.name), ast: p.type, optional: p.isOptional }))
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
