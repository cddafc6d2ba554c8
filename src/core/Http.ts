/**
 * The single place that puts bytes on the wire: builds the platform request, applies the deadline,
 * reads the whole body once and turns network failures and timeouts into `TransportError`.
 *
 * @since 0.1.0
 */
import { HttpClient, HttpClientRequest } from "@effect/platform"
import { Duration, Effect } from "effect"
import type { Body } from "./Body.js"
import type { Deadline } from "./Deadline.js"
import { TransportError } from "./Errors.js"
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
  timeout: Duration.Duration
): Effect.Effect<Received, TransportError> => {
  let request = HttpClientRequest.make(outgoing.method)(outgoing.url).pipe(HttpClientRequest.setHeaders(outgoing.headers))
  if (outgoing.method === "POST") {
    request = HttpClientRequest.bodyUint8Array(request, outgoing.body.bytes, outgoing.body.contentType)
  }
  const exchange = client.execute(request).pipe(
    Effect.flatMap((response) =>
      Effect.map(response.arrayBuffer, (buffer): Received => ({
        status: response.status,
        headers: response.headers,
        body: gunzipIfNeeded(new Uint8Array(buffer))
      }))
    ),
    // The platform's error holds the request, Authorization header included: only its message and
    // the network-level cause are kept, so no token can reach an error, a log or a span.
    Effect.catchAll((error) =>
      Effect.fail(new TransportError({ operation, reason: "Network", message: `${operation}: ${error.message}`, cause: error.cause }))
    ),
    Effect.catchAllDefect((defect) =>
      Effect.fail(new TransportError({ operation, reason: "Network", message: `${operation}: ${String(defect)}` }))
    )
  )
  return deadline.within(
    exchange,
    () => new TransportError({ operation, reason: "Timeout", message: `${operation}: no answer within ${Duration.format(timeout)}` })
  )
}
