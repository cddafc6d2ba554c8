/**
 * Access tokens: one cached token per (member, scope set) of a client's environment, on Effect's
 * `Cache` — issued single flight (concurrent callers of a missing token share one issuance),
 * renewed ahead of expiry, dropped after QuitMember or when the service refuses it, bounded in
 * number (least recently used dropped first). With a `TokenStore` in the context, a missing or
 * stale token is asked of the store first, so the instances of a fleet share their tokens
 * (docs/fleet.md). An issuance is a span of its own (`Tokens.issue`) when anything is traced, each
 * of its HTTP attempts a client span; with metrics on, issuances are counted per member and the
 * cache's hits read as a counter (docs/observability.md).
 *
 * @since 0.1.0
 */
import * as Cache from "effect/Cache"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as Body from "./Body.js"
import { TaxdocConfig } from "./Config.js"
import { type ResponseError, TokenError, type TransportError } from "./Errors.js"
import * as Metrics from "./internal/Metrics.js"
import * as Operation from "./Operation.js"
import * as RequestBuilder from "./RequestBuilder.js"
import { answerDecoder, decodeWith, failureOf, type Received } from "./Response.js"
import * as Retry from "./Retry.js"
import * as Signing from "./Signing.js"
import * as Telemetry from "./internal/Telemetry.js"
import { Attribute } from "./Telemetry.js"
import { type TokenKey, TokenStore, type TokenStoreUnavailable } from "./TokenStore.js"
import * as Transport from "./Transport.js"

/**
 * The access token record answered by token issuance.
 *
 * @since 0.1.0
 * @category schemas
 */
export class AccessToken extends Schema.Class<AccessToken>("AccessToken")({
  session_token: Schema.RedactedFromValue(Schema.String),
  serviceID: Schema.String,
  linkID: Schema.String,
  userID: Schema.String,
  partnerCode: Schema.optional(Schema.NullOr(Schema.String)),
  usercode: Schema.optional(Schema.NullOr(Schema.String)),
  scope: Schema.Array(Schema.String),
  ipaddress: Schema.String,
  expiration: Schema.String
}) {}

/**
 * The body of a token request: the member's registration number and the scopes.
 *
 * @since 0.1.0
 * @category schemas
 */
export const TokenRequestBody = Schema.Struct({
  access_id: Schema.String.check(Schema.isPattern(/^\d{10}$/)),
  scope: Schema.Array(Schema.String)
})

/**
 * Token issuance (docs/service.md "Authentication"): `POST {auth_url}/{service_id}/Token`, signed over the
 * exact body bytes and headers (see `Signing`); the service ID names the environment.
 *
 * @since 0.1.0
 * @category operations
 */
export const IssueToken = Operation.make({
  name: "Auth.Token",
  sdk: "Tokens.issue",
  summary: "issue an access token for a member and scopes",
  method: "POST",
  path: "/{serviceId}/Token",
  params: Schema.Struct({ serviceId: Schema.Literals(["SERVICE_TEST", "SERVICE"]) }),
  shapes: { serviceId: Operation.oneOf("SERVICE_TEST", "SERVICE") },
  scope: Operation.noToken,
  body: Operation.json(TokenRequestBody),
  success: AccessToken,
  safeToRepeat: true
})

/**
 * The validity of a token: 30 minutes from issuance.
 *
 * @since 0.1.0
 * @category constants
 */
export const TOKEN_LIFETIME_MILLIS = 30 * 60 * 1000

/**
 * Failures of token issuance.
 *
 * @since 0.1.0
 * @category errors
 */
export type TokenFailure = TokenError | TransportError | ResponseError

/**
 * Counters of the token cache.
 *
 * @since 0.1.0
 * @category models
 */
export interface TokenStats {
  /** Tokens this instance issued. */
  readonly issued: number
  /** Token reads answered without an issuance of their own (cached, or awaiting one in flight). */
  readonly reused: number
  readonly cached: number
  /** Tokens taken from the shared store, issued by another instance (0 without a store). */
  readonly shared: number
}

/**
 * How long `Tokens` issues its own tokens after the shared store failed before it asks the store
 * again.
 *
 * @since 0.1.0
 * @category constants
 */
export const STORE_RETRY_MILLIS = 5_000

/**
 * What the token service does.
 *
 * @since 1.0.0
 * @category models
 */
export interface TokensShape {
  /** A valid token for the member and scopes (`member` is always added). */
  readonly get: (corpNum: string, scopes: ReadonlyArray<string>) => Effect.Effect<Redacted.Redacted<string>, TokenFailure>
  /** The `Authorization` value (`Bearer <token>`) of `get`'s token, made once per token. */
  readonly authorization: (corpNum: string, scopes: ReadonlyArray<string>) => Effect.Effect<Redacted.Redacted<string>, TokenFailure>
  /** Drops the member's cached tokens: all scope sets, or only `scopes`. */
  readonly invalidate: (corpNum: string, scopes?: ReadonlyArray<string>) => Effect.Effect<void>
  readonly stats: Effect.Effect<TokenStats>
}

/**
 * The access tokens of a client (`Taxdoc.services` builds them): `yield* Tokens` for their
 * `stats`.
 *
 * @since 0.1.0
 * @category services
 */
export class Tokens extends Context.Service<Tokens, TokensShape>()("taxdoc/Tokens") {}

/**
 * The scope set of a token request: `member` plus the given scopes, sorted and deduplicated.
 *
 * @since 0.1.0
 * @category combinators
 */
export const scopeSet = (scopes: ReadonlyArray<string>): ReadonlyArray<string> => {
  const rest = [...new Set(scopes.filter((s) => s !== "member"))].sort()
  return ["member", ...rest]
}

/**
 * The local instant a token stops being usable: the receipt time plus the lifetime the service
 * announced, judged with the local clock so that server/client skew cannot make a stale token look
 * fresh. An `expiration` that is already past (server clock behind) or unreadable falls back to the
 * documented 30 minutes; the refusal-then-retry path covers what is left.
 *
 * @since 0.1.0
 * @category combinators
 */
export const localExpiry = (receivedAt: number, expiration: string, marginMillis: number): number => {
  const announced = Signing.parseSvcDate(expiration)
  if (announced === undefined) return receivedAt + TOKEN_LIFETIME_MILLIS
  const lifetime = announced - receivedAt
  return receivedAt + (lifetime > marginMillis ? Math.min(lifetime, TOKEN_LIFETIME_MILLIS) : TOKEN_LIFETIME_MILLIS)
}

/** A token held in the cache. */
interface Held {
  readonly token: Redacted.Redacted<string>
  /** `Bearer <token>`, made once. */
  readonly authorization: Redacted.Redacted<string>
  /** How long from its receipt it is handed out: its lifetime less the refresh margin. */
  readonly freshMillis: number
}

/** A token just issued here: what the store keeps of it too. */
interface Fresh {
  readonly token: Redacted.Redacted<string>
  readonly lifetimeMillis: number
  readonly expiration: string
}

/**
 * The token service over the `HttpClient`, `TaxdocConfig` (and `TokenStore`, when there is one) in
 * the context.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.gen(function*() {
  const config = yield* TaxdocConfig
  const transport = Transport.make(yield* HttpClient.HttpClient, config.requestTimeout)
  const store = Option.getOrUndefined(yield* Effect.serviceOption(TokenStore))
  const margin = Duration.toMillis(config.tokenRefreshMargin)
  const forwarded = Option.getOrUndefined(config.forwardedIp)
  const decodeToken = answerDecoder(IssueToken.success)
  const issuePath = RequestBuilder.build(IssueToken, { serviceId: config.serviceId }, Body.empty).path
  const issueUrl = `${config.authUrl}${issuePath}`
  let issued = 0
  let shared = 0
  let reads = 0
  let lookups = 0
  const metrics = Metrics.make(config.metrics)
  const described = Telemetry.describe(IssueToken, Telemetry.serverOf(config.authUrl), config.traceparent)
  const onRetry = Retry.observed(IssueToken.name, metrics)
  // The cache's counters are read when the metrics are collected: nothing is counted per read.
  yield* metrics.tokenCounters(() => ({ hits: reads - lookups, shared }))

  const judge = (corpNum: string, received: Received): Effect.Effect<AccessToken, TokenFailure> => {
    if (received.status === 200) return decodeWith(IssueToken.sdk, decodeToken, received)
    const failure = failureOf(IssueToken.sdk, received)
    return failure._tag === "ApiError"
      ? Effect.fail(new TokenError({ corpNum, status: failure.status, code: failure.code, message: failure.message, serviceMessage: failure.serviceMessage }))
      : Effect.fail(failure)
  }

  // One HTTP attempt of an issuance (`Telemetry.attempt`: a client span of its own when anything is
  // traced), signed anew (fresh X-SVC-Date), its answer judged inside it.
  const issueOnce = (corpNum: string, scopes: ReadonlyArray<string>, attempts: Telemetry.Attempts): Effect.Effect<Fresh, TokenFailure> =>
    Effect.gen(function*() {
      const body = Body.json({ access_id: corpNum, scope: scopes })
      const date = Signing.formatSvcDate(yield* Clock.currentTimeMillis)
      const signature = Signing.sign(
        Redacted.value(config.secretKey),
        Signing.stringToSign({ bodyDigest: Signing.bodyDigest(body.bytes), date, forwarded, path: issuePath })
      )
      const headers: Record<string, string> = {
        "authorization": Signing.authorization(config.linkId, signature),
        "x-svc-version": Signing.SVC_VERSION,
        "x-svc-date": date,
        "accept-encoding": "gzip",
        "accept-language": config.acceptLanguage
      }
      if (forwarded !== undefined) headers["x-svc-forwarded"] = forwarded
      const answer = yield* Telemetry.attempt(described, attempts, (traceparent) => {
        if (traceparent !== undefined) headers["traceparent"] = traceparent
        return Effect.flatMap(transport.send(IssueToken.sdk, Transport.request("POST", issueUrl, headers, body), config.maxAnswerBytes), (received) => judge(corpNum, received))
      })
      const receivedAt = yield* Clock.currentTimeMillis
      issued++
      return { token: answer.session_token, lifetimeMillis: localExpiry(receivedAt, answer.expiration, margin) - receivedAt, expiration: answer.expiration }
    })

  // Token issuance is safe to repeat: each attempt is signed anew. It is a span of its own when
  // anything is traced.
  const issue = (corpNum: string, scopes: ReadonlyArray<string>): Effect.Effect<Fresh, TokenFailure> =>
    Effect.withFiber((fiber) => {
      const traced = Telemetry.isTraced(fiber)
      const issuing = Effect.flatMap(Clock.currentTimeMillis, (started) =>
        Retry.withRetries(
          config.retry.schedule,
          Retry.deadlineOf(config.retry, started),
          Retry.isTransient,
          issueOnce(corpNum, scopes, { sent: 0 }),
          onRetry,
          IssueToken.sdk
        )).pipe(
          Effect.tap(() => metrics.tokenIssued(corpNum))
        )
      if (!traced) return issuing
      return Telemetry.span(IssueToken.sdk, {
        kind: "internal",
        attributes: {
          [Attribute.operation]: IssueToken.name,
          [Attribute.member]: corpNum,
          [Attribute.tokenScopes]: scopes.join(",")
        }
      }, () => issuing)
    })

  const held = (token: Redacted.Redacted<string>, usableMillis: number): Held => ({
    token,
    authorization: Redacted.make(`Bearer ${Redacted.value(token)}`),
    freshMillis: usableMillis - margin
  })

  const issueHere = (corpNum: string, scopes: ReadonlyArray<string>) =>
    Effect.map(issue(corpNum, scopes), (fresh) => held(fresh.token, fresh.lifetimeMillis))

  // The shared store, when there is one: asked first; when it fails, this instance issues its own
  // tokens (one warning), and asks it again `STORE_RETRY_MILLIS` later.
  let storeDownUntil = Number.NEGATIVE_INFINITY
  let storeWarned = false
  const storeFailed = (error: TokenStoreUnavailable) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => {
      storeDownUntil = now + STORE_RETRY_MILLIS
      if (storeWarned) return Effect.void
      storeWarned = true
      return Telemetry.log(
        "Warn",
        `taxdoc: the token store is unreachable (${error.reason}); this instance issues its own tokens until it answers again`,
        { [Attribute.operation]: IssueToken.name, [Attribute.errorType]: error._tag, [Attribute.storeReason]: error.reason }
      )
    })
  const storeAnswered = Effect.suspend(() => {
    if (!storeWarned) return Effect.void
    storeWarned = false
    return Telemetry.log("Info", "taxdoc: the token store answers again; tokens are shared with the fleet", { [Attribute.operation]: IssueToken.name })
  })
  const storeKey = (corpNum: string, scopes: ReadonlyArray<string>): TokenKey => ({
    environment: config.environment,
    linkId: config.linkId,
    corpNum,
    scopes: scopes.join(",")
  })
  // What is asked of the store besides tokens (dropping them) never fails a call either.
  const tellStore = (effect: Effect.Effect<void, TokenStoreUnavailable>) => Effect.catchTag(effect, "TokenStoreUnavailable", storeFailed)

  const obtain = (corpNum: string, scopes: ReadonlyArray<string>): Effect.Effect<Held, TokenFailure> => {
    if (store === undefined) return issueHere(corpNum, scopes)
    return Effect.flatMap(Clock.currentTimeMillis, (now) => {
      if (now < storeDownUntil) return issueHere(corpNum, scopes)
      return store.obtain(storeKey(corpNum, scopes), margin, issue(corpNum, scopes)).pipe(
        Effect.tap(storeAnswered),
        Effect.map((obtained) => {
          if (!obtained.issuedHere) shared++
          return held(obtained.token, obtained.remainingMillis)
        }),
        Effect.catchTag("TokenStoreUnavailable", (error) => Effect.andThen(storeFailed(error), issueHere(corpNum, scopes)))
      )
    })
  }

  // Cache keys: `<corpNum>|<scope set>`. A key is issued for once (single flight), kept while it
  // is fresh, and a failed issuance is not kept.
  const cache = yield* Cache.makeWith(
    (key: string) => {
      lookups++
      const bar = key.indexOf("|")
      return obtain(key.slice(0, bar), key.slice(bar + 1).split(","))
    },
    {
      capacity: config.tokenCacheCapacity,
      timeToLive: (exit) => Exit.isSuccess(exit) ? Duration.millis(Math.max(0, exit.value.freshMillis)) : Duration.zero
    }
  )

  // The key part of a scope list, worked out once per list (a client passes the same list of an
  // operation on every call).
  const scopeKeys = new WeakMap<ReadonlyArray<string>, string>()
  const keyOf = (corpNum: string, scopes: ReadonlyArray<string>): string => {
    let scopeKey = scopeKeys.get(scopes)
    if (scopeKey === undefined) {
      scopeKey = scopeSet(scopes).join(",")
      scopeKeys.set(scopes, scopeKey)
    }
    return `${corpNum}|${scopeKey}`
  }

  const heldOf = (corpNum: string, scopes: ReadonlyArray<string>): Effect.Effect<Held, TokenFailure> => {
    reads++
    return Cache.get(cache, keyOf(corpNum, scopes))
  }

  const forgetLocally = (corpNum: string) =>
    Effect.flatMap(Cache.keys(cache), (keys) => {
      const member = `${corpNum}|`
      return Effect.forEach([...keys].filter((key) => key.startsWith(member)), (key) => Cache.invalidate(cache, key), { discard: true })
    })

  const invalidate = (corpNum: string, scopes?: ReadonlyArray<string>): Effect.Effect<void> => {
    if (scopes === undefined) {
      const forgotten = forgetLocally(corpNum)
      return store === undefined
        ? forgotten
        : Effect.andThen(forgotten, tellStore(store.forgetMember({ environment: config.environment, linkId: config.linkId, corpNum })))
    }
    const key = keyOf(corpNum, scopes)
    return Effect.flatMap(Cache.getSuccess(cache, key), (dropped) =>
      Effect.andThen(
        Cache.invalidate(cache, key),
        // The service refused it: the fleet must not be handed it again.
        store === undefined || Option.isNone(dropped)
          ? Effect.void
          : tellStore(store.discard(storeKey(corpNum, scopeSet(scopes)), dropped.value.token))
      ))
  }

  // Members another instance forgot are dropped here too.
  if (store !== undefined) {
    yield* Effect.forkScoped(Stream.runForEach(store.forgotten, (member) =>
      member.environment === config.environment && member.linkId === config.linkId ? forgetLocally(member.corpNum) : Effect.void))
  }

  return Tokens.of({
    get: (corpNum, scopes) => Effect.map(heldOf(corpNum, scopes), (token) => token.token),
    authorization: (corpNum, scopes) => Effect.map(heldOf(corpNum, scopes), (token) => token.authorization),
    invalidate,
    stats: Effect.map(Cache.size(cache), (cached) => ({ issued, reused: reads - lookups, cached, shared }))
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Tokens, never, TaxdocConfig | HttpClient.HttpClient> = Layer.effect(Tokens, make)
