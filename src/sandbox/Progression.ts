/**
 * Progression policies of asynchronous work (bulk 0→1→2, tax-authority filing, collection jobs
 * 1→2→3), as in moto: immediate, after N polls, after a duration, or at the end of the KST day
 * (cash receipt filing). Stages are derived on read from (start time, polls, now): no background
 * fibers, and `TestClock` or the sandbox clock moves them.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import * as Kst from "../core/Kst.js"

/**
 * How one kind of asynchronous work moves on: at once (`Immediate`), after a number of polls
 * (`AfterPolls`), after a duration (`AfterDuration`), or at the end of the KST day (`EndOfDay`).
 *
 * @since 0.1.0
 * @category schemas
 */
export const Policy = Schema.Union([
  Schema.TaggedStruct("Immediate", {}),
  Schema.TaggedStruct("AfterPolls", { polls: Schema.Int.check(Schema.isGreaterThan(0)) }),
  Schema.TaggedStruct("AfterDuration", { millis: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)) }),
  Schema.TaggedStruct("EndOfDay", {})
])

/**
 * @since 0.1.0
 * @category models
 */
export type Policy = typeof Policy.Type

/**
 * The kinds of progression the sandbox knows.
 *
 * @since 0.1.0
 * @category models
 */
export const Kinds = ["cashbill.bulk", "cashbill.filing", "taxinvoice.bulk", "taxinvoice.filing", "taxPortal.job"] as const

/**
 * One kind of asynchronous work of the sandbox (one of `Kinds`).
 *
 * @since 0.1.0
 * @category models
 */
export type Kind = typeof Kinds[number]

/**
 * The default policy per kind: bulk results advance one stage per poll; filing happens at the end
 * of the issuing day (KST), as the live service files cash receipts; collection jobs advance one
 * stage per poll.
 *
 * @since 0.1.0
 * @category constants
 */
export const defaults: Readonly<Record<Kind, Policy>> = {
  "cashbill.bulk": { _tag: "AfterPolls", polls: 1 },
  "cashbill.filing": { _tag: "EndOfDay" },
  "taxinvoice.bulk": { _tag: "AfterPolls", polls: 1 },
  "taxinvoice.filing": { _tag: "EndOfDay" },
  "taxPortal.job": { _tag: "AfterPolls", polls: 1 }
}

/**
 * The stage reached (0 … `stages`), `stages` being the number of steps after the initial stage.
 * With `AfterPolls(n)` each step takes n polls; with `AfterDuration(ms)` each step takes ms; with
 * `EndOfDay` every step happens at the first KST midnight after the start.
 *
 * @since 0.1.0
 * @category combinators
 */
export const stageOf = (
  policy: Policy,
  progress: { readonly startedAt: number; readonly now: number; readonly polls: number; readonly stages: number }
): number => {
  const cap = (n: number) => Math.max(0, Math.min(progress.stages, n))
  switch (policy._tag) {
    case "Immediate":
      return progress.stages
    case "AfterPolls":
      return cap(Math.floor(progress.polls / policy.polls))
    case "AfterDuration":
      return policy.millis === 0 ? progress.stages : cap(Math.floor((progress.now - progress.startedAt) / policy.millis))
    case "EndOfDay":
      return progress.now >= Kst.endOfDay(progress.startedAt) ? progress.stages : 0
  }
}

/**
 * The instant a stage is (or was) reached under a time-based policy; `undefined` for poll-based
 * ones (the instant is then recorded by the domain when the poll happens).
 *
 * @since 0.1.0
 * @category combinators
 */
export const stageReachedAt = (policy: Policy, startedAt: number, stage: number): number | undefined => {
  switch (policy._tag) {
    case "Immediate":
      return startedAt
    case "AfterDuration":
      return startedAt + policy.millis * stage
    case "EndOfDay":
      return stage === 0 ? startedAt : Kst.endOfDay(startedAt)
    case "AfterPolls":
      return undefined
  }
}

/**
 * The progress of a piece of asynchronous work — a bulk submission, a collection job, the filing
 * of a receipt or an e-Tax invoice: the polls it was asked (what `AfterPolls` counts) and the
 * instant each of its stages was reached. What is due is derived when read (`asOf`); `advance`
 * records it, and a stage recorded is never undone, whatever a later policy says. A record is
 * replaced, never changed in place, so a kept answer's version sees it change.
 *
 * @since 1.1.0
 * @category models
 */
export interface Progress {
  readonly polls: number
  readonly reached: ReadonlyArray<number>
}

/**
 * No poll yet, no stage reached.
 *
 * @since 1.1.0
 * @category constants
 */
export const notStarted: Progress = Object.freeze({ polls: 0, reached: Object.freeze([]) })

/**
 * How a piece of work progresses: its policy, when it started and how many stages follow the
 * first.
 *
 * @since 1.1.0
 * @category models
 */
export interface Course {
  readonly policy: Policy
  readonly since: number
  readonly stages: number
}

/**
 * The progress as of `now`: the stages recorded and those now due, each at the instant it was
 * reached; with `poll`, counting the request as a poll where the policy counts polls.
 *
 * @since 1.1.0
 * @category combinators
 */
export const asOf = (progress: Progress, course: Course, now: number, poll = false): Progress => {
  const polls = poll && course.policy._tag === "AfterPolls" ? progress.polls + 1 : progress.polls
  const stage = Math.max(progress.reached.length, stageOf(course.policy, { startedAt: course.since, now, polls, stages: course.stages }))
  if (stage === progress.reached.length) return polls === progress.polls ? progress : { polls, reached: progress.reached }
  const reached = [...progress.reached]
  for (let step = reached.length + 1; step <= stage; step++) reached.push(stageReachedAt(course.policy, course.since, step) ?? now)
  return { polls, reached }
}

/**
 * Records the progress of `holder` as of `now` (`asOf`); answers it.
 *
 * @since 1.1.0
 * @category combinators
 */
export const advance = (holder: { progress: Progress }, course: Course, now: number, poll = false): Progress =>
  (holder.progress = asOf(holder.progress, course, now, poll))

/**
 * What the progressions service offers.
 *
 * @since 1.0.0
 * @category models
 */
export interface ProgressionsShape {
  readonly get: (kind: Kind) => Effect.Effect<Policy>
  /** Every kind's policy at once. */
  readonly all: Effect.Effect<Readonly<Record<Kind, Policy>>>
  readonly set: (kind: Kind, policy: Policy) => Effect.Effect<void>
  readonly reset: Effect.Effect<void>
}

/**
 * The current policy of each kind; changed with `/_sandbox/progressions`.
 *
 * @since 0.1.0
 * @category services
 */
export class Progressions extends Context.Service<Progressions, ProgressionsShape>()("taxdoc/sandbox/Progressions") {}

/**
 * @since 0.1.0
 * @category constructors
 */
export const make = (initial: Partial<Record<Kind, Policy>> = {}): Effect.Effect<ProgressionsShape> =>
  Effect.map(Ref.make<Readonly<Record<Kind, Policy>>>({ ...defaults, ...initial }), (ref) => {
    const start = { ...defaults, ...initial }
    return {
      get: (kind) => Effect.map(Ref.get(ref), (all) => all[kind]),
      all: Ref.get(ref),
      set: (kind, policy) => Ref.update(ref, (all) => ({ ...all, [kind]: policy })),
      reset: Ref.set(ref, start)
    }
  })

/**
 * @since 0.1.0
 * @category layers
 */
export const layer = (initial: Partial<Record<Kind, Policy>> = {}): Layer.Layer<Progressions> =>
  Layer.effect(Progressions, make(initial))
