/**
 * The demo moves its sandbox (the clock, a progression) through the sandbox's admin routes, sent
 * through the same `HttpClient` as the SDK: with `--record`, these steps are in the cassette beside
 * the calls, so `taxdoc cassettes verify` replays the tour as it ran.
 *
 * @since 1.0.0
 */
import * as Effect from "effect/Effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as Option from "effect/Option"
import type { ClockState } from "../../sandbox/admin/Admin.js"
import { SANDBOX_ORIGIN } from "../../sandbox/InProcess.js"
import type { Kind, Policy } from "../../sandbox/Progression.js"
import * as Admin from "../sandbox/admin.js"

// The in-process sandbox's admin routes need no token; a refusal there is a bug of the demo.
const post = <A>(route: string, body: unknown): Effect.Effect<A, never, HttpClient.HttpClient> =>
  Admin.call({ sandboxUrl: SANDBOX_ORIGIN, adminToken: Option.none() }, "POST", route, body).pipe(
    Effect.map((answer) => answer as A),
    Effect.orDie
  )

/**
 * Sets the sandbox's clock to `now` (epoch milliseconds).
 *
 * @since 1.0.0
 * @category admin
 */
export const setClock = (now: number): Effect.Effect<ClockState, never, HttpClient.HttpClient> => post("clock", { set: now })

/**
 * Moves the sandbox's clock `millis` forward.
 *
 * @since 1.0.0
 * @category admin
 */
export const advanceClock = (millis: number): Effect.Effect<ClockState, never, HttpClient.HttpClient> => post("clock", { advanceMillis: millis })

/**
 * Changes how documents of `kind` progress.
 *
 * @since 1.0.0
 * @category admin
 */
export const setProgression = (kind: Kind, policy: Policy): Effect.Effect<void, never, HttpClient.HttpClient> =>
  Effect.asVoid(post("progressions", { kind, policy }))
