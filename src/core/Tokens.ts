/**
 * Access tokens: one cached token per (environment, member, scope set), issued single-flight,
 * refreshed ahead of expiry, dropped after QuitMember or when the service refuses it, bounded in
 * number (DESIGN.md §3 "Tokens").
 *
 * @since 0.1.0
 */
import { HttpClient } from "@effect/platform"
import { Clock, Context, Deferred, Duration, Effect, Exit, type FiberId, Layer, Option, Redacted, Schema } from "effect"
import * as Body from "./Body.js"
import * as Deadline from "./Deadline.js"
import { TaxdocConfig } from "./Config.js"
import { type ResponseError, TokenError, type TransportError } from "./Errors.js"
import { send } from "./Http.js"
import * as Operation from "./Operation.js"
import * as Retry from "./Retry.js"
import { decodeJson, failureOf } from "./Response.js"
import * as Signing from "./Signing.js"

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
 * Token issuance (SPEC.md "Token issuance"): `POST {auth_url}/{service_id}/Token`, signed over the
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
 * The validity of a token (SPEC.md "Limits").
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
  readonly issued: number
  readonly reused: number
  readonly cached: number
}

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
  readonly expiresAt: number
}

interface Entry {
  readonly deferred: Deferred.Deferred<Issued, TokenFailure>
  /** Set once issuance succeeded; absent while in flight. */
  result?: Issued
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
 * The token service over the ambient `HttpClient`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.gen(function*() {
  const config = yield* TaxdocConfig
  const client = yield* HttpClient.HttpClient
  const deadline = yield* Deadline.make(config.requestTimeout)
  const margin = Duration.toMillis(config.tokenRefreshMargin)
  // Map keeps insertion order: re-inserting on use makes the first key the least recently used.
  const cache = new Map<string, Entry>()
  let issued = 0
  let reused = 0

  const keyOf = (corpNum: string, scopes: ReadonlyArray<string>) => `${config.environment}|${corpNum}|${scopes.join(",")}`

  // Token issuance is safe to repeat: each attempt is signed anew (fresh X-SVC-Date).
  const issue = (corpNum: string, scopes: ReadonlyArray<string>) =>
    Retry.withRetries(IssueToken.sdk, config.retry, Retry.isTransient, issueOnce(corpNum, scopes)).pipe(
      Effect.withSpan("Tokens.issue", { attributes: { corpNum, scopes: scopes.join(",") } })
    )

  const issueOnce = (corpNum: string, scopes: ReadonlyArray<string>) =>
    Effect.gen(function*() {
      const body = Body.json({ access_id: corpNum, scope: scopes })
      const { path } = Operation.build(IssueToken, { serviceId: config.serviceId }, body)
      const date = Signing.formatSvcDate(yield* Clock.currentTimeMillis)
      const forwarded = Option.getOrUndefined(config.forwardedIp)
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
      const received = yield* send(client, "Tokens.issue", { method: IssueToken.method, url: `${config.authUrl}${path}`, headers, body }, deadline, config.requestTimeout)
      if (received.status !== 200) {
        const failure = failureOf("Tokens.issue", received)
        return yield* failure._tag === "ApiError"
          ? new TokenError({ corpNum, status: failure.status, code: failure.code, message: failure.message })
          : failure
      }
      const token = yield* decodeJson("Tokens.issue", IssueToken.success, received)
      const receivedAt = yield* Clock.currentTimeMillis
      issued++
      return { token: token.session_token, expiresAt: localExpiry(receivedAt, token.expiration, margin) }
    })

  const evict = () => {
    while (cache.size > config.tokenCacheCapacity) {
      const oldest = cache.keys().next()
      if (oldest.done === true) return
      cache.delete(oldest.value)
    }
  }

  // The cache is read and changed in one synchronous step, so N concurrent callers on a cold key
  // see one "Issue" and N-1 "Wait"s: single flight without locks.
  const lookup = (key: string, now: number, fiberId: FiberId.FiberId): Lookup => {
    const existing = cache.get(key)
    if (existing !== undefined) {
      if (existing.result === undefined) return { _tag: "Wait", entry: existing }
      if (now < existing.result.expiresAt - margin) {
        reused++
        cache.delete(key)
        cache.set(key, existing)
        return { _tag: "Hit", token: existing.result.token }
      }
    }
    const entry: Entry = { deferred: Deferred.unsafeMake<Issued, TokenFailure>(fiberId) }
    cache.delete(key)
    cache.set(key, entry)
    evict()
    return { _tag: "Issue", entry }
  }

  const get = (corpNum: string, requested: ReadonlyArray<string>) =>
    Effect.gen(function*() {
      const scopes = scopeSet(requested)
      const key = keyOf(corpNum, scopes)
      const now = yield* Clock.currentTimeMillis
      const fiberId = yield* Effect.fiberId
      const found = lookup(key, now, fiberId)
      switch (found._tag) {
        case "Hit":
          return found.token
        case "Wait":
          return (yield* Deferred.await(found.entry.deferred)).token
        case "Issue": {
          const { entry } = found
          // Uninterruptible: the waiters depend on this issuance finishing and being published.
          const exit = yield* Effect.uninterruptible(
            issue(corpNum, scopes).pipe(
              Effect.exit,
              Effect.tap((exit) =>
                Effect.sync(() => {
                  if (Exit.isSuccess(exit)) entry.result = exit.value
                  else if (cache.get(key) === entry) cache.delete(key)
                })
              ),
              Effect.tap((exit) => Deferred.done(entry.deferred, exit))
            )
          )
          return (yield* exit).token
        }
      }
    })

  return Tokens.of({
    get,
    invalidate: (corpNum, scopes) =>
      Effect.sync(() => {
        if (scopes !== undefined) {
          cache.delete(keyOf(corpNum, scopeSet(scopes)))
          return
        }
        const prefix = `${config.environment}|${corpNum}|`
        for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key)
      }),
    stats: Effect.sync(() => ({ issued, reused, cached: cache.size }))
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<Tokens, never, TaxdocConfig | HttpClient.HttpClient> = Layer.scoped(Tokens, make)
