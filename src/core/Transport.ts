/**
 * The one way a request travels: over the `HttpClient` in the context, whichever it is (undici or
 * Node's client from `@effect/platform-node`, `fetch`, the in-process sandbox, the recorder). A
 * request has a deadline kept on the Effect `Clock` (`internal/Deadlines.ts`: one watch per clock,
 * which `TestClock` drives; the request is interrupted, which aborts it on the wire); its answer is read whole up to a
 * size bound counted as the bytes stream in, then decompressed under the same bound. A failure without an answer is a
 * `TransportError` that says whether the request surely was not sent (`NotSent`) or may have been
 * processed (`Unknown`).
 *
 * @since 1.0.0
 */
import type * as Cause from "effect/Cause"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Headers from "effect/http/Headers"
import * as HttpBody from "effect/http/HttpBody"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as UrlParams from "effect/http/UrlParams"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import type * as Body from "./Body.js"
import { concat } from "./Body.js"
import { ResponseError, TransportError } from "./Errors.js"
import * as Deadlines from "./internal/Deadlines.js"
import { gunzipWithin, type Received } from "./Response.js"

/**
 * Marks a cause raised by a local layer in front of the network (a replay cassette that has no
 * answer for the request): nothing went out, and sending again cannot help — never retried.
 *
 * @since 0.1.0
 * @category symbols
 */
export const LocalRefusal: unique symbol = Symbol.for("taxdoc/LocalRefusal")

const causes = function*(cause: unknown): Generator<object> {
  let current = cause
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    yield current
    current = (current as { readonly cause?: unknown }).cause
  }
}

/**
 * `true` when `cause` (or one of its causes) is a `LocalRefusal`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const isLocalRefusal = (cause: unknown): boolean => hasCause(cause, (current) => (current as { readonly [LocalRefusal]?: unknown })[LocalRefusal] === true)

/** `true` when `error`, or one of its causes, is `found`. */
const hasCause = (error: unknown, found: (cause: object) => boolean): boolean => {
  for (const current of causes(error)) if (found(current)) return true
  return false
}

/** Network errors raised before a single byte of the request can have left: nothing was sent. */
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"])

/**
 * Whether a failed exchange left the request surely unsent: the error (or one of its causes)
 * carries a code raised while connecting, or is a `LocalRefusal`. Anything else may have reached
 * the service.
 *
 * @since 0.1.0
 * @category combinators
 */
export const outcomeOf = (cause: unknown): "NotSent" | "Unknown" => {
  for (const current of causes(cause)) {
    if ((current as { readonly [LocalRefusal]?: unknown })[LocalRefusal] === true) return "NotSent"
    const code = (current as { readonly code?: unknown }).code
    if (typeof code === "string" && NOT_SENT.has(code)) return "NotSent"
  }
  return "Unknown"
}

/**
 * The error of a request whose deadline passed.
 *
 * @since 0.1.0
 * @category constructors
 */
export const timedOut = (operation: string, timeout: Duration.Duration): TransportError =>
  new TransportError({ operation, reason: "Timeout", outcome: "Unknown", message: `${operation}: no answer within ${Duration.format(timeout)}` })

/**
 * The error of an answer larger than allowed.
 *
 * @since 0.1.0
 * @category constructors
 */
export const tooLarge = (operation: string, status: number, maxBytes: number): ResponseError =>
  new ResponseError({
    operation,
    status,
    reason: "TooLarge",
    bodyExcerpt: "",
    message: `${operation}: the answer is larger than ${maxBytes} bytes (maxAnswerBytes)`
  })

/**
 * The client request of a call: `url` whole (query included), `headers` with lower-case names. A
 * POST carries `body`'s exact bytes, with its `Content-Type` and `Content-Length` (a body-less POST
 * is sent with `Content-Length: 0` and no type); a GET carries none. `headers` is taken as the
 * request's own record.
 *
 * @since 1.0.0
 * @category constructors
 */
export const request = (method: "GET" | "POST", url: string, headers: Record<string, string>, body: Body.Body): HttpClientRequest.HttpClientRequest => {
  if (method === "GET") return HttpClientRequest.makeWith(method, url, UrlParams.empty, Option.none(), Headers.fromInput(headers), HttpBody.empty)
  if (body.contentType !== undefined) headers["content-type"] = body.contentType
  headers["content-length"] = String(body.bytes.length)
  return HttpClientRequest.makeWith(
    method,
    url,
    UrlParams.empty,
    Option.none(),
    Headers.fromInput(headers),
    HttpBody.uint8Array(body.bytes, body.contentType)
  )
}

/** An answer found larger than the bound while it was read. */
class TooLarge {
  readonly _tag = "TooLarge"
  constructor(readonly status: number) {}
}

const bytesOf = (buffer: ArrayBuffer): Uint8Array => new Uint8Array(buffer)


/**
 * The body of an answer, at most `maxBytes`, bounded as it arrives. A declared `Content-Length`
 * bounds what a client hands on as it came off the wire (undici's and Node's clients stop at the
 * declared length): above the bound nothing is read, within it the body is read at once. A client
 * that decompresses as it reads (`fetch`) hands on more bytes than a compressed answer's declared
 * length: such a body, and one of no declared length, is counted as it streams and given up as soon
 * as it passes the bound.
 */
const readBody = (
  response: HttpClientResponse.HttpClientResponse,
  headers: Readonly<Record<string, string>>,
  maxBytes: number
): Effect.Effect<Uint8Array, unknown> => {
  if (!Number.isFinite(maxBytes)) return Effect.map(response.arrayBuffer, bytesOf)
  const whole = Effect.flatMap(response.arrayBuffer, (buffer) =>
    buffer.byteLength > maxBytes ? Effect.fail(new TooLarge(response.status)) : Effect.succeed(bytesOf(buffer)))
  const declared = Number(headers["content-length"] ?? Number.NaN)
  const encoding = headers["content-encoding"]
  const decompressing = encoding !== undefined && encoding !== "identity" && Option.isSome(HttpClientResponse.toWeb(response))
  if (Number.isFinite(declared) && !decompressing) return declared > maxBytes ? Effect.fail(new TooLarge(response.status)) : whole
  return Effect.suspend(() => {
    const chunks: Array<Uint8Array> = []
    let size = 0
    return Stream.runForEachArray(response.stream, (arrived) => {
      for (const chunk of arrived) {
        size += chunk.length
        chunks.push(chunk)
      }
      return size > maxBytes ? Effect.fail(new TooLarge(response.status)) : Effect.void
    }).pipe(Effect.map(() => concat(chunks, size)))
  })
}

const messageOf = (error: unknown): string => {
  if (typeof error === "object" && error !== null) {
    const reason = (error as { readonly reason?: { readonly description?: unknown; readonly _tag?: unknown } }).reason
    const cause = (error as { readonly cause?: { readonly message?: unknown } }).cause
    if (typeof reason?.description === "string") return reason.description
    if (typeof cause?.message === "string" && cause.message !== "") return cause.message
    const message = (error as { readonly message?: unknown }).message
    if (typeof message === "string") return message
  }
  return String(error)
}

/**
 * The `TransportError` of an exchange that failed without an answer. Only a message and the
 * network-level cause are kept: the client's error holds the request, `Authorization` included,
 * and no token may reach an error, a log or a span.
 */
const transportFailure = (operation: string, error: unknown): TransportError => {
  const cause = typeof error === "object" && error !== null && "cause" in error ? (error as { readonly cause?: unknown }).cause : error
  return new TransportError({
    operation,
    reason: isLocalRefusal(cause) ? "Local" : "Network",
    outcome: outcomeOf(cause),
    message: `${operation}: ${messageOf(error)}`,
    cause
  })
}

/**
 * A client's way to the service.
 *
 * @since 1.0.0
 * @category models
 */
export interface Transport {
  /**
   * Sends `request` and answers it read whole, decompressed. Fails with `TransportError` when no
   * answer came (network, deadline), `ResponseError` `TooLarge` when it is larger than `maxBytes`.
   */
  readonly send: (operation: string, request: HttpClientRequest.HttpClientRequest, maxBytes: number) => Effect.Effect<Received, TransportError | ResponseError>
}

const noSpans = () => true

/**
 * The transport over `client`, each request with a deadline of `timeout` (none when infinite).
 * The client's own span per request is off: the operation's span carries method, path and member.
 *
 * @since 1.0.0
 * @category constructors
 */
export const make = (client: HttpClient.HttpClient, timeout: Duration.Duration): Transport => {
  const bounded = Duration.isFinite(timeout)
  const timeoutMillis = Duration.toMillis(timeout)
  const deadlines = Deadlines.make()
  const send = (operation: string, request: HttpClientRequest.HttpClientRequest, maxBytes: number): Effect.Effect<Received, TransportError | ResponseError> => {
    const exchange = client.execute(request).pipe(
      Effect.flatMap((response) => {
        // Read once: a client may build its headers record anew on each read.
        const headers = response.headers
        return Effect.flatMap(readBody(response, headers, maxBytes), (bytes): Effect.Effect<Received, TooLarge> => {
          // The bound holds for the decompressed body too: a compressed answer passing it is refused.
          const body = gunzipWithin(bytes, maxBytes)
          return body === undefined ? Effect.fail(new TooLarge(response.status)) : Effect.succeed({ status: response.status, headers, body })
        })
      }),
      Effect.catchCause((cause): Effect.Effect<never, TransportError | ResponseError> => {
        const error = cause.reasons.find((reason) => reason._tag !== "Interrupt")
        // Interrupted (the deadline, or the caller): the interruption goes on.
        if (error === undefined) return Effect.failCause(cause as Cause.Cause<never>)
        const failure = error._tag === "Fail" ? error.error : error.defect
        if (failure instanceof TooLarge) return Effect.fail(tooLarge(operation, failure.status, maxBytes))
        return Effect.fail(transportFailure(operation, failure))
      }),
      Effect.provideService(HttpClient.TracerDisabledWhen, noSpans)
    )
    return bounded ? deadlines.within(exchange, timeoutMillis, () => timedOut(operation, timeout)) : exchange
  }
  return { send }
}
