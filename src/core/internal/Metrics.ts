/**
 * The recorder of taxdoc's metrics (`../Metrics.ts`): a `Recorder` made with `make(false)` does
 * nothing at all; `make(true)` records into the `Metric.MetricRegistry` of the program's context.
 *
 * @since 1.1.0
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Metric from "effect/Metric"
import * as Option from "effect/Option"
import type * as Scope from "effect/Scope"
import type { ApiError, ResponseError, TokenError, TransportError } from "../Errors.js"
import { bulkDocuments, jobsInFlight, requestDuration, requests, retries, tokenCacheHits, tokensIssued, tokensShared } from "../Metrics.js"
import { Attribute } from "../Telemetry.js"

/**
 * The failures of a call that reached the transport.
 *
 * @since 1.1.0
 * @category models
 */
export type CallFailure = ApiError | TokenError | TransportError | ResponseError

// ── series ──────────────────────────────────────────────────────────────────────────────────

/** One series per label set, made once (a metric with attributes keeps its registry key). */
const seriesOf = <I, S>(metric: Metric.Metric<I, S>) => {
  const made = new Map<string, Metric.Metric<I, S>>()
  return (labels: Readonly<Record<string, string>>): Metric.Metric<I, S> => {
    let key = ""
    for (const name in labels) key += `${name}=${labels[name]}\u0000`
    let series = made.get(key)
    if (series === undefined) {
      series = Metric.withAttributes(metric, labels)
      made.set(key, series)
    }
    return series
  }
}

const requestSeries = seriesOf(requests)
const durationSeries = seriesOf(requestDuration)
const retrySeries = seriesOf(retries)
const issuedSeries = seriesOf(tokensIssued)
const bulkSeries = seriesOf(bulkDocuments)
const inFlightSeries = seriesOf(jobsInFlight)

/**
 * How a call ended, as the `taxdoc.outcome` label says it.
 *
 * @since 1.1.0
 * @category models
 */
export type Outcome = "success" | "service_error" | "transport_error" | "response_error" | "interrupted" | "failure"

/**
 * The outcome of a call's exit, with the service's error code when it answered one.
 *
 * @since 1.1.0
 * @category combinators
 */
export const outcomeOf = (exit: Exit.Exit<unknown, CallFailure>): { readonly outcome: Outcome; readonly code: number | undefined } => {
  if (Exit.isSuccess(exit)) return { outcome: "success", code: undefined }
  const error = Cause.findErrorOption(exit.cause)
  if (Option.isNone(error)) return { outcome: Cause.hasDies(exit.cause) ? "failure" : "interrupted", code: undefined }
  switch (error.value._tag) {
    case "ApiError":
    case "TokenError":
      return { outcome: "service_error", code: error.value.code }
    case "TransportError":
      return { outcome: "transport_error", code: undefined }
    case "ResponseError":
      return { outcome: "response_error", code: undefined }
  }
}

// ── the recorder ────────────────────────────────────────────────────────────────────────────

/**
 * What a client records: each method does nothing when metrics are off.
 *
 * @since 1.1.0
 * @category models
 */
export interface Recorder {
  readonly enabled: boolean
  /** `effect`, one call of `operation` (a catalogue name), counted by outcome and timed. */
  readonly call: <A, R>(operation: string, effect: Effect.Effect<A, CallFailure, R>) => Effect.Effect<A, CallFailure, R>
  /** A retry of `operation` after a failure of `errorType`. */
  readonly retried: (operation: string, errorType: string) => Effect.Effect<void>
  /** A token issued by this instance for `member`. */
  readonly tokenIssued: (member: string) => Effect.Effect<void>
  /** The token cache's counters, read when the metrics are collected (nothing is done per read). */
  readonly tokenCounters: (read: () => { readonly hits: number; readonly shared: number }) => Effect.Effect<void, never, Scope.Scope>
  /** `count` documents of a bulk issue of `operation` ended as `outcome`. */
  readonly bulkDocuments: (operation: string, outcome: "issued" | "refused" | "not_issued" | "unknown", count: number) => Effect.Effect<void>
  /** `effect`, a wait for an asynchronous result of `operation`, counted in flight while it runs. */
  readonly inFlight: <A, E, R>(operation: string, effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

const counterState = (count: number) => ({ count, incremental: true })

/**
 * The recorder of a client: `enabled` records into the context's `Metric.MetricRegistry`;
 * otherwise `disabled`.
 *
 * @since 1.1.0
 * @category constructors
 */
export const make = (enabled: boolean): Recorder => (enabled ? enabledRecorder : disabled)

/**
 * A recorder that records nothing.
 *
 * @since 1.1.0
 * @category constructors
 */
export const disabled: Recorder = {
  enabled: false,
  call: (_operation, effect) => effect,
  retried: () => Effect.void,
  tokenIssued: () => Effect.void,
  tokenCounters: () => Effect.void,
  bulkDocuments: () => Effect.void,
  inFlight: (_operation, effect) => effect
}

const enabledRecorder: Recorder = {
  enabled: true,
  call: (operation, effect) =>
    Effect.withFiber((fiber) => {
      const clock = fiber.getRef(Clock.Clock)
      const started = clock.currentTimeNanosUnsafe()
      return Effect.onExit(effect, (exit) => {
        const context = fiber.context as Context.Context<never>
        const { code, outcome } = outcomeOf(exit)
        const labels: Record<string, string> = { [Attribute.operation]: operation, [Attribute.outcome]: outcome }
        durationSeries(labels).updateUnsafe(Number(clock.currentTimeNanosUnsafe() - started) / 1e9, context)
        if (code !== undefined) labels[Attribute.errorCode] = String(code)
        requestSeries(labels).updateUnsafe(1, context)
        return Effect.void
      })
    }),
  retried: (operation, errorType) => Metric.update(retrySeries({ [Attribute.operation]: operation, [Attribute.errorType]: errorType }), 1),
  tokenIssued: (member) => Metric.update(issuedSeries({ [Attribute.member]: member }), 1),
  tokenCounters: (read) =>
    Effect.withFiber((fiber) => {
      const context = fiber.context as Context.Context<never>
      const hooks = (value: () => number) => ({ get: () => counterState(value()), update: () => {}, modify: () => {} })
      const registered = [
        Metric.registerUnsafe(tokenCacheHits, context, hooks(() => read().hits)),
        Metric.registerUnsafe(tokensShared, context, hooks(() => read().shared))
      ]
      return Effect.addFinalizer(() => Effect.sync(() => registered.forEach((registration) => registration.remove())))
    }),
  bulkDocuments: (operation, outcome, count) =>
    count === 0 ? Effect.void : Metric.update(bulkSeries({ [Attribute.operation]: operation, [Attribute.outcome]: outcome }), count),
  inFlight: (operation, effect) => {
    const series = inFlightSeries({ [Attribute.operation]: operation })
    return Effect.acquireUseRelease(Metric.modify(series, 1), () => effect, () => Metric.modify(series, -1))
  }
}
