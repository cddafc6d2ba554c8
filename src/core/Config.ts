/**
 * The configuration of a taxdoc client: partner credentials, environment, addresses, and the knobs
 * of tokens and transport (the variables: README "Where requests go").
 *
 * One Schema, `Options`, says what a valid configuration is. `layer(options)` decodes the options
 * given in code with it; `layerConfig` reads the same fields from `TAXDOC_*` variables through
 * Effect's `Config` (`TAXDOC_LINK_ID` for `linkId`, …) and decodes them with the same field
 * schemas. Every field that is missing or breaks its rule is named at once, each saying what to do.
 *
 * The secret key stays `Redacted` everywhere; it is unwrapped only in the one line that signs a
 * token request.
 *
 * @since 0.1.0
 */
import * as EffectConfig from "effect/Config"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import { ConfigInvalid, type FieldProblem, invalid } from "./ConfigInvalid.js"
import * as ConfigProblems from "./ConfigProblems.js"
import * as Retry from "./Retry.js"
import { issuesOf } from "./Validation.js"

/**
 * The largest JSON answer read unless configured otherwise (`maxAnswerBytes`): 32 MiB, decompressed.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_MAX_ANSWER_BYTES = 32 * 1024 * 1024

/**
 * The table of shared tokens unless configured otherwise.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_TOKEN_STORE_TABLE = "taxdoc_tokens"

/**
 * The service environment: `test` (service ID `SERVICE_TEST`) or `production` (`SERVICE`).
 *
 * @since 0.1.0
 * @category models
 */
export type Environment = "test" | "production"

/**
 * The service ID of an environment, the path segment of token issuance.
 *
 * @since 0.1.0
 * @category constructors
 */
export const serviceIdOf = (environment: Environment): "SERVICE_TEST" | "SERVICE" =>
  environment === "test" ? "SERVICE_TEST" : "SERVICE"

/**
 * The language of the service's messages.
 *
 * @since 0.1.0
 * @category models
 */
export type AcceptLanguage = "ko-KR" | "en-US"

/**
 * Whether `name` is a table name the token store accepts: `table` or `schema.table`, each part a
 * plain SQL identifier (letters, digits, underscores; not starting with a digit; at most 63).
 *
 * @since 0.1.0
 * @category predicates
 */
export const isTableName = (name: string): boolean => /^[A-Za-z_][A-Za-z0-9_]{0,62}(\.[A-Za-z_][A-Za-z0-9_]{0,62})?$/.test(name)

// ── the options schema ──────────────────────────────────────────────────────────────────────

const isHttpUrl = (url: string): boolean => {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "http:" || parsed.protocol === "https:"
  } catch {
    return false
  }
}

const isBase64Key = (secret: string): boolean => /^[A-Za-z0-9+/]+={0,2}$/.test(secret) && Buffer.from(secret, "base64").length > 0

const HttpUrl = Schema.String.check(Schema.makeFilter(isHttpUrl))

const DurationInput = Schema.Union([Schema.Duration, Schema.DurationFromString, Schema.DurationFromMillis])

const PostgresUrl = Schema.String.check(Schema.makeFilter((url: string) => /^postgres(ql)?:\/\//.test(url)))

const RetrySchedule = Schema.declare((u: unknown): u is Schedule.Schedule<unknown, Retry.AttemptError> => Schedule.isSchedule(u))

const fields = {
  linkId: Schema.NonEmptyString,
  /** The Base64 secret key issued with the LinkID. */
  secretKey: Schema.Redacted(Schema.String.check(Schema.makeFilter(isBase64Key))),
  environment: Schema.optional(Schema.Literals(["test", "production"])),
  /** Authentication server base URL (as published to partners for the environment). */
  authUrl: HttpUrl,
  /** API base URL of the environment. */
  apiUrl: HttpUrl,
  /** Fixed-address variants, used instead of the ordinary hosts when `useFixedAddress` is true. */
  authUrlFixed: Schema.optional(HttpUrl),
  apiUrlFixed: Schema.optional(HttpUrl),
  useFixedAddress: Schema.optional(Schema.Boolean),
  /** X-SVC-Forwarded. `"*"` allows any IP, which avoids "token IP mismatch" behind changing egress IPs. */
  forwardedIp: Schema.optional(Schema.String.check(Schema.makeFilter((ip: string) => ip === "*" || /^[0-9a-fA-F:.]+$/.test(ip)))),
  acceptLanguage: Schema.optional(Schema.Literals(["ko-KR", "en-US"])),
  /** Deadline of one HTTP request (token issuance included; default 30 s); `Duration.infinity`: none. */
  requestTimeout: Schema.optional(DurationInput),
  /** Tokens are renewed this long before they expire (default 60 s). */
  tokenRefreshMargin: Schema.optional(DurationInput),
  /** At most this many tokens are cached (default 10,000; least recently used dropped first). */
  tokenCacheCapacity: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
  /** Retries after a transient fault (default 3; 0 turns retrying off). */
  retries: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
  /** Backoff before the first retry, doubled each time, with full jitter (default 200 ms). */
  retryBaseDelay: Schema.optional(DurationInput),
  /** The longest backoff (default 5 s). */
  retryMaxDelay: Schema.optional(DurationInput),
  /** A schedule of your own instead of `retries`/`retryBaseDelay`/`retryMaxDelay` (its input is the failure). */
  retrySchedule: Schema.optional(RetrySchedule),
  /** The deadline of a whole call, retries and the settlement of a lost answer included (default 60 s). */
  callTimeout: Schema.optional(DurationInput),
  /** Reads are retried until the call's deadline instead of `retries` times (default false: reads fail fast). */
  patientReads: Schema.optional(Schema.Boolean),
  /**
   * An issue answered "ID in use" is read back, and when the document there is the one sent, it is
   * answered as its first run was (default true; false: the service's `ApiError`).
   */
  answerReruns: Schema.optional(Schema.Boolean),
  /** The largest JSON answer read, in bytes (default 32 MiB). */
  maxAnswerBytes: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1024))),
  /**
   * A PostgreSQL URL (`postgres://user:password@host/db`): the instances of a fleet share their
   * tokens through a table there (needs the optional peer of "taxdoc/workflow"; docs/fleet.md).
   */
  tokenStore: Schema.optional(Schema.Union([Schema.Redacted(PostgresUrl), PostgresUrl])),
  /** The table of shared tokens, `table` or `schema.table` (default `taxdoc_tokens`). */
  tokenStoreTable: Schema.optional(Schema.String.check(Schema.makeFilter(isTableName))),
  /**
   * Send a W3C `traceparent` header with every request, naming the request's span (or the
   * caller's current span, when nothing is traced) as the parent, as Effect's HTTP propagation
   * writes it (default false; docs/observability.md).
   */
  traceparent: Schema.optional(Schema.Boolean),
  /**
   * Record taxdoc's metrics (`Metrics.ts`) into the program's `Metric` registry, for whatever it
   * exports them with (default false: no series kept, nothing done per call; docs/observability.md).
   */
  metrics: Schema.optional(Schema.Boolean)
}

type Field = keyof typeof fields

/**
 * The options of a client: what `layer` takes, and what `layerConfig` reads from `TAXDOC_*`
 * variables. Decoding them checks every field; `make` resolves the defaults.
 *
 * @since 1.0.0
 * @category schemas
 */
export const Options = Schema.Struct(fields)

/**
 * Options of `layer`.
 *
 * @since 0.1.0
 * @category models
 */
export type Options = typeof Options.Encoded

// What each field must be, said to whoever configured it.
const REASONS: { readonly [K in Field]: string } = {
  linkId: "must be the LinkID issued to the partner (not empty)",
  secretKey: "must be the Base64 secret key issued with the LinkID",
  environment: "must be \"test\" or \"production\"",
  authUrl: "must be an http(s) URL",
  apiUrl: "must be an http(s) URL",
  authUrlFixed: "must be an http(s) URL",
  apiUrlFixed: "must be an http(s) URL",
  useFixedAddress: "must be true or false",
  forwardedIp: "must be an IP address or *",
  acceptLanguage: "must be \"ko-KR\" or \"en-US\"",
  requestTimeout: "must be a duration such as \"30 seconds\" (or milliseconds)",
  tokenRefreshMargin: "must be a duration such as \"60 seconds\" (or milliseconds)",
  tokenCacheCapacity: "must be a positive integer",
  retries: "must be a whole number, 0 or more (0 turns retrying off)",
  retryBaseDelay: "must be a duration such as \"200 millis\" (or milliseconds)",
  retryMaxDelay: "must be a duration such as \"5 seconds\" (or milliseconds)",
  retrySchedule: "must be a Schedule whose input is the failure of the last attempt",
  callTimeout: "must be a duration such as \"60 seconds\" (or milliseconds)",
  patientReads: "must be true or false",
  answerReruns: "must be true or false",
  maxAnswerBytes: "must be a whole number of bytes, at least 1024",
  tokenStore: "must be a PostgreSQL URL (postgres://user:password@host:port/database)",
  tokenStoreTable: "must be `table` or `schema.table` (letters, digits, underscores)",
  traceparent: "must be true or false",
  metrics: "must be true or false"
}

const WRAP_SECRET = "must be wrapped: Redacted.make(key) from effect/Redacted (it keeps the key out of logs and errors)"

/**
 * The `TAXDOC_*` variable of an option: `linkId` → `TAXDOC_LINK_ID`.
 *
 * @since 1.0.0
 * @category constructors
 */
export const variableOf: (field: string) => string = ConfigProblems.variableOf

// ── the resolved configuration ──────────────────────────────────────────────────────────────

/**
 * The resolved configuration every service reads.
 *
 * @since 0.1.0
 * @category models
 */
export interface TaxdocConfigShape {
  readonly linkId: string
  readonly secretKey: Redacted.Redacted<string>
  readonly environment: Environment
  readonly serviceId: "SERVICE_TEST" | "SERVICE"
  /** Base URL of the authentication server (token issuance), no trailing slash. */
  readonly authUrl: string
  /** Base URL of the API of the chosen environment, no trailing slash. */
  readonly apiUrl: string
  /** X-SVC-Forwarded: the IP the token may be used from (`*` = any); none → header not sent. */
  readonly forwardedIp: Option.Option<string>
  readonly acceptLanguage: AcceptLanguage
  /**
   * Deadline of one HTTP request (token issuance included), kept on the Effect `Clock`; the request
   * is interrupted, and so aborted, when it passes. `Duration.infinity` leaves timing out to the
   * `HttpClient`.
   */
  readonly requestTimeout: Duration.Duration
  /** Tokens are renewed this long before they expire. */
  readonly tokenRefreshMargin: Duration.Duration
  /** At most this many tokens are cached (least recently used are dropped first). */
  readonly tokenCacheCapacity: number
  /** Retries after transient faults and the overall deadline of a call (see `Retry.ts`). */
  readonly retry: Retry.Policy
  /** The largest JSON answer read, in bytes; a larger one fails with `ResponseError` `TooLarge`. */
  readonly maxAnswerBytes: number
  /**
   * The PostgreSQL database whose table the instances of a fleet share their tokens through
   * (`postgres://…`); none → each instance keeps its own (docs/fleet.md).
   */
  readonly tokenStore: Option.Option<Redacted.Redacted<string>>
  /** The table of shared tokens, `table` or `schema.table` (default `taxdoc_tokens`). */
  readonly tokenStoreTable: string
  /** Whether requests carry a W3C `traceparent` header naming their span as the parent. */
  readonly traceparent: boolean
  /** Whether taxdoc's metrics are recorded (`Metrics.ts`). */
  readonly metrics: boolean
}

/**
 * The configuration in the context, as `layer`, `layerConfig` or `Taxdoc.layer` decoded it: what
 * the client, its tokens and its transport read.
 *
 * @since 0.1.0
 * @category services
 */
export class TaxdocConfig extends Context.Service<TaxdocConfig, TaxdocConfigShape>()("taxdoc/Config") {}

/**
 * @since 0.1.0
 * @category errors
 */
export { ConfigInvalid, type FieldProblem, invalid, renamed } from "./ConfigInvalid.js"

const trimSlash = (url: string): string => url.replace(/\/+$/, "")

const duration = (input: Duration.Duration | undefined, fallback: Duration.Input): Duration.Duration =>
  input ?? Duration.fromInputUnsafe(fallback)

/**
 * The configuration of decoded options: defaults filled in, and the one rule across fields (fixed
 * addresses need both URLs).
 */
const resolve = (options: typeof Options.Type): Result.Result<TaxdocConfigShape, ConfigInvalid> => {
  const fixed = options.useFixedAddress === true
  if (fixed && (options.authUrlFixed === undefined || options.apiUrlFixed === undefined)) {
    return Result.fail(invalid({ field: "useFixedAddress", reason: "needs authUrlFixed and apiUrlFixed" }))
  }
  const environment = options.environment ?? "test"
  const retries = options.retries ?? 3
  const delays = { baseDelay: duration(options.retryBaseDelay, "200 millis"), maxDelay: duration(options.retryMaxDelay, "5 seconds") }
  const schedule = options.retrySchedule ?? (retries === 0 ? undefined : Retry.backoff({ retries, ...delays }))
  // Patience is the same backoff without a count; none when retrying is off.
  const patience = retries === 0 && options.retrySchedule === undefined ? undefined : Retry.backoff({ retries: Number.POSITIVE_INFINITY, ...delays })
  const store = options.tokenStore
  return Result.succeed({
    linkId: options.linkId,
    secretKey: options.secretKey,
    environment,
    serviceId: serviceIdOf(environment),
    authUrl: trimSlash(fixed ? options.authUrlFixed! : options.authUrl),
    apiUrl: trimSlash(fixed ? options.apiUrlFixed! : options.apiUrl),
    forwardedIp: Option.fromUndefinedOr(options.forwardedIp),
    acceptLanguage: options.acceptLanguage ?? "ko-KR",
    requestTimeout: duration(options.requestTimeout, "30 seconds"),
    tokenRefreshMargin: duration(options.tokenRefreshMargin, "60 seconds"),
    tokenCacheCapacity: options.tokenCacheCapacity ?? 10_000,
    retry: {
      schedule: Option.fromUndefinedOr(schedule),
      patience: Option.fromUndefinedOr(patience),
      callTimeout: duration(options.callTimeout, "60 seconds"),
      patientReads: options.patientReads ?? false,
      answerReruns: options.answerReruns ?? true
    },
    maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    tokenStore: store === undefined ? Option.none() : Option.some(Redacted.isRedacted(store) ? store : Redacted.make(store)),
    tokenStoreTable: options.tokenStoreTable ?? DEFAULT_TOKEN_STORE_TABLE,
    traceparent: options.traceparent ?? false,
    metrics: options.metrics ?? false
  })
}

// Every broken field of a decoding failure, once each, named as `nameOf` says, with what it must be.
const invalidOf = (error: Schema.SchemaError, nameOf: (field: Field) => string, input: unknown): ConfigInvalid => {
  const problems = new Map<string, string>()
  for (const issue of issuesOf(error)) {
    const field = (Object.keys(REASONS) as Array<Field>).find((f) => issue.path === f || issue.path === variableOf(f) || issue.path.startsWith(`${f}.`))
    const name = field === undefined ? (issue.path === "" ? "options" : issue.path) : nameOf(field)
    if (problems.has(name)) continue
    // A plain string where a Redacted belongs (a caller without the types): say how to wrap it.
    const given = field !== undefined && typeof input === "object" && input !== null ? (input as Record<string, unknown>)[field] : undefined
    problems.set(
      name,
      field === undefined
        ? issue.message
        : issue.rule === "required"
        ? "is required"
        : field === "secretKey" && typeof given === "string"
        ? WRAP_SECRET
        : REASONS[field]
    )
  }
  const [first = { field: "options", reason: "are not valid" }, ...rest] = [...problems].map(([field, reason]) => ({ field, reason }))
  return invalid(first, ...rest)
}

const decodeOptions = Schema.decodeUnknownResult(Options, { errors: "all" })

/**
 * Resolves options into a configuration, or the `ConfigInvalid` naming every field that is missing
 * or breaks its rule.
 *
 * @since 1.0.0
 * @category constructors
 */
export const fromOptionsResult = (options: Options): Result.Result<TaxdocConfigShape, ConfigInvalid> => {
  const decoded = decodeOptions(options)
  return Result.isFailure(decoded) ? Result.fail(invalidOf(decoded.failure, (field) => field, options)) : resolve(decoded.success)
}

/**
 * Resolves options into a configuration; throws `ConfigInvalid` naming every field at fault.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options): TaxdocConfigShape => {
  const resolved = fromOptionsResult(options)
  if (Result.isFailure(resolved)) throw resolved.failure
  return resolved.success
}

/**
 * `make` as an effect: the configuration, or the `ConfigInvalid` naming every field at fault.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromOptions = (options: Options): Effect.Effect<TaxdocConfigShape, ConfigInvalid> =>
  Effect.suspend(() => Effect.fromResult(fromOptionsResult(options)))

/**
 * A configuration layer from options.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options): Layer.Layer<TaxdocConfig, ConfigInvalid> => Layer.effect(TaxdocConfig, fromOptions(options))

// ── from TAXDOC_* variables ─────────────────────────────────────────────────────────────────

// Every option but the schedule (a value of code) as its variable, with the option's own schema.
const variableFields = Object.fromEntries(
  (Object.keys(fields) as Array<Field>).filter((field) => field !== "retrySchedule").map((field) => [variableOf(field), fields[field]])
) as { readonly [K: string]: Schema.Top }

const Variables = Schema.Struct(variableFields as Schema.Struct.Fields) as unknown as Schema.Codec<
  { readonly [K: string]: unknown },
  { readonly [K: string]: unknown }
>

/**
 * A `ConfigError` naming `variable` and what it must be.
 *
 * @since 1.0.0
 * @category constructors
 */
export const configErrorOf = (variable: string, reason: string): EffectConfig.ConfigError => configErrorOfAll([{ field: variable, reason }])

/**
 * A `ConfigError` naming every variable of `problems` and what each must be.
 *
 * @since 1.1.0
 * @category constructors
 */
export const configErrorOfAll = (problems: ReadonlyArray<FieldProblem>): EffectConfig.ConfigError => {
  const pointers = problems.map((p) => new SchemaIssue.Pointer([p.field], new SchemaIssue.InvalidValue({ message: p.reason })))
  const [first, ...rest] = pointers
  if (first === undefined) return new EffectConfig.ConfigError(new Schema.SchemaError(new SchemaIssue.InvalidValue({ message: "is not valid" })))
  return new EffectConfig.ConfigError(new Schema.SchemaError(rest.length === 0 ? first : new SchemaIssue.Composite(Schema.Unknown.ast, [first, ...rest])))
}

const fromVariable = (invalid: ConfigInvalid): EffectConfig.ConfigError =>
  configErrorOfAll(invalid.problems.map((p) => ({ field: p.field in REASONS ? variableOf(p.field) : p.field, reason: p.reason })))

// The variables as strings, each decoded by its option's schema from its string form, every
// problem reported (Effect's `Config.schema` stops at the first).
const VariablesFromStrings = Schema.toCodecStringTree(Variables)
const readVariables = EffectConfig.all(
  Object.fromEntries(Object.keys(variableFields).map((name) => [name, EffectConfig.option(EffectConfig.String(name))]))
).pipe(EffectConfig.map((read) => Object.fromEntries(Object.entries(read).flatMap(([name, value]) => (Option.isSome(value) ? [[name, value.value]] : [])))))

/**
 * The configuration read from `TAXDOC_*` variables, one per option: `TAXDOC_LINK_ID`,
 * `TAXDOC_SECRET_KEY`, `TAXDOC_AUTH_URL`, `TAXDOC_API_URL` (required); `TAXDOC_ENVIRONMENT`
 * (`test` | `production`), `TAXDOC_AUTH_URL_FIXED`, `TAXDOC_API_URL_FIXED`,
 * `TAXDOC_USE_FIXED_ADDRESS`, `TAXDOC_FORWARDED_IP`, `TAXDOC_ACCEPT_LANGUAGE`,
 * `TAXDOC_REQUEST_TIMEOUT`, `TAXDOC_TOKEN_REFRESH_MARGIN` (durations like `30 seconds`),
 * `TAXDOC_TOKEN_CACHE_CAPACITY`, `TAXDOC_RETRIES` (0 turns retrying off), `TAXDOC_RETRY_BASE_DELAY`,
 * `TAXDOC_RETRY_MAX_DELAY`, `TAXDOC_CALL_TIMEOUT`, `TAXDOC_PATIENT_READS`, `TAXDOC_ANSWER_RERUNS`
 * (`true` or `false`), `TAXDOC_MAX_ANSWER_BYTES`, `TAXDOC_TOKEN_STORE`
 * (a `postgres://…` URL: tokens shared by a fleet), `TAXDOC_TOKEN_STORE_TABLE`, `TAXDOC_TRACEPARENT`,
 * `TAXDOC_METRICS` (`true` or `false`). Each is decoded with
 * its option's schema; a missing or malformed one fails with a `ConfigError` naming it and saying
 * what it must be, never its value.
 *
 * @since 0.1.0
 * @category configs
 */
export const config: EffectConfig.Config<TaxdocConfigShape> = readVariables.pipe(
  EffectConfig.mapEffect((strings) =>
    Effect.fromResult(Result.mapError(
      Schema.decodeUnknownResult(VariablesFromStrings, { errors: "all" })(strings),
      (error) => fromVariable(invalidOf(error, variableOf, undefined))
    ))
  ),
  EffectConfig.mapEffect((variables) => {
    const options: Record<string, unknown> = {}
    for (const field of Object.keys(fields)) {
      const value = variables[variableOf(field)]
      if (value !== undefined) options[field] = value
    }
    return Effect.fromResult(Result.mapError(resolve(options as typeof Options.Type), fromVariable))
  })
)

/**
 * The configuration layer from `TAXDOC_*` environment variables (see `config`).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig: Layer.Layer<TaxdocConfig, EffectConfig.ConfigError> = Layer.effect(TaxdocConfig, config)
