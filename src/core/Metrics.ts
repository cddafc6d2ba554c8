/**
 * taxdoc's metrics, as Effect `Metric`s (docs/observability.md "Metrics"): requests by operation
 * and outcome, their duration, retries, tokens issued per member and the token cache's hits, bulk
 * documents by outcome, and waits in flight. They land in the `Metric.MetricRegistry` of the
 * program's context, whence whatever the program installs exports them (`OtelMetrics.layer` of
 * `@effect/opentelemetry`, or `Metric.snapshot` read by hand).
 *
 * They are recorded only when the configuration turns them on (`metrics: true`,
 * `TAXDOC_METRICS=true`): a `Recorder` made with `make(false)` does nothing at all, so a program
 * that exports no metrics keeps no series (one per member, for the tokens) and pays nothing per
 * call.
 *
 * @since 1.1.0
 */
import * as Clock from "effect/Clock"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Metric from "effect/Metric"
import type * as Scope from "effect/Scope"
import { Attribute, summarize } from "./Telemetry.js"

/**
 * The metric names.
 *
 * @since 1.1.0
 * @category constants
 */
export const Name = {
  /** Calls that reached the transport, by `taxdoc.operation`, `taxdoc.outcome` and `taxdoc.error.code`. */
  requests: "taxdoc.requests",
  /** Their duration in seconds, retries and settling included, by `taxdoc.operation` and `taxdoc.outcome`. */
  requestDuration: "taxdoc.request.duration",
  /** Retries, by `taxdoc.operation` and `error.type`. */
  retries: "taxdoc.retries",
  /** Tokens this instance issued, by `taxdoc.member`. */
  tokensIssued: "taxdoc.tokens.issued",
  /** Token reads answered from the cache (or an issuance in flight) without an issuance of their own. */
  tokenCacheHits: "taxdoc.tokens.cache_hits",
  /** Tokens taken from the shared token store, issued by another instance. */
  tokensShared: "taxdoc.tokens.shared",
  /** Documents of bulk issues, by `taxdoc.operation` and `taxdoc.outcome` (`issued`, `refused`, `not_issued`, `unknown`). */
  bulkDocuments: "taxdoc.bulk.documents",
  /** Asynchronous results being awaited (bulk submissions, collection jobs), by `taxdoc.operation`. */
  jobsInFlight: "taxdoc.jobs.in_flight"
} as const

/**
 * The boundaries of the duration histogram, in seconds (OpenTelemetry's for HTTP client
 * durations, with the defaults of `requestTimeout` and `callTimeout` added).
 *
 * @since 1.1.0
 * @category constants
 */
export const DURATION_BOUNDARIES: ReadonlyArray<number> = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10, 30, 60]

/**
 * @since 1.1.0
 * @category metrics
 */
export const requests = Metric.counter(Name.requests, { description: "taxdoc calls that reached the transport, by operation and outcome", incremental: true })

/**
 * @since 1.1.0
 * @category metrics
 */
export const requestDuration = Metric.histogram(Name.requestDuration, {
  description: "duration of taxdoc calls in seconds, retries included, by operation and outcome",
  boundaries: DURATION_BOUNDARIES
})

/**
 * @since 1.1.0
 * @category metrics
 */
export const retries = Metric.counter(Name.retries, { description: "retries of taxdoc calls, by operation and error type", incremental: true })

/**
 * @since 1.1.0
 * @category metrics
 */
export const tokensIssued = Metric.counter(Name.tokensIssued, { description: "access tokens this instance issued, by member", incremental: true })

/**
 * @since 1.1.0
 * @category metrics
 */
export const tokenCacheHits = Metric.counter(Name.tokenCacheHits, { description: "token reads answered without an issuance of their own", incremental: true })

/**
 * @since 1.1.0
 * @category metrics
 */
export const tokensShared = Metric.counter(Name.tokensShared, { description: "tokens taken from the shared token store", incremental: true })

/**
 * @since 1.1.0
 * @category metrics
 */
export const bulkDocuments = Metric.counter(Name.bulkDocuments, { description: "documents of bulk issues, by operation and outcome", incremental: true })

/**
 * @since 1.1.0
 * @category metrics
 */
export const jobsInFlight = Metric.gauge(Name.jobsInFlight, { description: "asynchronous results being awaited, by operation" })

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
export type Outcome = "success" | "service_error" | "transport_error" | "response_error" | "invalid_input" | "unknown_outcome" | "interrupted" | "failure"

/**
 * The outcome of a call's exit, with the service's error code when it answered one.
 *
 * @since 1.1.0
 * @category combinators
 */
export const outcomeOf = (exit: Exit.Exit<unknown, unknown>): { readonly outcome: Outcome; readonly code: number | undefined } => {
  if (Exit.isSuccess(exit)) return { outcome: "success", code: undefined }
  const reason = exit.cause.reasons.find((r) => r._tag === "Fail")
  if (reason === undefined || reason._tag !== "Fail") {
    return { outcome: exit.cause.reasons.some((r) => r._tag === "Die") ? "failure" : "interrupted", code: undefined }
  }
  const summary = summarize(reason.error)
  const tag = summary.type.split(".")[0]
  switch (tag) {
    case "ApiError":
    case "TokenError":
      return { outcome: "service_error", code: summary.code }
    case "TransportError":
      return { outcome: "transport_error", code: undefined }
    case "ResponseError":
      return { outcome: "response_error", code: undefined }
    case "ValidationError":
      return { outcome: "invalid_input", code: undefined }
    case "UnknownOutcomeError":
      return { outcome: "unknown_outcome", code: undefined }
    default:
      return { outcome: "failure", code: undefined }
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
  readonly call: <A, E, R>(operation: string, effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
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

const update = <I>(metric: Metric.Metric<I, unknown>, value: I): Effect.Effect<void> =>
  Effect.withFiber((fiber) => {
    metric.updateUnsafe(value, fiber.context as Context.Context<never>)
    return Effect.void
  })

const modify = (metric: Metric.Metric<number, unknown>, value: number): Effect.Effect<void> =>
  Effect.withFiber((fiber) => {
    metric.modifyUnsafe(value, fiber.context as Context.Context<never>)
    return Effect.void
  })

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
  retried: (operation, errorType) => update(retrySeries({ [Attribute.operation]: operation, [Attribute.errorType]: errorType }), 1),
  tokenIssued: (member) => update(issuedSeries({ [Attribute.member]: member }), 1),
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
    count === 0 ? Effect.void : update(bulkSeries({ [Attribute.operation]: operation, [Attribute.outcome]: outcome }), count),
  inFlight: (operation, effect) => {
    const series = inFlightSeries({ [Attribute.operation]: operation })
    return Effect.acquireUseRelease(modify(series, 1), () => effect, () => modify(series, -1))
  }
}
