import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import * as Polling from "../../src/core/Polling.js"

const counter = (doneAt: number) => {
  let n = 0
  return { poll: Effect.sync(() => ++n), polls: () => n, isDone: (s: number) => s >= doneAt }
}

describe("Polling.until", () => {
  it.effect("polls at once, then 100 ms apart doubling up to the 2 second default, reporting progress", () =>
    Effect.gen(function*() {
      const c = counter(9)
      const seen: Array<[number, number]> = []
      const fiber = yield* Effect.forkChild(Polling.until({
        operation: "Test.await",
        id: "job-1",
        poll: c.poll,
        isDone: c.isDone,
        describe: (s) => `state ${s}`,
        onProgress: (p) => Effect.sync(() => seen.push([p.polls, p.elapsedMillis]))
      }))
      yield* TestClock.adjust("99 millis")
      expect(c.polls()).toBe(1)
      yield* TestClock.adjust("1 millis")
      expect(c.polls()).toBe(2)
      yield* TestClock.adjust("10 seconds")
      expect(yield* Fiber.join(fiber)).toBe(9)
      // Delays 100, 200, 400, 800 and 1,600 ms, then the interval.
      expect(seen).toEqual([[1, 0], [2, 100], [3, 300], [4, 700], [5, 1500], [6, 3100], [7, 5100], [8, 7100], [9, 9100]])
    }))

  it.effect("grows the delay by the factor up to the maximum", () =>
    Effect.gen(function*() {
      const c = counter(5)
      const at: Array<number> = []
      const fiber = yield* Effect.forkChild(Polling.until(
        { operation: "Test.await", id: "job-2", poll: c.poll, isDone: c.isDone, describe: String, onProgress: (p) => Effect.sync(() => at.push(p.elapsedMillis)) },
        { interval: "1 second", factor: 2, maxInterval: "3 seconds" }
      ))
      yield* TestClock.adjust("10 seconds")
      expect(yield* Fiber.join(fiber)).toBe(5)
      // A given interval from the first poll: 1 s, 2 s, 3 s (capped), 3 s.
      expect(at).toEqual([0, 1000, 3000, 6000, 9000])
    }))

  it.effect("a given interval is kept from the first poll, so recorded polls replay as made", () =>
    Effect.gen(function*() {
      const c = counter(4)
      const at: Array<number> = []
      const fiber = yield* Effect.forkChild(Polling.until(
        { operation: "Test.await", id: "job-4", poll: c.poll, isDone: c.isDone, describe: String, onProgress: (p) => Effect.sync(() => at.push(p.elapsedMillis)) },
        { interval: "50 millis" }
      ))
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.join(fiber)).toBe(4)
      expect(at).toEqual([0, 50, 100, 150])
    }))

  it.effect("fails with PollTimeoutError carrying the polls and the last state at the deadline", () =>
    Effect.gen(function*() {
      const c = counter(Number.POSITIVE_INFINITY)
      const fiber = yield* Effect.forkChild(Effect.flip(Polling.until(
        { operation: "Test.await", id: "job-3", poll: c.poll, isDone: c.isDone, describe: (s) => `txState ${s}` },
        { deadline: "9 seconds" }
      )))
      // Polls at 0, 0.1, 0.3, 0.7, 1.5, 3.1, 5.1 and 7.1 seconds; the deadline passes at 9.
      yield* TestClock.adjust("9 seconds")
      const error = yield* Fiber.join(fiber)
      expect(error).toMatchObject({ _tag: "PollTimeoutError", operation: "Test.await", id: "job-3", polls: 8, lastState: "txState 8" })
      expect(error.message).toContain("job-3")
    }))
})
