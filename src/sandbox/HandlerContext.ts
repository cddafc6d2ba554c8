/**
 * What a domain handler reads before it works on its state: the store, document time and the
 * progression policies — read together, in a few steps, once per request.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { SandboxClock } from "./Clock.js"
import { type Kind, type Policy, Progressions } from "./Progression.js"
import type { RouteContext } from "./Route.js"
import { SandboxStore } from "./Store.js"

/**
 * The store, document time (epoch milliseconds) and every progression policy, as of the request.
 *
 * @since 0.1.0
 * @category models
 */
export interface HandlerContext {
  readonly store: Context.Tag.Service<SandboxStore>
  readonly now: number
  readonly policies: Readonly<Record<Kind, Policy>>
}

/**
 * Reads the handler context.
 *
 * @since 0.1.0
 * @category constructors
 */
export const handlerContext: Effect.Effect<HandlerContext, never, RouteContext> = Effect.contextWithEffect((context: Context.Context<RouteContext>) => {
  const store = Context.get(context, SandboxStore)
  return Effect.zipWith(Context.get(context, SandboxClock).now, Context.get(context, Progressions).all, (now, policies) => ({ store, now, policies }))
})
