/**
 * A request's deadline (`Deadline.ts`): under Effect's own clock the exchange runs in a fiber of
 * its own that a timer interrupts; under `TestClock` the deadline is kept on that clock. Either
 * way the exchange's answer, failure or interruption is the answer until the deadline passes, the
 * exchange is interrupted when it passes, and the caller's interruption interrupts the exchange.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Duration, Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"
import * as Deadline from "../../src/core/Deadline.js"

class Late {
  readonly _tag = "Late"
}

const late = () => Effect.fail(new Late())

describe("Deadline.within", () => {
  it.live("under Effect's clock, an exchange that ends in time is the answer", () =>
    Effect.gen(function*() {
      expect(yield* Deadline.within(Effect.succeed(1), Duration.seconds(30), late)).toBe(1)
      const async = Effect.andThen(Effect.yieldNow, Effect.succeed(2))
      expect(yield* Deadline.within(async, Duration.seconds(30), late)).toBe(2)
      const failed = yield* Effect.flip(Deadline.within(Effect.andThen(Effect.yieldNow, Effect.fail("refused")), Duration.seconds(30), late))
      expect(failed).toBe("refused")
    }))

  it.live("under Effect's clock, an exchange still running when the deadline passes is interrupted", () =>
    Effect.gen(function*() {
      const interrupted = yield* Deferred.make<void>()
      const error = yield* Effect.flip(Deadline.within(Effect.onInterrupt(Effect.never, () => Deferred.succeed(interrupted, undefined)), Duration.millis(1), late))
      expect(error).toBeInstanceOf(Late)
      expect(yield* Deferred.isDone(interrupted)).toBe(true)
    }))

  it.live("under Effect's clock, the caller's interruption interrupts the exchange and waits for its end", () =>
    Effect.gen(function*() {
      const started = yield* Deferred.make<void>()
      const ended = yield* Deferred.make<void>()
      const exchange = Effect.andThen(Deferred.succeed(started, undefined), Effect.never).pipe(Effect.onInterrupt(() => Deferred.succeed(ended, undefined)))
      const caller = yield* Effect.forkChild(Deadline.within(exchange, Duration.seconds(30), late))
      yield* Deferred.await(started)
      const exit = yield* Fiber.interrupt(caller).pipe(Effect.andThen(Fiber.await(caller)))
      expect(Exit.hasInterrupts(exit)).toBe(true)
      expect(yield* Deferred.isDone(ended)).toBe(true)
    }))

  it.effect("under TestClock, the deadline is kept on that clock", () =>
    Effect.gen(function*() {
      const caller = yield* Effect.forkChild(Effect.flip(Deadline.within(Effect.never, Duration.seconds(5), late)))
      yield* TestClock.adjust("4999 millis")
      expect(caller.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust("1 millis")
      expect(yield* Fiber.join(caller)).toBeInstanceOf(Late)
    }))
})
