/**
 * The optional fields of a body, read from its schema, and the forms a client may give an absent
 * one: left out, `null` or `""` (docs/service.md "What the published clients send").
 */
import * as SchemaAST from "effect/SchemaAST"
import { encodedField, listOf, structOf } from "../../src/testing/Derive.js"

/** Where a field is in a body: keys and list indexes. */
export type Path = ReadonlyArray<string | number>

/** How an absent field travels. */
export type AbsentForm = "left out" | "null" | "empty string"

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

/** The element of the encoded side of `ast`, if it is a list. */
const elementOf = (ast: SchemaAST.AST): SchemaAST.AST | undefined => listOf(ast)?.element

/** A field's own schema, as it travels: an optional input field's union without its absent forms. */
const fieldOf = encodedField

/** `true` when a field may be left out of what travels (with a default or not). */
const isOptional = (field: SchemaAST.AST): boolean => SchemaAST.isOptional(SchemaAST.toEncoded(field))

/** `true` when `ast` has an optional field anywhere (nested structs and lists included). */
export const hasOptionalField = (ast: SchemaAST.AST): boolean => {
  const struct = structOf(ast)
  if (struct !== undefined) return struct.propertySignatures.some((p) => isOptional(p.type) || hasOptionalField(fieldOf(p.type)))
  const element = elementOf(ast)
  return element !== undefined && hasOptionalField(element)
}

/**
 * Every optional field of `value` as `ast` declares it — present or not, in nested records and in
 * every element of a list — by its path.
 */
export const optionalFields = (ast: SchemaAST.AST, value: unknown, at: Path = []): ReadonlyArray<Path> => {
  const struct = structOf(ast)
  if (struct !== undefined && isRecord(value)) {
    return struct.propertySignatures.flatMap((p) => {
      const name = String(p.name)
      const nested = name in value ? optionalFields(fieldOf(p.type), value[name], [...at, name]) : []
      return isOptional(p.type) ? [[...at, name], ...nested] : nested
    })
  }
  const element = elementOf(ast)
  if (element !== undefined && Array.isArray(value)) return value.flatMap((item, i) => optionalFields(element, item, [...at, i]))
  return []
}

/** `value` with the field at `path` written in `form` (a missing parent is left alone). */
export const withAbsent = (value: unknown, path: Path, form: AbsentForm): unknown => {
  const [key, ...rest] = path
  if (key === undefined) return value
  if (Array.isArray(value) && typeof key === "number") return value.map((item, i) => (i === key ? withAbsent(item, rest, form) : item))
  if (!isRecord(value) || typeof key !== "string") return value
  if (rest.length > 0) return key in value ? { ...value, [key]: withAbsent(value[key], rest, form) } : value
  const { [key]: _, ...others } = value
  return form === "left out" ? others : { ...others, [key]: form === "null" ? null : "" }
}
