/**
 * Work on lists longer than one request takes: split into chunks of the spec's cap
 * (GetInfos 1,000, bulk issue 100, mass print 100, company status 1,000), run the chunks with
 * bounded concurrency, and answer in input order. For bulk issue, each chunk is submitted under a
 * submit ID derived from its exact bytes and awaited; progress is reported as chunks go.
 *
 * @since 0.1.0
 */
import type * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { createHash } from "node:crypto"
import type { CallError, TaxdocClient } from "./Client.js"
import type { PollTimeoutError } from "./Errors.js"
import * as Operation from "./Operation.js"
import * as RequestBuilder from "./RequestBuilder.js"
import * as Polling from "./Polling.js"

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
 * same documents is recognised by the service as the same submission (docs/decisions.md "Cash receipts": same ID and
 * digest → the original receipt ID) instead of issuing twice. 36 characters, letters, digits and
 * hyphens.
 *
 * @since 0.1.0
 * @category constructors
 */
export const submitIdFor = (body: Uint8Array): string => `TD-${createHash("sha256").update(body).digest("hex").slice(0, 33)}`

/**
 * Submits one chunk, already validated, under the submit ID derived from its exact bytes (sent
 * with its digest as the declaration says); answers the submit ID to await. Repeating it repeats
 * the same ID and bytes, which the service recognises.
 *
 * @since 0.1.0
 * @category combinators
 */
export const submit = <O extends Operation.Any>(
  client: Context.Tag.Service<TaxdocClient>,
  operation: O,
  body: unknown,
  member: { readonly corpNum: string; readonly userId?: string | undefined }
): Effect.Effect<string, CallError> =>
  Effect.suspend(() => {
    const encoded = RequestBuilder.encodeBody(operation, body)
    const submitID = submitIdFor(encoded.bytes)
    return Effect.as(client.send(operation, RequestBuilder.build(operation, { submitID }, encoded), member), submitID)
  })

/**
 * Polls a bulk submission's result (`poll`, its GetBulkResult) until its `txState` reaches
 * `completed`, in a span named `operation` with the member and the submit ID; each state goes to
 * `options.onProgress`, and `PollTimeoutError` ends a wait past `options.deadline`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const awaitResult = <S extends { readonly txState: number }, E, R>(
  args: {
    readonly operation: string
    readonly corpNum: string
    readonly submitId: string
    readonly completed: number
    readonly poll: Effect.Effect<S, E, R>
  },
  options: Polling.PollOptions & { readonly onProgress?: ((progress: Polling.PollProgress<S>) => Effect.Effect<void>) | undefined }
): Effect.Effect<S, E | PollTimeoutError, R> =>
  Polling.until({
    operation: args.operation,
    id: args.submitId,
    poll: args.poll,
    isDone: (result) => result.txState === args.completed,
    describe: (result) => `txState ${result.txState}`,
    onProgress: options.onProgress
  }, options).pipe(Effect.withSpan(args.operation, { attributes: { corpNum: args.corpNum, submitId: args.submitId } }))

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
  /** The chunk was accepted for processing under `submitId`. */
  readonly submitted: (submitId: string) => Effect.Effect<void>
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
  /** Whether a failure before the chunk was accepted may have left it submitted all the same. */
  readonly mayHaveSubmitted: (error: E) => boolean
  /** Names the work in `BulkIncompleteError`. */
  readonly operation: string
}

/**
 * What became of one document of a bulk issue that could not be completed: `Issued` or `Refused`
 * (its submission completed; `result` is the service's per-document result), `NotIssued` (its
 * submission surely did not happen: send it again), `Unknown` (its submission may have happened:
 * await the result of `submitId`, or read the document, before sending it again).
 *
 * @since 0.1.0
 * @category models
 */
export interface ItemOutcome {
  readonly key: string
  readonly status: "Issued" | "Refused" | "NotIssued" | "Unknown"
  /** The per-document result of the service (the domain's bulk result item), when known. */
  readonly result: unknown
  /** The submit ID of the document's submission, once it was accepted. */
  readonly submitId: string | undefined
}

/**
 * A bulk issue that had to give up on some submissions: the outcome of every document, in input
 * order. Nothing already issued is lost, and nothing is issued twice by a retry (a submission is
 * repeated only with its own submit ID and bytes).
 *
 * @since 0.1.0
 * @category errors
 */
export class BulkIncompleteError extends Data.TaggedError("BulkIncompleteError")<{
  readonly operation: string
  readonly message: string
  readonly items: ReadonlyArray<ItemOutcome>
  /** The failures of the submissions that gave up. */
  readonly causes: ReadonlyArray<unknown>
}> {
  /** The documents whose outcome is `status`. */
  keys(status: ItemOutcome["status"]): ReadonlyArray<string> {
    return this.items.filter((item) => item.status === status).map((item) => item.key)
  }
}

/**
 * Chunk → submit → await → reassemble: one result per item, in input order. A chunk that fails does
 * not stop the others; when any fails, the answer is a `BulkIncompleteError` with every item's
 * outcome (results of the chunks that went through included).
 *
 * @since 0.1.0
 * @category combinators
 */
export const issueInChunks = <A, B, E, R>(options: IssueOptions<A, B, E, R>): Effect.Effect<ReadonlyArray<B>, E | BulkIncompleteError, R> =>
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
      let submitId: string | undefined
      const tracker: Tracker = {
        submitted: (id) =>
          Effect.suspend(() => {
            submitId = id
            progress.submitted += chunk.length
            return report
          }),
        polled: Effect.suspend(() => {
          progress.polls++
          return report
        })
      }
      return options.run(chunk, tracker).pipe(
        Effect.tap((results) => {
          const ok = results.filter(options.succeeded).length
          progress.completed += chunk.length
          progress.succeeded += ok
          progress.failed += chunk.length - ok
          return report
        }),
        Effect.either,
        Effect.map((outcome) => ({ chunk, outcome, submitId: () => submitId }))
      )
    }, { concurrency: options.concurrency ?? 4 }).pipe(
      Effect.flatMap((done): Effect.Effect<ReadonlyArray<B>, E | BulkIncompleteError> => {
        const keys = options.items.map(options.keyOfItem)
        const failed = done.filter((d) => Either.isLeft(d.outcome))
        const results = done.flatMap((d) => (Either.isRight(d.outcome) ? d.outcome.right : []))
        if (failed.length === 0) return Effect.succeed(inInputOrder(keys, results, options.keyOfResult, options.missing))
        // Nothing went out at all (a refused token, a closed port): the first failure says it best.
        const first = failed[0]!.outcome
        if (failed.length === done.length && Either.isLeft(first) && failed.every((d) => d.submitId() === undefined && Either.isLeft(d.outcome) && !options.mayHaveSubmitted(d.outcome.left))) {
          return Effect.fail(first.left)
        }
        const byKey = new Map<string, ItemOutcome>()
        for (const d of done) {
          const submitId = d.submitId()
          if (Either.isRight(d.outcome)) {
            const ordered = inInputOrder(d.chunk.map(options.keyOfItem), d.outcome.right, options.keyOfResult, options.missing)
            d.chunk.forEach((item, i) => {
              const result = ordered[i]!
              byKey.set(options.keyOfItem(item), { key: options.keyOfItem(item), status: options.succeeded(result) ? "Issued" : "Refused", result, submitId })
            })
          } else {
            const status = submitId !== undefined || options.mayHaveSubmitted(d.outcome.left) ? "Unknown" : "NotIssued"
            for (const item of d.chunk) byKey.set(options.keyOfItem(item), { key: options.keyOfItem(item), status, result: undefined, submitId })
          }
        }
        const items = keys.map((key) => byKey.get(key)!)
        const count = (status: ItemOutcome["status"]) => items.filter((i) => i.status === status).length
        return Effect.fail(
          new BulkIncompleteError({
            operation: options.operation,
            message: `${options.operation}: ${failed.length} of ${done.length} submissions gave up — ${count("Issued")} issued, ${
              count("Refused")
            } refused, ${count("NotIssued")} not issued, ${count("Unknown")} unknown (see items)`,
            items,
            causes: failed.map((d) => (Either.isLeft(d.outcome) ? d.outcome.left : undefined))
          })
        )
      })
    )
  })
