/**
 * The generators of `taxdoc/testing` read as Effect 4 `Arbitrary` values — what `@effect/vitest`'s
 * `it.prop` and `Arbitrary.checkEffect` take — shrinking, as the fast-check reading
 * (`FastCheck.ts`), towards the first choice, the integer nearest zero and the shortest text.
 *
 * @since 1.0.0
 */
import * as Arbitrary from "effect/Arbitrary"
import * as Schema from "effect/Schema"
import type { Gen } from "../core/Gen.js"
import type { Described } from "./Described.js"

/** Whole numbers from `min` to `max`, shrinking towards the one nearest zero. */
const integer = (min: number, max: number): Arbitrary.Arbitrary<number> =>
  min === max ? Arbitrary.Constant(min) : Arbitrary.schema(Schema.Int.check(Schema.isBetween({ minimum: min, maximum: max })))

/**
 * How many times a filtered value is drawn again before the whole value is discarded: Effect's
 * checker discards the complete input for a refused part, so a part retries on its own first.
 */
const FILTER_TRIES = 8

const retried = <A>(arbitrary: Arbitrary.Arbitrary<A>, keep: (value: A) => boolean, tries: number): Arbitrary.Arbitrary<A> =>
  tries <= 1
    ? Arbitrary.filter(arbitrary, keep)
    : Arbitrary.flatMap(arbitrary, (value) => (keep(value) ? Arbitrary.Constant(value) : retried(arbitrary, keep, tries - 1)))

/**
 * The Effect `Arbitrary` a generator describes (`toArbitrary(Testing.cashReceipt())`), its
 * time-dependent parts drawn at the generator's `now`.
 *
 * @since 1.0.0
 * @category interpreters
 */
export const toArbitrary = <A>({ gen, now }: Described<A>): Arbitrary.Arbitrary<A> => {
  const go = <B>(g: Gen<B>): Arbitrary.Arbitrary<B> => {
    switch (g._tag) {
      case "Constant":
        return Arbitrary.Constant(g.value)
      case "Integer":
        return Arbitrary.map(integer(g.min, g.max), g.map)
      case "Text": {
        const characters = Array.from(g.alphabet)
        const text = Arbitrary.array(integer(0, characters.length - 1), { minLength: g.min, maxLength: g.max })
        return Arbitrary.map(text, (indexes) => g.map(indexes.map((i) => characters[i]!).join("")))
      }
      case "Pattern":
        return Arbitrary.map(Arbitrary.schema(Schema.String.check(Schema.isPattern(g.pattern))), g.map)
      case "OneOf": {
        if (g.gens.length === 1) return go(g.gens[0]!)
        const choice = integer(0, g.gens.length - 1)
        if (g.gens.every((member) => member._tag === "Constant")) {
          const values = g.gens.map((member) => (member as { readonly value: B }).value)
          return Arbitrary.map(choice, (i) => values[i]!)
        }
        const members = g.gens.map(go)
        return Arbitrary.flatMap(choice, (i) => members[i]!)
      }
      case "Tuple":
        return Arbitrary.map(Arbitrary.all(g.gens.map(go)), g.map)
      case "List":
        return Arbitrary.map(Arbitrary.array(go(g.gen), { minLength: g.min, maxLength: g.max }), g.map)
      case "Chain":
        return Arbitrary.flatMap(go(g.gen), (value) => go(g.next(value)))
      case "Filter":
        return retried(go(g.gen), g.keep, FILTER_TRIES)
      case "At":
        return go(g.at(now))
    }
  }
  return go(gen)
}
