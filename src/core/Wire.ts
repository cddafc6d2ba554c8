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
import type { Body } from "./Body.js"
import * as Deadline from "./Deadline.js"
import { ResponseError, TransportError } from "./Errors.js"
import type { Received } from "./Response.js"

/**
 * An encoded request: `origin` (scheme, host and port) and `path` (query included) kept apart, so
 * that a direct transport parses no URL.
 *
 * @since 0.1.0
 * @category models
 */
export interface Outgoing {
  readonly method: "GET" | "POST"
  /** `http://host:port`, no trailing slash. */
  readonly origin: string
  /** From the first `/`, query included. */
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: Body
}

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

/**
 * Marks a cause raised by a local layer in front of the network (a replay cassette that has no
 * answer for the request): nothing went out, and sending again cannot help — never retried.
 *
 * @since 0.1.0
 * @category symbols
 */
export const LocalRefusal: unique symbol = Symbol.for("taxdoc/LocalRefusal")

/**
 * `true` when `cause` (or one of its causes) is a `LocalRefusal`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const isLocalRefusal = (cause: unknown): boolean => {
  let current = cause
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    if ((current as { readonly [LocalRefusal]?: unknown })[LocalRefusal] === true) return true
    current = (current as { readonly cause?: unknown }).cause
  }
  return false
}

/** Network errors raised before a single byte of the request can have left: nothing was sent. */
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"])

/**
 * Whether a network failure left the request surely unsent: the error (or one of its causes)
 * carries a code raised while connecting. Anything else may have reached the service.
 *
 * @since 0.1.0
 * @category combinators
 */
export const outcomeOf = (cause: unknown): "NotSent" | "Unknown" => {
  if (isLocalRefusal(cause)) return "NotSent"
  let current = cause
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { readonly code?: unknown }).code
    if (typeof code === "string" && NOT_SENT.has(code)) return "NotSent"
    current = (current as { readonly cause?: unknown }).cause
  }
  return "Unknown"
}

/**
 * The error of a request whose deadline passed.
 *
 * @since 0.1.0
 * @category constructors
 */
export const timedOut = (operation: string, timeout: Duration.Duration): TransportError =>
  new TransportError({ operation, reason: "Timeout", outcome: "Unknown", message: `${operation}: no answer within ${Duration.format(timeout)}` })

/**
 * The error of an answer larger than allowed.
 *
 * @since 0.1.0
 * @category constructors
 */
export const tooLarge = (operation: string, status: number, maxBytes: number): ResponseError =>
  new ResponseError({
    operation,
    status,
    reason: "TooLarge",
    bodyExcerpt: "",
    message: `${operation}: the answer is larger than ${maxBytes} bytes (maxAnswerBytes)`
  })

/**
 * A client's way to the service.
 *
 * @since 0.1.0
 * @category models
 */
export interface Wire {
  /**
   * Sends `outgoing` and hands the whole answer to `finish`. Fails with `TransportError` when no
   * answer came (network, deadline), `ResponseError` when it is larger than `maxBytes`.
   */
  readonly exchange: <A, E, R>(
    operation: string,
    outgoing: Outgoing,
    maxBytes: number,
    finish: (received: Received) => Effect.Effect<A, E, R>
  ) => Effect.Effect<A, E | TransportError | ResponseError, R>
  /** `exchange` for a caller that already holds its fiber (one step less). */
  readonly exchangeIn: <A, E, R>(
    fiber: Fiber.RuntimeFiber<unknown, unknown>,
    operation: string,
    outgoing: Outgoing,
    maxBytes: number,
    finish: (received: Received) => Effect.Effect<A, E, R>
  ) => Effect.Effect<A, E | TransportError | ResponseError, R>
}

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
