import { describe, expect, it, vi } from "@effect/vitest"
import { Deferred, Duration, Effect, Fiber, TestClock } from "effect"
import * as Deadline from "../../src/core/Deadline.js"

/** Work that takes `d` of TestClock time (the tests move the clock; nothing really waits). */
const takes = <A>(d: Duration.DurationInput, value: A) => Effect.as(Effect.sleep(d), value) // TestClock time

class TimedOut {
  readonly _tag = "TimedOut"
}

describe("Deadline", () => {
  it.scoped("interrupts work still running at its due time and fails with the timeout error", () =>
    Effect.gen(function*() {
      const deadline = yield* Deadline.make(Duration.seconds(5))
      const interrupted = yield* Deferred.make<void>()
      const fiber = yield* Effect.fork(Effect.flip(deadline.within(
        Effect.never.pipe(Effect.onInterrupt(() => Deferred.succeed(interrupted, undefined))),
        () => new TimedOut()
      )))
      yield* TestClock.adjust("4999 millis")
      expect(fiber.unsafePoll()).toBeNull()
      yield* TestClock.adjust("1 millis")
      expect(yield* Fiber.join(fiber)).toBeInstanceOf(TimedOut)
      expect(yield* Deferred.isDone(interrupted)).toBe(true)
    }))

  it.scoped("work that ends in time keeps its result or its error, and is not touched later", () =>
    Effect.gen(function*() {
      const deadline = yield* Deadline.make(Duration.seconds(5))
      expect(yield* deadline.within(Effect.succeed(1), () => new TimedOut())).toBe(1)
      expect(yield* Effect.flip(deadline.within(Effect.fail("no" as const), () => new TimedOut()))).toBe("no")
      const slow = yield* Effect.fork(deadline.within(takes("3 seconds", "slow"), () => new TimedOut()))
      yield* TestClock.adjust("3 seconds")
      expect(yield* Fiber.join(slow)).toBe("slow")
      yield* TestClock.adjust("1 minute")
    }))

  it.scoped("each of many concurrent requests gets its own due time", () =>
    Effect.gen(function*() {
      const deadline = yield* Deadline.make(Duration.seconds(10))
      const early = yield* Effect.fork(Effect.either(deadline.within(Effect.never, () => new TimedOut())))
      yield* TestClock.adjust("4 seconds")
      const late = yield* Effect.fork(Effect.either(deadline.within(Effect.never, () => new TimedOut())))
      const quick = yield* Effect.fork(deadline.within(takes("1 second", "quick"), () => new TimedOut()))
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.join(quick)).toBe("quick")
      yield* TestClock.adjust("5 seconds") // t = 10 s: the early one is due
      expect((yield* Fiber.join(early))._tag).toBe("Left")
      expect(late.unsafePoll()).toBeNull()
      yield* TestClock.adjust("4 seconds") // t = 14 s: the late one is due
      expect((yield* Fiber.join(late))._tag).toBe("Left")
    }))

  it.scoped("interrupting the caller interrupts the work; uninterruptible callers still get the deadline", () =>
    Effect.gen(function*() {
      const deadline = yield* Deadline.make(Duration.seconds(5))
      const interrupted = yield* Deferred.make<void>()
      const caller = yield* Effect.fork(deadline.within(
        Effect.never.pipe(Effect.onInterrupt(() => Deferred.succeed(interrupted, undefined))),
        () => new TimedOut()
      ))
      yield* Effect.yieldNow()
      yield* Fiber.interrupt(caller)
      expect(yield* Deferred.isDone(interrupted)).toBe(true)

      const guarded = yield* Effect.fork(Effect.uninterruptible(Effect.flip(deadline.within(Effect.never, () => new TimedOut()))))
      yield* TestClock.adjust("5 seconds")
      expect(yield* Fiber.join(guarded)).toBeInstanceOf(TimedOut)
    }))

  it.effect("an infinite duration adds nothing", () =>
    Effect.gen(function*() {
      const deadline = yield* Effect.scoped(Deadline.make(Duration.infinity))
      expect(deadline).toBe(Deadline.none)
    }))
})

describe("Deadline.timers (the live-clock deadlines of a direct transport)", () => {
  // Node's timers are faked here (no test waits): `advanceTimersByTime` moves them.
  it("fires each deadline once, in order, at its due time; a cleared one never fires", () => {
    vi.useFakeTimers()
    try {
      const timers = Deadline.timers(1000)
      const fired: Array<string> = []
      const a = timers.start(() => fired.push("a"))
      vi.advanceTimersByTime(400)
      const b = timers.start(() => fired.push("b"))
      const c = timers.start(() => fired.push("c"))
      b.clear()
      vi.advanceTimersByTime(599)
      expect(fired).toEqual([])
      vi.advanceTimersByTime(1)
      expect(fired).toEqual(["a"])
      a.clear() // after firing: nothing happens
      vi.advanceTimersByTime(400)
      expect(fired).toEqual(["a", "c"])
      c.clear()
      vi.advanceTimersByTime(5000)
      expect(fired).toEqual(["a", "c"])
    } finally {
      vi.useRealTimers()
    }
  })

  it("many requests finishing out of order: only the unfinished ones fire, whatever the queue's compactions", () => {
    vi.useFakeTimers()
    try {
      const timers = Deadline.timers(100)
      const fired = new Set<number>()
      const slots = Array.from({ length: 5000 }, (_, i) => timers.start(() => fired.add(i)))
      // Every request but multiples of 7 finishes, the later ones first.
      for (let i = slots.length - 1; i >= 0; i--) if (i % 7 !== 0) slots[i]!.clear()
      vi.advanceTimersByTime(100)
      expect([...fired].sort((x, y) => x - y)).toEqual(Array.from({ length: 5000 }, (_, i) => i).filter((i) => i % 7 === 0))
      const late = timers.start(() => fired.add(-1))
      vi.advanceTimersByTime(99)
      expect(fired.has(-1)).toBe(false)
      vi.advanceTimersByTime(1)
      expect(fired.has(-1)).toBe(true)
      late.clear()
    } finally {
      vi.useRealTimers()
    }
  })
})
