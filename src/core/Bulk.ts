/**
 * Work on lists longer than one request takes (DESIGN.md §4): split into chunks of the spec's cap
 * (GetInfos 1,000, bulk issue 100, mass print 100, company status 1,000), run the chunks with
 * bounded concurrency, and answer in input order. For bulk issue, each chunk is submitted under a
 * submit ID derived from its exact bytes and awaited; progress is reported as chunks go.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { createHash } from "node:crypto"

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

/**
 * The submit ID of a bulk body: derived from the exact bytes sent, so a retried submission of the
 * same documents is recognised by the service as the same submission (DESIGN.md §6: same ID and
 * digest → the original receipt ID) instead of issuing twice. 36 characters, letters, digits and
 * hyphens.
 *
 * @since 0.1.0
 * @category constructors
 */
export const submitIdFor = (body: Uint8Array): string => `TD-${createHash("sha256").update(body).digest("hex").slice(0, 33)}`

/**
 * Progress of a bulk issue over many submissions, reported after each submission, each poll and
 * each completed result.
 *
 * @since 0.1.0
 * @category models
 */
export interface Progress {
  readonly total: number
  readonly submissions: number
  readonly submitted: number
  /** Documents whose result is known (their submission completed). */
  readonly completed: number
  readonly succeeded: number
  readonly failed: number
  /** Bulk result polls made so far (all submissions together). */
  readonly polls: number
}

/**
 * What one submission reports while it runs.
 *
 * @since 0.1.0
 * @category models
 */
export interface Tracker {
  /** The chunk was accepted for processing. */
  readonly submitted: Effect.Effect<void>
  /** One poll of the chunk's result. */
  readonly polled: Effect.Effect<void>
}

/**
 * Options of `issueInChunks`.
 *
 * @since 0.1.0
 * @category models
 */
export interface IssueOptions<A, B, E, R> {
  readonly items: ReadonlyArray<A>
  /** The most documents per submission. */
  readonly size: number
  readonly concurrency?: number | undefined
  readonly onProgress?: ((progress: Progress) => Effect.Effect<void>) | undefined
  /** Submits one chunk and awaits its per-document results. */
  readonly run: (chunk: ReadonlyArray<A>, tracker: Tracker) => Effect.Effect<ReadonlyArray<B>, E, R>
  readonly keyOfItem: (item: A) => string
  readonly keyOfResult: (result: B) => string | null | undefined
  readonly succeeded: (result: B) => boolean
  /** The result of a document its completed submission does not mention: reported, never dropped. */
  readonly missing: (key: string) => B
}

/**
 * Chunk → submit → await → reassemble: one result per item, in input order.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issueInChunks = <A, B, E, R>(options: IssueOptions<A, B, E, R>): Effect.Effect<ReadonlyArray<B>, E, R> =>
  Effect.suspend(() => {
    const chunks = chunksOf(options.items, options.size)
    const progress = {
      total: options.items.length,
      submissions: chunks.length,
      submitted: 0,
      completed: 0,
      succeeded: 0,
      failed: 0,
      polls: 0
    }
    const onProgress = options.onProgress
    const report = onProgress === undefined ? Effect.void : Effect.suspend(() => onProgress({ ...progress }))
    return Effect.forEach(chunks, (chunk) => {
      const tracker: Tracker = {
        submitted: Effect.suspend(() => {
          progress.submitted += chunk.length
          return report
        }),
        polled: Effect.suspend(() => {
          progress.polls++
          return report
        })
      }
      return Effect.tap(options.run(chunk, tracker), (results) => {
        const ok = results.filter(options.succeeded).length
        progress.completed += chunk.length
        progress.succeeded += ok
        progress.failed += chunk.length - ok
        return report
      })
    }, { concurrency: options.concurrency ?? 4 }).pipe(
      Effect.map((answers) => inInputOrder(options.items.map(options.keyOfItem), answers.flat(), options.keyOfResult, options.missing))
    )
  })
