/**
 * The single place that puts bytes on the wire: builds the platform request, applies the deadline,
 * reads the whole body once and turns network failures and timeouts into `TransportError`.
 *
 * @since 0.1.0
 */
import { type HttpClientError, HttpClient, HttpClientRequest, type HttpClientResponse } from "@effect/platform"
import { Data, Duration, Effect, Stream } from "effect"
import type { Body } from "./Body.js"
import type { Deadline } from "./Deadline.js"
import { ResponseError, TransportError } from "./Errors.js"
import { gunzipIfNeeded, type Received } from "./Response.js"

/**
 * An encoded request.
 *
 * @since 0.1.0
 * @category models
 */
export interface Outgoing {
  readonly method: "GET" | "POST"
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: Body
}

class TooLarge extends Data.TaggedError("TooLarge")<{ readonly status: number }> {}

/**
 * The body of an answer, at most `maxBytes`: a `Content-Length` within the limit is read at once;
 * a larger one fails before reading, and a body without one is counted while it streams.
 */
const readBody = (
  response: HttpClientResponse.HttpClientResponse,
  maxBytes: number
): Effect.Effect<Uint8Array, HttpClientError.ResponseError | TooLarge> => {
  const declared = Number(response.headers["content-length"])
  if (!Number.isFinite(maxBytes) || (Number.isFinite(declared) && declared <= maxBytes)) {
    return Effect.map(response.arrayBuffer, (buffer) => new Uint8Array(buffer))
  }
  if (Number.isFinite(declared)) return Effect.fail(new TooLarge({ status: response.status }))
  return response.stream.pipe(
    Stream.runFoldEffect({ chunks: [] as Array<Uint8Array>, size: 0 }, (acc, chunk) => {
      acc.chunks.push(chunk)
      acc.size += chunk.length
      return acc.size > maxBytes ? Effect.fail(new TooLarge({ status: response.status })) : Effect.succeed(acc)
    }),
    Effect.map(({ chunks, size }) => {
      const bytes = new Uint8Array(size)
      let offset = 0
      for (const chunk of chunks) {
        bytes.set(chunk, offset)
        offset += chunk.length
      }
      return bytes
    })
  )
}

/**
 * Marks a cause raised by a local layer in front of the network (a replay cassette that has no
 * answer for the request): nothing went out, and sending again cannot help — never retried.
 *
 * @since 0.1.0
 * @category symbols
 */
export const LocalRefusal: unique symbol = Symbol.for("taxdoc/LocalRefusal")

const isLocalRefusal = (cause: unknown): boolean => {
  let current = cause
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    if ((current as { readonly [LocalRefusal]?: unknown })[LocalRefusal] === true) return true
    current = (current as { readonly cause?: unknown }).cause
  }
  return false
}

/** Network errors raised before a single byte of the request can have left: nothing was sent. */
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"])

/**
 * Whether a network failure left the request surely unsent: the error (or one of its causes)
 * carries a code raised while connecting. Anything else may have reached the service.
 *
 * @since 0.1.0
 * @category combinators
 */
export const outcomeOf = (cause: unknown): "NotSent" | "Unknown" => {
  if (isLocalRefusal(cause)) return "NotSent"
  let current = cause
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { readonly code?: unknown }).code
    if (typeof code === "string" && NOT_SENT.has(code)) return "NotSent"
    current = (current as { readonly cause?: unknown }).cause
  }
  return "Unknown"
}

/**
 * Sends `outgoing` with `client` and reads the answer, failing with `TransportError` on network
 * failure or when the deadline passes (the request is then aborted, not left running).
 *
 * @since 0.1.0
 * @category combinators
 */
export const send = (
  client: HttpClient.HttpClient,
  operation: string,
  outgoing: Outgoing,
  deadline: Deadline,
  timeout: Duration.Duration,
  maxBytes: number = Number.POSITIVE_INFINITY
): Effect.Effect<Received, TransportError | ResponseError> => {
  let request = HttpClientRequest.make(outgoing.method)(outgoing.url).pipe(HttpClientRequest.setHeaders(outgoing.headers))
  if (outgoing.method === "POST") {
    request = HttpClientRequest.bodyUint8Array(request, outgoing.body.bytes, outgoing.body.contentType)
  }
  const exchange = client.execute(request).pipe(
    Effect.flatMap((response) =>
      Effect.map(readBody(response, maxBytes), (bytes): Received => ({
        status: response.status,
        headers: response.headers,
        body: gunzipIfNeeded(bytes)
      }))
    ),
    // The platform's error holds the request, Authorization header included: only its message and
    // the network-level cause are kept, so no token can reach an error, a log or a span.
    Effect.catchAll((error) =>
      Effect.fail(
        error instanceof TooLarge
          ? new ResponseError({
            operation,
            status: error.status,
            reason: "TooLarge",
            bodyExcerpt: "",
            message: `${operation}: the answer is larger than ${maxBytes} bytes (maxAnswerBytes)`
          })
          : new TransportError({
            operation,
            reason: isLocalRefusal(error.cause) ? "Local" : "Network",
            outcome: outcomeOf(error.cause),
            message: `${operation}: ${error.message}`,
            cause: error.cause
          })
      )
    ),
    Effect.catchAllDefect((defect) =>
      Effect.fail(new TransportError({ operation, reason: "Network", outcome: "Unknown", message: `${operation}: ${String(defect)}` }))
    )
  )
  return deadline.within(
    exchange,
    () =>
      new TransportError({ operation, reason: "Timeout", outcome: "Unknown", message: `${operation}: no answer within ${Duration.format(timeout)}` })
  )
}
