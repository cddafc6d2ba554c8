/**
 * Awaiting asynchronous results (bulk issue results, collection jobs) with `Schedule`s: by default
 * the first polls 100 ms apart and doubling up to 2 seconds, then a poll every 2 seconds (the
 * published clients poll every 2 to 5 s); with an `interval`, a poll every `interval` from the
 * first; growing by `factor` up to `maxInterval`, within an overall deadline. Time is the Effect `Clock`, so tests drive it with `TestClock`.
 * Each poll is an event on the current span when anything is traced (its count and the state read).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import { PollTimeoutError } from "./Errors.js"
import { event } from "./internal/Telemetry.js"
import { Attribute, Event } from "./Telemetry.js"

/**
 * How to wait.
 *
 * @since 0.1.0
 * @category models
 */
export interface PollOptions {
  /**
   * Delay between polls. Default 2 seconds, reached after the first polls, 100 ms apart and
   * doubling; given, it is kept from the first poll.
   */
  readonly interval?: Duration.Input | undefined
  /** Growth of the delay after each poll (default 1: constant). */
  readonly factor?: number | undefined
  /** Longest delay between polls (default 10 seconds). */
  readonly maxInterval?: Duration.Input | undefined
  /** Overall deadline (default 10 minutes); then `PollTimeoutError`. */
  readonly deadline?: Duration.Input | undefined
}

/**
 * The polling options alone, from options that carry more (`issueMany`'s, `collect`'s).
 *
 * @since 0.1.0
 * @category combinators
 */
export const pollOptionsOf = (options: PollOptions): PollOptions => ({
  interval: options.interval,
  factor: options.factor,
  maxInterval: options.maxInterval,
  deadline: options.deadline
})

/**
 * What a progress observer is told after each poll.
 *
 * @since 0.1.0
 * @category models
 */
export interface PollProgress<S> {
  readonly state: S
  readonly polls: number
  readonly elapsedMillis: number
}

/**
 * The delay schedule of `options`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const scheduleOf = (options: PollOptions = {}): Schedule.Schedule<Duration.Duration> => {
  const interval = Duration.fromInputUnsafe(options.interval ?? "2 seconds")
  const max = Duration.fromInputUnsafe(options.maxInterval ?? "10 seconds")
  const factor = options.factor ?? 1
  const steady = Schedule.exponential(interval, factor).pipe(Schedule.modifyDelay(({ duration }) => Effect.succeed(Duration.min(duration, max))))
  // A given interval is kept from the first poll (a recording of the polls replays as it was
  // made). By default a result is often ready soon after its request (a small bulk, a sandbox):
  // the first polls come FIRST_POLL apart, doubling until they reach the interval.
  if (options.interval !== undefined) return steady
  const first = Duration.min(FIRST_POLL, interval)
  const warmups = Math.max(0, Math.ceil(Math.log2(Duration.toMillis(interval) / Duration.toMillis(first))))
  if (warmups === 0) return steady
  return Schedule.max([Schedule.exponential(first, 2), Schedule.recurs(warmups)]).pipe(Schedule.concat(steady))
}

/** The first delay between polls, before they settle to the interval. */
const FIRST_POLL = Duration.millis(100)

/**
 * Polls `poll` until `isDone` holds, reporting each state to `onProgress`; fails with
 * `PollTimeoutError` (carrying the last state) when the deadline passes first.
 *
 * @since 0.1.0
 * @category combinators
 */
export const until = <S, E, R, R2 = never>(
  args: {
    readonly operation: string
    readonly id: string
    readonly poll: Effect.Effect<S, E, R>
    readonly isDone: (state: S) => boolean
    readonly describe: (state: S) => string
    readonly onProgress?: ((progress: PollProgress<S>) => Effect.Effect<void, never, R2>) | undefined
    /** Attributes of each poll's span event besides its count and state (the ID awaited). */
    readonly attributes?: Readonly<Record<string, unknown>> | undefined
  },
  options: PollOptions = {}
): Effect.Effect<S, E | PollTimeoutError, R | R2> =>
  Effect.gen(function*() {
    const started = yield* Clock.currentTimeMillis
    let polls = 0
    let lastState = "not polled yet"
    let lastValue: S | undefined
    const deadline = Duration.fromInputUnsafe(options.deadline ?? "10 minutes")
    const once = Effect.gen(function*() {
      const state = yield* args.poll
      polls++
      lastState = args.describe(state)
      lastValue = state
      yield* event(Event.poll, () => ({ ...args.attributes, [Attribute.polls]: polls, [Attribute.pollState]: lastState }))
      if (args.onProgress !== undefined) {
        const now = yield* Clock.currentTimeMillis
        yield* args.onProgress({ state, polls, elapsedMillis: now - started })
      }
      return state
    })
    yield* once.pipe(
      Effect.repeat({ schedule: scheduleOf(options), until: args.isDone }),
      Effect.timeoutOrElse({
        duration: deadline,
        orElse: () =>
          Effect.fail(new PollTimeoutError({
            operation: args.operation,
            id: args.id,
            polls,
            elapsedMillis: Duration.toMillis(deadline),
            lastState,
            message: `${args.operation}: ${args.id} not complete after ${Duration.format(deadline)} (${polls} polls, last: ${lastState})`
          }))
      })
    )
    // `repeat` stops only once `isDone` held for the last polled state.
    return lastValue as S
  })
