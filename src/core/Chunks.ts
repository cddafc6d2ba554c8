/**
 * Work on lists longer than one request takes (GetInfos 1,000, bulk issue 100, mass print 100,
 * company status 1,000): split into chunks of the spec's cap, run with bounded concurrency, and
 * answered in input order. `Bulk.ts` re-exports these.
 *
 * @since 1.1.0
 */
import * as Effect from "effect/Effect"

/**
 * `items` in chunks of at most `size`, in order.
 *
 * @since 0.1.0
 * @category combinators
 */
export const chunksOf = <A>(items: ReadonlyArray<A>, size: number): ReadonlyArray<ReadonlyArray<A>> => {
  const chunks: Array<ReadonlyArray<A>> = []
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size))
  return chunks
}

/**
 * Runs `f` on each chunk of `items` (at most `concurrency` at once) and concatenates the answers in
 * chunk order.
 *
 * @since 0.1.0
 * @category combinators
 */
export const inChunks = <A, B, E, R>(
  items: ReadonlyArray<A>,
  size: number,
  f: (chunk: ReadonlyArray<A>, index: number) => Effect.Effect<ReadonlyArray<B>, E, R>,
  concurrency = 4
): Effect.Effect<ReadonlyArray<B>, E, R> =>
  items.length === 0
    ? Effect.succeed([])
    : Effect.map(Effect.forEach(chunksOf(items, size), f, { concurrency }), (answers) => answers.flat())

/**
 * One answer per key of `keys`, in that order, from answers in any order: `missing` for a key no
 * answer mentions (or `undefined` to leave it out, as GetInfos does for unknown document IDs).
 *
 * @since 0.1.0
 * @category combinators
 */
export const inInputOrder = <B>(
  keys: ReadonlyArray<string>,
  answers: ReadonlyArray<B>,
  keyOf: (answer: B) => string | null | undefined,
  missing: (key: string) => B | undefined
): ReadonlyArray<B> => {
  const byKey = new Map<string, B>()
  for (const answer of answers) {
    const key = keyOf(answer)
    if (key !== undefined && key !== null) byKey.set(key, answer)
  }
  const ordered: Array<B> = []
  for (const key of keys) {
    const answer = byKey.get(key) ?? missing(key)
    if (answer !== undefined) ordered.push(answer)
  }
  return ordered
}
