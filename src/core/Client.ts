/**
 * `TaxdocClient`: the one request builder and response decoder every domain goes through
 * (headers: docs/service.md "Requests"). A call is validated and built from its operation's
 * declaration, sent over the `HttpClient` in the context with the base URL, `Authorization: Bearer`
 * from `Tokens`, `X-SVC-UserID`, `X-HTTP-Method-Override`, `Accept-Language` and
 * `Accept-Encoding: gzip`, each request with its deadline; the answer is decoded with the
 * operation's success schema. A token the service refuses as expired, unreadable or missing is
 * dropped and the call made once more with a new one; transient faults are retried along
 * `Retry.ts`. When a tracer is installed each call is a span named after the operation
 * (`Cashbill.getInfo`), each HTTP attempt a client span under it; when the configuration turns
 * metrics on, each call is counted and timed (`internal/Telemetry.ts`, `internal/Metrics.ts`).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Fiber from "effect/Fiber"
import * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import { TaxdocConfig } from "./Config.js"
import type { ApiError, ResponseError, TokenError, TransportError, ValidationError } from "./Errors.js"
import * as Metrics from "./internal/Metrics.js"
import * as Operation from "./Operation.js"
import * as RequestBuilder from "./RequestBuilder.js"
import { answerDecoder, decodePdf, decodeWith, failureOf, type Received } from "./Response.js"
import * as Retry from "./Retry.js"
import * as Telemetry from "./internal/Telemetry.js"
import { Attribute } from "./Telemetry.js"
import { layer as tokensLayer, scopeSet, Tokens } from "./Tokens.js"
import * as Transport from "./Transport.js"

/**
 * Every failure of a call that reached the transport.
 *
 * @since 0.1.0
 * @category errors
 */
export type CallError = ApiError | TokenError | TransportError | ResponseError

/**
 * The member a request is sent for: its registration number (for the token) and the user ID sent
 * as `X-SVC-UserID`.
 *
 * @since 1.0.0
 * @category models
 */
export interface Member {
  readonly corpNum?: string | undefined
  readonly userId?: string | undefined
}

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
 * What the client does.
 *
 * @since 1.0.0
 * @category models
 */
export interface TaxdocClientShape {
  /**
   * Calls a catalogue operation: validates the input against the declaration (nothing is sent when
   * a rule is broken), builds the request from it and decodes the answer with its success schema.
   */
  readonly call: <O extends Operation.Any>(operation: O, input: Operation.Input<O>) => Effect.Effect<Operation.SuccessType<O>, CallError | ValidationError>
  /** Sends a request already built from `operation` (its input validated by the caller). */
  readonly send: <O extends Operation.Any>(operation: O, built: RequestBuilder.Built, member: Member) => Effect.Effect<Operation.SuccessType<O>, CallError>
  /** The member's tokens are dropped (after QuitMember). */
  readonly forgetMember: (corpNum: string) => Effect.Effect<void>
  /** What the client records of bulk issues and waits, as it records its calls (`internal/Metrics.ts`). */
  readonly metrics: Metrics.Recorder
  /** The retry policy of the configuration: how calls are retried and writes settled. */
  readonly policy: Retry.Policy
}

/**
 * The client in the context: `yield* TaxdocClient`, then `call(operation, input)` for any
 * operation of the catalogue.
 *
 * @since 0.1.0
 * @category services
 */
export class TaxdocClient extends Context.Service<TaxdocClient, TaxdocClientShape>()("taxdoc/TaxdocClient") {}

/**
 * What a call needs beyond its input, worked out once per operation: the token's scope set, the
 * answer's decoder and size bound, whether it may be retried.
 */
interface Plan {
  readonly operation: string
  /** The catalogue name, the IDs of the path and the HTTP attempt's span. */
  readonly described: Telemetry.Described
  /** What is done before each retry (a span event, a log line, a count). */
  readonly onRetry: Retry.OnRetry
  readonly scopes: ReadonlyArray<string> | undefined
  readonly maxBytes: number
  readonly decode: (received: Received) => Effect.Effect<unknown, ResponseError>
  /** How the call is retried on its own, and inside a settlement (`Retry.SettlingUntil`). */
  readonly alone: Retrying
  readonly settling: Retrying
}

/** Which failures are retried, along which schedule. */
interface Retrying {
  readonly schedule: Retry.Policy["schedule"]
  readonly retryable: (error: Retry.AttemptError) => boolean
}

/** A request ready to go, but for its token; its HTTP attempts so far (`Telemetry.attempt`). */
interface Ready extends Telemetry.Attempts {
  readonly built: RequestBuilder.Built
  /** The whole URL, query included. */
  readonly url: string
  readonly corpNum: string | undefined
  readonly userId: string | undefined
}

/**
 * The client over the `HttpClient`, `TaxdocConfig` and `Tokens` in the context.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.gen(function*() {
  const config = yield* TaxdocConfig
  const tokens = yield* Tokens
  const transport = Transport.make(yield* HttpClient.HttpClient, config.requestTimeout)
  const acceptLanguage = config.acceptLanguage
  const metrics = Metrics.make(config.metrics)
  const server = Telemetry.serverOf(config.apiUrl)

  const policy = config.retry
  // A read fails fast (its retries counted) unless reads are patient; a write the service
  // recognises when repeated (by its submit ID) is retried with patience; any other write only
  // when surely not sent. Inside a settlement every call is patient (Outcome.ts).
  const retryingOf = (operation: Operation.Any): { readonly alone: Retrying; readonly settling: Retrying } => {
    const recognised = operation.safeToRepeat && Operation.SUBMIT_ID_HEADER in operation.headers
    const read = operation.safeToRepeat && !recognised
    const retryable = read ? Retry.isTransient : Retry.isNotSent
    return {
      alone: operation.safeToRepeat
        ? { schedule: recognised || policy.patientReads ? policy.patience : policy.schedule, retryable: Retry.isTransient }
        : { schedule: policy.schedule, retryable },
      settling: { schedule: policy.patience, retryable }
    }
  }

  const plans = new WeakMap<Operation.Any, Plan>()
  const planOf = (operation: Operation.Any): Plan => {
    let plan = plans.get(operation)
    if (plan === undefined) {
      const scopes = Operation.tokenScopes(operation)
      const success = operation.success
      const name = operation.sdk
      const decode = success === "pdf" ? undefined : answerDecoder(success)
      plan = {
        operation: name,
        described: Telemetry.describe(operation, server, config.traceparent),
        onRetry: Retry.observed(operation.name, metrics),
        scopes: scopes === undefined ? undefined : scopeSet(scopes),
        // PDFs are documents, not answers to bound: only JSON answers are held to maxAnswerBytes.
        maxBytes: success === "pdf" ? Number.POSITIVE_INFINITY : config.maxAnswerBytes,
        decode: decode === undefined ? (received) => decodePdf(name, received) : (received) => decodeWith(name, decode, received),
        ...retryingOf(operation)
      }
      plans.set(operation, plan)
    }
    return plan
  }

  const requestOf = (ready: Ready, authorization: Redacted.Redacted<string> | undefined, traceparent: string | undefined) => {
    const built = ready.built
    const headers: Record<string, string> = {}
    headers["accept-language"] = acceptLanguage
    headers["accept-encoding"] = "gzip"
    for (const name in built.headers) headers[name] = built.headers[name]!
    if (built.override !== undefined) headers["x-http-method-override"] = built.override
    if (ready.userId !== undefined && ready.corpNum !== undefined) headers["x-svc-userid"] = ready.userId
    if (traceparent !== undefined) headers["traceparent"] = traceparent
    // The one place a token is unwrapped: onto the wire.
    if (authorization !== undefined) headers["authorization"] = Redacted.value(authorization)
    return Transport.request(built.method, ready.url, headers, built.body)
  }

  // One HTTP attempt (`Telemetry.attempt`: a client span of its own when anything is traced), its
  // answer judged inside it: a 200 is decoded, anything else is the call's failure — except a
  // refused token (expired, unreadable, missing), which is dropped and the call made once more with
  // a new one.
  const exchange = (plan: Plan, ready: Ready, authorization: Redacted.Redacted<string> | undefined, renewable: boolean): Effect.Effect<unknown, CallError> => {
    const attempted = Telemetry.attempt(plan.described, ready, (traceparent) =>
      Effect.flatMap(
        transport.send(plan.operation, requestOf(ready, authorization, traceparent), plan.maxBytes),
        (received): Effect.Effect<unknown, CallError> => (received.status === 200 ? plan.decode(received) : Effect.fail(failureOf(plan.operation, received)))
      ))
    if (!renewable) return attempted
    return Effect.catchIf(
      attempted,
      (failure): failure is ApiError => failure._tag === "ApiError" && failure.isTokenRejected,
      () => Effect.andThen(tokens.invalidate(ready.corpNum!, plan.scopes), withToken(plan, ready, false))
    )
  }

  const withToken = (plan: Plan, ready: Ready, renewable: boolean): Effect.Effect<unknown, CallError> =>
    plan.scopes === undefined
      ? exchange(plan, ready, undefined, false)
      : Effect.flatMap(tokens.authorization(ready.corpNum!, plan.scopes), (authorization) => exchange(plan, ready, authorization, renewable))

  // A retry asks for the token again: it may have been renewed meanwhile. Inside a settlement the
  // call is patient, and its deadline is the settlement's when that comes first.
  const run = (plan: Plan, ready: Ready, startedMillis: number, settlingUntil: number | undefined): Effect.Effect<unknown, CallError> => {
    const deadline = Retry.deadlineOf(policy, startedMillis)
    const retrying = settlingUntil === undefined ? plan.alone : plan.settling
    return Retry.withRetries(
      retrying.schedule,
      settlingUntil === undefined ? deadline : Math.min(deadline, settlingUntil),
      retrying.retryable,
      withToken(plan, ready, true),
      plan.onRetry,
      plan.operation
    )
  }

  const readyOf = (built: RequestBuilder.Built, member: Member): Ready => ({
    built,
    url: `${config.apiUrl}${built.path}${renderQuery(built.query)}`,
    corpNum: built.scopes === undefined ? undefined : member.corpNum ?? "",
    userId: built.scopes === undefined ? undefined : member.userId,
    sent: 0
  })

  // A call as it runs in `fiber`: as it is when nothing observes it; otherwise in its span, each
  // attempt a client span (when anything is traced), and counted and timed (when metrics are on).
  const observed = (fiber: Fiber.Fiber<unknown, unknown>, plan: Plan, ready: Ready, startedMillis: number, body: unknown): Effect.Effect<unknown, CallError> => {
    const traced = Telemetry.isTraced(fiber)
    const settlingUntil = fiber.getRef(Retry.SettlingUntil)
    const running = run(plan, ready, startedMillis, settlingUntil)
    if (!traced && !metrics.enabled) return running
    const effect = traced
      ? Telemetry.callSpan(fiber, plan.operation, Telemetry.callAttributes(plan.described, ready.built.path, ready.built.headers, ready.corpNum, body), running)
      : running
    return metrics.call(plan.described.operation, effect)
  }

  const send = <O extends Operation.Any>(operation: O, built: RequestBuilder.Built, member: Member): Effect.Effect<Operation.SuccessType<O>, CallError> =>
    Effect.withFiber((fiber) =>
      observed(fiber, planOf(operation), readyOf(built, member), fiber.getRef(Clock.Clock).currentTimeMillisUnsafe(), undefined) as Effect.Effect<
        Operation.SuccessType<O>,
        CallError
      >
    )

  const call = <O extends Operation.Any>(operation: O, input: Operation.Input<O>): Effect.Effect<Operation.SuccessType<O>, CallError | ValidationError> =>
    Effect.withFiber((fiber): Effect.Effect<Operation.SuccessType<O>, CallError | ValidationError> => {
      const now = fiber.getRef(Clock.Clock).currentTimeMillisUnsafe()
      const built = RequestBuilder.request(operation, input, now)
      if (Result.isFailure(built)) {
        const refused = Effect.fail(built.failure)
        return Telemetry.isTraced(fiber) ? Telemetry.callSpan(fiber, operation.sdk, { [Attribute.operation]: operation.name }, refused) : refused
      }
      return observed(fiber, planOf(operation), readyOf(built.success, input), now, input.body) as Effect.Effect<Operation.SuccessType<O>, CallError>
    })

  return TaxdocClient.of({ call, send, forgetMember: (corpNum) => tokens.invalidate(corpNum), metrics, policy })
})

/**
 * The client, given `TaxdocConfig` and `HttpClient` (its own tokens included). `Taxdoc.services`
 * builds it with every service over it; this layer is for programs that want the client alone.
 *
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<TaxdocClient | Tokens, never, TaxdocConfig | HttpClient.HttpClient> = Layer.effect(TaxdocClient, make).pipe(
  Layer.provideMerge(tokensLayer)
)
