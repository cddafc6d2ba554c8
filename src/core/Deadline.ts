/**
 * A request's deadline on the Effect `Clock`, in the cheapest shape the clock and the client allow.
 * Under Effect's own clock, whose `sleep` is a `setTimeout`, an `HttpClient` that keeps a deadline
 * itself (`KeepsDeadline`: taxdoc's `Undici.layer()`) is told it (`Kept`) and ends the request with
 * `Passed` when it passes: one timer, no fiber. Under that clock any other client's exchange runs in
 * one fiber of its own and a timer interrupts it when the deadline passes — where
 * `Effect.timeoutOrElse` races two fibers (the exchange and a sleeping one) and interrupts the loser.
 * Under any other clock (`TestClock`, a clock of the application's) and for a deadline longer than a
 * timer can wait, the deadline is `Effect.timeoutOrElse` itself, so the clock in the context keeps
 * it. Either way the exchange is ended when the deadline passes (a client aborts the request on the
 * wire), the caller's interruption interrupts the exchange and waits for it to end, and the
 * exchange's own failures and interruptions are its answer.
 *
 * @since 1.0.0
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"

/** The longest wait `setTimeout` keeps (Effect's clock chains timers past it). */
const MAX_TIMER_MILLIS = 2_147_483_647

/** The class of Effect's default clock: its `sleep` is `setTimeout`. */
const DefaultClock = Clock.Clock.defaultValue().constructor

/**
 * The deadline of the request being sent, in milliseconds from its start, for an `HttpClient` that
 * keeps it itself (`KeepsDeadline`); none (`undefined`) unless `within` sets it.
 *
 * @since 1.1.0
 * @category references
 */
export const Kept = Context.Reference<number | undefined>("taxdoc/Deadline/Kept", { defaultValue: () => undefined })

/**
 * Marks an `HttpClient` that keeps `Kept` itself: it ends a request still running when its deadline
 * passes, aborting it on the wire, with a failure whose cause is `Passed`.
 *
 * @since 1.1.0
 * @category symbols
 */
export const KeepsDeadline: unique symbol = Symbol.for("taxdoc/Deadline/KeepsDeadline")

/**
 * The cause with which a client that keeps the deadline ends a request when it passes.
 *
 * @since 1.1.0
 * @category models
 */
export class Passed extends Error {
  constructor(readonly millis: number) {
    super(`no answer within ${millis} ms`)
  }
}

/**
 * `effect` given `timeout` to end; when it has not ended by then it is interrupted and the answer
 * is `orElse()`. `context`, when given, is the context `effect` runs with, made from the caller's
 * (under Effect's clock the exchange's fiber starts with it, sparing a change of context per run).
 * `kept`: the exchange is a request over a client that keeps the deadline itself
 * (`KeepsDeadline`), which under Effect's clock is told it instead, and whose `Passed` failure the
 * caller turns into its own.
 *
 * @since 1.0.0
 * @category combinators
 */
export const within = <A, E, R, E2>(
  effect: Effect.Effect<A, E, R>,
  timeout: Duration.Duration,
  orElse: () => Effect.Effect<never, E2>,
  context?: (context: Context.Context<R>) => Context.Context<R>,
  kept = false
): Effect.Effect<A, E | E2, R> => {
  const millis = Duration.toMillis(timeout)
  const raced = () =>
    Effect.timeoutOrElse(context === undefined ? effect : Effect.updateContext(effect, context), { duration: timeout, orElse })
  if (!(millis <= MAX_TIMER_MILLIS)) return raced()
  return Effect.withFiber((parent) => {
    if (!(parent.getRef(Clock.Clock) instanceof DefaultClock)) return raced()
    if (kept) return Effect.updateContext(effect, (callers: Context.Context<R>) => Context.add(context === undefined ? callers : context(callers), Kept, millis))
    return Effect.callback<A, E | E2, R>((resume) => {
      const callers = parent.context as Context.Context<R>
      const exchange = Effect.runForkWith(context === undefined ? callers : context(callers))(effect)
      const ended = exchange.pollUnsafe()
      if (ended !== undefined) return resume(ended)
      let passed = false
      const timer = setTimeout(() => {
        passed = true
        exchange.interruptUnsafe(parent.id)
      }, millis)
      exchange.addObserver((exit) => {
        clearTimeout(timer)
        resume(passed && Exit.hasInterrupts(exit) ? orElse() : exit)
      })
      // The caller is interrupted: so is the exchange, and the caller waits for it to end.
      return Effect.suspend(() => {
        clearTimeout(timer)
        return Fiber.interrupt(exchange)
      })
    })
  })
}
