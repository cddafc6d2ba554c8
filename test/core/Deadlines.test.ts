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

/**
 * A `Deadlines` under test: `send(timeoutMillis)` forks a request held until its `answer` is
 * completed, `ended.interrupted` counts the requests interrupted, `held()` is what the watch of the
 * test's clock holds.
 */
const harness = Effect.gen(function*() {
  const deadlines = Deadlines.make()
  const ended = { interrupted: 0 }
  const clock = yield* clockNow
  const send = (timeoutMillis: number) =>
    Effect.gen(function*() {
      const answer = yield* Deferred.make<string, string>()
      const fiber = yield* Effect.forkChild(deadlines.within(request(answer, ended), timeoutMillis, timedOut))
      return { answer, fiber }
    })
  return { deadlines, ended, send, held: () => deadlines.held(clock) }
})

describe("Deadlines", () => {
  it.effect("a deadline that passes interrupts its request and answers the timeout; answers and failures in time are kept", () =>
    Effect.gen(function*() {
      const { ended, held, send } = yield* harness
      const requests = yield* Effect.forEach([0, 1, 2, 3], () => send(5_000))
      yield* Effect.yieldNow
      // One watch for all four.
      expect(held()).toStrictEqual({ inFlight: 4, entries: 4, running: true, starts: 1 })
      yield* TestClock.adjust("1 second")
      yield* Deferred.succeed(requests[0]!.answer, "answered")
      yield* Deferred.fail(requests[1]!.answer, "refused")
      yield* Effect.yieldNow
      expect(held()).toMatchObject({ inFlight: 2, running: true, starts: 1 })
      yield* TestClock.adjust("3999 millis")
      expect(ended.interrupted).toBe(0)
      yield* TestClock.adjust("1 millis")
      const exits = yield* Effect.forEach(requests, ({ fiber }) => Fiber.await(fiber))
      expect(exits[0]).toStrictEqual(Exit.succeed("answered"))
      expect(exits[1]).toStrictEqual(Exit.fail("refused"))
      expect(exits[2]).toStrictEqual(Exit.fail("timed out"))
      expect(exits[3]).toStrictEqual(Exit.fail("timed out"))
      expect(ended.interrupted).toBe(2)
      // Nothing in flight: the watch ends, holding nothing.
      yield* turnsUntil(() => !held().running)
      expect(held()).toStrictEqual({ inFlight: 0, entries: 0, running: false, starts: 1 })
    }))

  it.effect("requests sent later keep their own deadlines, also after the watch has ended and started again", () =>
    Effect.gen(function*() {
      const { ended, held, send } = yield* harness
      const first = yield* send(5_000)
      yield* TestClock.adjust("3 seconds")
      const second = yield* send(5_000)
      yield* TestClock.adjust("2 seconds")
      expect(yield* Fiber.await(first.fiber)).toStrictEqual(Exit.fail("timed out"))
      yield* TestClock.adjust("2999 millis")
      expect(ended.interrupted).toBe(1)
      yield* TestClock.adjust("1 millis")
      expect(yield* Fiber.await(second.fiber)).toStrictEqual(Exit.fail("timed out"))
      // Nothing in flight: the watch has ended; a new request starts it again.
      yield* turnsUntil(() => false)
      const third = yield* send(1_000)
      yield* Effect.yieldNow
      expect(held()).toMatchObject({ inFlight: 1, running: true, starts: 2 })
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.await(third.fiber)).toStrictEqual(Exit.fail("timed out"))
      expect(ended.interrupted).toBe(3)
    }))

  it.effect("an answer ready at once, a defect and many requests at once are kept as they are", () =>
    Effect.gen(function*() {
      const { deadlines, ended, send } = yield* harness
      expect(yield* deadlines.within(Effect.succeed(7), 1_000, timedOut)).toBe(7)
      const defect = yield* Effect.exit(deadlines.within(Effect.die("broken"), 1_000, timedOut))
      expect(Exit.isFailure(defect) && Cause.squash(defect.cause)).toBe("broken")
      const requests = yield* Effect.forEach(Array.from({ length: 300 }), () => send(2_000))
      yield* Effect.forEach(requests.filter((_, i) => i % 3 === 0), ({ answer }) => Deferred.succeed(answer, "answered"))
      yield* TestClock.adjust("2 seconds")
      const exits = yield* Effect.forEach(requests, ({ fiber }) => Fiber.await(fiber))
      exits.forEach((exit, i) => expect(exit).toStrictEqual(i % 3 === 0 ? Exit.succeed("answered") : Exit.fail("timed out")))
      expect(ended.interrupted).toBe(200)
    }))

  it.effect("a request with a sooner deadline than the watch sleeps to wakes it; the later one keeps its own", () =>
    Effect.gen(function*() {
      const { ended, held, send } = yield* harness
      const slow = yield* send(60_000)
      const quick = yield* send(1_000)
      yield* Effect.yieldNow
      expect(held()).toMatchObject({ inFlight: 2, running: true, starts: 1 })
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.await(quick.fiber)).toStrictEqual(Exit.fail("timed out"))
      expect(ended.interrupted).toBe(1)
      yield* TestClock.adjust("58 seconds")
      expect(ended.interrupted).toBe(1)
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.await(slow.fiber)).toStrictEqual(Exit.fail("timed out"))
      expect(ended.interrupted).toBe(2)
      yield* turnsUntil(() => !held().running)
      expect(held()).toStrictEqual({ inFlight: 0, entries: 0, running: false, starts: 1 })
    }))

  it.effect("when the watch wakes, it sleeps next until the earliest deadline left, whatever the order they came in", () =>
    Effect.gen(function*() {
      const { ended, send } = yield* harness
      yield* send(1_000)
      yield* Effect.yieldNow
      const sooner = yield* send(2_000)
      const later = yield* send(10_000)
      yield* TestClock.adjust("1 second")
      expect(ended.interrupted).toBe(1)
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.await(sooner.fiber)).toStrictEqual(Exit.fail("timed out"))
      expect(ended.interrupted).toBe(2)
      yield* TestClock.adjust("8 seconds")
      expect(yield* Fiber.await(later.fiber)).toStrictEqual(Exit.fail("timed out"))
    }))

  it.effect("thousands answered behind one still in flight: each kept, and the one in flight times out at its deadline", () =>
    Effect.gen(function*() {
      const { deadlines, ended, held, send } = yield* harness
      const hanging = yield* send(5_000)
      // Each answered on the next step of its fiber: in flight for a moment, as an exchange is.
      const quick = deadlines.within(Effect.andThen(Effect.yieldNow, Effect.succeed("answered")), 5_000, timedOut)
      for (let i = 0; i < 3_000; i++) {
        expect(yield* quick).toBe("answered")
        // Answered entries piled up behind the one in flight are dropped: the list stays short.
        expect(held().entries).toBeLessThanOrEqual(1_026)
      }
      expect(held()).toMatchObject({ inFlight: 1, running: true, starts: 1 })
      yield* TestClock.adjust("4 seconds")
      const late = yield* send(5_000)
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.await(hanging.fiber)).toStrictEqual(Exit.fail("timed out"))
      expect(ended.interrupted).toBe(1)
      yield* Deferred.succeed(late.answer, "answered")
      expect(yield* Fiber.join(late.fiber)).toBe("answered")
      expect(held()).toMatchObject({ inFlight: 0 })
    }))

  it.effect("a caller interrupted ends its request at once", () =>
    Effect.gen(function*() {
      const { ended, held, send } = yield* harness
      const { fiber } = yield* send(60_000)
      yield* Effect.yieldNow
      yield* Fiber.interrupt(fiber)
      expect(ended.interrupted).toBe(1)
      expect(held()).toMatchObject({ inFlight: 0 })
    }))

  for (const ending of ["answered", "interrupted"] as const) {
    it.live(`on the live clock, the watch's timer is there while a request is in flight and gone once it is ${ending}`, () =>
      Effect.gen(function*() {
        const before = timers()
        const { ended, send } = yield* harness
        const { answer, fiber } = yield* send(30_000)
        yield* Effect.yieldNow
        expect(timers()).toBe(before + 1)
        if (ending === "answered") {
          yield* Deferred.succeed(answer, "answered")
          expect(yield* Fiber.join(fiber)).toBe("answered")
        } else {
          yield* Fiber.interrupt(fiber)
        }
        expect(ended.interrupted).toBe(ending === "answered" ? 0 : 1)
        yield* turnsUntil(() => timers() === before)
        expect(timers()).toBe(before)
      }))
  }
})
