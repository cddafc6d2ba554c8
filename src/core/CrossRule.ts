/**
 * Cross-field rules: rules over a whole record (amounts that must add up, a field allowed only with
 * another, IDs unique within a list) that report each broken field at its own path, named like
 * every other rule (`Rule.ts`), so `ValidationError` shows `totalAmount` / `cashbills[3].mgtKey` and
 * the rule's name rather than a failure of the record as a whole. Each is a check of the record's
 * schema, run once its fields are valid.
 *
 * @since 1.0.0
 */
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
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
  /** The paths (below the record) the rule breaks, each optionally with its own message. */
  readonly broken: (record: A) => ReadonlyArray<{ readonly path: Path; readonly message?: string | undefined }>
}

/**
 * A cross-field rule named `name`: `broken` lists the paths (below the record) it breaks, each
 * optionally with its own message.
 *
 * @since 1.0.0
 * @category constructors
 */
export const crossRule = <A>(
  name: string,
  message: string,
  broken: (record: A) => ReadonlyArray<{ readonly path: Path; readonly message?: string | undefined }>
): CrossRule<A> => ({ name, message, broken })

/**
 * A cross-field rule that breaks the single field at `path` when `predicate` is false.
 *
 * @since 1.0.0
 * @category constructors
 */
export const fieldRule = <A>(path: Path, name: string, predicate: (record: A) => boolean, message: string): CrossRule<A> =>
  crossRule<A>(name, message, (record) => (predicate(record) ? [] : [{ path }]))

/**
 * The check of a record that a cross-field rule makes: one issue per broken path, under the rule's
 * name.
 *
 * @since 1.0.0
 * @category constructors
 */
export const toCheck = <A>(rule: CrossRule<A>): SchemaAST.Filter<A> =>
  Schema.makeFilter<A>((record) =>
    rule.broken(record).map(({ path, message }) => ({
      path: typeof path === "object" ? path : [path],
      issue: message ?? rule.message
    })), { message: rule.message, [RuleName]: rule.name })

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
