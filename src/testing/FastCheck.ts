/**
 * The fast-check 4 reader of `taxdoc/testing`'s generators (`fast-check` is installed beside taxdoc
 * for this entry; `taxdoc/testing` never loads it): `toFastCheck(Testing.valid(operation))` is the
 * fast-check arbitrary of the same description `toArbitrary` reads as an Effect `Arbitrary` — the
 * same kind of values, shrinking towards the first choice, the integer nearest zero and the
 * shortest text.
 *
 * @since 1.0.0
 */
// First, so that an older Node is told which it needs before any dependency loads.
import "../core/NodeVersion.js"
import * as fc from "fast-check"
import type { Gen } from "../core/Gen.js"
import type { Described } from "./Described.js"

/** How many values drawn in a row a filter may refuse before the reading gives up with an error. */
const MAX_MISSES = 1000

/**
 * `arbitrary`'s values that `keep` accepts. fast-check draws again until one is kept: where none
 * ever is (a rule without a generator no random value keeps), this says so instead of drawing
 * forever.
 */
const kept = <A>(arbitrary: fc.Arbitrary<A>, keep: (value: A) => boolean, label: string | undefined): fc.Arbitrary<A> => {
  let misses = 0
  return arbitrary.filter((value) => {
    if (keep(value)) {
      misses = 0
      return true
    }
    if (++misses >= MAX_MISSES) {
      misses = 0
      throw new Error(`taxdoc/testing: none of ${MAX_MISSES} values drawn in a row keeps ${label ?? "the filter"}; give the rule a generator of values (Rule.rule(…, { values }))`)
    }
    return false
  })
}

/**
 * The fast-check arbitrary a generator of `taxdoc/testing` describes
 * (`toFastCheck(Testing.cashReceipt())`), its time-dependent parts drawn at the generator's `now`.
 *
 * @since 1.0.0
 * @category interpreters
 */
export const toFastCheck = <A>({ gen, now }: Described<A>): fc.Arbitrary<A> => {
  const go = <B>(g: Gen<B>): fc.Arbitrary<B> => {
    switch (g._tag) {
      case "Constant":
        return fc.constant(g.value)
      case "Integer":
        return fc.integer({ min: g.min, max: g.max }).map(g.map)
      case "Text":
        return fc.string({ unit: fc.constantFrom(...Array.from(g.alphabet)), minLength: g.min, maxLength: g.max }).map(g.map)
      case "Pattern":
        return fc.stringMatching(g.pattern).map(g.map)
      case "OneOf": {
        if (g.gens.length === 1) return go(g.gens[0]!)
        if (g.gens.every((member) => member._tag === "Constant")) {
          return fc.constantFrom(...g.gens.map((member) => (member as { readonly value: B }).value))
        }
        return fc.oneof({ withCrossShrink: true }, ...g.gens.map(go))
      }
      case "Tuple":
        return fc.tuple(...g.gens.map(go)).map(g.map)
      case "List":
        return fc.array(go(g.gen), { minLength: g.min, maxLength: g.max }).map(g.map)
      case "Chain":
        return go(g.gen).chain((value) => go(g.next(value)))
      case "Filter":
        return kept(go(g.gen), (value) => g.keep(value), g.label)
      case "At":
        return go(g.at(now))
    }
  }
  return go(gen)
}
