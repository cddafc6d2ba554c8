import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import * as Polling from "../../src/core/Polling.js"

const counter = (doneAt: number) => {
  let n = 0
  return { poll: Effect.sync(() => ++n), polls: () => n, isDone: (s: number) => s >= doneAt }
}

describe("Polling.until", () => {
  it.effect("polls every 2 seconds by default until done, reporting progress", () =>
    Effect.gen(function*() {
      const c = counter(3)
      const seen: Array<[number, number]> = []
      const fiber = yield* Effect.forkChild(Polling.until({
        operation: "Test.await",
        id: "job-1",
        poll: c.poll,
        isDone: c.isDone,
        describe: (s) => `state ${s}`,
        onProgress: (p) => Effect.sync(() => seen.push([p.polls, p.elapsedMillis]))
      }))
      yield* TestClock.adjust("1999 millis")
      expect(c.polls()).toBe(1)
      yield* TestClock.adjust("1 millis")
      expect(c.polls()).toBe(2)
      yield* TestClock.adjust("2 seconds")
      expect(yield* Fiber.join(fiber)).toBe(3)
      expect(seen).toEqual([[1, 0], [2, 2000], [3, 4000]])
    }))

  it.effect("grows the delay by the factor up to the maximum", () =>
    Effect.gen(function*() {
      const c = counter(5)
      const fiber = yield* Effect.forkChild(Polling.until(
        { operation: "Test.await", id: "job-2", poll: c.poll, isDone: c.isDone, describe: String },
        { interval: "1 second", factor: 2, maxInterval: "3 seconds" }
      ))
      // Delays 1 s, 2 s, 3 s (capped), 3 s.
      yield* TestClock.adjust("1 second")
      expect(c.polls()).toBe(2)
      yield* TestClock.adjust("2 seconds")
      expect(c.polls()).toBe(3)
      yield* TestClock.adjust("3 seconds")
      expect(c.polls()).toBe(4)
      yield* TestClock.adjust("3 seconds")
      expect(yield* Fiber.join(fiber)).toBe(5)
    }))

  it.effect("fails with PollTimeoutError carrying the polls and the last state at the deadline", () =>
    Effect.gen(function*() {
      const c = counter(Number.POSITIVE_INFINITY)
      const fiber = yield* Effect.forkChild(Effect.flip(Polling.until(
        { operation: "Test.await", id: "job-3", poll: c.poll, isDone: c.isDone, describe: (s) => `txState ${s}` },
        { deadline: "9 seconds" }
      )))
      // Polls at 0, 2, 4, 6 and 8 seconds; the deadline passes at 9.
      yield* TestClock.adjust("9 seconds")
      const error = yield* Fiber.join(fiber)
      expect(error).toMatchObject({ _tag: "PollTimeoutError", operation: "Test.await", id: "job-3", polls: 5, lastState: "txState 5" })
      expect(error.message).toContain("job-3")
    }))
})
