/**
 * Request deadlines at the cost of one fork per request. `Effect.timeout` forks the work and a
 * sleeping fiber on every call and joins their FiberRefs (the largest cost of a call in
 * bench/RESULTS.md). All requests of a client share one duration, so their deadlines arrive in the
 * order the requests start: one watcher fiber per client takes them first in, first out, sleeps
 * until the oldest is due and interrupts the request if it is still running, which aborts it on the
 * wire. Due times are read and awaited on the requester's Effect `Clock` (so `TestClock` drives
 * them, even when the client was built under another clock).
 *
 * @since 0.1.0
 */
import { Clock, Duration, Effect, Exit, Fiber, Queue, type Scope } from "effect"

/**
 * @since 0.1.0
 * @category models
 */
export interface Deadline {
  /** Runs `self`, interrupting it and failing with `onTimeout()` once the duration has passed. */
  readonly within: <A, E, R, E2>(self: Effect.Effect<A, E, R>, onTimeout: () => E2) => Effect.Effect<A, E | E2, R>
}

interface Entry {
  /** The requester's clock: the due time is read and awaited on it, whichever clock the watcher has. */
  readonly clock: Clock.Clock
  readonly due: number
  /** Dropped once the request ends, so a finished request is not kept alive until its due time. */
  fiber: Fiber.RuntimeFiber<unknown, unknown> | undefined
  expired: boolean
}

/**
 * No deadline: `within` runs the effect as it is (timing out is left to the HttpClient).
 *
 * @since 0.1.0
 * @category constructors
 */
export const none: Deadline = { within: (self) => self }

/**
 * Deadlines of `duration` for the requests of one client; the watcher lives as long as the scope.
 * An infinite duration gives `none`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (duration: Duration.Duration): Effect.Effect<Deadline, never, Scope.Scope> =>
  Effect.gen(function*() {
    if (!Duration.isFinite(duration)) return none
    const millis = Duration.toMillis(duration)
    const queue = yield* Queue.unbounded<Entry>()

    const watch = Effect.gen(function*() {
      const entry = yield* Queue.take(queue)
      if (entry.fiber === undefined) return
      const now = entry.clock.unsafeCurrentTimeMillis()
      if (entry.due > now) yield* entry.clock.sleep(Duration.millis(entry.due - now))
      const fiber = entry.fiber
      if (fiber === undefined) return
      entry.expired = true
      yield* Fiber.interruptFork(fiber)
    })
    yield* Effect.forkScoped(Effect.forever(watch))

    const within = <A, E, R, E2>(self: Effect.Effect<A, E, R>, onTimeout: () => E2): Effect.Effect<A, E | E2, R> =>
      Effect.gen(function*() {
        const clock = yield* Effect.clock
        // Interruptible even when the caller is not (token issuance runs uninterruptibly so that
        // its waiters get an answer): the deadline must be able to abort the exchange.
        const fiber = yield* Effect.fork(Effect.interruptible(self))
        const entry: Entry = { clock, due: clock.unsafeCurrentTimeMillis() + millis, fiber, expired: false }
        queue.unsafeOffer(entry)
        const exit = yield* Fiber.await(fiber).pipe(Effect.onInterrupt(() => Fiber.interruptFork(fiber)))
        entry.fiber = undefined
        if (entry.expired && Exit.isInterrupted(exit)) return yield* Effect.fail(onTimeout())
        return yield* exit
      })

    return { within }
  })
