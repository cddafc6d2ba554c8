/**
 * What a domain handler reads before it works on its state: the store, document time and the
 * progression policies — read together, in a few steps, once per request.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { SandboxClock } from "./Clock.js"
import type { SandboxFailure } from "./Failure.js"
import { type Kind, type Policy, Progressions } from "./Progression.js"
import type { RouteContext } from "./routing/Route.js"
import { changed } from "./durable/Durable.js"
import { type Environment, SandboxStore, type SandboxStoreShape, type Slot } from "./Store.js"

/** The store, document time (epoch milliseconds) and every progression policy, as of the request. */
export interface HandlerContext {
  readonly store: SandboxStoreShape
  readonly now: number
  readonly policies: Readonly<Record<Kind, Policy>>
}

/** Reads the handler context. */
export const handlerContext: Effect.Effect<HandlerContext, never, RouteContext> = Effect.gen(function*() {
  const store = yield* SandboxStore
  const now = yield* (yield* SandboxClock).now
  const policies = yield* (yield* Progressions).all
  return { store, now, policies }
})

/**
 * Who is asking: the environment, and whether the asking route writes. A write marks what it works
 * on changed, to be saved before its answer; a read marks nothing (a `RouteRequest` is one).
 */
export interface Access {
  readonly environment: Environment
  readonly writes: boolean
}

/**
 * The state of a slot whose parts are members, for `access` to member `corpNum`: a write marks the
 * member's part changed — the one place a member's state is marked for saving.
 */
export const memberState = <S extends object>(slot: Slot<S>, access: Access, corpNum: string): Effect.Effect<S, never, SandboxStore> =>
  SandboxStore.useSync((store) => {
    const state = store.get(slot, access.environment)
    if (access.writes) changed(state, corpNum)
    return state
  })

/**
 * Runs `f` on one member's part of a domain's state in one synchronous step: what the domain's
 * operations, the portal's pages and the admin operations see of a member (see `memberView`).
 */
export type MemberView<C> = <A>(
  access: Access,
  corpNum: string,
  f: (ctx: C) => Result.Result<A, SandboxFailure>
) => Effect.Effect<A, SandboxFailure, RouteContext>

/**
 * The member view of a slot whose parts are members: `build` makes the member's context from the
 * handler context, once per call, and `settle` records the progress due first (submissions or
 * jobs completed by time), answering whether there was any. A write marks the member's part
 * changed (as `memberState` does), and so does a read when settling recorded something.
 */
export const memberView = <S extends object, C>(
  slot: Slot<S>,
  build: (context: HandlerContext, state: S, environment: Environment, corpNum: string) => C,
  settle: (ctx: C) => boolean = () => false
): MemberView<C> =>
  (access, corpNum, f) =>
    Effect.flatMap(handlerContext, (context) => {
      const state = context.store.get(slot, access.environment)
      const ctx = build(context, state, access.environment, corpNum)
      if (settle(ctx) || access.writes) changed(state, corpNum)
      return Result.match(f(ctx), { onFailure: Effect.fail, onSuccess: Effect.succeed })
    })
