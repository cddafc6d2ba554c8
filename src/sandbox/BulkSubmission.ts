/**
 * The progress of a bulk submission, shared by every domain with bulk issue (cash receipts, e-Tax
 * invoices): txState 0 submitted → 1 in progress → 2 completed along a progression policy, derived
 * when read; on completion each item is processed once, at the instant of completion.
 *
 * @since 0.1.0
 */
import { failureOfRow, type FailureRow, type SandboxFailure } from "./Failure.js"
import { type Policy, stageOf, stageReachedAt } from "./Progression.js"

/**
 * A bulk submission and its progress; a domain's submission record is one, or extends it.
 *
 * @since 0.1.0
 * @category models
 */
export interface Submission<R> {
  readonly submitID: string
  readonly receiptID: string
  /** Base64(SHA-1) of the body as received: a repeat with the same ID must carry the same bytes. */
  readonly digest: string
  readonly receivedAt: number
  /** How many items were submitted. */
  readonly submitCount: number
  /**
   * The items as sent, until the submission is processed (each is validated then); afterwards only
   * the results are kept.
   */
  items: ReadonlyArray<unknown> | undefined
  polls: number
  stage: number
  startedAt: number | undefined
  completedAt: number | undefined
  results: ReadonlyArray<R> | undefined
}

/**
 * The stage a submission has reached at `now` under `policy` (0 submitted, 1 in progress, 2
 * completed), without recording it.
 *
 * @since 1.1.0
 * @category combinators
 */
export const stageAsOf = (bulk: Submission<unknown>, policy: Policy, now: number): number =>
  Math.max(bulk.stage, stageOf(policy, { startedAt: bulk.receivedAt, now, polls: bulk.polls, stages: 2 }))

/**
 * Advances a submission under its policy (txState 0 → 1 → 2); a poll counts for `AfterPolls`. On
 * reaching 2 each item is processed by `process` at the instant of completion.
 *
 * @since 0.1.0
 * @category combinators
 */
export const advance = <R, S extends Submission<R>>(
  bulk: S,
  policy: Policy,
  now: number,
  poll: boolean,
  process: (item: unknown, at: number) => R
): S => {
  if (poll) bulk.polls += 1
  const stage = stageAsOf(bulk, policy, now)
  if (stage >= 1 && bulk.startedAt === undefined) bulk.startedAt = stageReachedAt(policy, bulk.receivedAt, 1) ?? now
  if (stage >= 2 && bulk.results === undefined) {
    const at = stageReachedAt(policy, bulk.receivedAt, 2) ?? now
    bulk.completedAt = at
    bulk.results = (bulk.items ?? []).map((item) => process(item, at))
    bulk.items = undefined
  }
  bulk.stage = stage
  return bulk
}

/**
 * Advances every submission of `pending` (without counting a poll) and drops those that completed:
 * what a member's handler does first, so items of a completed submission are visible to it.
 *
 * @since 0.1.0
 * @category combinators
 */
export const advancePending = <R, S extends Submission<R>>(
  pending: Set<S>,
  policy: Policy,
  now: number,
  processorOf: (bulk: S) => (item: unknown, at: number) => R
): void => {
  for (const bulk of pending) {
    advance(bulk, policy, now, false, processorOf(bulk))
    if (bulk.results !== undefined) pending.delete(bulk)
  }
}

/**
 * An item of a submission that was refused, as the domains record it.
 *
 * @since 0.1.0
 * @category models
 */
export interface FailedItem {
  readonly _tag: "Failed"
  readonly mgtKey: string | null
  readonly failure: SandboxFailure
}

/**
 * A refused item as a durable sandbox stores it.
 *
 * @since 0.1.0
 * @category models
 */
export interface FailedRow {
  readonly _tag: "Failed"
  readonly mgtKey: string | null
  readonly failure: FailureRow
}

/**
 * The submissions stored under `prefix` among a member's rows, put back into its `bulks` (and
 * `pendingBulks` while without results); `issued` rebuilds an item that was issued from its row.
 *
 * @since 0.1.0
 * @category constructors
 */
export const loadInto = <S extends Submission<R>, R, I>(
  member: { readonly bulks: Map<string, S>; readonly pendingBulks: Set<S> },
  rows: ReadonlyMap<string, unknown>,
  prefix: string,
  issued: (row: I, submitID: string) => R,
  failed: (item: FailedItem) => R
): void => {
  for (const [key, row] of rows) {
    if (!key.startsWith(prefix)) continue
    const { results, ...rest } = row as Omit<S, "results"> & { readonly results?: ReadonlyArray<I | FailedRow> }
    const bulk = {
      ...rest,
      results: results?.map((result) => {
        const stored = result as I | FailedRow
        return typeof stored === "object" && stored !== null && (stored as FailedRow)._tag === "Failed"
          ? failed({ _tag: "Failed", mgtKey: (stored as FailedRow).mgtKey, failure: failureOfRow((stored as FailedRow).failure) })
          : issued(stored as I, rest.submitID)
      })
    } as unknown as S
    member.bulks.set(bulk.submitID, bulk)
    if (bulk.results === undefined) member.pendingBulks.add(bulk)
  }
}
