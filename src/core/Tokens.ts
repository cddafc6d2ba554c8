/**
 * Access tokens: one cached token per (environment, member, scope set), issued single-flight,
 * refreshed ahead of expiry, dropped after QuitMember or when the service refuses it, bounded in
 * number (README "Where requests go"). With a `TokenStore` in the context, a missing or stale token
 * is asked of the store first, so the instances of a fleet share their tokens (docs/fleet.md).
 *
 * @since 0.1.0
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as FiberId from "effect/FiberId"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as Body from "./Body.js"
import { TaxdocConfig } from "./Config.js"
import { type ResponseError, TokenError, type TransportError } from "./Errors.js"
import { HttpClientTag } from "./HttpClientTag.js"
import * as Operation from "./Operation.js"
import * as RequestBuilder from "./RequestBuilder.js"
import * as Retry from "./Retry.js"
import { decodeJson, failureOf } from "./Response.js"
import * as Signing from "./Signing.js"
import { type TokenKey, TokenStore, type TokenStoreUnavailable } from "./TokenStore.js"
import * as Wire from "./Wire.js"

/**
 * The access token record answered by token issuance.
 *
 * @since 0.1.0
 * @category schemas
 */
export class AccessToken extends Schema.Class<AccessToken>("AccessToken")({
  session_token: Schema.Redacted(Schema.String),
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
  access_id: Schema.String.pipe(Schema.pattern(/^\d{10}$/)),
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
  params: Schema.Struct({ serviceId: Schema.Literal("SERVICE_TEST", "SERVICE") }),
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
 * @since 0.1.0
 * @category services
 */
export class Tokens extends Context.Tag("taxdoc/Tokens")<Tokens, {
  /** A valid token for the member and scopes (`member` is always added). */
  readonly get: (corpNum: string, scopes: ReadonlyArray<string>) => Effect.Effect<Redacted.Redacted<string>, TokenFailure>
  /** Drops the member's cached tokens: all scope sets, or only `scopes`. */
  readonly invalidate: (corpNum: string, scopes?: ReadonlyArray<string>) => Effect.Effect<void>
  readonly stats: Effect.Effect<TokenStats>
}>() {}

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

interface Issued {
  readonly token: Redacted.Redacted<string>
  /** `Bearer <token>`: the header value, made once per token. */
  readonly authorization: string
  readonly expiresAt: number
}

interface Entry {
  readonly deferred: Deferred.Deferred<Issued, TokenFailure>
  /** Set once issuance succeeded; absent while in flight. */
  result?: Issued
  /** When it was last used, on the cache's own counter: the smallest is the least recently used. */
  used: number
}

type Lookup =
  | { readonly _tag: "Hit"; readonly token: Redacted.Redacted<string> }
  | { readonly _tag: "Wait"; readonly entry: Entry }
  | { readonly _tag: "Issue"; readonly entry: Entry }

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

/**
 * The cached tokens of a `Tokens` service made by `make`, read without an Effect: the
 * `Authorization` value of a fresh token for a key of `keyOf`, or `undefined` (then `get`).
 *
 * @since 0.1.0
 * @category models
 */
export interface CachedTokens {
  /** The cache key of a member and a scope set as `scopeSet(...).join(",")`. */
  readonly keyOf: (corpNum: string, scopeKey: string) => string
  /** `Bearer <token>` of the fresh cached token under `key` at `nowMillis`, else `undefined`. */
  readonly authorization: (key: string, nowMillis: number) => string | undefined
}

/**
 * The property of a `Tokens` service that carries its `CachedTokens`.
 *
 * @since 0.1.0
 * @category symbols
 */
export const CachedTokensTypeId: unique symbol = Symbol.for("taxdoc/Tokens/CachedTokens")

/**
 * The synchronous reader of a `Tokens` service made by `make` (`undefined` for another
 * implementation: then every read goes through `get`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const cachedOf = (tokens: Context.Tag.Service<Tokens>): CachedTokens | undefined =>
  (tokens as { readonly [CachedTokensTypeId]?: CachedTokens })[CachedTokensTypeId]

/**
 * The token service over the ambient `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.gen(function*() {
  const config = yield* TaxdocConfig
  const wire = yield* Wire.make(yield* HttpClientTag, config.requestTimeout)
  const store = Option.getOrUndefined(yield* Effect.serviceOption(TokenStore))
  const auth = Wire.baseOf(config.authUrl)
  const margin = Duration.toMillis(config.tokenRefreshMargin)
  const forwarded = Option.getOrUndefined(config.forwardedIp)
  const cache = new Map<string, Entry>()
  // A hit only stamps its entry; the least recently used is looked for when the cache overflows
  // (a token issuance, far rarer than reads).
  let uses = 0
  let issued = 0
  let reused = 0
  let shared = 0

  const prefix = `${config.environment}|`
  const keyOf = (corpNum: string, scopeKey: string) => `${prefix}${corpNum}|${scopeKey}`

  // Token issuance is safe to repeat: each attempt is signed anew (fresh X-SVC-Date).
  const issue = (corpNum: string, scopes: ReadonlyArray<string>) =>
    Retry.withRetries(IssueToken.sdk, config.retry, Retry.isTransient, issueOnce(corpNum, scopes)).pipe(
      Effect.withSpan("Tokens.issue", { attributes: { corpNum, scopes: scopes.join(",") } })
    )

  const issueOnce = (corpNum: string, scopes: ReadonlyArray<string>) =>
    Effect.gen(function*() {
      const body = Body.json({ access_id: corpNum, scope: scopes })
      const { path } = RequestBuilder.build(IssueToken, { serviceId: config.serviceId }, body)
      const date = Signing.formatSvcDate(yield* Clock.currentTimeMillis)
      const signature = Signing.sign(
        Redacted.value(config.secretKey),
        Signing.stringToSign({ bodyDigest: Signing.bodyDigest(body.bytes), date, forwarded, path })
      )
      const headers: Record<string, string> = {
        "authorization": Signing.authorization(config.linkId, signature),
        "content-type": "application/json",
        "x-svc-version": Signing.SVC_VERSION,
        "x-svc-date": date,
        "accept-encoding": "gzip",
        "accept-language": config.acceptLanguage
      }
      if (forwarded !== undefined) headers["x-svc-forwarded"] = forwarded
      const outgoing: Wire.Outgoing = { method: IssueToken.method, origin: auth.origin, path: `${auth.prefix}${path}`, headers, body }
      return yield* wire.exchange("Tokens.issue", outgoing, config.maxAnswerBytes, (received) =>
        Effect.gen(function*() {
          if (received.status !== 200) {
            const failure = failureOf("Tokens.issue", received)
            return yield* failure._tag === "ApiError"
              ? new TokenError({ corpNum, status: failure.status, code: failure.code, message: failure.message })
              : failure
          }
          const token = yield* decodeJson("Tokens.issue", IssueToken.success, received)
          const receivedAt = yield* Clock.currentTimeMillis
          issued++
          return { token: token.session_token, receivedAt, expiresAt: localExpiry(receivedAt, token.expiration, margin), expiration: token.expiration }
        }))
    })

  const issuedOf = (token: Redacted.Redacted<string>, expiresAt: number): Issued => ({ token, authorization: `Bearer ${Redacted.value(token)}`, expiresAt })

  const issueHere = (corpNum: string, scopes: ReadonlyArray<string>) =>
    Effect.map(issue(corpNum, scopes), (fresh) => issuedOf(fresh.token, fresh.expiresAt))

  // The shared store, when there is one: asked first; when it fails, this instance issues its own
  // tokens (one warning), and asks it again `STORE_RETRY_MILLIS` later.
  let storeDownUntil = Number.NEGATIVE_INFINITY
  let storeWarned = false
  const storeFailed = (error: TokenStoreUnavailable) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => {
      storeDownUntil = now + STORE_RETRY_MILLIS
      if (storeWarned) return Effect.void
      storeWarned = true
      return Effect.logWarning(`taxdoc: the token store is unreachable (${error.reason}); this instance issues its own tokens until it answers again`)
    })
  const storeAnswered = Effect.suspend(() => {
    if (!storeWarned) return Effect.void
    storeWarned = false
    return Effect.logInfo("taxdoc: the token store answers again; tokens are shared with the fleet")
  })
  const storeKey = (corpNum: string, scopes: ReadonlyArray<string>): TokenKey => ({
    environment: config.environment,
    linkId: config.linkId,
    corpNum,
    scopes: scopes.join(",")
  })

  const obtain = (corpNum: string, scopes: ReadonlyArray<string>): Effect.Effect<Issued, TokenFailure> => {
    if (store === undefined) return issueHere(corpNum, scopes)
    return Effect.flatMap(Clock.currentTimeMillis, (now) => {
      if (now < storeDownUntil) return issueHere(corpNum, scopes)
      const fromStore = store.obtain(
        storeKey(corpNum, scopes),
        margin,
        Effect.map(issue(corpNum, scopes), (fresh) => ({ token: fresh.token, lifetimeMillis: fresh.expiresAt - fresh.receivedAt, expiration: fresh.expiration }))
      )
      return fromStore.pipe(
        Effect.flatMap((obtained) =>
          Effect.map(Effect.zipLeft(Clock.currentTimeMillis, storeAnswered), (received) => {
            if (!obtained.issuedHere) shared++
            return issuedOf(obtained.token, received + obtained.remainingMillis)
          })
        ),
        Effect.catchTag("TokenStoreUnavailable", (error) => Effect.zipRight(storeFailed(error), issueHere(corpNum, scopes)))
      )
    })
  }

  // What is asked of the store besides tokens (dropping them) never fails a call either.
  const tellStore = (effect: Effect.Effect<void, TokenStoreUnavailable>) =>
    Effect.catchTag(effect, "TokenStoreUnavailable", storeFailed)

  const evict = () => {
    while (cache.size > config.tokenCacheCapacity) {
      let oldest: string | undefined
      let oldestUse = Number.POSITIVE_INFINITY
      for (const [key, entry] of cache) {
        if (entry.used < oldestUse) {
          oldest = key
          oldestUse = entry.used
        }
      }
      if (oldest === undefined) return
      cache.delete(oldest)
    }
  }

  // A fresh token under `key`, counted as reused and stamped as the most recently used.
  const fresh = (key: string, now: number): Issued | undefined => {
    const existing = cache.get(key)
    if (existing === undefined || existing.result === undefined || now >= existing.result.expiresAt - margin) return undefined
    reused++
    existing.used = ++uses
    return existing.result
  }

  // The cache is read and changed in one synchronous step, so N concurrent callers on a cold key
  // see one "Issue" and N-1 "Wait"s: single flight without locks.
  const lookup = (key: string, now: number, fiberId: FiberId.FiberId): Lookup => {
    const hit = fresh(key, now)
    if (hit !== undefined) return { _tag: "Hit", token: hit.token }
    const existing = cache.get(key)
    if (existing !== undefined && existing.result === undefined) return { _tag: "Wait", entry: existing }
    const entry: Entry = { deferred: Deferred.unsafeMake<Issued, TokenFailure>(fiberId), used: ++uses }
    cache.set(key, entry)
    evict()
    return { _tag: "Issue", entry }
  }

  const publish = (key: string, entry: Entry, corpNum: string, scopes: ReadonlyArray<string>) =>
    // Uninterruptible: the waiters depend on this issuance finishing and being published.
    Effect.uninterruptible(
      obtain(corpNum, scopes).pipe(
        Effect.exit,
        Effect.tap((exit) =>
          Effect.sync(() => {
            if (Exit.isSuccess(exit)) entry.result = exit.value
            else if (cache.get(key) === entry) cache.delete(key)
          })
        ),
        Effect.tap((exit) => Deferred.done(entry.deferred, exit))
      )
    ).pipe(Effect.flatMap((exit) => Effect.map(exit, (result) => result.token)))

  const get = (corpNum: string, requested: ReadonlyArray<string>): Effect.Effect<Redacted.Redacted<string>, TokenFailure> =>
    Effect.withFiberRuntime((fiber) => {
      const scopes = scopeSet(requested)
      const key = keyOf(corpNum, scopes.join(","))
      const found = lookup(key, Context.get(fiber.currentDefaultServices, Clock.Clock).unsafeCurrentTimeMillis(), fiber.id())
      switch (found._tag) {
        case "Hit":
          return Effect.succeed(found.token)
        case "Wait":
          return Effect.map(Deferred.await(found.entry.deferred), (result) => result.token)
        case "Issue":
          return publish(key, found.entry, corpNum, scopes)
      }
    })

  const forgetLocally = (corpNum: string) => {
    const member = keyOf(corpNum, "")
    for (const key of [...cache.keys()]) if (key.startsWith(member)) cache.delete(key)
  }

  const invalidate = (corpNum: string, scopes?: ReadonlyArray<string>): Effect.Effect<void> =>
    Effect.suspend(() => {
      if (scopes !== undefined) {
        const normalised = scopeSet(scopes)
        const key = keyOf(corpNum, normalised.join(","))
        const dropped = cache.get(key)?.result
        cache.delete(key)
        // The service refused it: the fleet must not be handed it again.
        return store === undefined || dropped === undefined ? Effect.void : tellStore(store.discard(storeKey(corpNum, normalised), dropped.token))
      }
      forgetLocally(corpNum)
      return store === undefined
        ? Effect.void
        : tellStore(store.forgetMember({ environment: config.environment, linkId: config.linkId, corpNum }))
    })

  // Members another instance forgot are dropped here too. Effect's Stream module is loaded only
  // here: a program without a token store never needs it, and it is a large share of a cold start.
  if (store !== undefined) {
    const Stream = yield* Effect.promise(() => import("effect/Stream"))
    yield* Effect.forkScoped(Stream.runForEach(store.forgotten, (member) =>
      Effect.sync(() => {
        if (member.environment === config.environment && member.linkId === config.linkId) forgetLocally(member.corpNum)
      })))
  }

  const cached: CachedTokens = {
    keyOf,
    authorization: (key, now) => fresh(key, now)?.authorization
  }

  const service = Tokens.of({
    get,
    invalidate,
    stats: Effect.sync(() => ({ issued, reused, cached: cache.size, shared }))
  })
  return Object.assign(service, { [CachedTokensTypeId]: cached })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Tokens, never, TaxdocConfig | HttpClient.HttpClient> = Layer.scoped(Tokens, make)
