/**
 * `TaxdocClient`: the one request builder and response decoder every domain goes through
 * (DESIGN.md §3 "Transport"). It adds the base URL, `Authorization: Bearer` from `Tokens`,
 * `X-SVC-UserID`, `X-HTTP-Method-Override`, `Accept-Language`, `Accept-Encoding: gzip`, applies the
 * deadline, decodes the answer, and retries once with a new token when the service refuses the
 * token as expired or unreadable.
 *
 * @since 0.1.0
 */
import { HttpClient } from "@effect/platform"
import { Clock, Context, Effect, Either, Layer, Option, Redacted, type Schema } from "effect"
import * as Body from "./Body.js"
import * as Deadline from "./Deadline.js"
import { TaxdocConfig } from "./Config.js"
import type { ApiError, ResponseError, TokenError, TransportError, ValidationError } from "./Errors.js"
import { type Outgoing, send } from "./Http.js"
import * as Operation from "./Operation.js"
import * as Retry from "./Retry.js"
import { decodeJson, decodePdf, failureOf } from "./Response.js"
import { layer as tokensLayer, Tokens } from "./Tokens.js"

/**
 * Who a call is made for: the member's registration number, the scopes its token needs, and the
 * optional user (contact) ID sent as `X-SVC-UserID`.
 *
 * @since 0.1.0
 * @category models
 */
export interface Auth {
  readonly corpNum: string
  readonly scopes: ReadonlyArray<string>
  readonly userId?: string | undefined
}

/**
 * A call of the service.
 *
 * @since 0.1.0
 * @category models
 */
export interface RequestSpec<A, I> {
  /** `Domain.operation`: the span name and the `operation` of errors. */
  readonly operation: string
  readonly method: "GET" | "POST"
  /** Path below the API base URL; path parameters are concatenated as the live clients do. */
  readonly path: string
  /** Query parameters; a value of `""` renders a bare flag (`?Detail`). */
  readonly query?: Readonly<Record<string, string>> | undefined
  readonly override?: string | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
  readonly body?: Body.Body | undefined
  /** `"none"` for the calls made without a token (CheckIsMember, CheckID, JoinMember). */
  readonly auth: "none" | Auth
  readonly response: Schema.Schema<A, I, never>
  /** The largest answer read (default: the configuration's `maxAnswerBytes`). */
  readonly maxBytes?: number | undefined
}

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
  if (query === undefined) return ""
  const parts = Object.entries(query).map(([k, v]) => (v === "" ? encodeURIComponent(k) : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`))
  return parts.length === 0 ? "" : `?${parts.join("&")}`
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
    built: Operation.Built,
    member: { readonly corpNum?: string | undefined; readonly userId?: string | undefined }
  ) => Effect.Effect<Operation.SuccessType<O>, CallError>
  /** Sends a call and decodes its JSON answer with `spec.response`. */
  readonly execute: <A, I>(spec: RequestSpec<A, I>) => Effect.Effect<A, CallError>
  /** Sends a call whose answer is a PDF document; the bytes as received. */
  readonly executePdf: (spec: Omit<RequestSpec<unknown, unknown>, "response">) => Effect.Effect<Uint8Array, CallError>
  /** The member's tokens are dropped (after QuitMember). */
  readonly forgetMember: (corpNum: string) => Effect.Effect<void>
}>() {}

/**
 * The client over the ambient `HttpClient`, `TaxdocConfig` and `Tokens`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = Effect.gen(function*() {
  const config = yield* TaxdocConfig
  // The operation's span carries method, path and member; the platform's own per-request span
  // (one attribute per header) would only repeat it.
  const http = HttpClient.withTracerDisabledWhen(yield* HttpClient.HttpClient, () => true)
  const tokens = yield* Tokens
  const deadline = yield* Deadline.make(config.requestTimeout)

  const outgoing = (spec: Omit<RequestSpec<unknown, unknown>, "response">, token: Redacted.Redacted<string> | undefined): Outgoing => {
    const body = spec.body ?? Body.empty
    const headers: Record<string, string> = {
      "accept-language": config.acceptLanguage,
      "accept-encoding": "gzip",
      ...spec.headers
    }
    if (body.contentType !== undefined) headers["content-type"] = body.contentType
    if (spec.override !== undefined) headers["x-http-method-override"] = spec.override
    if (spec.auth !== "none" && spec.auth.userId !== undefined) headers["x-svc-userid"] = spec.auth.userId
    // The one line where a token is unwrapped: onto the wire.
    if (token !== undefined) headers["authorization"] = `Bearer ${Redacted.value(token)}`
    return { method: spec.method, url: `${config.apiUrl}${spec.path}${renderQuery(spec.query)}`, headers, body }
  }

  const attempt = (spec: Omit<RequestSpec<unknown, unknown>, "response">) =>
    Effect.gen(function*() {
      const token = spec.auth === "none" ? undefined : yield* tokens.get(spec.auth.corpNum, spec.auth.scopes)
      return yield* send(http, spec.operation, outgoing(spec, token), deadline, config.requestTimeout, spec.maxBytes ?? config.maxAnswerBytes)
    })

  // One retry with a fresh token when the service refuses the token (expired, unreadable, missing).
  const receive = (spec: Omit<RequestSpec<unknown, unknown>, "response">) =>
    Effect.gen(function*() {
      const first = yield* attempt(spec)
      if (first.status === 200 || spec.auth === "none") return first
      const failure = failureOf(spec.operation, first)
      if (failure._tag !== "ApiError" || !failure.isTokenRejected) return first
      yield* tokens.invalidate(spec.auth.corpNum, spec.auth.scopes)
      return yield* attempt(spec)
    })

  const execute = <A, I>(spec: RequestSpec<A, I>): Effect.Effect<A, CallError> =>
    receive(spec).pipe(
      Effect.flatMap((received) =>
        received.status === 200 ? decodeJson(spec.operation, spec.response, received) : Effect.fail(failureOf(spec.operation, received))
      ),
      annotated(spec)
    )

  const executePdf = (spec: Omit<RequestSpec<unknown, unknown>, "response">): Effect.Effect<Uint8Array, CallError> =>
    receive(spec).pipe(
      Effect.flatMap((received) =>
        received.status === 200 ? decodePdf(spec.operation, received) : Effect.fail(failureOf(spec.operation, received))
      ),
      annotated(spec)
    )

  const retryable = (operation: Operation.Any) => (operation.safeToRepeat ? Retry.isTransient : Retry.isNotSent)

  const sendBuilt = <O extends Operation.Any>(
    operation: O,
    built: Operation.Built,
    member: { readonly corpNum?: string | undefined; readonly userId?: string | undefined }
  ): Effect.Effect<Operation.SuccessType<O>, CallError> => {
    const spec = {
      operation: operation.sdk,
      method: built.method,
      path: built.path,
      query: built.query,
      override: built.override,
      headers: built.headers,
      body: built.body,
      auth: built.scopes === undefined ? "none" as const : { corpNum: member.corpNum ?? "", scopes: built.scopes, userId: member.userId }
    }
    // PDFs are documents, not answers to bound: only JSON answers are held to maxAnswerBytes.
    const once = operation.success === "pdf"
      ? executePdf({ ...spec, maxBytes: Number.POSITIVE_INFINITY })
      : execute({ ...spec, response: operation.success })
    return Retry.withRetries(operation.sdk, config.retry, retryable(operation), once) as Effect.Effect<Operation.SuccessType<O>, CallError>
  }

  const call = <O extends Operation.Any>(operation: O, input: Operation.Input<O>): Effect.Effect<Operation.SuccessType<O>, CallError | ValidationError> =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Either.match(Operation.request(operation, input, now), {
        onLeft: (invalid): Effect.Effect<Operation.SuccessType<O>, CallError | ValidationError> => Effect.fail(invalid),
        onRight: (built) => sendBuilt(operation, built, input)
      }))

  return TaxdocClient.of({ call, send: sendBuilt, execute, executePdf, forgetMember: (corpNum) => tokens.invalidate(corpNum) })
})

// A domain operation already runs in its span (`Effect.fn("Domain.operation")`): the transport adds
// what it knows to that span. Calls made under another span (the submissions of `issueMany`, the
// chunks of `getInfos`, direct `execute` calls) get a span of their own.
const annotated = (spec: Omit<RequestSpec<unknown, unknown>, "response">) => <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.option(Effect.currentSpan), (span) =>
    Option.isSome(span) && span.value.name === spec.operation
      ? Effect.zipRight(Effect.annotateCurrentSpan(spanAttributes(spec)), self)
      : Effect.withSpan(self, spec.operation, { attributes: spanAttributes(spec) }))

const spanAttributes = (spec: Omit<RequestSpec<unknown, unknown>, "response">): Record<string, string> => ({
  "http.method": spec.method,
  "taxdoc.path": spec.path,
  ...(spec.override === undefined ? {} : { "taxdoc.override": spec.override }),
  ...(spec.auth === "none" ? {} : { "taxdoc.corpNum": spec.auth.corpNum })
})

/**
 * The client, given `TaxdocConfig` and `HttpClient` (tokens included).
 *
 * @since 0.1.0
 * @category layers
 */
export const layer: Layer.Layer<TaxdocClient | Tokens, never, TaxdocConfig | HttpClient.HttpClient> = Layer.scoped(TaxdocClient, make).pipe(
  Layer.provideMerge(tokensLayer)
)
