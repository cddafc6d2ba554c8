/**
 * Cross-field rules: rules over a whole record (amounts that must add up, a field allowed only with
 * another, IDs unique within a list) that report each broken field at its own path, named like
 * every other rule (`Rule.ts`), so `ValidationError` shows `totalAmount` / `cashbills[3].mgtKey` and
 * the rule's name rather than a failure of the record as a whole. Each is a check of the record's
 * schema, run by the decoder once its fields are valid; and each names the fields it reads, so that
 * where other fields of the record are broken it is still checked on those (`unchecked`): one
 * error names every broken field and rule, not the fields first and the rules after they are fixed.
 *
 * @since 1.0.0
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import { RuleName } from "./Rule.js"

/**
 * A path below a record: a field name, or keys and indexes (`["cashbills", 3, "mgtKey"]`).
 *
 * @since 1.0.0
 * @category models
 */
export type Path = PropertyKey | ReadonlyArray<PropertyKey>

/**
 * A rule over a whole record that reports each broken field at its own path.
 *
 * @since 1.0.0
 * @category models
 */
export interface CrossRule<in A> {
  readonly name: string
  readonly message: string
  /** The record's fields the rule reads (what `broken` is given when other fields are broken). */
  readonly reads: ReadonlyArray<keyof A & string>
  /** The paths (below the record) the rule breaks, each optionally with its own message. */
  readonly broken: (record: A) => ReadonlyArray<{ readonly path: Path; readonly message?: string | undefined }>
}

/**
 * A cross-field rule named `name`, reading the fields `reads`: `broken` lists the paths (below the
 * record) it breaks, each optionally with its own message.
 *
 * @since 1.0.0
 * @category constructors
 */
export const crossRule = <A>(
  name: string,
  message: string,
  reads: ReadonlyArray<keyof A & string>,
  broken: (record: A) => ReadonlyArray<{ readonly path: Path; readonly message?: string | undefined }>
): CrossRule<A> => ({ name, message, reads, broken })

/**
 * A cross-field rule reading the fields `reads` that breaks the single field at `path` when
 * `predicate` is false.
 *
 * @since 1.0.0
 * @category constructors
 */
export const fieldRule = <A>(
  path: Path,
  name: string,
  reads: ReadonlyArray<keyof A & string>,
  predicate: (record: A) => boolean,
  message: string
): CrossRule<A> => crossRule<A>(name, message, reads, (record) => (predicate(record) ? [] : [{ path }]))

/** The annotation of a cross-field rule's check that holds the rule, for `unchecked`. */
const RuleOfCheck = "taxdoc/CrossRule"

const issuesOf = <A>(rule: CrossRule<A>, record: A) =>
  rule.broken(record).map(({ path, message }) => ({ path: typeof path === "object" ? path : [path], message: message ?? rule.message }))

/**
 * The check of a record that a cross-field rule makes: one issue per broken path, under the rule's
 * name.
 *
 * @since 1.0.0
 * @category constructors
 */
export const toCheck = <A>(rule: CrossRule<A>): SchemaAST.Filter<A> =>
  Schema.makeFilter<A>((record) => issuesOf(rule, record).map(({ path, message }) => ({ path, issue: message })), {
    message: rule.message,
    [RuleName]: rule.name,
    [RuleOfCheck]: rule
  })

/**
 * Checks a record against cross-field rules, once its fields themselves are valid.
 *
 * @since 1.0.0
 * @category combinators
 */
export const withCrossRules = <A>(...rules: ReadonlyArray<CrossRule<A>>) =>
<S extends Schema.Top & { readonly Type: A }>(self: S): S["Rebuild"] => {
  const [first, ...rest] = rules.map((rule) => toCheck(rule) as SchemaAST.Check<S["Type"]>)
  return first === undefined ? self.rebuild(self.ast) : self.check(first, ...rest)
}

/**
 * A cross-field rule broken where its record's checks did not run.
 *
 * @since 1.1.0
 * @category models
 */
export interface Unchecked {
  /** The broken field's path from the decoded value's root. */
  readonly path: ReadonlyArray<PropertyKey>
  readonly rule: string
  readonly message: string
}

const isRecord = (value: unknown): value is Readonly<Record<PropertyKey, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

// As inputs are decoded: a field the record does not know is broken too.
const decodes = (ast: SchemaAST.AST, value: unknown) =>
  Result.isSuccess(Schema.decodeUnknownResult(Schema.make<Schema.Codec<unknown>>(ast), { onExcessProperty: "error" })(value))

const rulesOf = (ast: SchemaAST.AST): ReadonlyArray<CrossRule<never>> =>
  (ast.checks ?? []).flatMap((check) => {
    const rule = check.annotations?.[RuleOfCheck]
    return rule === undefined ? [] : [rule as CrossRule<never>]
  })

/**
 * The cross-field rules broken in `input` that decoding with `ast` could not check: the decoder
 * checks a record's rules only once all its fields are valid, so where a field is broken (or
 * missing), each rule of that record is checked here on the fields it reads, when those are valid
 * — at any depth (a receipt in a list). A record whose fields are all valid had its rules checked
 * by the decoder, and is left alone.
 *
 * @since 1.1.0
 * @category combinators
 */
export const unchecked = (ast: SchemaAST.AST, input: unknown, path: ReadonlyArray<PropertyKey> = []): ReadonlyArray<Unchecked> => {
  // A transformed node (a class) is decoded from another shape: not walked.
  if (ast.encoding !== undefined) return []
  switch (ast._tag) {
    case "Objects": {
      if (!isRecord(input)) return []
      const fields = new Map(ast.propertySignatures.map((field) => [field.name, field]))
      const fieldsOnly = new SchemaAST.Objects(ast.propertySignatures, ast.indexSignatures)
      if (decodes(fieldsOnly, input)) return []
      const inner = ast.propertySignatures.flatMap((field) =>
        Object.hasOwn(input, field.name) && !decodes(field.type, input[field.name]) ? unchecked(field.type, input[field.name], [...path, field.name]) : []
      )
      const own = rulesOf(ast).flatMap((rule) => {
        const read = rule.reads.map((name) => fields.get(name))
        if (read.some((field) => field === undefined)) return []
        const picked = Object.fromEntries(rule.reads.filter((name) => Object.hasOwn(input, name)).map((name) => [name, input[name]]))
        const decoded = Schema.decodeUnknownResult(Schema.make<Schema.Codec<unknown>>(new SchemaAST.Objects(read as Array<SchemaAST.PropertySignature>, [])))(picked)
        if (Result.isFailure(decoded)) return []
        return issuesOf(rule, decoded.success as never).map((issue) => ({ path: [...path, ...issue.path], rule: rule.name, message: issue.message }))
      })
      return [...inner, ...own]
    }
    case "Arrays": {
      if (!Array.isArray(input)) return []
      return input.flatMap((item: unknown, index) => {
        const element = ast.elements[index] ?? ast.rest[0]
        return element === undefined || decodes(element, item) ? [] : unchecked(element, item, [...path, index])
      })
    }
    case "Union":
      return ast.types.flatMap((member) => unchecked(member, input, path))
    default:
      return []
  }
}
