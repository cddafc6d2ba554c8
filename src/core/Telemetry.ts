/**
 * The names of what a call tells the program's tracer and logger (docs/observability.md): the
 * attributes of its spans, log lines and metric labels, and the span events. Each operation has a
 * span named after the SDK method (`Cashbill.issue`) with the catalogue name, the member and the
 * document ID; under it a client span per HTTP attempt with OpenTelemetry's HTTP client attributes
 * (`http.request.method`, `server.address`, `url.template` — the catalogue's template, never the
 * filled path —, `http.response.status_code`, `error.type`) and the service's error code; token
 * issuance is a span of its own; retries, lost-answer settlements, bulk progress and polls are span
 * events; the SDK's warnings are log lines with the same attributes. Metrics are `Metrics`.
 *
 * Nothing is paid when nothing is traced: under Effect's native tracer (no tracer installed) no
 * span is opened and no event made. A span taxdoc opens ends with a summary of its failure (the
 * error's tag, the operation, the service's code, the field paths of a refused input) instead of
 * the error itself, whose message may carry the service's text or a refused value: no secret, token
 * or field value other than the IDs named here ever reaches an attribute, event or log line.
 *
 * @since 1.1.0
 */
// ── attribute names ─────────────────────────────────────────────────────────────────────────

/**
 * The attribute (and metric label) names taxdoc uses: OpenTelemetry's semantic conventions for
 * HTTP clients where they have one, `taxdoc.*` for the rest.
 *
 * @since 1.1.0
 * @category constants
 */
export const Attribute = {
  /** The catalogue name of the operation (`Cashbill.RegistIssue`). */
  operation: "taxdoc.operation",
  /** The member's registration number (`CorpNum`). */
  member: "taxdoc.member",
  /** The document ID (`mgtKey`, an e-Tax invoice's item key, a collected invoice's confirmation number). */
  documentId: "taxdoc.document.id",
  /** The submit ID of a bulk submission. */
  submitId: "taxdoc.submit.id",
  /** The ID of a collection job. */
  jobId: "taxdoc.job.id",
  /** The service's error code (`-14000003`). */
  errorCode: "taxdoc.error.code",
  /** The failure's type: an HTTP status of 400 and more, or the error's tag and reason. */
  errorType: "error.type",
  method: "http.request.method",
  statusCode: "http.response.status_code",
  resendCount: "http.request.resend_count",
  serverAddress: "server.address",
  serverPort: "server.port",
  urlTemplate: "url.template",
  /** The scope set of a token (`member,140`). */
  tokenScopes: "taxdoc.token.scopes",
  /** Why the shared token store failed (a fixed phrase of the store's). */
  storeReason: "taxdoc.token_store.reason",
  /** The call was retried. */
  retried: "taxdoc.retried",
  /** The retry's number, from 1. */
  retryAttempt: "taxdoc.retry.attempt",
  /** The wait before the retry, in milliseconds. */
  retryDelay: "taxdoc.retry.delay_ms",
  /**
   * What a step of a settlement said: a read (`happened`, `did_not_happen`, `different`,
   * `read_failed`) or a resend (`answered`, `still_unknown`).
   */
  settlementVerdict: "taxdoc.settlement.verdict",
  /** The step's number among the settlement's reads (for a read) or sends (for a resend; the first send is 1). */
  settlementAttempt: "taxdoc.settlement.attempt",
  /** How long a settlement took, from the write's start to its end, in milliseconds (on its log line). */
  settlementMillis: "taxdoc.settlement.duration_ms",
  /** Documents of a bulk issue and their outcomes so far. */
  bulkDocuments: "taxdoc.bulk.documents",
  bulkSubmissions: "taxdoc.bulk.submissions",
  bulkSubmitted: "taxdoc.bulk.submitted",
  bulkCompleted: "taxdoc.bulk.completed",
  bulkSucceeded: "taxdoc.bulk.succeeded",
  bulkFailed: "taxdoc.bulk.failed",
  /** Polls of a wait so far, and the state the last one read (`txState 2`, `jobState 3`). */
  polls: "taxdoc.poll.count",
  pollState: "taxdoc.poll.state",
  /** How the call or document ended, on metrics: `success`, `service_error`, … */
  outcome: "taxdoc.outcome"
} as const

/**
 * The names of the span events taxdoc adds.
 *
 * @since 1.1.0
 * @category constants
 */
export const Event = {
  retry: "taxdoc.retry",
  settlement: "taxdoc.settlement",
  bulkSubmitted: "taxdoc.bulk.submitted",
  bulkCompleted: "taxdoc.bulk.completed",
  poll: "taxdoc.poll"
} as const
