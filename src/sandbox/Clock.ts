/**
 * The sandbox clock: the Effect `Clock` plus an offset that the admin route `/_sandbox/clock` moves.
 * Every state change of the sandbox reads this clock, so tests drive it with `TestClock.adjust`
 * (the base) or `advance` (the offset).
 *
 * The offset models time passing inside the service: document progressions, token expiry and URL
 * expiry follow it. The X-SVC-Date check of token requests uses the base clock, so a caller whose
 * clock is right is never refused because the sandbox was moved forward.
 *
 * @since 0.1.0
 */
import { Clock, Context, Effect, Layer, Ref } from "effect"

/**
 * @since 0.1.0
 * @category services
 */
export class SandboxClock extends Context.Tag("taxdoc/sandbox/SandboxClock")<SandboxClock, {
  /** Sandbox time: base clock + offset, epoch milliseconds. */
  readonly now: Effect.Effect<number>
  /** The base clock alone (the Effect `Clock`), epoch milliseconds. */
  readonly base: Effect.Effect<number>
  /** The current offset in milliseconds. */
  readonly offset: Effect.Effect<number>
  /** Moves sandbox time forward (or back, when negative) by `millis`. */
  readonly advance: (millis: number) => Effect.Effect<number>
  /** Sets the offset so that sandbox time reads `epochMillis` now. */
  readonly set: (epochMillis: number) => Effect.Effect<number>
  /** Sets the offset back to zero. */
  readonly reset: Effect.Effect<void>
}>() {}

/**
 * A sandbox clock starting with offset zero.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.gen(function*() {
  const offset = yield* Ref.make(0)
  const base = Clock.currentTimeMillis
  const now = Effect.zipWith(base, Ref.get(offset), (b, o) => b + o)
  return SandboxClock.of({
    now,
    base,
    offset: Ref.get(offset),
    advance: (millis) => Ref.updateAndGet(offset, (o) => o + millis).pipe(Effect.zipRight(now)),
    set: (epochMillis) => Effect.flatMap(base, (b) => Ref.set(offset, epochMillis - b)).pipe(Effect.zipRight(now)),
    reset: Ref.set(offset, 0)
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<SandboxClock> = Layer.effect(SandboxClock, make)
