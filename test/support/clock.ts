/** Running effects whose progress waits on the clock (polls, backoff, deadlines) under `TestClock`. */
import { type Duration, Effect, Fiber, Option, TestClock } from "effect"

/** Runs `effect` while moving the TestClock by `step` until it completes (at most `maxSteps` steps). */
export const driven = <A, E, R>(effect: Effect.Effect<A, E, R>, step: Duration.DurationInput = "2 seconds", maxSteps = 200) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.fork(effect)
    for (let i = 0; i < maxSteps; i++) {
      yield* Effect.yieldNow()
      if (Option.isSome(yield* Fiber.poll(fiber))) break
      yield* TestClock.adjust(step)
    }
    return yield* Fiber.join(fiber)
  })
