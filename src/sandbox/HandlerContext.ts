/**
 * What a domain handler reads before it works on its state: the store, document time and the
 * progression policies — read together, in a few steps, once per request.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { SandboxClock } from "./Clock.js"
import type { SandboxFailure } from "./Failure.js"
import { type Kind, type Policy, Progressions } from "./Progression.js"
import type { RouteContext } from "./Route.js"
import { type Environment, SandboxStore, type SandboxStoreShape } from "./Store.js"

/**
 * The store, document time (epoch milliseconds) and every progression policy, as of the request.
 *
 * @since 0.1.0
 * @category models
 */
export interface HandlerContext {
  readonly store: SandboxStoreShape
  readonly now: number
  readonly policies: Readonly<Record<Kind, Policy>>
}

/**
 * Reads the handler context.
 *
 * @since 0.1.0
 * @category constructors
 */
export const handlerContext: Effect.Effect<HandlerContext, never, RouteContext> = Effect.gen(function*() {
  const store = yield* SandboxStore
  const now = yield* (yield* SandboxClock).now
  const policies = yield* (yield* Progressions).all
  return { store, now, policies }
})

/**
 * Runs `f` on one member's part of a domain's state in one synchronous step: what the domain's
 * operations and the portal's pages see of a member (see `memberView`).
 *
 * @since 0.1.0
 * @category models
 */
export type MemberView<C> = <A>(
  environment: Environment,
  corpNum: string,
  f: (ctx: C) => Result.Result<A, SandboxFailure>
) => Effect.Effect<A, SandboxFailure, RouteContext>

/**
 * A member view whose context `build` makes from the handler context (bringing what is due up to
 * date first, e.g. pending bulk submissions), once per call.
 *
 * @since 0.1.0
 * @category constructors
 */
export const memberView = <C>(build: (context: HandlerContext, environment: Environment, corpNum: string) => C): MemberView<C> =>
  (environment, corpNum, f) =>
    Effect.flatMap(handlerContext, (context) => Result.match(f(build(context, environment, corpNum)), { onFailure: Effect.fail, onSuccess: Effect.succeed }))
