/**
 * Named rules: Schema filters that carry the rule's name, so a `ValidationError` can say which rule
 * a field broke (`maxLength(24)`, `digits(10)`, `identityNum`...), not only that it is invalid.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"

/**
 * The annotation holding a rule's name.
 *
 * @since 0.1.0
 * @category annotations
 */
export const RuleId: unique symbol = Symbol.for("taxdoc/Rule")

/**
 * A filter named `name` that fails with `message` when `predicate` is false.
 *
 * @since 0.1.0
 * @category combinators
 */
export const rule = <A>(name: string, predicate: (a: A) => boolean, message: string) =>
  Schema.filter<Schema.Schema<A, any, never>>((a) => predicate(a), { message: () => message, [RuleId]: name })

/**
 * A string of at most `max` characters (the spec's "Len" column).
 *
 * @since 0.1.0
 * @category schemas
 */
export const maxLen = (max: number) =>
  Schema.String.pipe(rule(`maxLength(${max})`, (s: string) => s.length <= max, `must be at most ${max} characters`))

/**
 * A string of at least `min` and at most `max` characters.
 *
 * @since 0.1.0
 * @category schemas
 */
export const lenBetween = (min: number, max: number) =>
  Schema.String.pipe(
    rule(`length(${min}..${max})`, (s: string) => s.length >= min && s.length <= max, `must be ${min} to ${max} characters`)
  )

/**
 * A required, non-empty string of at most `max` characters.
 *
 * @since 0.1.0
 * @category schemas
 */
export const requiredLen = (max: number) =>
  Schema.String.pipe(
    rule("required", (s: string) => s.length > 0, "is required and may not be empty"),
    rule(`maxLength(${max})`, (s: string) => s.length <= max, `must be at most ${max} characters`)
  )
