/**
 * Retries after transient faults (docs/resilience.md "SDK"), as `Schedule`s. Operations the
 * catalogue marks safe to repeat — reads, and writes the service recognises when repeated (a bulk
 * submit with the same submit ID and bytes) — are retried when the connection failed or was reset
 * before an answer, on 429, 502, 503 and 504, on an answer cut short, and when one attempt's
 * deadline passed; with capped exponential backoff and full jitter, never sooner than a
 * `Retry-After`, and never past the call's overall deadline. Any operation is retried when its
 * request surely was not sent (connection refused). Each retry is an event on the call's span, a
 * debug log line and, when metrics are on, a count (`internal/Telemetry.ts`,
 * `internal/Metrics.ts`). A call that succeeds at once pays for none of it: the schedule runs only
 * after a first failure.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Random from "effect/Random"
import * as Schedule from "effect/Schedule"
import type { ApiError, ResponseError, TokenError, TransportError } from "./Errors.js"
import { httpErrorType, summarize } from "./FailureSummary.js"
import type * as Metrics from "./internal/Metrics.js"
import { annotate, event, log } from "./internal/Telemetry.js"
import { Attribute, Event } from "./Telemetry.js"

/**
 * A failure of one attempt.
 *
 * @since 0.1.0
 * @category models
 */
export type AttemptError = ApiError | TokenError | TransportError | ResponseError

/**
 * The retry policy of a client: the schedule (its input is the failure of the last attempt) and the
 * overall deadline of a call, retries included.
 *
 * @since 0.1.0
 * @category models
 */
export interface Policy {
  /** `None`: no operation is retried. */
  readonly schedule: Option.Option<Schedule.Schedule<unknown, AttemptError>>
  readonly callTimeout: Duration.Duration
}

const TRANSIENT_STATUS = new Set([429, 502, 503, 504])

/**
 * `true` for a failure worth another attempt of an operation that is safe to repeat.
 *
 * @since 0.1.0
 * @category combinators
 */
export const isTransient = (error: AttemptError): boolean => {
  switch (error._tag) {
    case "TransportError":
      return error.reason !== "Local"
    case "ApiError":
      return TRANSIENT_STATUS.has(error.status)
    case "ResponseError":
      // A gateway's HTML page, or an answer cut short (a 200 whose body is not whole JSON).
      return TRANSIENT_STATUS.has(error.status) || (error.status === 200 && error.reason === "Decode")
    case "TokenError":
      // A refusal is final; an authentication server that is busy or behind a failing gateway is not.
      return TRANSIENT_STATUS.has(error.status)
  }
}

/**
 * `true` when the request surely did not reach the service: any operation may be sent again.
 *
 * @since 0.1.0
 * @category combinators
 */
export const isNotSent = (error: AttemptError): boolean =>
  error._tag === "TransportError" && error.outcome === "NotSent" && error.reason !== "Local"

const retryAfterOf = (error: AttemptError): number =>
  error._tag === "ApiError" || error._tag === "ResponseError" ? error.retryAfterMillis ?? 0 : 0

/**
 * Capped exponential backoff with full jitter: before retry `n` (from 0), a random delay between 0
 * and `min(maxDelay, baseDelay × 2^n)`; at most `retries` retries.
 *
 * @since 0.1.0
 * @category constructors
 */
export const backoff = (options: {
  readonly retries: number
  readonly baseDelay: Duration.Input
  readonly maxDelay: Duration.Input
}): Schedule.Schedule<unknown, AttemptError> => {
  const cap = Duration.toMillis(Duration.fromInputUnsafe(options.maxDelay))
  return Schedule.exponential(options.baseDelay, 2).pipe(
    Schedule.modifyDelay(({ duration }) =>
      Effect.map(Random.nextIntBetween(0, Math.max(1, Math.min(cap, Duration.toMillis(duration)))), Duration.millis)
    ),
    Schedule.while(({ attempt }) => attempt <= options.retries)
  )
}

/**
 * What is done before a retry: given the failure that led to it, the retry's number (from 1) and
 * the wait before it.
 *
 * @since 1.1.0
 * @category models
 */
export type OnRetry = (error: AttemptError, attempt: number, delay: Duration.Duration) => Effect.Effect<void>

/**
 * The retry of `operation` (a catalogue name) told: an event on the current span (when anything is
 * traced; the span marked as retried), a debug log line, and a count when `metrics` records.
 *
 * @since 1.1.0
 * @category constructors
 */
export const observed = (operation: string, metrics: Metrics.Recorder): OnRetry => (error, attempt, delay) => {
  const summary = summarize(error)
  const errorType = httpErrorType(summary)
  const attributes: Record<string, unknown> = {
    [Attribute.operation]: operation,
    [Attribute.retryAttempt]: attempt,
    [Attribute.retryDelay]: Duration.toMillis(delay),
    [Attribute.errorType]: errorType
  }
  if (summary.status !== undefined) attributes[Attribute.statusCode] = summary.status
  if (summary.code !== undefined) attributes[Attribute.errorCode] = summary.code
  return event(Event.retry, () => attributes).pipe(
    Effect.andThen(annotate(() => ({ [Attribute.retried]: true }))),
    Effect.andThen(log("Debug", `taxdoc: ${operation} is retried after ${errorType} (retry ${attempt})`, attributes)),
    Effect.andThen(metrics.retried(operation, errorType))
  )
}

/**
 * `schedule` for one call: never sooner than the `Retry-After` of the failure it is fed, no retry
 * whose wait would end past `deadlineMillis`, and `onRetry` before each retry.
 *
 * @since 1.0.0
 * @category combinators
 */
export const forCall = (
  schedule: Schedule.Schedule<unknown, AttemptError>,
  deadlineMillis: number,
  onRetry: OnRetry
): Schedule.Schedule<unknown, AttemptError> =>
  schedule.pipe(
    Schedule.setInputType<AttemptError>(),
    Schedule.modifyDelay(({ input, duration }) => Effect.succeed(Duration.max(duration, Duration.millis(retryAfterOf(input))))),
    Schedule.while(({ now, duration }) => now + Duration.toMillis(duration) < deadlineMillis),
    Schedule.tap(({ attempt, duration, input }) => onRetry(input, attempt, duration))
  )

/**
 * Runs `attempt`; after a failure `retryable` accepts, retries along the policy within what is left
 * of the call's deadline, counted from `startedMillis` (read by the caller from its clock), each
 * retry running `attempt` once more after `onRetry` (`observed`: an event on the call's span, a
 * debug log line and a count). When the deadline leaves no room for the next retry, the last
 * failure is the answer. Until a first failure it adds one error handler and
 * nothing else.
 *
 * @since 0.1.0
 * @category combinators
 */
export const withRetries = <A, E extends AttemptError, R>(
  policy: Policy,
  retryable: (error: E) => boolean,
  attempt: Effect.Effect<A, E, R>,
  startedMillis: number,
  onRetry: OnRetry
): Effect.Effect<A, E, R> => {
  if (Option.isNone(policy.schedule)) return attempt
  const base = policy.schedule.value
  const budget = Duration.toMillis(policy.callTimeout)
  const bounded = Duration.isFinite(policy.callTimeout)
  return Effect.catchIf(attempt, retryable, (first) => {
    // The first failure is replayed into the schedule (no second request), so its delay — and
    // its Retry-After — come before the second attempt.
    let replay = true
    let last: E = first
    const again = Effect.suspend(() => {
      if (replay) {
        replay = false
        return Effect.fail(first)
      }
      return Effect.tapError(attempt, (error) => Effect.sync(() => (last = error)))
    })
    const deadline = bounded ? startedMillis + budget : Number.POSITIVE_INFINITY
    const retrying = Effect.retry(again, { schedule: forCall(base, deadline, onRetry), while: retryable })
    if (!bounded) return retrying
    return Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.timeoutOrElse(retrying, { duration: Duration.millis(Math.max(0, deadline - now)), orElse: () => Effect.fail(last) }))
  })
}
