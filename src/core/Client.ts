/**
 * `TaxdocClient`: the one request builder and response decoder every domain goes through
 * (headers: docs/service.md "Requests"). It adds the base URL, `Authorization: Bearer` from `Tokens`,
 * `X-SVC-UserID`, `X-HTTP-Method-Override`, `Accept-Language`, `Accept-Encoding: gzip`, applies the
 * deadline, decodes the answer, and retries once with a new token when the service refuses the
 * token as expired or unreadable.
 *
 * @since 0.1.0
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Body from "./Body.js"
import { TaxdocConfig } from "./Config.js"
import type { ApiError, ResponseError, TokenError, TransportError, ValidationError } from "./Errors.js"
import { HttpClientTag } from "./HttpClientTag.js"
import * as Operation from "./Operation.js"
import * as RequestBuilder from "./RequestBuilder.js"
import { decodeJson, decodePdf, failureOf, type Received } from "./Response.js"
import * as Retry from "./Retry.js"
import { cachedOf, layer as tokensLayer, scopeSet, Tokens } from "./Tokens.js"
import * as Trace from "./Trace.js"
import * as Wire from "./Wire.js"

/**
 * Every failure of a call that reached the transport.
 *
 * @since 0.1.0
 * @category errors
 */
export type CallError = ApiError | TokenError | TransportError | ResponseError

/**
 * Renders query parameters; an empty value is a bare flag, as the live service expects.
 *
 * @since 0.1.0
 * @category combinators
 */
export const renderQuery = (query: Readonly<Record<string, string>> | undefined): string => {
  let rendered = ""
  for (const k in query) {
    const v = query[k]!
    rendered += `${rendered === "" ? "?" : "&"}${v === "" ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`}`
  }
  return rendered
}

/**
 * @since 0.1.0
 * @category services
 */
export class TaxdocClient extends Context.Tag("taxdoc/TaxdocClient")<TaxdocClient, {
  /**
   * Calls a catalogue operation: validates the input against the declaration (nothing is sent when
   * a rule is broken), builds the request from it and decodes the answer with its success schema.
   */
  readonly call: <O extends Operation.Any>(operation: O, input: Operation.Input<O>) => Effect.Effect<Operation.SuccessType<O>, CallError | ValidationError>
  /** Sends a request already built from `operation` (its input validated by the caller). */
  readonly send: <O extends Operation.Any>(
    operation: O,
    built: RequestBuilder.Built,
    member: { readonly corpNum?: string | undefined; readonly userId?: string | undefined }
  ) => Effect.Effect<Operation.SuccessType<O>, CallError>
  /** The member's tokens are dropped (after QuitMember). */
  readonly forgetMember: (corpNum: string) => Effect.Effect<void>
}>() {}

/**
 * What a call needs beyond its input, worked out once per operation: the token's scope set and
 * cache key, the answer's decoder, whether it may be retried.
 */
interface Plan<A> {
  readonly operation: string
  readonly scopes: ReadonlyArray<string> | undefined
  /** `scopeSet(scopes).join(",")`, the token cache's part of the key. */
  readonly scopeKey: string
  /** The largest answer read; `undefined` for the configuration's `maxAnswerBytes`. */
  readonly maxBytes: number | undefined
  readonly decode: (operation: string, received: Received) => Effect.Effect<A, ResponseError>
  readonly retryable: (error: Retry.AttemptError) => boolean
}

const decodePdfAnswer = (operation: string, received: Received) => decodePdf(operation, received)

const planOf = (operation: Operation.Any): Plan<any> => {
  const scopes = Operation.tokenScopes(operation)
  const normalised = scopes === undefined ? undefined : scopeSet(scopes)
  const response = operation.success
  return {
    operation: operation.sdk,
    scopes: normalised,
    scopeKey: normalised === undefined ? "" : normalised.join(","),
    // PDFs are documents, not answers to bound: only JSON answers are held to maxAnswerBytes.
    maxBytes: response === "pdf" ? Number.POSITIVE_INFINITY : undefined,
    decode: response === "pdf"
      ? decodePdfAnswer
      : (name, received) => decodeJson(name, response, received),
    retryable: operation.safeToRepeat ? Retry.isTransient : Retry.isNotSent
  }
}

// Plans of catalogue operations, made on their first call.
const plans = new WeakMap<Operation.Any, Plan<any>>()

const planOfOperation = (operation: Operation.Any): Plan<any> => {
  let plan = plans.get(operation)
  if (plan === undefined) {
    plan = planOf(operation)
    plans.set(operation, plan)
  }
  return plan
}

/** A request ready to go, but for its token. */
interface Ready {
  readonly method: "GET" | "POST"
  /** Below the API base URL, query included. */
  readonly path: string
  readonly override: string | undefined
  readonly headers: Readonly<Record<string, string>> | undefined
  readonly body: Body.Body
  readonly corpNum: string | undefined
  readonly userId: string | undefined
}

const clockOf = (fiber: Fiber.RuntimeFiber<unknown, unknown>): Clock.Clock => Context.get(fiber.currentDefaultServices, Clock.Clock)

/**
 * The client over the ambient `HttpClient`, `TaxdocConfig` and `Tokens`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.gen(function*() {
  const config = yield* TaxdocConfig
  const tokens = yield* Tokens
  const cached = cachedOf(tokens)
  const wire = yield* Wire.make(yield* HttpClientTag, config.requestTimeout)
  const api = Wire.baseOf(config.apiUrl)

  const outgoing = (ready: Ready, authorization: string | undefined): Wire.Outgoing => {
    const headers: Record<string, string> = {
      "accept-language": config.acceptLanguage,
      "accept-encoding": "gzip"
    }
    if (ready.headers !== undefined) for (const name in ready.headers) headers[name] = ready.headers[name]!
    if (ready.body.contentType !== undefined) headers["content-type"] = ready.body.contentType
    if (ready.override !== undefined) headers["x-http-method-override"] = ready.override
    if (ready.userId !== undefined && ready.corpNum !== undefined) headers["x-svc-userid"] = ready.userId
    if (authorization !== undefined) headers["authorization"] = authorization
    return { method: ready.method, origin: api.origin, path: `${api.prefix}${ready.path}`, headers, body: ready.body }
  }

  // The one place a token is unwrapped: onto the wire (the cached `Bearer …` value is made once per
  // token, when it is issued).
  const bearer = (token: Redacted.Redacted<string>) => `Bearer ${Redacted.value(token)}`

  // One exchange; a 200 is decoded, anything else is the call's failure — except a refused token
  // (expired, unreadable, missing), which is dropped and the call made once more with a new one.
  const exchange = <A>(fiber: Fiber.RuntimeFiber<unknown, unknown>, plan: Plan<A>, ready: Ready, authorization: string | undefined, renewable: boolean): Effect.Effect<A, CallError> =>
    wire.exchangeIn(fiber, plan.operation, outgoing(ready, authorization), plan.maxBytes ?? config.maxAnswerBytes, (received) => {
      if (received.status === 200) return plan.decode(plan.operation, received)
      const failure = failureOf(plan.operation, received)
      if (!renewable || failure._tag !== "ApiError" || !failure.isTokenRejected) return Effect.fail(failure)
      return Effect.zipRight(tokens.invalidate(ready.corpNum!, plan.scopes), Effect.suspend(() => withToken(fiber, plan, ready, Number.NEGATIVE_INFINITY, false)))
    })

  // A cached token is read in place (no fiber, no allocation beyond the lookup); a missing or
  // stale one is issued (single flight) through `Tokens.get`.
  const withToken = <A>(fiber: Fiber.RuntimeFiber<unknown, unknown>, plan: Plan<A>, ready: Ready, now: number, renewable: boolean): Effect.Effect<A, CallError> => {
    if (plan.scopes === undefined) return exchange(fiber, plan, ready, undefined, false)
    const corpNum = ready.corpNum ?? ""
    const authorization = cached?.authorization(cached.keyOf(corpNum, plan.scopeKey), now)
    if (authorization !== undefined) return exchange(fiber, plan, ready, authorization, renewable)
    return Effect.flatMap(tokens.get(corpNum, plan.scopes), (token) => exchange(fiber, plan, ready, bearer(token), renewable))
  }

  const run = <A>(fiber: Fiber.RuntimeFiber<unknown, unknown>, plan: Plan<A>, ready: Ready, now: number): Effect.Effect<A, CallError> => {
    const once = withToken(fiber, plan, ready, now, true)
    // A retry reads the token again: it may have been renewed meanwhile.
    const call = Retry.withRetriesFrom(plan.operation, config.retry, plan.retryable, once, now, () =>
      Effect.suspend(() => withToken(fiber, plan, ready, clockOf(fiber).unsafeCurrentTimeMillis(), true)))
    return Trace.isTracing(fiber) ? Trace.span(fiber, call, plan.operation, () => spanAttributes(ready, plan.scopes !== undefined)) : call
  }

  const readyOf = (built: RequestBuilder.Built, member: { readonly corpNum?: string | undefined; readonly userId?: string | undefined }): Ready => ({
    method: built.method,
    path: `${built.path}${renderQuery(built.query)}`,
    override: built.override,
    headers: built.headers,
    body: built.body,
    corpNum: built.scopes === undefined ? undefined : member.corpNum ?? "",
    userId: built.scopes === undefined ? undefined : member.userId
  })

  const sendBuilt = <O extends Operation.Any>(
    operation: O,
    built: RequestBuilder.Built,
    member: { readonly corpNum?: string | undefined; readonly userId?: string | undefined }
  ): Effect.Effect<Operation.SuccessType<O>, CallError> =>
    Effect.withFiberRuntime((fiber) => run(fiber, planOfOperation(operation), readyOf(built, member), clockOf(fiber).unsafeCurrentTimeMillis()))

  const call = <O extends Operation.Any>(operation: O, input: Operation.Input<O>): Effect.Effect<Operation.SuccessType<O>, CallError | ValidationError> =>
    Effect.withFiberRuntime((fiber) => {
      const now = clockOf(fiber).unsafeCurrentTimeMillis()
      const built = RequestBuilder.request(operation, input, now)
      if (Either.isLeft(built)) return Trace.span(fiber, Effect.fail(built.left), operation.sdk, () => ({}))
      return run(fiber, planOfOperation(operation), readyOf(built.right, input), now)
    })

  return TaxdocClient.of({ call, send: sendBuilt, forgetMember: (corpNum) => tokens.invalidate(corpNum) })
})

const spanAttributes = (ready: Ready, withMember: boolean): Record<string, string> => {
  const attributes: Record<string, string> = { "http.method": ready.method, "taxdoc.path": ready.path.split("?")[0]! }
  if (ready.override !== undefined) attributes["taxdoc.override"] = ready.override
  if (withMember && ready.corpNum !== undefined) attributes["taxdoc.corpNum"] = ready.corpNum
  return attributes
}

/**
 * The client, given `TaxdocConfig` and `HttpClient` (tokens included).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<TaxdocClient | Tokens, never, TaxdocConfig | HttpClient.HttpClient> = Layer.scoped(TaxdocClient, make).pipe(
  Layer.provideMerge(tokensLayer)
)
