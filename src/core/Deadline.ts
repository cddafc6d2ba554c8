/**
 * Request deadlines at the cost of one fork per request. `Effect.timeout` forks the work and a
 * sleeping fiber on every call and joins their FiberRefs (the largest cost of a call in
 * bench/RESULTS.md). All requests of a client share one duration, so their deadlines arrive in the
 * order the requests start: one watcher fiber per client takes them first in, first out, sleeps
 * until the oldest is due and interrupts the request if it is still running, which aborts it on the
 * wire. Due times are read and awaited on the requester's Effect `Clock` (so `TestClock` drives
 * them, even when the client was built under another clock).
 *
 * A transport that can abort a request itself needs no fiber at all while the program runs on the
 * live clock: `timers` keeps the deadlines of a client in one queue served by one Node timer.
 *
 * @since 0.1.0
 */
import type * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Queue from "effect/Queue"
import type * as Scope from "effect/Scope"

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

/**
 * A deadline armed by `Timers.start`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Timer {
  /** The request ended: the deadline no longer applies. */
  readonly clear: () => void
}

/**
 * Deadlines on the real clock for the requests of one client.
 *
 * @since 0.1.0
 * @category models
 */
export interface Timers {
  /** Arms a deadline one duration from now; `onDue` runs once if it passes before `clear`. */
  readonly start: (onDue: () => void) => Timer
}

/**
 * A deadline in the queue: an object of its own with a method, not an object literal with a
 * closure. A finished slot stays in the queue (an old-generation array) until the ones before it
 * have finished; the closure version kept each finished request's objects reachable from it, so
 * that under 32 concurrent calls every young-generation collection promoted about 1.3–2.3 MB of
 * dead calls, and full collections followed.
 */
class Slot implements Timer {
  constructor(readonly due: number, public onDue: (() => void) | undefined, readonly owner: Queue) {}
  clear() {
    this.onDue = undefined
    this.owner.cleared(this)
  }
}

/** The queue a slot tells when its request ends. */
interface Queue {
  readonly cleared: (slot: Slot) => void
}

/**
 * Deadlines of `millis` on the real clock, with no fiber and no timer per request: all share one
 * duration, so they fall due in the order they start; one queue holds them and one unreferenced
 * Node timer wakes for the oldest. A finished request leaves the queue as soon as the requests
 * before it have finished (in order, at once), so the queue holds about the requests in flight.
 *
 * @since 0.1.0
 * @category constructors
 */
export const timers = (millis: number): Timers => {
  let queue: Array<Slot | undefined> = []
  let head = 0
  let armed = false

  const dropFinished = () => {
    // A passed slot's place is emptied at once, so it dies young rather than living on in the
    // queue (an old-generation array) until the queue is next cut.
    while (head < queue.length && queue[head]!.onDue === undefined) queue[head++] = undefined
    if (head === queue.length) {
      queue = []
      head = 0
    } else if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head)
      head = 0
    }
  }

  const arm = (delay: number) => {
    armed = true
    setTimeout(fire, Math.max(1, delay)).unref()
  }

  const fire = () => {
    armed = false
    const now = Date.now()
    while (head < queue.length) {
      const slot = queue[head]!
      if (slot.onDue !== undefined && slot.due > now) break
      queue[head++] = undefined
      const onDue = slot.onDue
      slot.onDue = undefined
      onDue?.()
    }
    dropFinished()
    if (head < queue.length) arm(queue[head]!.due - now)
  }

  const owner: Queue = {
    cleared: (slot) => {
      if (queue[head] === slot) dropFinished()
    }
  }

  const start = (onDue: () => void): Timer => {
    const slot = new Slot(Date.now() + millis, onDue, owner)
    queue.push(slot)
    // A timer already set wakes no later than this deadline needs (it was set for an earlier one).
    if (!armed) arm(millis)
    return slot
  }

  return { start }
}
