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
 * Two patiences: a read is retried `retries` times (it fails fast), unless the configuration asks
 * for patient reads; a write the service recognises when repeated, and every call a settlement
 * makes (`Outcome.ts`), is retried for as long as the call's deadline allows (`patience`).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Random from "effect/Random"
import * as Schedule from "effect/Schedule"
import { type ApiError, type ResponseError, type TokenError, TransportError } from "./Errors.js"
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
 * The retry policy of a client: its schedules (their input is the failure of the last attempt),
 * the overall deadline of a call, retries included, and how writes are settled.
 *
 * @since 0.1.0
 * @category models
 */
export interface Policy {
  /** The retries of a read: `retries` of them by default. `None`: no operation is retried. */
  readonly schedule: Option.Option<Schedule.Schedule<unknown, AttemptError>>
  /**
   * Patience: the same backoff without a count, bounded by the call's deadline alone — for the
   * writes the service recognises when repeated, for settlements, and for reads when
   * `patientReads`. `None` when retrying is off.
   */
  readonly patience: Option.Option<Schedule.Schedule<unknown>>
  readonly callTimeout: Duration.Duration
  /** Reads are retried with patience, to the call's deadline, instead of `schedule`'s count. */
  readonly patientReads: boolean
  /**
   * A write answered "ID in use" (an issue of an invoice already issued) is read back, and the
   * document sent found there is answered as its first run was (`Outcome.settle`).
   */
  readonly answerReruns: boolean
}

/**
 * The deadline of a call started at `startedMillis`, in milliseconds on the Effect clock
 * (`Infinity` when `callTimeout` is infinite).
 *
 * @since 1.2.0
 * @category combinators
 */
export const deadlineOf = (policy: Policy, startedMillis: number): number =>
  Duration.isFinite(policy.callTimeout) ? startedMillis + Duration.toMillis(policy.callTimeout) : Number.POSITIVE_INFINITY

/**
 * The deadline of the settlement a call is made in (`Outcome.settle`), in milliseconds on the
 * Effect clock; `undefined` outside one. Inside a settlement every call is retried with patience
 * (a read on transient faults, a write when surely not sent) and never past this deadline.
 *
 * @since 1.2.0
 * @category references
 */
export const SettlingUntil = Context.Reference<number | undefined>("taxdoc/Retry/SettlingUntil", { defaultValue: () => undefined })

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

// The Retry-After of an answer (ApiError, ResponseError); none for the others.
const retryAfterOf = (error: AttemptError): number => (error as { readonly retryAfterMillis?: number | undefined }).retryAfterMillis ?? 0

/**
 * Capped exponential backoff with full jitter: before retry `n` (from 0), a random delay between 0
 * and `min(maxDelay, baseDelay × 2^n)`; at most `retries` retries (`Infinity`: as many as the
 * call's deadline allows).
 *
 * @since 0.1.0
 * @category constructors
 */
export const backoff = (options: {
  readonly retries: number
  readonly baseDelay: Duration.Input
  readonly maxDelay: Duration.Input
}): Schedule.Schedule<unknown> => {
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
 * Runs `attempt`; after a failure `retryable` accepts, retries along `schedule` (`None`: never)
 * while the next retry's wait ends before `deadlineMillis` (on the Effect clock; `Infinity`: no
 * deadline), each retry running `attempt` once more after `onRetry` (`observed`: an event on the
 * call's span, a debug log line and a count). When the deadline leaves no room for the next retry,
 * the last failure is the answer. No wait ends past the deadline, so the deadline can pass only
 * while a retry is on its way: that retry is ended and the answer is a `TransportError` `Timeout` of
 * outcome `Unknown` (`operation` names it) — the retry may have been processed, whatever the
 * failure before it was. Until a first failure it adds one error handler and nothing else.
 *
 * @since 0.1.0
 * @category combinators
 */
export const withRetries = <A, E extends AttemptError, R>(
  schedule: Option.Option<Schedule.Schedule<unknown, AttemptError>>,
  deadlineMillis: number,
  retryable: (error: E) => boolean,
  attempt: Effect.Effect<A, E, R>,
  onRetry: OnRetry,
  operation: string
): Effect.Effect<A, E | TransportError, R> => {
  if (Option.isNone(schedule)) return attempt
  const base = schedule.value
  return Effect.catchIf(attempt, retryable, (first) => {
    // The first failure is replayed into the schedule (no second request), so its delay — and
    // its Retry-After — come before the second attempt.
    let replay = true
    const again = Effect.suspend(() => {
      if (!replay) return attempt
      replay = false
      return Effect.fail(first)
    })
    const retrying = Effect.retry(again, { schedule: forCall(base, deadlineMillis, onRetry), while: retryable })
    return Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.timeoutOrElse(retrying, {
        duration: Duration.millis(deadlineMillis - now),
        orElse: () => Effect.fail(new TransportError({ operation, reason: "Timeout", outcome: "Unknown", message: `${operation}: no answer within the call's deadline` }))
      }))
  })
}
