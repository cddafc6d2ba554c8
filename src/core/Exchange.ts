/**
 * What an exchange with the service is, whichever way it travels (`Wire`'s direct path or the
 * general one of `Http`): the encoded request, the interface a client sends through, and how an
 * exchange that brought no answer is told apart — refused locally, surely not sent, or unknown.
 *
 * @since 0.1.0
 */
import * as Duration from "effect/Duration"
import type * as Effect from "effect/Effect"
import type * as Fiber from "effect/Fiber"
import type { Body } from "./Body.js"
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

/**
 * Marks an `HttpClientResponse` whose body is whole in memory already (the in-process sandbox's
 * answers): it is read at once, its size checked after, since reading it costs no memory that is
 * not spent already. Any other response whose body may be decompressed on the way is counted as it
 * streams, so that a small compressed answer cannot grow past the answer limit in memory.
 *
 * @since 0.1.0
 * @category symbols
 */
export const BodyInMemory: unique symbol = Symbol.for("taxdoc/Exchange/BodyInMemory")

/**
 * `true` when `response` says its body is whole in memory (see `BodyInMemory`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const bodyInMemory = (response: object): boolean => (response as { readonly [BodyInMemory]?: unknown })[BodyInMemory] === true
