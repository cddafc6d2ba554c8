/**
 * Generators derived from an input schema (`core/Gen.ts`, read by both kinds of property test):
 * the schema's AST walked towards its encoded side, field by field — each field's values drawn from
 * the generator its rules carry (`Rule.valuesOf`), its lengths and bounds taken from its rules
 * (`maxLength(n)`, `length(a..b)`, `required`, `items(a..b)`…), and kept only where every check of
 * the field holds; optional fields left out or present; enumerations drawn from their literals.
 * Cross-field rules are checks of a whole record: a document's completion (`Completions.ts`) makes
 * them hold, registered against the schema it completes.
 *
 * A derived value depends on the member sending it (its number appears as the seller's or sender's)
 * and on the moment it is judged at, so what is drawn is a `Draft`: a value given its `Context`
 * last, once the member is drawn too.
 *
 * @since 0.1.0
 */
import * as SchemaAST from "effect/SchemaAST"
import { OrAbsent } from "../core/Absent.js"
import * as Gen from "../core/Gen.js"
import * as Rule from "../core/Rule.js"
import { inputOptions } from "../core/Validation.js"

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
 * A drawn value still to be given its context.
 *
 * @since 1.0.0
 * @category models
 */
export type Draft = (context: Context) => unknown

/**
 * A cross-field completion: extra random choices (`extra`), and how they make a value drawn from
 * the schema's fields satisfy the schema's cross-field rules.
 *
 * @since 0.1.0
 * @category models
 */
export interface Completion<E> {
  readonly extra: Gen.Gen<E>
  readonly complete: (value: Record<string, unknown>, extra: E, context: Context) => Record<string, unknown>
}

/**
 * Completions by the AST of the schema they complete.
 *
 * @since 0.1.0
 * @category models
 */
export type Completions = ReadonlyMap<SchemaAST.AST, Completion<unknown>>

// ── reading the AST ─────────────────────────────────────────────────────────────────────────

/**
 * The single checks of `ast` in the order the schema runs them (groups opened).
 *
 * @since 1.0.0
 * @category combinators
 */
export const checksOf = (ast: SchemaAST.AST): ReadonlyArray<SchemaAST.Filter<unknown>> => {
  const out: Array<SchemaAST.Filter<unknown>> = []
  const visit = (check: SchemaAST.Check<unknown>): void => {
    if (check._tag === "Filter") out.push(check)
    else check.checks.forEach(visit)
  }
  ast.checks?.forEach(visit)
  return out
}

/**
 * `true` when `value` keeps `check` of `ast`, as the SDK's validation judges it.
 *
 * @since 0.1.0
 * @category rules
 */
export const passes = (check: SchemaAST.Filter<unknown>, value: unknown, ast: SchemaAST.AST): boolean =>
  check.run(value, ast, inputOptions) === undefined

/**
 * The names of the rules among `checks` (`Rule.nameOf`), in order.
 *
 * @since 0.1.0
 * @category combinators
 */
export const ruleNames = (checks: ReadonlyArray<SchemaAST.Filter<unknown>>): ReadonlyArray<string> =>
  checks.flatMap((check) => {
    const name = Rule.nameOf(check)
    return name === undefined ? [] : [name]
  })

/**
 * One step towards the encoded side: the schema `ast` decodes from, when it decodes from one.
 *
 * @since 1.0.0
 * @category combinators
 */
export const encodedStep = (ast: SchemaAST.AST): SchemaAST.AST | undefined =>
  ast.encoding === undefined ? undefined : ast.encoding[ast.encoding.length - 1]!.to

/**
 * `true` when a field may be left out of an input: its key is optional on the encoded side (an
 * optional field, or one with a default for when it is absent).
 *
 * @since 1.0.0
 * @category combinators
 */
export const isOptionalField = (ast: SchemaAST.AST): boolean => SchemaAST.isOptional(ast) || SchemaAST.isOptional(SchemaAST.toEncoded(ast))

/**
 * The field's own schema: an optional input field's union without its absent forms (`Absent.ts`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const ownSchema = (ast: SchemaAST.AST): SchemaAST.AST => {
  if (!SchemaAST.isUnion(ast) || ast.annotations?.[OrAbsent] !== true) return ast
  return ast.types.find((t) => !SchemaAST.isNull(t) && !(SchemaAST.isLiteral(t) && t.literal === "")) ?? ast
}

/**
 * The schema a field's value is judged by on the encoded side: encodings followed, absent forms
 * set aside.
 *
 * @since 1.0.0
 * @category combinators
 */
export const encodedField = (ast: SchemaAST.AST): SchemaAST.AST => {
  let at = ast
  for (;;) {
    const next = encodedStep(at) ?? ownSchema(at)
    if (next === at) return at
    at = next
  }
}

/**
 * The struct a schema's encoded side is, through classes, encodings and suspensions.
 *
 * @since 0.1.0
 * @category combinators
 */
export const structOf = (ast: SchemaAST.AST): SchemaAST.Objects | undefined => {
  const step = encodedStep(ast)
  if (step !== undefined) return structOf(step)
  if (SchemaAST.isObjects(ast)) return ast
  if (SchemaAST.isSuspend(ast)) return structOf(ast.thunk())
  return undefined
}

/**
 * The list element of a schema's encoded side, with the list's own checks.
 *
 * @since 0.1.0
 * @category combinators
 */
export const listOf = (ast: SchemaAST.AST): { readonly element: SchemaAST.AST; readonly checks: ReadonlyArray<SchemaAST.Filter<unknown>> } | undefined => {
  const step = encodedStep(ast)
  if (step !== undefined) return listOf(step)
  if (SchemaAST.isArrays(ast) && ast.elements.length === 0 && ast.rest.length === 1) return { element: ast.rest[0]!, checks: checksOf(ast) }
  return undefined
}

/**
 * The literals of `ast` when it is a literal or a union of literals.
 *
 * @since 0.1.0
 * @category combinators
 */
export const literalsOf = (ast: SchemaAST.AST): ReadonlyArray<SchemaAST.LiteralValue> | undefined => {
  if (SchemaAST.isLiteral(ast)) return [ast.literal]
  if (SchemaAST.isUnion(ast) && ast.types.length > 0 && ast.types.every(SchemaAST.isLiteral)) return ast.types.map((t) => (t as SchemaAST.Literal).literal)
  return undefined
}

// ── bounds named by rules ───────────────────────────────────────────────────────────────────

/**
 * Least and most: the length of a text or a list.
 *
 * @since 1.0.0
 * @category models
 */
export interface Bounds {
  readonly min: number
  readonly max: number
}

interface Constraint {
  readonly minLength?: number
  readonly maxLength?: number
  readonly minimum?: number
  readonly maximum?: number
  readonly patterns?: ReadonlyArray<{ readonly source: string; readonly flags: string }>
}

const constraintsOf = (checks: ReadonlyArray<SchemaAST.Filter<unknown>>): ReadonlyArray<Constraint> =>
  checks.flatMap((check) => {
    const constraint = check.annotations?.["arbitraryConstraint"]
    return typeof constraint === "object" && constraint !== null ? [constraint as Constraint] : []
  })

/** The lengths a text keeps by `maxLength(n)`, `length(a..b)`, `idLength(a..b)`, `required` and Effect's length checks. */
const textBounds = (checks: ReadonlyArray<SchemaAST.Filter<unknown>>): Bounds => {
  let min = 0
  let max = TEXT_MAX
  for (const rule of ruleNames(checks)) {
    const most = /^maxLength\((\d+)\)$/.exec(rule)
    if (most !== null) max = Math.min(max, Number(most[1]))
    const between = /^(?:length|idLength)\((\d+)\.\.(\d+)\)$/.exec(rule)
    if (between !== null) {
      min = Math.max(min, Number(between[1]))
      max = Math.min(max, Number(between[2]))
    }
    if (rule === "required") min = Math.max(min, 1)
  }
  for (const constraint of constraintsOf(checks)) {
    if (constraint.minLength !== undefined) min = Math.max(min, constraint.minLength)
    if (constraint.maxLength !== undefined) max = Math.min(max, constraint.maxLength)
  }
  return { min, max: Math.max(min, max) }
}

/**
 * The bounds of a list named by `minItems(n)`, `maxItems(n)` and `items(a..b)` among its rules, and
 * by Effect's length checks.
 *
 * @since 0.1.0
 * @category combinators
 */
export const itemBounds = (checks: ReadonlyArray<SchemaAST.Filter<unknown>>): Bounds => {
  let min = 0
  let max = Number.MAX_SAFE_INTEGER
  for (const rule of ruleNames(checks)) {
    const least = /^minItems\((\d+)\)$/.exec(rule)
    if (least !== null) min = Math.max(min, Number(least[1]))
    const most = /^maxItems\((\d+)\)$/.exec(rule)
    if (most !== null) max = Math.min(max, Number(most[1]))
    const between = /^items\((\d+)\.\.(\d+)\)$/.exec(rule)
    if (between !== null) {
      min = Math.max(min, Number(between[1]))
      max = Math.min(max, Number(between[2]))
    }
  }
  for (const constraint of constraintsOf(checks)) {
    if (constraint.minLength !== undefined) min = Math.max(min, constraint.minLength)
    if (constraint.maxLength !== undefined) max = Math.min(max, constraint.maxLength)
  }
  return { min, max }
}

// ── values of a field ───────────────────────────────────────────────────────────────────────

/** How long a text without a rule of length is at most. */
const TEXT_MAX = 30
/** How many items a derived list holds at most (shrinking goes towards fewer). */
const LIST_MAX = 3
/** How many bytes drawn bytes hold at most. */
const BYTES_MAX = 64

const LOWER = "abcdefghijklmnopqrstuvwxyz"
const WORD = `${LOWER}0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ`

/** A letter, then letters and digits: a text most rules of a name or a key keep. */
const word = ({ max, min }: Bounds): Gen.Gen<string> =>
  max === 0 ? Gen.constant("") : Gen.tuple([Gen.text(LOWER, 1, 1), Gen.text(WORD, Math.max(0, min - 1), max - 1)], ([first, rest]) => first + rest)

/** One of the field's examples, or several joined with commas where the field is a list (its checks decide). */
const fromExamples = (examples: ReadonlyArray<string>): Gen.Gen<string> =>
  Gen.oneOf(
    Gen.constantFrom(...examples),
    Gen.map(Gen.list(Gen.constantFrom(...examples), 1, examples.length), (some) => [...new Set(some)].join(","))
  )

const examplesOf = (ast: SchemaAST.AST): ReadonlyArray<string> | undefined => {
  const examples = ast.annotations?.["examples"]
  return Array.isArray(examples) && examples.length > 0 && examples.every((e) => typeof e === "string") ? examples as ReadonlyArray<string> : undefined
}

/** What a value of a field without a generator of its own is drawn from, by its base type. */
const fallback = (ast: SchemaAST.AST, checks: ReadonlyArray<SchemaAST.Filter<unknown>>): Gen.Gen<unknown> => {
  switch (ast._tag) {
    case "String": {
      const examples = examplesOf(ast)
      if (examples !== undefined) return fromExamples(examples)
      // A pattern Effect's own checks state (`Schema.isPattern`): texts drawn to match it.
      const [pattern] = constraintsOf(checks).flatMap((constraint) => constraint.patterns ?? [])
      return pattern !== undefined ? Gen.pattern(new RegExp(pattern.source, pattern.flags)) : word(textBounds(checks))
    }
    case "Number": {
      let min = 0
      let max = 100
      for (const constraint of constraintsOf(checks)) {
        if (constraint.minimum !== undefined) min = Math.max(min, Math.ceil(constraint.minimum))
        if (constraint.maximum !== undefined) max = Math.min(max, Math.floor(constraint.maximum))
      }
      return Gen.integer(min, Math.max(min, max))
    }
    case "Boolean":
      return Gen.constantFrom(false, true)
    case "Declaration": {
      // Bytes (a file's content), as many as the field's length checks allow, at most 64.
      const { max, min } = itemBounds(checks)
      return Gen.map(Gen.list(Gen.integer(0, 255), min, Math.max(min, Math.min(max, BYTES_MAX))), (bytes) => Uint8Array.from(bytes))
    }
    case "Null":
      return Gen.constant(null)
    case "Undefined":
    case "Void":
      return Gen.constant(undefined)
    case "Unknown":
    case "Any":
      return Gen.constant(null)
    case "Enum":
      return Gen.constantFrom(...ast.enums.map(([, value]) => value))
    default:
      throw new Error(`taxdoc/testing has no generator for ${String(ast)}`)
  }
}

/**
 * Values of a single field: from the generator its last rule carrying one names (`Rule.valuesOf`),
 * else by its base type within the bounds its rules name — kept only where every check holds.
 */
const leaf = (ast: SchemaAST.AST): Gen.Gen<unknown> => {
  const checks = checksOf(ast)
  const carried = checks.map(Rule.valuesOf).filter((values) => values !== undefined)
  const values = carried.at(-1) ?? fallback(ast, checks)
  if (checks.length === 0) return values
  const label = ruleNames(checks).join(", ")
  return Gen.filter(values, (value) => checks.every((check) => passes(check, value, ast)), label === "" ? undefined : `the rules ${label}`)
}

const plain = (gen: Gen.Gen<unknown>): Gen.Gen<Draft> => Gen.map(gen, (value): Draft => () => value)

// ── records and lists ───────────────────────────────────────────────────────────────────────

/** An optional field left out. */
const ABSENT: Draft = () => undefined

/** A present optional field holds a value: `null` and `""` there are absent (`Absent.ts`). */
const isBlank = (value: unknown): boolean => value === null || value === "" || value === undefined

const record = (struct: SchemaAST.Objects, completions: Completions, fixed: Readonly<Record<string, unknown>> | undefined): Gen.Gen<Draft> => {
  const names = struct.propertySignatures.map((p) => String(p.name))
  const optional = struct.propertySignatures.map((p) => isOptionalField(p.type) && !(fixed !== undefined && String(p.name) in fixed))
  const fields = struct.propertySignatures.map((p, i): Gen.Gen<Draft> => {
    const name = names[i]!
    if (fixed !== undefined && name in fixed) return Gen.constant((): unknown => fixed[name])
    const drawn = derive(p.type, completions)
    return optional[i] ? Gen.oneOf(Gen.constant(ABSENT), drawn) : drawn
  })
  const [index] = struct.indexSignatures
  const entries: Gen.Gen<ReadonlyArray<readonly [Draft, Draft]>> = index === undefined
    ? Gen.constant([])
    : Gen.list(Gen.tuple([derive(index.parameter, completions), derive(index.type, completions)], ([key, value]) => [key, value] as const), 0, LIST_MAX)
  return Gen.tuple([Gen.tuple(fields, (drafts) => drafts), entries], ([drafts, extra]) => (context: Context) => {
    const out: Record<string, unknown> = {}
    for (const [key, value] of extra) {
      const name = key(context)
      if (typeof name === "string" && name !== "__proto__") out[name] = value(context)
    }
    drafts.forEach((draft, i) => {
      if (draft === ABSENT) return
      const value = draft(context)
      if (!(optional[i] && isBlank(value))) out[names[i]!] = value
    })
    return out
  })
}

const list = (element: SchemaAST.AST, checks: ReadonlyArray<SchemaAST.Filter<unknown>>, completions: Completions): Gen.Gen<Draft> => {
  const { max, min } = itemBounds(checks)
  return Gen.map(
    Gen.list(derive(element, completions), min, Math.min(max, Math.max(min, LIST_MAX))),
    (drafts): Draft => (context) => drafts.map((draft) => draft(context))
  )
}

/**
 * A number sent as text (`Schema.FiniteFromString`, `NumberFromString`): the text says nothing of
 * what it holds, so numbers are drawn on the decoded side and written as text.
 */
const numberAsText = (ast: SchemaAST.AST, step: SchemaAST.AST, completions: Completions): Gen.Gen<Draft> | undefined => {
  const encoded = encodedField(step)
  const decoded = SchemaAST.toType(ast)
  if (encoded._tag !== "String" || encoded.checks !== undefined || decoded._tag !== "Number") return undefined
  return Gen.map(derive(decoded, completions), (draft): Draft => (context) => String(draft(context)))
}

/**
 * A generator of the encoded values `ast` accepts (each a `Draft`), its cross-field rules made to
 * hold by the completion registered for each schema on the way; `fixed` pins fields of the record
 * at the top.
 *
 * @since 0.1.0
 * @category constructors
 */
export const derive = (ast: SchemaAST.AST, completions: Completions, fixed?: Readonly<Record<string, unknown>>): Gen.Gen<Draft> => {
  const completion = completions.get(ast)
  if (completion !== undefined) {
    const struct = structOf(ast)
    if (struct === undefined) throw new Error("a completion completes a struct")
    return Gen.tuple([record(struct, completions, fixed), completion.extra], ([draft, extra]): Draft => (context) =>
      completion.complete(draft(context) as Record<string, unknown>, extra, context))
  }
  if (fixed !== undefined) {
    const struct = structOf(ast)
    if (struct !== undefined) return record(struct, completions, fixed)
  }
  const step = encodedStep(ast)
  if (step !== undefined) return numberAsText(ast, step, completions) ?? derive(step, completions)
  switch (ast._tag) {
    case "Objects":
      return record(ast, completions, undefined)
    case "Arrays": {
      const items = listOf(ast)
      if (items !== undefined) return list(items.element, items.checks, completions)
      return Gen.tuple(ast.elements.map((e) => derive(e, completions)), (drafts): Draft => (context) => drafts.map((draft) => draft(context)))
    }
    case "Union": {
      const literals = literalsOf(ast)
      if (literals !== undefined) return plain(Gen.constantFrom(...literals))
      const own = ownSchema(ast)
      return own !== ast ? derive(own, completions) : Gen.oneOf(...ast.types.map((t) => derive(t, completions)))
    }
    case "Literal":
      return plain(Gen.constant(ast.literal))
    case "Suspend":
      return derive(ast.thunk(), completions)
    default:
      return plain(leaf(ast))
  }
}
