/**
 * Generators of values as data: what a named rule (`Rule.ts`) says about the values that keep it,
 * written once and read by `taxdoc/testing` as a fast-check arbitrary and as an Effect `Arbitrary`
 * alike. Nothing here draws a value; a `Gen` only describes how.
 *
 * @since 1.0.0
 */

/**
 * A description of how to draw values of `A`. Shrinking goes towards the first choice, the integer
 * nearest zero and the shortest text (of the alphabet's first characters).
 *
 * @since 1.0.0
 * @category models
 */
export type Gen<A> =
  | { readonly _tag: "Constant"; readonly value: A }
  | { readonly _tag: "Integer"; readonly min: number; readonly max: number; readonly map: (n: number) => A }
  | { readonly _tag: "Text"; readonly alphabet: string; readonly min: number; readonly max: number; readonly map: (s: string) => A }
  | { readonly _tag: "Pattern"; readonly pattern: RegExp; readonly map: (s: string) => A }
  | { readonly _tag: "OneOf"; readonly gens: ReadonlyArray<Gen<A>> }
  | { readonly _tag: "Tuple"; readonly gens: ReadonlyArray<Gen<unknown>>; readonly map: (values: ReadonlyArray<unknown>) => A }
  | { readonly _tag: "List"; readonly gen: Gen<unknown>; readonly min: number; readonly max: number; readonly map: (values: ReadonlyArray<unknown>) => A }
  | { readonly _tag: "Chain"; readonly gen: Gen<unknown>; readonly next: (value: unknown) => Gen<A> }
  // `keep` is a method so that a generator of `A` is one of any supertype of `A` (`Gen<string>` is a `Gen<unknown>`).
  | { readonly _tag: "Filter"; readonly gen: Gen<A>; keep(value: A): boolean; readonly label: string | undefined }
  | { readonly _tag: "At"; readonly at: (nowMillis: number) => Gen<A> }

const id = <A>(a: A) => a

/**
 * Always `value`.
 *
 * @since 1.0.0
 * @category constructors
 */
export const constant = <A>(value: A): Gen<A> => ({ _tag: "Constant", value })

/**
 * One of `values` (shrinking towards the first).
 *
 * @since 1.0.0
 * @category constructors
 */
export const constantFrom = <A>(...values: ReadonlyArray<A>): Gen<A> =>
  values.length === 1 ? constant(values[0] as A) : { _tag: "OneOf", gens: values.map(constant) }

/**
 * An integer from `min` to `max`, both included.
 *
 * @since 1.0.0
 * @category constructors
 */
export const integer = (min: number, max: number): Gen<number> => ({ _tag: "Integer", min, max, map: id })

/**
 * A text of `min` to `max` characters of `alphabet`.
 *
 * @since 1.0.0
 * @category constructors
 */
export const text = (alphabet: string, min: number, max: number): Gen<string> => ({ _tag: "Text", alphabet, min, max, map: id })

/**
 * A text matching `pattern` (a regular expression anchored with `^…$`).
 *
 * @since 1.0.0
 * @category constructors
 */
export const pattern = (pattern: RegExp): Gen<string> => ({ _tag: "Pattern", pattern, map: id })

/**
 * A text of exactly `length` digits.
 *
 * @since 1.0.0
 * @category constructors
 */
export const digits = (length: number): Gen<string> => text("0123456789", length, length)

/**
 * Values of any of `gens`.
 *
 * @since 1.0.0
 * @category constructors
 */
export const oneOf = <A>(...gens: ReadonlyArray<Gen<A>>): Gen<A> => ({ _tag: "OneOf", gens })

/**
 * A value of each of `gens`, combined by `f`.
 *
 * @since 1.0.0
 * @category constructors
 */
export const tuple = <const G extends ReadonlyArray<Gen<any>>, A>(
  gens: G,
  f: (values: { readonly [K in keyof G]: G[K] extends Gen<infer V> ? V : never }) => A
): Gen<A> => ({ _tag: "Tuple", gens, map: f as (values: ReadonlyArray<unknown>) => A })

/**
 * A list of `min` to `max` values of `gen`.
 *
 * @since 1.0.0
 * @category constructors
 */
export const list = <A>(gen: Gen<A>, min: number, max: number): Gen<ReadonlyArray<A>> =>
  ({ _tag: "List", gen: gen as Gen<unknown>, min, max, map: id as (values: ReadonlyArray<unknown>) => ReadonlyArray<A> })

/**
 * The values of `gen` turned by `f`. The turn is folded into the description (no dependent draw),
 * so a mapped generator shrinks as the one it maps.
 *
 * @since 1.0.0
 * @category combinators
 */
export const map = <A, B>(gen: Gen<A>, f: (a: A) => B): Gen<B> => {
  switch (gen._tag) {
    case "Integer":
      return { _tag: "Integer", min: gen.min, max: gen.max, map: (n) => f(gen.map(n)) }
    case "Text":
      return { _tag: "Text", alphabet: gen.alphabet, min: gen.min, max: gen.max, map: (s) => f(gen.map(s)) }
    case "Pattern":
      return { _tag: "Pattern", pattern: gen.pattern, map: (s) => f(gen.map(s)) }
    case "OneOf":
      return { _tag: "OneOf", gens: gen.gens.map((g) => map(g, f)) }
    case "Tuple":
      return { _tag: "Tuple", gens: gen.gens, map: (values) => f(gen.map(values)) }
    case "List":
      return { _tag: "List", gen: gen.gen, min: gen.min, max: gen.max, map: (values) => f(gen.map(values)) }
    case "Chain":
      return { _tag: "Chain", gen: gen.gen, next: (value) => map(gen.next(value), f) }
    case "At":
      return { _tag: "At", at: (nowMillis) => map(gen.at(nowMillis), f) }
    case "Constant":
    case "Filter":
      return { _tag: "Tuple", gens: [gen as Gen<unknown>], map: (values) => f(values[0] as A) }
  }
}

/**
 * A generator chosen by a value of `gen`.
 *
 * @since 1.0.0
 * @category combinators
 */
export const chain = <A, B>(gen: Gen<A>, next: (a: A) => Gen<B>): Gen<B> =>
  ({ _tag: "Chain", gen: gen as Gen<unknown>, next: next as (value: unknown) => Gen<B> })

/**
 * The values of `gen` that `keep` accepts; `label` names what they keep (a field's rules), for the
 * error a reader raises when none of many values drawn in a row is kept.
 *
 * @since 1.0.0
 * @category combinators
 */
export const filter = <A>(gen: Gen<A>, keep: (a: A) => boolean, label?: string): Gen<A> => ({ _tag: "Filter", gen, keep, label })

/**
 * A generator that depends on the time of the draw (a trade date of today or the day before).
 *
 * @since 1.0.0
 * @category constructors
 */
export const at = <A>(f: (nowMillis: number) => Gen<A>): Gen<A> => ({ _tag: "At", at: f })
