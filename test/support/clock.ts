/** Running effects whose progress waits on the clock (polls, backoff, deadlines) under `TestClock`. */
import { type Duration, Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"

/** Runs `effect` while moving the TestClock by `step` until it completes (at most `maxSteps` steps). */
export const driven = <A, E, R>(effect: Effect.Effect<A, E, R>, step: Duration.Input = "2 seconds", maxSteps = 200) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.forkChild(effect)
    for (let i = 0; i < maxSteps; i++) {
      yield* Effect.yieldNow
      if (fiber.pollUnsafe() !== undefined) break
      yield* TestClock.adjust(step)
    }
    return yield* Fiber.join(fiber)
  })
