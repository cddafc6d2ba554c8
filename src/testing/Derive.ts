/**
 * Arbitraries derived from an input schema: the encoded side of its AST walked field by field, each
 * field drawn from the generator of its named rules (`RuleValues.ts`) and checked against every
 * predicate of the field, optional fields left out or present, enumerations drawn from their
 * literals. Cross-field rules are not in the AST's fields: a document's completion
 * (`Completions.ts`) makes them hold, registered against the schema it completes.
 *
 * @since 0.1.0
 */
import * as FastCheck from "effect/FastCheck"
import * as Option from "effect/Option"
import * as SchemaAST from "effect/SchemaAST"
import { OrAbsentId } from "../core/Absent.js"
import { RuleId } from "../core/Rule.js"
import * as RuleValues from "./RuleValues.js"

/**
 * What a generated document depends on besides its own fields: the member sending it and the
 * moment it is judged at (trade times and write dates depend on the KST day).
 *
 * @since 0.1.0
 * @category models
 */
export interface Context {
  readonly corpNum: string
  readonly now: number
}

/**
 * A cross-field completion: extra random choices (`extra`), and how they make a value drawn from
 * the schema's fields satisfy the schema's cross-field rules.
 *
 * @since 0.1.0
 * @category models
 */
export interface Completion<E> {
  readonly extra: FastCheck.Arbitrary<E>
  readonly complete: (value: Record<string, unknown>, extra: E, context: Context) => Record<string, unknown>
}

/**
 * Completions by the AST of the schema they complete.
 *
 * @since 0.1.0
 * @category models
 */
export type Completions = ReadonlyMap<SchemaAST.AST, Completion<unknown>>

/**
 * A refinement's predicate, as the schema judges it.
 *
 * @since 0.1.0
 * @category rules
 */
export const passes = (refinement: SchemaAST.Refinement, value: unknown): boolean =>
  Option.isNone(refinement.filter(value, SchemaAST.defaultParseOption, refinement))

/**
 * The chain of refinements over a base (outermost first), and the base.
 *
 * @since 0.1.0
 * @category models
 */
export interface Refined {
  readonly refinements: ReadonlyArray<SchemaAST.Refinement>
  readonly base: SchemaAST.AST
}

/**
 * `ast` split into its refinements and their base.
 *
 * @since 0.1.0
 * @category combinators
 */
export const refined = (ast: SchemaAST.AST): Refined => {
  const refinements: Array<SchemaAST.Refinement> = []
  let at = ast
  while (SchemaAST.isRefinement(at)) {
    refinements.push(at)
    at = at.from
  }
  return { refinements, base: at }
}

/**
 * The rule names of a chain of refinements (outermost first).
 *
 * @since 0.1.0
 * @category combinators
 */
export const ruleNames = (refinements: ReadonlyArray<SchemaAST.Refinement>): ReadonlyArray<string> =>
  refinements.flatMap((r) => {
    const name = r.annotations[RuleId]
    return typeof name === "string" ? [name] : []
  })

/**
 * The literals of `ast` when it is a literal or a union of literals.
 *
 * @since 0.1.0
 * @category combinators
 */
export const literalsOf = (ast: SchemaAST.AST): ReadonlyArray<SchemaAST.LiteralValue> | undefined => {
  if (SchemaAST.isLiteral(ast)) return [ast.literal]
  if (SchemaAST.isUnion(ast) && ast.types.every(SchemaAST.isLiteral)) return ast.types.map((t) => (t as SchemaAST.Literal).literal)
  return undefined
}

/**
 * The field's own schema: an optional input field's union without its absent forms (`Absent.ts`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const ownSchema = (ast: SchemaAST.AST): SchemaAST.AST => {
  if (!SchemaAST.isUnion(ast) || ast.annotations[OrAbsentId] !== true) return ast
  const own = ast.types.filter((t) => !SchemaAST.isLiteral(t) || t.literal !== "")
  return own.find((t) => t._tag !== "Literal" || t.literal !== null) ?? ast
}

/**
 * The struct a schema's encoded side is, through classes, transformations and refinements.
 *
 * @since 0.1.0
 * @category combinators
 */
export const structOf = (ast: SchemaAST.AST): SchemaAST.TypeLiteral | undefined => {
  switch (ast._tag) {
    case "TypeLiteral":
      return ast
    case "Refinement":
    case "Transformation":
      return structOf(ast.from)
    case "Suspend":
      return structOf(ast.f())
    default:
      return undefined
  }
}

/**
 * The list element of a schema's encoded side, with the list's own refinements.
 *
 * @since 0.1.0
 * @category combinators
 */
export const listOf = (ast: SchemaAST.AST): { readonly element: SchemaAST.AST; readonly refinements: ReadonlyArray<SchemaAST.Refinement> } | undefined => {
  const { base, refinements } = refined(ast)
  if (SchemaAST.isTupleType(base) && base.elements.length === 0 && base.rest.length === 1) return { element: base.rest[0]!.type, refinements }
  if (SchemaAST.isTransformation(base)) return listOf(base.from)
  return undefined
}

/** The values a field's schema gives as examples (`examples` annotation), if any. */
const examplesOf = (refinements: ReadonlyArray<SchemaAST.Refinement>): ReadonlyArray<string> | undefined => {
  for (const r of refinements) {
    const examples = r.annotations[SchemaAST.ExamplesAnnotationId]
    if (Array.isArray(examples) && examples.every((e) => typeof e === "string")) return examples as ReadonlyArray<string>
  }
  return undefined
}

/** Fields pinned by the caller, at the top of the value derived. */
type Fixed = Readonly<Record<string, unknown>> | undefined

/** A pattern a refinement states (`Schema.pattern`), as a regular expression. */
const patternOf = (refinements: ReadonlyArray<SchemaAST.Refinement>): RegExp | undefined => {
  for (const r of refinements) {
    const json = r.annotations[SchemaAST.JSONSchemaAnnotationId] as { readonly pattern?: unknown } | undefined
    if (typeof json?.pattern === "string") return new RegExp(json.pattern)
  }
  return undefined
}

/** How many items a derived list holds at most (shrinking goes towards fewer). */
const LIST_MAX = 3

const filtered = <A>(arb: FastCheck.Arbitrary<A>, refinements: ReadonlyArray<SchemaAST.Refinement>): FastCheck.Arbitrary<A> =>
  refinements.length === 0 ? arb : arb.filter((value) => refinements.every((r) => passes(r, value)))

const record = (struct: SchemaAST.TypeLiteral, context: Context, completions: Completions, fixed: Fixed): FastCheck.Arbitrary<Record<string, unknown>> => {
  const fields: Record<string, FastCheck.Arbitrary<unknown>> = {}
  const requiredKeys: Array<string> = []
  for (const property of struct.propertySignatures) {
    const name = String(property.name)
    const pinned = fixed !== undefined && name in fixed
    // A present optional field holds a value: `null` and `""` there are absent (`Absent.ts`).
    const drawn = derive(ownSchema(property.type), context, completions)
    fields[name] = pinned ? FastCheck.constant(fixed[name]) : property.isOptional ? drawn.filter((v) => v !== "" && v !== null) : drawn
    if (!property.isOptional || pinned) requiredKeys.push(name)
  }
  const own = FastCheck.record(fields, { requiredKeys })
  const [index] = struct.indexSignatures
  if (index === undefined) return own as FastCheck.Arbitrary<Record<string, unknown>>
  const entries = FastCheck.dictionary(
    derive(index.parameter, context, completions).filter((key): key is string => typeof key === "string" && key !== "__proto__"),
    derive(index.type, context, completions),
    { maxKeys: LIST_MAX }
  )
  return FastCheck.tuple(own, entries).map(([named, extra]) => ({ ...extra, ...named }))
}

const list = (element: SchemaAST.AST, refinements: ReadonlyArray<SchemaAST.Refinement>, context: Context, completions: Completions) => {
  const { maxLength, minLength } = RuleValues.itemBounds(ruleNames(refinements))
  return filtered(FastCheck.array(derive(element, context, completions), { minLength, maxLength: Math.min(maxLength, Math.max(minLength, LIST_MAX)) }), refinements)
}

/**
 * An arbitrary of the encoded values `ast` accepts, its cross-field rules made to hold by the
 * completion registered for each schema on the way.
 *
 * @since 0.1.0
 * @category constructors
 */
export const derive = (ast: SchemaAST.AST, context: Context, completions: Completions, fixed?: Readonly<Record<string, unknown>>): FastCheck.Arbitrary<unknown> => {
  const completion = completions.get(ast)
  if (completion !== undefined) {
    const struct = structOf(ast)
    if (struct === undefined) throw new Error("a completion completes a struct")
    return FastCheck.tuple(record(struct, context, completions, fixed), completion.extra).map(([value, extra]) => completion.complete(value, extra, context))
  }
  if (fixed !== undefined) {
    const struct = structOf(ast)
    if (struct !== undefined) return record(struct, context, completions, fixed)
  }
  switch (ast._tag) {
    case "Refinement": {
      const { base, refinements } = refined(ast)
      const items = listOf(ast)
      if (items !== undefined) return list(items.element, items.refinements, context, completions)
      if (SchemaAST.isTransformation(base)) return filtered(derive(base, context, completions), refinements)
      const stated = patternOf(refinements)
      if (stated !== undefined) return filtered(FastCheck.stringMatching(stated), refinements)
      return filtered(RuleValues.generator(base, ruleNames(refinements), context, examplesOf(refinements)), refinements)
    }
    case "Transformation": {
      const literals = literalsOf(SchemaAST.typeAST(ast.to))
      return literals !== undefined ? FastCheck.constantFrom(...literals) : derive(ast.from, context, completions)
    }
    case "TypeLiteral":
      return record(ast, context, completions, undefined)
    case "TupleType": {
      const items = listOf(ast)
      if (items === undefined) return FastCheck.tuple(...ast.elements.map((e) => derive(e.type, context, completions)))
      return list(items.element, [], context, completions)
    }
    case "Union": {
      const literals = literalsOf(ast)
      if (literals !== undefined) return FastCheck.constantFrom(...literals)
      const own = ownSchema(ast)
      return own === ast ? FastCheck.oneof(...ast.types.map((t) => derive(t, context, completions))) : derive(own, context, completions)
    }
    case "Literal":
      return FastCheck.constant(ast.literal)
    case "Suspend":
      return derive(ast.f(), context, completions)
    default:
      return RuleValues.generator(ast, [], context)
  }
}
