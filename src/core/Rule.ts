/**
 * Named rules: Schema checks that carry the rule's name, so a `ValidationError` can say which rule
 * a field broke (`maxLength(24)`, `digits(10)`, `identityNum`...), not only that it is invalid, and,
 * where the rule is one no random text keeps (a check digit, a calendar date), a generator of values
 * that keep it (`Gen.ts`), which `taxdoc/testing` draws from.
 *
 * @since 1.0.0
 */
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import type { Gen } from "./Gen.js"

/**
 * The annotation key holding a rule's name.
 *
 * @since 1.0.0
 * @category annotations
 */
export const RuleName = "taxdoc/rule"

/**
 * The annotation key holding a rule's generator of values (`Gen`).
 *
 * @since 1.0.0
 * @category annotations
 */
export const RuleValues = "taxdoc/values"

/**
 * The name of the rule a check carries, if it is one of taxdoc's.
 *
 * @since 1.0.0
 * @category getters
 */
export const nameOf = (check: SchemaAST.Check<any>): string | undefined => {
  const name = check.annotations?.[RuleName]
  return typeof name === "string" ? name : undefined
}

/**
 * The generator of values a check carries, if any.
 *
 * @since 1.0.0
 * @category getters
 */
export const valuesOf = (check: SchemaAST.Check<any>): Gen<unknown> | undefined =>
  check.annotations?.[RuleValues] as Gen<unknown> | undefined

/**
 * Options of a rule.
 *
 * @since 1.0.0
 * @category models
 */
export interface RuleOptions<A> {
  /** Values that keep the rule (and, drawn from, keep the rules checked before it). */
  readonly values?: Gen<A> | undefined
  /** What Effect's own `Arbitrary` derivation should keep to (lengths, patterns), for schemas it draws from. */
  readonly constraint?: Schema.Annotations.ToArbitrary.FilterConstraint<A> | undefined
}

/**
 * The check named `name` that fails with `message` when `predicate` is false.
 *
 * @since 1.0.0
 * @category constructors
 */
export const check = <A>(name: string, predicate: (a: A) => boolean, message: string, options?: RuleOptions<A>): SchemaAST.Filter<A> =>
  Schema.makeFilter<A>((a) => predicate(a), {
    message,
    [RuleName]: name,
    ...(options?.values === undefined ? {} : { [RuleValues]: options.values }),
    ...(options?.constraint === undefined ? {} : { arbitraryConstraint: options.constraint })
  })

/**
 * The rule named `name` as a combinator: `Schema.String.pipe(rule("digits", …), rule(…))`.
 *
 * @since 1.0.0
 * @category combinators
 */
export const rule = <A>(name: string, predicate: (a: A) => boolean, message: string, options?: RuleOptions<A>) => {
  const filter = check(name, predicate, message, options)
  return <S extends Schema.Top & { readonly Type: A }>(self: S): S["Rebuild"] => self.check(filter as SchemaAST.Check<S["Type"]>)
}

/**
 * The `maxLength(n)` rule.
 *
 * @since 1.0.0
 * @category rules
 */
export const maxLength = (max: number) =>
  rule(`maxLength(${max})`, (s: string) => s.length <= max, `must be at most ${max} characters`, { constraint: { maxLength: max } })

/**
 * The `required` rule of a text: present and not empty.
 *
 * @since 1.0.0
 * @category rules
 */
export const required = rule("required", (s: string) => s.length > 0, "is required and may not be empty", { constraint: { minLength: 1 } })

/**
 * A string of at most `max` characters (the spec's "Len" column).
 *
 * @since 1.0.0
 * @category schemas
 */
export const maxLen = (max: number) => Schema.String.pipe(maxLength(max))

/**
 * A string of at least `min` and at most `max` characters.
 *
 * @since 1.0.0
 * @category schemas
 */
export const lenBetween = (min: number, max: number) =>
  Schema.String.pipe(rule(`length(${min}..${max})`, (s: string) => s.length >= min && s.length <= max, `must be ${min} to ${max} characters`))

/**
 * A required, non-empty string of at most `max` characters.
 *
 * @since 1.0.0
 * @category schemas
 */
export const requiredLen = (max: number) => Schema.String.pipe(required, maxLength(max))
