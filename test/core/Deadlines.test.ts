/**
 * The deadlines of a transport's requests (`internal/Deadlines.ts`): one watch per clock interrupts
 * each request whose deadline passed and answers its timeout; answers and failures in time are
 * kept; a caller's interruption ends its request at once; and the watch ends when nothing is in
 * flight, leaving no timer to hold the process open. Time moves on `TestClock`, except where the
 * process's own timers are what is checked.
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Deferred, Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"
import * as Deadlines from "../../src/core/internal/Deadlines.js"

/** A request answered when `answer` is completed; `ended` counts the ones interrupted. */
const request = (answer: Deferred.Deferred<string, string>, ended: { interrupted: number }) =>
  Effect.onInterrupt(Deferred.await(answer), () => Effect.sync(() => void ended.interrupted++))

const timedOut = () => "timed out" as const

const clockNow = Effect.clockWith(Effect.succeed)

const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === "Timeout").length

// Turns of the event loop until `done` holds (at most 50).
const turnsUntil = (done: () => boolean) =>
  Effect.promise(async () => {
    for (let i = 0; i < 50 && !done(); i++) await new Promise((resolve) => setImmediate(resolve))
  })

describe("Deadlines", () => {
  it.effect("a deadline that passes interrupts its request and answers the timeout; answers and failures in time are kept", () =>
    Effect.gen(function*() {
      const deadlines = Deadlines.make()
      const ended = { interrupted: 0 }
      const answers = yield* Effect.forEach([0, 1, 2, 3], () => Deferred.make<string, string>())
      const fibers = yield* Effect.forEach(answers, (answer) => Effect.forkChild(deadlines.within(request(answer, ended), 5_000, timedOut)))
      const clock = yield* clockNow
      yield* Effect.yieldNow
      // One watch for all four.
      expect(deadlines.held(clock)).toStrictEqual({ inFlight: 4, entries: 4, running: true, starts: 1 })
      yield* TestClock.adjust("1 second")
      yield* Deferred.succeed(answers[0]!, "answered")
      yield* Deferred.fail(answers[1]!, "refused")
      yield* Effect.yieldNow
      expect(deadlines.held(clock)).toMatchObject({ inFlight: 2, running: true, starts: 1 })
      yield* TestClock.adjust("3999 millis")
      expect(ended.interrupted).toBe(0)
      yield* TestClock.adjust("1 millis")
      const exits = yield* Effect.forEach(fibers, Fiber.await)
      expect(exits[0]).toStrictEqual(Exit.succeed("answered"))
      expect(exits[1]).toStrictEqual(Exit.fail("refused"))
      expect(exits[2]).toStrictEqual(Exit.fail("timed out"))
      expect(exits[3]).toStrictEqual(Exit.fail("timed out"))
      expect(ended.interrupted).toBe(2)
      // Nothing in flight: the watch ends, holding nothing.
      yield* turnsUntil(() => !deadlines.held(clock).running)
      expect(deadlines.held(clock)).toStrictEqual({ inFlight: 0, entries: 0, running: false, starts: 1 })
    }))

  it.effect("requests sent later keep their own deadlines, also after the watch has ended and started again", () =>
    Effect.gen(function*() {
      const deadlines = Deadlines.make()
      const ended = { interrupted: 0 }
      const first = yield* Deferred.make<string, string>()
      const firstFiber = yield* Effect.forkChild(deadlines.within(request(first, ended), 5_000, timedOut))
      yield* TestClock.adjust("3 seconds")
      const second = yield* Deferred.make<string, string>()
      const secondFiber = yield* Effect.forkChild(deadlines.within(request(second, ended), 5_000, timedOut))
      yield* TestClock.adjust("2 seconds")
      expect(yield* Fiber.await(firstFiber)).toStrictEqual(Exit.fail("timed out"))
      yield* TestClock.adjust("2999 millis")
      expect(ended.interrupted).toBe(1)
      yield* TestClock.adjust("1 millis")
      expect(yield* Fiber.await(secondFiber)).toStrictEqual(Exit.fail("timed out"))
      // Nothing in flight: the watch has ended; a new request starts it again.
      yield* turnsUntil(() => false)
      const third = yield* Deferred.make<string, string>()
      const thirdFiber = yield* Effect.forkChild(deadlines.within(request(third, ended), 1_000, timedOut))
      yield* Effect.yieldNow
      expect(deadlines.held(yield* clockNow)).toMatchObject({ inFlight: 1, running: true, starts: 2 })
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.await(thirdFiber)).toStrictEqual(Exit.fail("timed out"))
      expect(ended.interrupted).toBe(3)
    }))

  it.effect("an answer ready at once, a defect and many requests at once are kept as they are", () =>
    Effect.gen(function*() {
      const deadlines = Deadlines.make()
      expect(yield* deadlines.within(Effect.succeed(7), 1_000, timedOut)).toBe(7)
      const defect = yield* Effect.exit(deadlines.within(Effect.die("broken"), 1_000, timedOut))
      expect(Exit.isFailure(defect) && Cause.squash(defect.cause)).toBe("broken")
      const ended = { interrupted: 0 }
      const answers = yield* Effect.forEach(Array.from({ length: 300 }), () => Deferred.make<string, string>())
      const fibers = yield* Effect.forEach(answers, (answer) => Effect.forkChild(deadlines.within(request(answer, ended), 2_000, timedOut)))
      yield* Effect.forEach(answers.filter((_, i) => i % 3 === 0), (answer) => Deferred.succeed(answer, "answered"))
      yield* TestClock.adjust("2 seconds")
      const exits = yield* Effect.forEach(fibers, Fiber.await)
      exits.forEach((exit, i) => expect(exit).toStrictEqual(i % 3 === 0 ? Exit.succeed("answered") : Exit.fail("timed out")))
      expect(ended.interrupted).toBe(200)
    }))

  it.effect("a request with a sooner deadline than the watch sleeps to wakes it; the later one keeps its own", () =>
    Effect.gen(function*() {
      const deadlines = Deadlines.make()
      const ended = { interrupted: 0 }
      const slow = yield* Deferred.make<string, string>()
      const quick = yield* Deferred.make<string, string>()
      const slowFiber = yield* Effect.forkChild(deadlines.within(request(slow, ended), 60_000, timedOut))
      const quickFiber = yield* Effect.forkChild(deadlines.within(request(quick, ended), 1_000, timedOut))
      const clock = yield* clockNow
      yield* Effect.yieldNow
      expect(deadlines.held(clock)).toMatchObject({ inFlight: 2, running: true, starts: 1 })
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.await(quickFiber)).toStrictEqual(Exit.fail("timed out"))
      expect(ended.interrupted).toBe(1)
      yield* TestClock.adjust("58 seconds")
      expect(ended.interrupted).toBe(1)
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.await(slowFiber)).toStrictEqual(Exit.fail("timed out"))
      expect(ended.interrupted).toBe(2)
      yield* turnsUntil(() => !deadlines.held(clock).running)
      expect(deadlines.held(clock)).toStrictEqual({ inFlight: 0, entries: 0, running: false, starts: 1 })
    }))

  it.effect("when the watch wakes, it sleeps next until the earliest deadline left, whatever the order they came in", () =>
    Effect.gen(function*() {
      const deadlines = Deadlines.make()
      const ended = { interrupted: 0 }
      const [first, sooner, later] = yield* Effect.forEach([0, 1, 2], () => Deferred.make<string, string>())
      yield* Effect.forkChild(deadlines.within(request(first!, ended), 1_000, timedOut))
      yield* Effect.yieldNow
      const soonerFiber = yield* Effect.forkChild(deadlines.within(request(sooner!, ended), 2_000, timedOut))
      const laterFiber = yield* Effect.forkChild(deadlines.within(request(later!, ended), 10_000, timedOut))
      yield* TestClock.adjust("1 second")
      expect(ended.interrupted).toBe(1)
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.await(soonerFiber)).toStrictEqual(Exit.fail("timed out"))
      expect(ended.interrupted).toBe(2)
      yield* TestClock.adjust("8 seconds")
      expect(yield* Fiber.await(laterFiber)).toStrictEqual(Exit.fail("timed out"))
    }))

  it.effect("thousands answered behind one still in flight: each kept, and the one in flight times out at its deadline", () =>
    Effect.gen(function*() {
      const deadlines = Deadlines.make()
      const ended = { interrupted: 0 }
      const hanging = yield* Deferred.make<string, string>()
      const hangingFiber = yield* Effect.forkChild(deadlines.within(request(hanging, ended), 5_000, timedOut))
      // Each answered on the next step of its fiber: in flight for a moment, as an exchange is.
      const quick = deadlines.within(Effect.andThen(Effect.yieldNow, Effect.succeed("answered")), 5_000, timedOut)
      const clock = yield* clockNow
      for (let i = 0; i < 3_000; i++) {
        expect(yield* quick).toBe("answered")
        // Answered entries piled up behind the one in flight are dropped: the list stays short.
        expect(deadlines.held(clock).entries).toBeLessThanOrEqual(1_026)
      }
      expect(deadlines.held(clock)).toMatchObject({ inFlight: 1, running: true, starts: 1 })
      const late = yield* Deferred.make<string, string>()
      yield* TestClock.adjust("4 seconds")
      const lateFiber = yield* Effect.forkChild(deadlines.within(request(late, ended), 5_000, timedOut))
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.await(hangingFiber)).toStrictEqual(Exit.fail("timed out"))
      expect(ended.interrupted).toBe(1)
      yield* Deferred.succeed(late, "answered")
      expect(yield* Fiber.join(lateFiber)).toBe("answered")
      expect(deadlines.held(clock)).toMatchObject({ inFlight: 0 })
    }))

  it.effect("a caller interrupted ends its request at once", () =>
    Effect.gen(function*() {
      const deadlines = Deadlines.make()
      const ended = { interrupted: 0 }
      const answer = yield* Deferred.make<string, string>()
      const fiber = yield* Effect.forkChild(deadlines.within(request(answer, ended), 60_000, timedOut))
      yield* Effect.yieldNow
      yield* Fiber.interrupt(fiber)
      expect(ended.interrupted).toBe(1)
      expect(deadlines.held(yield* clockNow)).toMatchObject({ inFlight: 0 })
    }))

  it.live("on the live clock, a caller interrupted takes the watch's timer with its request", () =>
    Effect.gen(function*() {
      const deadlines = Deadlines.make()
      const before = timers()
      const ended = { interrupted: 0 }
      const answer = yield* Deferred.make<string, string>()
      const fiber = yield* Effect.forkChild(deadlines.within(request(answer, ended), 30_000, timedOut))
      yield* Effect.yieldNow
      expect(timers()).toBe(before + 1)
      yield* Fiber.interrupt(fiber)
      expect(ended.interrupted).toBe(1)
      yield* turnsUntil(() => timers() === before)
      expect(timers()).toBe(before)
    }))

  it.live("on the live clock, the watch's timer is there while a request is in flight and gone once none is", () =>
    Effect.gen(function*() {
      const deadlines = Deadlines.make()
      const before = timers()
      const ended = { interrupted: 0 }
      const answer = yield* Deferred.make<string, string>()
      const fiber = yield* Effect.forkChild(deadlines.within(request(answer, ended), 30_000, timedOut))
      yield* Effect.yieldNow
      expect(timers()).toBe(before + 1)
      yield* Deferred.succeed(answer, "answered")
      expect(yield* Fiber.join(fiber)).toBe("answered")
      yield* turnsUntil(() => timers() === before)
      expect(timers()).toBe(before)
      expect(ended.interrupted).toBe(0)
    }))
})
