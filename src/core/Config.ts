/**
 * The configuration of a taxdoc client: partner credentials, environment, addresses, and the knobs
 * of tokens and transport (the variables: README "Where requests go").
 *
 * The secret key stays `Redacted` everywhere; it is unwrapped only in the one line that signs a
 * token request.
 *
 * @since 0.1.0
 */
import * as EffectConfig from "effect/Config"
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type * as Schedule from "effect/Schedule"
import { type ConfigError, InvalidData as ConfigErrorInvalid } from "effect/ConfigError"
import * as Retry from "./Retry.js"

/**
 * The largest JSON answer read unless configured otherwise (`maxAnswerBytes`): 32 MiB, decompressed.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_MAX_ANSWER_BYTES = 32 * 1024 * 1024

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
   * Deadline of one HTTP request (token issuance included); the request is aborted when it passes.
   * Over `Undici.layer` it is one shared timer (nothing per request); over another `HttpClient` a
   * watcher fiber per client interrupts the exchange. `Duration.infinity` leaves timing out to the
   * HttpClient (undici's own timeouts).
   */
  readonly requestTimeout: Duration.Duration
  /** Tokens are refreshed this long before they expire. */
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
}

/**
 * @since 0.1.0
 * @category services
 */
export class TaxdocConfig extends Context.Tag("taxdoc/Config")<TaxdocConfig, TaxdocConfigShape>() {}

/**
 * Options of `layer`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Options {
  readonly linkId: string
  /** The Base64 secret key issued with the LinkID. */
  readonly secretKey: Redacted.Redacted<string>
  readonly environment?: Environment | undefined
  /** Authentication server base URL (as published to partners for the environment). */
  readonly authUrl: string
  /** API base URL of the environment. */
  readonly apiUrl: string
  /** Fixed-address variants, used instead of the ordinary hosts when `useFixedAddress` is true. */
  readonly authUrlFixed?: string | undefined
  readonly apiUrlFixed?: string | undefined
  readonly useFixedAddress?: boolean | undefined
  /** X-SVC-Forwarded. `"*"` allows any IP, which avoids "token IP mismatch" behind changing egress IPs. */
  readonly forwardedIp?: string | undefined
  readonly acceptLanguage?: AcceptLanguage | undefined
  readonly requestTimeout?: Duration.DurationInput | undefined
  readonly tokenRefreshMargin?: Duration.DurationInput | undefined
  readonly tokenCacheCapacity?: number | undefined
  /** Retries after a transient fault (default 3; 0 turns retrying off). */
  readonly retries?: number | undefined
  /** Backoff before the first retry, doubled each time, with full jitter (default 200 ms). */
  readonly retryBaseDelay?: Duration.DurationInput | undefined
  /** The longest backoff (default 5 s). */
  readonly retryMaxDelay?: Duration.DurationInput | undefined
  /** A schedule of your own instead of `retries`/`retryBaseDelay`/`retryMaxDelay` (its input is the failure). */
  readonly retrySchedule?: Schedule.Schedule<unknown, Retry.AttemptError> | undefined
  /** The deadline of a whole call, retries included (default 60 s). */
  readonly callTimeout?: Duration.DurationInput | undefined
  /** The largest JSON answer read (default 32 MiB). */
  readonly maxAnswerBytes?: number | undefined
  /**
   * A PostgreSQL URL (`postgres://user:password@host/db`): the instances of a fleet share their
   * tokens through a table there (needs the optional peers of "taxdoc/workflow"; docs/fleet.md).
   */
  readonly tokenStore?: Redacted.Redacted<string> | string | undefined
  /** The table of shared tokens, `table` or `schema.table` (default `taxdoc_tokens`). */
  readonly tokenStoreTable?: string | undefined
}

/**
 * The table of shared tokens unless configured otherwise.
 *
 * @since 0.1.0
 * @category constants
 */
export const DEFAULT_TOKEN_STORE_TABLE = "taxdoc_tokens"

/**
 * Whether `name` is a table name the token store accepts: `table` or `schema.table`, each part a
 * plain SQL identifier (letters, digits, underscores; not starting with a digit; at most 63).
 *
 * @since 0.1.0
 * @category predicates
 */
export const isTableName = (name: string): boolean => /^[A-Za-z_][A-Za-z0-9_]{0,62}(\.[A-Za-z_][A-Za-z0-9_]{0,62})?$/.test(name)

/**
 * A configuration problem found when the layer is built (bad URL, secret not Base64, ...).
 *
 * @since 0.1.0
 * @category errors
 */
export class ConfigInvalid extends Data.TaggedError("ConfigInvalid")<{
  readonly field: string
  readonly reason: string
}> {
  override get message(): string {
    return `taxdoc configuration: ${this.field} ${this.reason}`
  }
}

const trimSlash = (url: string): string => url.replace(/\/+$/, "")

const checkUrl = (field: string, url: string): string => {
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new ConfigInvalid({ field, reason: "must be an http(s) URL" })
    return trimSlash(url)
  } catch (e) {
    throw e instanceof ConfigInvalid ? e : new ConfigInvalid({ field, reason: `is not a URL: ${url}` })
  }
}

/**
 * Resolves options into a configuration; throws `ConfigInvalid` naming the field.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (options: Options): TaxdocConfigShape => {
  if (typeof options.linkId !== "string" || options.linkId.length === 0) throw new ConfigInvalid({ field: "linkId", reason: "is required" })
  // Checked for callers without the types (JavaScript): a plain string would otherwise fail with
  // Effect's "Unable to get redacted value", naming nothing.
  if (!Redacted.isRedacted(options.secretKey)) {
    throw new ConfigInvalid({ field: "secretKey", reason: "must be wrapped: Redacted.make(key) from effect/Redacted (it keeps the key out of logs and errors)" })
  }
  const secret = Redacted.value(options.secretKey)
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(secret) || Buffer.from(secret, "base64").length === 0) {
    throw new ConfigInvalid({ field: "secretKey", reason: "must be the Base64 secret key issued with the LinkID" })
  }
  const environment = options.environment ?? "test"
  const fixed = options.useFixedAddress === true
  if (fixed && (options.authUrlFixed === undefined || options.apiUrlFixed === undefined)) {
    throw new ConfigInvalid({ field: "useFixedAddress", reason: "needs authUrlFixed and apiUrlFixed" })
  }
  const capacity = options.tokenCacheCapacity ?? 10_000
  if (!Number.isInteger(capacity) || capacity < 1) throw new ConfigInvalid({ field: "tokenCacheCapacity", reason: "must be a positive integer" })
  const forwarded = options.forwardedIp
  if (forwarded !== undefined && forwarded !== "*" && !/^[0-9a-fA-F:.]+$/.test(forwarded)) {
    throw new ConfigInvalid({ field: "forwardedIp", reason: "must be an IP address or *" })
  }
  const retries = options.retries ?? 3
  if (!Number.isInteger(retries) || retries < 0) throw new ConfigInvalid({ field: "retries", reason: "must be a whole number, 0 or more" })
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES
  if (!Number.isInteger(maxAnswerBytes) || maxAnswerBytes < 1024) {
    throw new ConfigInvalid({ field: "maxAnswerBytes", reason: "must be a whole number of bytes, at least 1024" })
  }
  const storeUrl = options.tokenStore === undefined ? undefined : Redacted.isRedacted(options.tokenStore) ? options.tokenStore : Redacted.make(options.tokenStore)
  if (storeUrl !== undefined && !/^postgres(ql)?:\/\//.test(Redacted.value(storeUrl))) {
    throw new ConfigInvalid({ field: "tokenStore", reason: "must be a PostgreSQL URL (postgres://user:password@host:port/database)" })
  }
  const tokenStoreTable = options.tokenStoreTable ?? DEFAULT_TOKEN_STORE_TABLE
  if (!isTableName(tokenStoreTable)) {
    throw new ConfigInvalid({ field: "tokenStoreTable", reason: "must be `table` or `schema.table` (letters, digits, underscores)" })
  }
  const schedule = options.retrySchedule ??
    (retries === 0 ? undefined : Retry.backoff({
      retries,
      baseDelay: options.retryBaseDelay ?? "200 millis",
      maxDelay: options.retryMaxDelay ?? "5 seconds"
    }))
  return {
    linkId: options.linkId,
    secretKey: options.secretKey,
    environment,
    serviceId: serviceIdOf(environment),
    authUrl: fixed ? checkUrl("authUrlFixed", options.authUrlFixed!) : checkUrl("authUrl", options.authUrl),
    apiUrl: fixed ? checkUrl("apiUrlFixed", options.apiUrlFixed!) : checkUrl("apiUrl", options.apiUrl),
    forwardedIp: Option.fromNullable(forwarded),
    acceptLanguage: options.acceptLanguage ?? "ko-KR",
    requestTimeout: Duration.decode(options.requestTimeout ?? "30 seconds"),
    tokenRefreshMargin: Duration.decode(options.tokenRefreshMargin ?? "60 seconds"),
    tokenCacheCapacity: capacity,
    retry: { schedule: Option.fromNullable(schedule), callTimeout: Duration.decode(options.callTimeout ?? "60 seconds") },
    maxAnswerBytes,
    tokenStore: Option.fromNullable(storeUrl),
    tokenStoreTable
  }
}

/**
 * `make` as an effect: the configuration, or the `ConfigInvalid` naming the field.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fromOptions = (options: Options): Effect.Effect<TaxdocConfigShape, ConfigInvalid> =>
  Effect.try({ try: () => make(options), catch: (e) => e as ConfigInvalid })

/**
 * A configuration layer from options.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer = (options: Options): Layer.Layer<TaxdocConfig, ConfigInvalid> => Layer.effect(TaxdocConfig, fromOptions(options))

const optionalString = (name: string) => EffectConfig.option(EffectConfig.nonEmptyString(name))

/**
 * The configuration read from `TAXDOC_*` variables: `TAXDOC_LINK_ID`, `TAXDOC_SECRET_KEY`,
 * `TAXDOC_AUTH_URL`, `TAXDOC_API_URL` (required); `TAXDOC_ENVIRONMENT` (`test` | `production`),
 * `TAXDOC_AUTH_URL_FIXED`, `TAXDOC_API_URL_FIXED`, `TAXDOC_USE_FIXED_ADDRESS`, `TAXDOC_FORWARDED_IP`,
 * `TAXDOC_ACCEPT_LANGUAGE`, `TAXDOC_REQUEST_TIMEOUT`, `TAXDOC_TOKEN_REFRESH_MARGIN` (durations like
 * `30 seconds`), `TAXDOC_TOKEN_CACHE_CAPACITY`, `TAXDOC_RETRIES` (0 turns retrying off),
 * `TAXDOC_RETRY_BASE_DELAY`, `TAXDOC_RETRY_MAX_DELAY`, `TAXDOC_CALL_TIMEOUT`,
 * `TAXDOC_MAX_ANSWER_BYTES`, `TAXDOC_TOKEN_STORE` (a `postgres://…` URL: tokens shared by a
 * fleet), `TAXDOC_TOKEN_STORE_TABLE`. A missing or malformed variable fails with a
 * `ConfigError` naming it.
 *
 * @since 0.1.0
 * @category configs
 */
export const config: EffectConfig.Config<TaxdocConfigShape> = EffectConfig.all({
  linkId: EffectConfig.nonEmptyString("TAXDOC_LINK_ID"),
  secretKey: EffectConfig.redacted("TAXDOC_SECRET_KEY").pipe(
    EffectConfig.validate({
      message: "TAXDOC_SECRET_KEY must be the Base64 secret key issued with the LinkID",
      validation: (r) => /^[A-Za-z0-9+/]+={0,2}$/.test(Redacted.value(r))
    })
  ),
  environment: EffectConfig.literal("test", "production")("TAXDOC_ENVIRONMENT").pipe(EffectConfig.withDefault("test" as const)),
  authUrl: EffectConfig.url("TAXDOC_AUTH_URL"),
  apiUrl: EffectConfig.url("TAXDOC_API_URL"),
  authUrlFixed: EffectConfig.option(EffectConfig.url("TAXDOC_AUTH_URL_FIXED")),
  apiUrlFixed: EffectConfig.option(EffectConfig.url("TAXDOC_API_URL_FIXED")),
  useFixedAddress: EffectConfig.boolean("TAXDOC_USE_FIXED_ADDRESS").pipe(EffectConfig.withDefault(false)),
  forwardedIp: optionalString("TAXDOC_FORWARDED_IP"),
  acceptLanguage: EffectConfig.literal("ko-KR", "en-US")("TAXDOC_ACCEPT_LANGUAGE").pipe(EffectConfig.withDefault("ko-KR" as const)),
  requestTimeout: EffectConfig.duration("TAXDOC_REQUEST_TIMEOUT").pipe(EffectConfig.withDefault(Duration.seconds(30))),
  tokenRefreshMargin: EffectConfig.duration("TAXDOC_TOKEN_REFRESH_MARGIN").pipe(EffectConfig.withDefault(Duration.seconds(60))),
  tokenCacheCapacity: EffectConfig.integer("TAXDOC_TOKEN_CACHE_CAPACITY").pipe(
    EffectConfig.validate({ message: "TAXDOC_TOKEN_CACHE_CAPACITY must be a positive integer", validation: (n) => n > 0 }),
    EffectConfig.withDefault(10_000)
  ),
  retries: EffectConfig.integer("TAXDOC_RETRIES").pipe(
    EffectConfig.validate({ message: "TAXDOC_RETRIES must be a whole number, 0 or more (0 turns retrying off)", validation: (n) => n >= 0 }),
    EffectConfig.withDefault(3)
  ),
  retryBaseDelay: EffectConfig.duration("TAXDOC_RETRY_BASE_DELAY").pipe(EffectConfig.withDefault(Duration.millis(200))),
  retryMaxDelay: EffectConfig.duration("TAXDOC_RETRY_MAX_DELAY").pipe(EffectConfig.withDefault(Duration.seconds(5))),
  callTimeout: EffectConfig.duration("TAXDOC_CALL_TIMEOUT").pipe(EffectConfig.withDefault(Duration.seconds(60))),
  maxAnswerBytes: EffectConfig.integer("TAXDOC_MAX_ANSWER_BYTES").pipe(EffectConfig.withDefault(DEFAULT_MAX_ANSWER_BYTES)),
  tokenStore: EffectConfig.option(EffectConfig.redacted("TAXDOC_TOKEN_STORE")),
  tokenStoreTable: optionalString("TAXDOC_TOKEN_STORE_TABLE")
}).pipe(
  EffectConfig.mapOrFail((c) => {
    try {
      return Either.right(make({
        linkId: c.linkId,
        secretKey: c.secretKey,
        environment: c.environment,
        authUrl: c.authUrl.toString(),
        apiUrl: c.apiUrl.toString(),
        authUrlFixed: Option.getOrUndefined(Option.map(c.authUrlFixed, String)),
        apiUrlFixed: Option.getOrUndefined(Option.map(c.apiUrlFixed, String)),
        useFixedAddress: c.useFixedAddress,
        forwardedIp: Option.getOrUndefined(c.forwardedIp),
        acceptLanguage: c.acceptLanguage,
        requestTimeout: c.requestTimeout,
        tokenRefreshMargin: c.tokenRefreshMargin,
        tokenCacheCapacity: c.tokenCacheCapacity,
        retries: c.retries,
        retryBaseDelay: c.retryBaseDelay,
        retryMaxDelay: c.retryMaxDelay,
        callTimeout: c.callTimeout,
        maxAnswerBytes: c.maxAnswerBytes,
        tokenStore: Option.getOrUndefined(c.tokenStore),
        tokenStoreTable: Option.getOrUndefined(c.tokenStoreTable)
      }))
    } catch (e) {
      const invalid = e as ConfigInvalid
      const variable = `TAXDOC_${invalid.field.replace(/[A-Z]/g, (ch) => `_${ch}`).toUpperCase()}`
      return Either.left(ConfigErrorInvalid([variable], invalid.reason))
    }
  })
)


/**
 * The configuration layer from `TAXDOC_*` environment variables (see `config`).
 *
 * @since 0.1.0
 * @category layers
 */
export const layerConfig: Layer.Layer<TaxdocConfig, ConfigError> = Layer.effect(TaxdocConfig, config)
