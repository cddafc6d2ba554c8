/**
 * Spans that cost nothing when nobody collects them. `Effect.fn` and `Effect.withSpan` build a span
 * on every call (and `Effect.fn` an `Error` for its call site) even when the only tracer is Effect's
 * built-in one, which exports nothing. The SDK's operations open their span `Domain.operation`
 * only when a tracer is installed (`Effect.withTracer`, `Layer.setTracer`, an OpenTelemetry layer)
 * and tracing is enabled; otherwise they run as they are.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as DefaultServices from "effect/DefaultServices"
import * as Effect from "effect/Effect"
import type * as Fiber from "effect/Fiber"
import * as FiberRef from "effect/FiberRef"
import * as Option from "effect/Option"
import * as Tracer from "effect/Tracer"

// The tracer every fiber has until the program installs one: it records spans nobody reads.
const builtIn: Tracer.Tracer = Context.get(DefaultServices.liveServices, Tracer.Tracer)

/**
 * `true` when the fiber's spans go somewhere: a tracer other than Effect's built-in one is
 * installed and tracing is not disabled.
 *
 * @since 0.1.0
 * @category combinators
 */
export const isTracing = (fiber: Fiber.RuntimeFiber<unknown, unknown>): boolean =>
  fiber.currentTracer !== builtIn && fiber.getFiberRef(FiberRef.currentTracerEnabled)

/**
 * A function whose calls run in a span named `name` when a tracer is installed (with the
 * attributes `attributes` gives for the call), and as they are otherwise. For generator bodies,
 * pass `Effect.fnUntraced(function*() {...})`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fn = <Args extends ReadonlyArray<any>, A, E, R>(
  name: string,
  body: (...args: Args) => Effect.Effect<A, E, R>,
  attributes?: (...args: Args) => Record<string, unknown>
): (...args: Args) => Effect.Effect<A, E, R> =>
(...args) =>
  Effect.withFiberRuntime((fiber) =>
    isTracing(fiber)
      ? Effect.withSpan(body(...args), name, attributes === undefined ? {} : { attributes: attributes(...args) })
      : body(...args)
  )

/**
 * Runs `self` in a span named `name` when a tracer is installed — or, when the current span
 * already is `name` (the operation's own span), adds the attributes to it.
 *
 * @since 0.1.0
 * @category combinators
 */
export const span = <A, E, R>(
  fiber: Fiber.RuntimeFiber<unknown, unknown>,
  self: Effect.Effect<A, E, R>,
  name: string,
  attributes: () => Record<string, unknown>
): Effect.Effect<A, E, R> => {
  if (!isTracing(fiber)) return self
  const current = Context.getOption(fiber.currentContext, Tracer.ParentSpan)
  if (Option.isSome(current) && current.value._tag === "Span" && current.value.name === name) {
    const values = attributes()
    for (const key in values) current.value.attribute(key, values[key])
    return self
  }
  return Effect.withSpan(self, name, { attributes: attributes() })
}

/**
 * Adds an event to the current span when a tracer is installed (nothing otherwise).
 *
 * @since 0.1.0
 * @category combinators
 */
export const event = (name: string, attributes: () => Record<string, unknown>): Effect.Effect<void> =>
  Effect.withFiberRuntime((fiber) => {
    if (!isTracing(fiber)) return Effect.void
    const current = Context.getOption(fiber.currentContext, Tracer.ParentSpan)
    if (Option.isSome(current) && current.value._tag === "Span") {
      current.value.event(name, BigInt(Date.now()) * 1_000_000n, attributes())
    }
    return Effect.void
  })
