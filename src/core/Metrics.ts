/**
 * taxdoc's metrics, as Effect `Metric`s (docs/observability.md "Metrics"): requests by operation
 * and outcome, their duration, retries, tokens issued per member and the token cache's hits, bulk
 * documents by outcome, and waits in flight. They land in the `Metric.MetricRegistry` of the
 * program's context, whence whatever the program installs exports them (`OtelMetrics.layer` of
 * `@effect/opentelemetry`, or `Metric.snapshot` read by hand).
 *
 * They are recorded only when the configuration turns them on (`metrics: true`,
 * `TAXDOC_METRICS=true`): otherwise nothing is recorded at all, so a program that exports no
 * metrics keeps no series (one per member, for the tokens) and pays nothing per call.
 *
 * @since 1.1.0
 */
import * as Metric from "effect/Metric"

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
 */
const DURATION_BOUNDARIES: ReadonlyArray<number> = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10, 30, 60]

/**
 * `taxdoc.requests`: the calls that reached the transport, by `taxdoc.operation`,
 * `taxdoc.outcome` and `taxdoc.error.code`.
 *
 * @since 1.1.0
 * @category metrics
 */
export const requests = Metric.counter(Name.requests, { description: "taxdoc calls that reached the transport, by operation and outcome", incremental: true })

/**
 * `taxdoc.request.duration`: the duration of calls in seconds, retries and settling included, by
 * `taxdoc.operation` and `taxdoc.outcome`.
 *
 * @since 1.1.0
 * @category metrics
 */
export const requestDuration = Metric.histogram(Name.requestDuration, {
  description: "duration of taxdoc calls in seconds, retries included, by operation and outcome",
  boundaries: DURATION_BOUNDARIES
})

/**
 * `taxdoc.retries`: the retries of calls, by `taxdoc.operation` and `error.type`.
 *
 * @since 1.1.0
 * @category metrics
 */
export const retries = Metric.counter(Name.retries, { description: "retries of taxdoc calls, by operation and error type", incremental: true })

/**
 * `taxdoc.tokens.issued`: the access tokens this instance issued, by `taxdoc.member`.
 *
 * @since 1.1.0
 * @category metrics
 */
export const tokensIssued = Metric.counter(Name.tokensIssued, { description: "access tokens this instance issued, by member", incremental: true })

/**
 * `taxdoc.tokens.cache_hits`: the token reads answered without an issuance of their own.
 *
 * @since 1.1.0
 * @category metrics
 */
export const tokenCacheHits = Metric.counter(Name.tokenCacheHits, { description: "token reads answered without an issuance of their own", incremental: true })

/**
 * `taxdoc.tokens.shared`: the tokens taken from the shared token store, issued by another instance.
 *
 * @since 1.1.0
 * @category metrics
 */
export const tokensShared = Metric.counter(Name.tokensShared, { description: "tokens taken from the shared token store", incremental: true })

/**
 * `taxdoc.bulk.documents`: the documents of bulk issues, by `taxdoc.operation` and
 * `taxdoc.outcome`.
 *
 * @since 1.1.0
 * @category metrics
 */
export const bulkDocuments = Metric.counter(Name.bulkDocuments, { description: "documents of bulk issues, by operation and outcome", incremental: true })

/**
 * `taxdoc.jobs.in_flight`: the asynchronous results being awaited (bulk submissions,
 * collection jobs), by `taxdoc.operation`.
 *
 * @since 1.1.0
 * @category metrics
 */
export const jobsInFlight = Metric.gauge(Name.jobsInFlight, { description: "asynchronous results being awaited, by operation" })
