/**
 * What every generator of `taxdoc/testing` gives: a description of values (`core/Gen.ts`) and the
 * moment they are judged at — data that draws nothing until a reader makes an arbitrary of it,
 * `toArbitrary` an Effect `Arbitrary`, `toFastCheck` (`taxdoc/testing/fast-check`) a fast-check one.
 *
 * @since 2.0.0
 */
import type * as Gen from "../core/Gen.js"

/**
 * A generator read at a moment: the description, and the `now` (epoch milliseconds) its
 * time-dependent parts (`Gen.at`: a trade time of today, a write date not after today) are drawn at.
 *
 * @since 1.0.0
 * @category models
 */
export interface Described<A> {
  readonly gen: Gen.Gen<A>
  readonly now: number
}

/**
 * `gen`, which holds no time: the moment it is read at is never used.
 *
 * @since 2.0.0
 * @category constructors
 */
export const timeless = <A>(gen: Gen.Gen<A>): Described<A> => ({ gen, now: 0 })
