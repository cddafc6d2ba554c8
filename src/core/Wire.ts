/**
 * How a client's requests travel, chosen once when the client is built (`make`):
 *
 * - straight to a transport that carries a `Direct` sender (`Undici.layer`): no platform request
 *   or response objects and one callback per exchange; the deadline is a Node timer shared by all
 *   requests (`Deadline.timers`) that aborts the request on the wire while the fiber runs on the
 *   live clock, and the `Deadline` watcher under any other clock (`TestClock`);
 * - over any other `HttpClient` (the in-process sandbox, the recorder, `FetchHttpClient`, the
 *   platform's Node clients), through `Http.send`.
 *
 * Either way the answer is read whole, at most `maxBytes`, decompressed, and handed to `finish`,
 * which turns it into the call's result; network failures and deadlines become `TransportError`.
 *
 * @since 0.1.0
 */
import type { HttpClient } from "@effect/platform/HttpClient"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as DefaultServices from "effect/DefaultServices"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type * as Fiber from "effect/Fiber"
import type * as Scope from "effect/Scope"
import * as Deadline from "./Deadline.js"
import { isLocalRefusal, type Outgoing, outcomeOf, timedOut, tooLarge, type Wire } from "./Exchange.js"
import { type ResponseError, TransportError } from "./Errors.js"
import type { Received } from "./Response.js"

export type {
  /**
   * @since 0.1.0
   * @category models
   */
  Outgoing,
  /**
   * @since 0.1.0
   * @category models
   */
  Wire
} from "./Exchange.js"

/**
 * A base URL split into its origin and the path prefix below it (`http://h:1/production` →
 * `http://h:1` and `/production`).
 *
 * @since 0.1.0
 * @category models
 */
export interface Base {
  readonly origin: string
  readonly prefix: string
}

/**
 * Splits a base URL once, so that requests are built by concatenation.
 *
 * @since 0.1.0
 * @category constructors
 */
export const baseOf = (url: string): Base => {
  const parsed = new URL(url)
  return { origin: parsed.origin, prefix: parsed.pathname.replace(/\/+$/, "") }
}

/**
 * Why a direct exchange ended without an answer.
 *
 * @since 0.1.0
 * @category models
 */
export type DirectFailure =
  | { readonly _tag: "Network"; readonly message: string; readonly cause: unknown }
  | { readonly _tag: "TooLarge"; readonly status: number }
  | { readonly _tag: "Aborted" }

/**
 * A transport the SDK calls without the platform's request and response objects: `send` sends
 * `outgoing`, reads at most `maxBytes` of the answer (decompressed) and calls `done` exactly once;
 * the function it answers aborts the exchange (`done` then reports `Aborted`). With
 * `deadlineOwned` the caller enforces the deadline, and the transport's own timeouts are off.
 *
 * @since 0.1.0
 * @category models
 */
export interface Direct {
  readonly send: (
    outgoing: Outgoing,
    maxBytes: number,
    deadlineOwned: boolean,
    done: (failure: DirectFailure | undefined, received: Received | undefined) => void
  ) => () => void
}

/**
 * The property of an `HttpClient` that carries its `Direct` sender.
 *
 * @since 0.1.0
 * @category symbols
 */
export const DirectTypeId: unique symbol = Symbol.for("taxdoc/Wire/Direct")

/**
 * The `Direct` sender of an `HttpClient`, when it has one. A client wrapped by anything
 * (`HttpClient.mapRequest`, the recorder) is a new object without it, so the wrapper is honoured.
 *
 * @since 0.1.0
 * @category combinators
 */
export const directOf = (client: HttpClient): Direct | undefined => (client as { readonly [DirectTypeId]?: Direct })[DirectTypeId]

const liveClock: Clock.Clock = Context.get(DefaultServices.liveServices, Clock.Clock)

const directWire = (direct: Direct, timeout: Duration.Duration, deadline: Deadline.Deadline): Wire => {
  const finite = Duration.isFinite(timeout)
  const timers = finite ? Deadline.timers(Duration.toMillis(timeout)) : undefined

  const failureOf = (operation: string, failure: DirectFailure, maxBytes: number, expired: boolean) => {
    switch (failure._tag) {
      case "TooLarge":
        return tooLarge(operation, failure.status, maxBytes)
      case "Aborted":
        return expired
          ? timedOut(operation, timeout)
          : new TransportError({ operation, reason: "Network", outcome: "Unknown", message: `${operation}: the request was aborted` })
      case "Network":
        return new TransportError({
          operation,
          reason: isLocalRefusal(failure.cause) ? "Local" : "Network",
          outcome: outcomeOf(failure.cause),
          message: `${operation}: ${failure.message}`,
          cause: failure.cause
        })
    }
  }

  const exchangeIn = <A, E, R>(
    fiber: Fiber.RuntimeFiber<unknown, unknown>,
    operation: string,
    outgoing: Outgoing,
    maxBytes: number,
    finish: (received: Received) => Effect.Effect<A, E, R>
  ): Effect.Effect<A, E | TransportError | ResponseError, R> => {
    if (Context.get(fiber.currentDefaultServices, Clock.Clock) === liveClock) {
      // On the live clock the shared timer keeps the deadline and aborts the request on the wire.
      // No canceler is registered (Effect wraps one in three more steps per call): interrupting
      // the caller stops the wait at once, and the request ends with its answer or its deadline.
      return Effect.async<A, E | TransportError | ResponseError, R>((resume) => {
        let expired = false
        let finished = false
        let timer: Deadline.Timer | undefined
        const abort = direct.send(outgoing, maxBytes, finite, (failure, received) => {
          finished = true
          timer?.clear()
          resume(failure === undefined ? finish(received!) : Effect.fail(failureOf(operation, failure, maxBytes, expired)))
        })
        if (timers !== undefined && !finished) {
          timer = timers.start(() => {
            expired = true
            abort()
          })
        }
      })
    }
    const sent = Effect.async<A, E | TransportError | ResponseError, R>((resume) => {
      const abort = direct.send(outgoing, maxBytes, finite, (failure, received) => {
        resume(failure === undefined ? finish(received!) : Effect.fail(failureOf(operation, failure, maxBytes, false)))
      })
      return Effect.sync(abort)
    })
    // Under another clock the deadline is awaited on that clock (TestClock drives it), and it
    // interrupts the exchange, which aborts the request.
    return finite ? deadline.within(sent, () => timedOut(operation, timeout)) : sent
  }

  return {
    exchangeIn,
    exchange: (operation, outgoing, maxBytes, finish) => Effect.withFiberRuntime((fiber) => exchangeIn(fiber, operation, outgoing, maxBytes, finish))
  }
}

/**
 * The wire of a client over `client`, with deadlines of `timeout` per request (none when infinite).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (client: HttpClient, timeout: Duration.Duration): Effect.Effect<Wire, never, Scope.Scope> =>
  Effect.gen(function*() {
    const deadline = yield* Deadline.make(timeout)
    const direct = directOf(client)
    if (direct !== undefined) return directWire(direct, timeout, deadline)
    // The general path needs the platform's request model: loaded only for the clients that use it.
    const Http = yield* Effect.promise(() => import("./Http.js"))
    return Http.wire(client, timeout, deadline)
  })
