/**
 * The sandbox clock, two times (docs/sandbox.md "Two times"):
 *
 * - **base** — the Effect `Clock` (real time, or `TestClock` in tests). Authentication runs on it:
 *   the X-SVC-Date window of token requests, token expiry and the `expiration` a token reports.
 *   Clients judge a token's expiry by their own clocks, so moving the sandbox forward never
 *   invalidates the tokens they hold; `/_sandbox/tokens/expire` does that on purpose.
 * - **document time** (`now`) — the base plus an offset that the admin route `/_sandbox/clock`
 *   moves. Documents, filing, bulk progress, collection jobs and URL validity follow it, so a test
 *   can let a day pass for the documents without waiting.
 *
 * Tests drive the base with `TestClock.adjust` and document time with `advance`.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"

/**
 * What the sandbox clock offers.
 *
 * @since 1.0.0
 * @category models
 */
export interface SandboxClockShape {
  /** Document time: base clock + offset, epoch milliseconds. */
  readonly now: Effect.Effect<number>
  /** The base clock alone (the Effect `Clock`), epoch milliseconds: the time of authentication. */
  readonly base: Effect.Effect<number>
  /** The current offset in milliseconds. */
  readonly offset: Effect.Effect<number>
  /** The current offset, read synchronously (for a step that has read the base clock already). */
  readonly offsetUnsafe: () => number
  /** Moves document time forward (or back, when negative) by `millis`; answers document time. */
  readonly advance: (millis: number) => Effect.Effect<number>
  /** Sets the offset so that document time reads `epochMillis` now; answers document time. */
  readonly set: (epochMillis: number) => Effect.Effect<number>
  /** Sets the offset back to zero. */
  readonly reset: Effect.Effect<void>
}

/**
 * @since 0.1.0
 * @category services
 */
export class SandboxClock extends Context.Service<SandboxClock, SandboxClockShape>()("taxdoc/sandbox/SandboxClock") {}

/**
 * A sandbox clock starting with offset zero.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make: Effect.Effect<SandboxClockShape> = Effect.gen(function*() {
  const offset = yield* Ref.make(0)
  const base = Clock.currentTimeMillis
  const now = Effect.zipWith(base, Ref.get(offset), (b, o) => b + o)
  return {
    now,
    base,
    offset: Ref.get(offset),
    offsetUnsafe: () => Ref.getUnsafe(offset),
    advance: (millis) => Effect.andThen(Ref.update(offset, (o) => o + millis), now),
    set: (epochMillis) => Effect.andThen(Effect.flatMap(base, (b) => Ref.set(offset, epochMillis - b)), now),
    reset: Ref.set(offset, 0)
  }
})

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<SandboxClock> = Layer.effect(SandboxClock, make)
