/**
 * The deadlines of a transport's requests, kept by one watch per `Clock` rather than a timer and a
 * race per request. A request runs in a fiber of its own (forked at once, awaited by its caller);
 * the watch — a fiber sleeping on the caller's clock until the earliest deadline in flight —
 * interrupts each request whose deadline passed, which makes the client abort it on the wire, and
 * the caller answers `onTimeout`'s error. The watch sleeps only while a request is in flight: when
 * none is left (checked on the next turn of the event loop, so a caller that sends again at once
 * keeps it asleep) it ends, and no timer is left to hold the process open.
 *
 * What a request pays on its happy path is a forked fiber and its await, where a race
 * (`Effect.timeoutOrElse`) forks a second fiber that sleeps, arms a timer and is interrupted when
 * the answer comes (RESULTS.md, section 12 and `bench/effectCosts.ts`). Everything here is Effect's
 * public API: `Effect.forkChild`, `Fiber.await` and `Fiber.interrupt`, the clock's `sleep` (so
 * `TestClock` moves the deadlines in tests), a `Deferred` that wakes the watch.
 *
 * @since 2.0.0
 */
import * as Cause from "effect/Cause"
import type * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"

/** A request in flight: its deadline, and its fiber until it is answered or its deadline passed. */
interface Entry {
  readonly at: number
  fiber: Fiber.Fiber<unknown, unknown> | undefined
  expired: boolean
}

/** What a watch holds: requests in flight, entries kept for them, whether it runs, how often it started. */
interface Held {
  readonly inFlight: number
  readonly entries: number
  readonly running: boolean
  readonly starts: number
}

/** The requests in flight on one clock, and the fiber that keeps their deadlines. */
class Watch {
  private entries: Array<Entry> = []
  private pending = 0
  private running = false
  /** When the watch's current sleep ends (`Infinity`: it is not asleep). */
  private until = Number.POSITIVE_INFINITY
  private wake: Deferred.Deferred<void> | undefined = undefined
  private checking = false
  private starts = 0

  constructor(private readonly clock: Clock.Clock) {}

  /** Milliseconds on the clock's monotonic time: a wall clock set forward or back moves no deadline. */
  private now(): number {
    return Number(this.clock.monotonicTimeNanosUnsafe()) / 1_000_000
  }

  /** Registers a request whose deadline is `timeoutMillis` from now; starts the watch when it is not running. */
  add(timeoutMillis: number, fiber: Fiber.Fiber<unknown, unknown>): { readonly entry: Entry; readonly start: Effect.Effect<void> | undefined } {
    // Nothing in flight: the list starts anew. When answered entries pile up behind ones still in
    // flight, it is rebuilt of those in flight: it holds about twice their number.
    if (this.pending === 0) this.entries.length = 0
    else if (this.entries.length >= 1024 + 2 * this.pending) this.entries = this.entries.filter((kept) => kept.fiber !== undefined)
    const entry: Entry = { at: this.now() + timeoutMillis, fiber, expired: false }
    this.entries.push(entry)
    this.pending++
    if (this.running) {
      // Sooner than the watch wakes (a shorter timeout): it wakes now to sleep until this one.
      if (entry.at < this.until) this.wakeUp()
      return { entry, start: undefined }
    }
    this.running = true
    this.starts++
    return { entry, start: Effect.asVoid(Effect.forkDetach(this.loop, { startImmediately: true })) }
  }

  /** What the watch holds (for tests). */
  held(): Held {
    return { inFlight: this.pending, entries: this.entries.length, running: this.running, starts: this.starts }
  }

  /** The request of `entry` is over (answered, failed or abandoned by its caller). */
  settle(entry: Entry): void {
    if (entry.fiber === undefined) return
    entry.fiber = undefined
    this.pending--
    if (this.pending === 0 && this.running && !this.checking) {
      this.checking = true
      setImmediate(this.checkIdle)
    }
  }

  private readonly checkIdle = (): void => {
    this.checking = false
    if (this.pending === 0) this.wakeUp()
  }

  private wakeUp(): void {
    const wake = this.wake
    if (wake === undefined) return
    this.wake = undefined
    Deferred.doneUnsafe(wake, Effect.void)
  }

  /** The requests whose deadline passed, taken out and marked; the rest kept, with the earliest deadline. */
  private expire(now: number): { readonly expired: Array<Fiber.Fiber<unknown, unknown>>; readonly next: number } {
    const expired: Array<Fiber.Fiber<unknown, unknown>> = []
    const kept: Array<Entry> = []
    let next = Number.POSITIVE_INFINITY
    for (const entry of this.entries) {
      if (entry.fiber === undefined) continue
      if (entry.at <= now) {
        entry.expired = true
        expired.push(entry.fiber)
        entry.fiber = undefined
        this.pending--
      } else {
        kept.push(entry)
        if (entry.at < next) next = entry.at
      }
    }
    this.entries = kept
    return { expired, next }
  }

  private readonly loop: Effect.Effect<void> = Effect.suspend(() => {
    const now = this.now()
    const { expired, next } = this.expire(now)
    // Interrupted apart, so that a request slow to stop never holds the other deadlines up.
    const interrupted = expired.length === 0 ? Effect.void : Effect.asVoid(Effect.forkDetach(Fiber.interruptAll(expired), { startImmediately: true }))
    if (next === Number.POSITIVE_INFINITY) {
      this.running = false
      this.until = next
      return interrupted
    }
    const wake = Deferred.makeUnsafe<void>()
    this.wake = wake
    this.until = next
    return interrupted.pipe(
      Effect.andThen(Effect.raceFirst(this.clock.sleep(Duration.millis(next - now)), Deferred.await(wake))),
      Effect.andThen(() => {
        this.until = Number.POSITIVE_INFINITY
        return this.loop
      })
    )
  })
}

/**
 * The deadlines of one transport: a watch per clock its callers run on.
 *
 * @since 2.0.0
 * @category models
 */
export interface Deadlines {
  /**
   * Runs `effect` with a deadline of `timeoutMillis` on the caller's clock. When it passes, `effect`
   * is interrupted and the answer is `onTimeout()`'s error; an answer or a failure in time is kept.
   */
  readonly within: <A, E, E2>(effect: Effect.Effect<A, E>, timeoutMillis: number, onTimeout: () => E2) => Effect.Effect<A, E | E2>
  /** What the watch of `clock` holds (none yet: nothing), for tests. */
  readonly held: (clock: Clock.Clock) => Held
}

/**
 * New deadlines, with no watch running until a request is sent.
 *
 * @since 2.0.0
 * @category constructors
 */
export const make = (): Deadlines => {
  const watches = new WeakMap<Clock.Clock, Watch>()
  const watchOf = (clock: Clock.Clock): Watch => {
    let watch = watches.get(clock)
    if (watch === undefined) {
      watch = new Watch(clock)
      watches.set(clock, watch)
    }
    return watch
  }
  const within = <A, E, E2>(effect: Effect.Effect<A, E>, timeoutMillis: number, onTimeout: () => E2): Effect.Effect<A, E | E2> =>
    Effect.clockWith((clock) =>
      Effect.flatMap(Effect.forkChild(effect, { startImmediately: true }), (fiber) => {
        const watch = watchOf(clock)
        const { entry, start } = watch.add(timeoutMillis, fiber)
        const awaited = Effect.onInterrupt(Fiber.await(fiber), () => {
          watch.settle(entry)
          return Fiber.interrupt(fiber)
        })
        const answered = Effect.flatMap(awaited, (exit): Effect.Effect<A, E | E2> => {
          watch.settle(entry)
          return entry.expired && Exit.isFailure(exit) && Cause.hasInterrupts(exit.cause) ? Effect.fail(onTimeout()) : exit
        })
        return start === undefined ? answered : Effect.andThen(start, answered)
      })
    )
  const held = (clock: Clock.Clock): Held => watches.get(clock)?.held() ?? { inFlight: 0, entries: 0, running: false, starts: 0 }
  return { within, held }
}
