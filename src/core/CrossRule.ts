/**
 * Cross-field rules: rules over a whole record (amounts that must add up, a field allowed only with
 * another, IDs unique within a list) that report each broken field at its own path, named like
 * every other rule (`Rule.ts`), so `ValidationError` shows `totalAmount` / `cashbills[3].mgtKey` and
 * the rule's name rather than a failure of the record as a whole.
 *
 * @since 0.1.0
 */
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import { rule } from "./Rule.js"

/**
 * The annotation of a transformation that only checks: it answers its input unchanged both ways
 * (`withCrossRules`), so encoding through it changes nothing that its sides do not, and its `to`
 * side is the type side of its `from` side, so a value `from` decoded needs no second check there.
 *
 * @since 0.1.0
 * @category annotations
 */
export const CheckOnlyId: unique symbol = Symbol.for("taxdoc/CrossRule/CheckOnly")

/**
 * A rule over a whole record that reports each broken field at its own path.
 *
 * @since 0.1.0
 * @category models
 */
export interface CrossRule<in A> {
  readonly issues: (record: A) => ReadonlyArray<ParseResult.ParseIssue>
}

/**
 * A cross-field rule named `name`: `broken` lists the paths (below the record) it breaks, each
 * optionally with its own message. The issue is the one `rule(name, …)` raises, placed at the path,
 * so `ValidationError` shows `identityNum` / `cashbills[3].mgtKey` and the rule's name.
 *
 * @since 0.1.0
 * @category constructors
 */
export const crossRule = <A>(
  name: string,
  message: string,
  broken: (record: A) => ReadonlyArray<{ readonly path: ParseResult.Path; readonly message?: string }>
): CrossRule<A> => {
  const { ast } = Schema.Unknown.pipe(rule<unknown>(name, () => false, message))
  if (!SchemaAST.isRefinement(ast)) throw new Error(`rule ${name} is not a refinement`)
  return {
    issues: (record) =>
      broken(record).map(({ path, message: text }) => {
        const keys: ReadonlyArray<PropertyKey> = typeof path === "object" ? path : [path]
        const value = keys.reduce<unknown>((at, key) => (at as Record<PropertyKey, unknown> | undefined)?.[key], record)
        const leaf = new ParseResult.Refinement(ast, value, "Predicate", new ParseResult.Type(ast, value, text ?? message))
        return new ParseResult.Pointer(path, record, leaf)
      })
  }
}

/**
 * A cross-field rule that breaks the single field at `path` when `predicate` is false.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fieldRule = <A>(path: ParseResult.Path, name: string, predicate: (record: A) => boolean, message: string): CrossRule<A> =>
  crossRule<A>(name, message, (record) => (predicate(record) ? [] : [{ path }]))

/**
 * Checks a decoded record against cross-field rules. (A plain `Schema.filter` returning
 * `{path, message}` is reported at the record's path by `issuesOf`; a checked transformation keeps
 * each issue at its field.) Runs once the fields themselves are valid.
 *
 * @since 0.1.0
 * @category combinators
 */
export const withCrossRules = <A>(...rules: ReadonlyArray<CrossRule<A>>) =>
<I>(self: Schema.Schema<A, I, never>): Schema.Schema<A, I, never> =>
  Schema.transformOrFail(self, Schema.typeSchema(self), {
    strict: true,
    decode: (record, _, ast) => {
      const issues = rules.flatMap((r) => r.issues(record))
      const [first, ...rest] = issues
      if (first === undefined) return ParseResult.succeed(record)
      return ParseResult.fail(rest.length === 0 ? first : new ParseResult.Composite(ast, record, [first, ...rest]))
    },
    encode: ParseResult.succeed
  }).annotations({ [CheckOnlyId]: true })

