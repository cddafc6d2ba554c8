/**
 * The general path of `Wire`: requests over any `HttpClient`. Builds the platform request, applies
 * the deadline, reads the whole body once and turns network failures and timeouts into
 * `TransportError`.
 *
 * @since 0.1.0
 */
import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientError from "@effect/platform/HttpClientError"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import * as Data from "effect/Data"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import type { Deadline } from "./Deadline.js"
import { type ResponseError, TransportError } from "./Errors.js"
import { gunzipWithin, type Received } from "./Response.js"
import { bodyInMemory, isLocalRefusal, type Outgoing, outcomeOf, timedOut, tooLarge, type Wire } from "./Exchange.js"

class TooLarge extends Data.TaggedError("TooLarge")<{ readonly status: number }> {}

/**
 * The body of an answer, at most `maxBytes`: a `Content-Length` within the limit is read at once;
 * a larger one fails before reading, and a body without one is counted while it streams. A
 * compressed answer is counted while it streams — a client that decompresses (fetch) hands on more
 * bytes than the `Content-Length` of the compressed body says — unless its body is whole in memory
 * already (`BodyInMemory`: the in-process sandbox), which is read at once and measured.
 */
const readBody = (
  response: HttpClientResponse.HttpClientResponse,
  maxBytes: number
): Effect.Effect<Uint8Array, HttpClientError.ResponseError | TooLarge> => {
  if (!Number.isFinite(maxBytes)) return Effect.map(response.arrayBuffer, (buffer) => new Uint8Array(buffer))
  if (bodyInMemory(response)) {
    return Effect.flatMap(response.arrayBuffer, (buffer) =>
      buffer.byteLength > maxBytes ? Effect.fail(new TooLarge({ status: response.status })) : Effect.succeed(new Uint8Array(buffer)))
  }
  const encoding = response.headers["content-encoding"]
  const declared = encoding === undefined || encoding === "identity" ? Number(response.headers["content-length"]) : Number.NaN
  if (Number.isFinite(declared) && declared <= maxBytes) return Effect.map(response.arrayBuffer, (buffer) => new Uint8Array(buffer))
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

export {
  /**
   * @since 0.1.0
   * @category symbols
   */
  LocalRefusal,
  /**
   * @since 0.1.0
   * @category combinators
   */
  outcomeOf
} from "./Exchange.js"

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
  let request = HttpClientRequest.make(outgoing.method)(`${outgoing.origin}${outgoing.path}`).pipe(HttpClientRequest.setHeaders(outgoing.headers))
  if (outgoing.method === "POST") {
    request = HttpClientRequest.bodyUint8Array(request, outgoing.body.bytes, outgoing.body.contentType)
  }
  const exchange = client.execute(request).pipe(
    Effect.flatMap((response) =>
      Effect.flatMap(readBody(response, maxBytes), (bytes): Effect.Effect<Received, TooLarge> => {
        // The limit holds for the decompressed body too: a compressed answer passing it is refused.
        const body = gunzipWithin(bytes, maxBytes)
        return body === undefined
          ? Effect.fail(new TooLarge({ status: response.status }))
          : Effect.succeed({ status: response.status, headers: response.headers, body })
      })
    ),
    // The platform's error holds the request, Authorization header included: only its message and
    // the network-level cause are kept, so no token can reach an error, a log or a span.
    Effect.catchAll((error) =>
      Effect.fail(
        error instanceof TooLarge
          ? tooLarge(operation, error.status, maxBytes)
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
  return deadline.within(exchange, () => timedOut(operation, timeout))
}

/**
 * The wire over an `HttpClient` without a direct sender. The platform's own per-request span (one
 * attribute per header) is off: the operation's span carries method, path and member.
 *
 * @since 0.1.0
 * @category constructors
 */
export const wire = (client: HttpClient.HttpClient, timeout: Duration.Duration, deadline: Deadline): Wire => {
  const quiet = HttpClient.withTracerDisabledWhen(client, () => true)
  const exchange: Wire["exchange"] = (operation, outgoing, maxBytes, finish) =>
    Effect.flatMap(send(quiet, operation, outgoing, deadline, timeout, maxBytes), finish)
  return { exchange, exchangeIn: (_fiber, operation, outgoing, maxBytes, finish) => exchange(operation, outgoing, maxBytes, finish) }
}
