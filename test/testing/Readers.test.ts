/**
 * The two readings of a generator (`core/Gen.ts`): as a fast-check 4 arbitrary and as an Effect 4
 * `Arbitrary`. For the same descriptions both draw only values the description allows, both cover
 * the choices, and both shrink a failing value towards the first choice, the integer nearest zero
 * and the shortest text of the alphabet's first character; a filter no value keeps is reported,
 * never drawn forever.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Effect } from "effect"
import * as fc from "fast-check"
import * as Gen from "../../src/core/Gen.js"
import { toFastCheck } from "../../src/testing/FastCheck.js"
import { toArbitrary } from "../../src/testing/index.js"

const NOW = Date.UTC(2026, 10, 22, 3, 0, 0)

interface Drawn {
  readonly n: number
  readonly word: string
  readonly pick: "first" | "second" | "third"
  readonly items: ReadonlyArray<number>
  readonly even: number
  readonly nested: string
  readonly at: number
}

const description: Gen.Gen<Drawn> = Gen.tuple(
  [
    Gen.integer(-50, 50),
    Gen.text("xyz", 2, 6),
    Gen.constantFrom("first" as const, "second" as const, "third" as const),
    Gen.list(Gen.integer(1, 9), 1, 4),
    Gen.filter(Gen.integer(0, 40), (n) => n % 2 === 0),
    Gen.chain(Gen.integer(1, 3), (length) => Gen.map(Gen.digits(length), (d) => `#${d}`)),
    Gen.at((now) => Gen.integer(now - 10, now))
  ],
  ([n, word, pick, items, even, nested, at]) => ({ n, word, pick, items, even, nested, at })
)

const allowed = (d: Drawn): boolean =>
  Number.isInteger(d.n) && d.n >= -50 && d.n <= 50 &&
  /^[xyz]{2,6}$/.test(d.word) &&
  ["first", "second", "third"].includes(d.pick) &&
  d.items.length >= 1 && d.items.length <= 4 && d.items.every((i) => i >= 1 && i <= 9) &&
  d.even % 2 === 0 && d.even >= 0 && d.even <= 40 &&
  /^#\d{1,3}$/.test(d.nested) &&
  d.at >= NOW - 10 && d.at <= NOW

const sampleEffect = <A>(arbitrary: Arbitrary.Arbitrary<A>, count: number) =>
  Effect.runSync(Arbitrary.sampleEffect(arbitrary, { count, seed: 42 }))

describe("Gen read as fast-check and as Effect Arbitrary", () => {
  it("both draw only what the description allows, and every choice of it", () => {
    const fromFastCheck = fc.sample(toFastCheck({ gen: description, now: NOW }), { numRuns: 500, seed: 42 })
    const fromEffect = sampleEffect(toArbitrary({ gen: description, now: NOW }), 500)
    for (const drawn of [...fromFastCheck, ...fromEffect]) expect(allowed(drawn), JSON.stringify(drawn)).toBe(true)
    for (const values of [fromFastCheck, fromEffect]) {
      expect(new Set(values.map((d) => d.pick))).toEqual(new Set(["first", "second", "third"]))
      expect(new Set(values.map((d) => d.nested.length))).toEqual(new Set([2, 3, 4]))
      expect(values.some((d) => d.n < 0) && values.some((d) => d.n > 0)).toBe(true)
    }
  })

  it("a mapped generator draws what the generator it maps draws, turned", () => {
    const mapped = [
      Gen.map(Gen.constant(2), (n) => n * 10),
      Gen.map(Gen.filter(Gen.integer(0, 9), (n) => n > 4), (n) => n * 10),
      Gen.map(Gen.oneOf(Gen.constant(1), Gen.integer(2, 3)), (n) => n * 10),
      Gen.map(Gen.at(() => Gen.integer(4, 4)), (n) => n * 10)
    ]
    const expected = [[20], [50, 60, 70, 80, 90], [10, 20, 30], [40]]
    mapped.forEach((gen, i) => {
      expect(new Set(fc.sample(toFastCheck({ gen: gen, now: NOW }), { numRuns: 200, seed: 1 }))).toEqual(new Set(expected[i]))
      expect(new Set(sampleEffect(toArbitrary({ gen: gen, now: NOW }), 200))).toEqual(new Set(expected[i]))
    })
  })

  it("the same seed draws the same values", () => {
    expect(fc.sample(toFastCheck({ gen: description, now: NOW }), { numRuns: 30, seed: 7 })).toEqual(fc.sample(toFastCheck({ gen: description, now: NOW }), { numRuns: 30, seed: 7 }))
    expect(sampleEffect(toArbitrary({ gen: description, now: NOW }), 30)).toEqual(sampleEffect(toArbitrary({ gen: description, now: NOW }), 30))
  })

  // A property every value fails: what is left after shrinking is the smallest value of the description.
  const smallest: Drawn = { n: 0, word: "xx", pick: "first", items: [1], even: 0, nested: "#0", at: NOW - 10 }

  it.effect("an Effect Arbitrary shrinks towards the first choice, zero and the shortest text", () =>
    Effect.gen(function*() {
      const result = yield* Arbitrary.checkEffect(toArbitrary({ gen: description, now: NOW }), () => false, { seed: 3, maxShrinks: 1000 })
      expect(result._tag).toBe("Falsified")
      if (result._tag === "Falsified") expect(result.shrunkInput).toEqual(smallest)
    }))

  it("a fast-check arbitrary shrinks towards the first choice, zero and the shortest text", () => {
    const details = fc.check(fc.property(toFastCheck({ gen: description, now: NOW }), () => false), { seed: 3 })
    expect(details.failed).toBe(true)
    expect(details.counterexample?.[0]).toEqual(smallest)
  })

  it.effect("a filter no value keeps: an error naming it (fast-check), an exhausted property (Effect)", () =>
    Effect.gen(function*() {
      const never = Gen.filter(Gen.text("ab", 1, 3), (s) => s === "c", "the rules date(yyyyMMdd)")
      expect(() => fc.sample(toFastCheck({ gen: never, now: NOW }), { numRuns: 1, seed: 1 })).toThrow(/keeps the rules date\(yyyyMMdd\)/)
      const result = yield* Arbitrary.checkEffect(toArbitrary({ gen: never, now: NOW }), () => true, { seed: 1, runs: 5 })
      expect(result._tag).toBe("Exhausted")
    }))

  it.prop("it.prop takes a read generator as it is", [toArbitrary({ gen: description, now: NOW })], ([drawn]) => {
    expect(allowed(drawn)).toBe(true)
  }, { arbitrary: { runs: 50 } })
})
