/**
 * The socket server's edge between Node's `http` objects (as `@effect/platform-node` hands them
 * over) and the kernel: a request read as the kernel sees it (exact body bytes, refused above the
 * body limit from `Content-Length` or while it streams, never buffered whole), and an answer
 * written in one piece — or, for an injected connection fault, acted out on the raw socket
 * (docs/resilience.md, "Injected faults"), which no response object can express: a reset, a close
 * without an answer, a head announcing more body than is sent.
 */
import * as Http from "node:http"
import * as Effect from "effect/Effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Stream from "effect/Stream"
import { headersOf, sentBytes, type WireAnswer } from "./Encoded.js"
import { fail } from "../Failure.js"
import { incomingOf, type Read, readNodeBody, tooLarge } from "./HttpEdge.js"

/** A request that carries no body: no `Content-Length` (or 0) and no `Transfer-Encoding` (RFC 9112 §6.3). */
const hasNoBody = (headers: Http.IncomingHttpHeaders): boolean =>
  (headers["content-length"] === undefined || headers["content-length"] === "0") && headers["transfer-encoding"] === undefined

/**
 * Reads a Node request as the kernel reads a request: at once when it has no body; otherwise once
 * its body has arrived (chunks concatenated once), or as soon as it is known to pass
 * `maxBodyBytes` (from `Content-Length`, or the bytes received) — the rest is left unread, and the
 * HTTP server discards it for a moment after the answer, then closes the connection. A client
 * waiting for `100 Continue` gets it when its body is to be read (not when it is refused by its
 * `Content-Length`).
 */
export const readRequest = (
  request: Http.IncomingMessage,
  response: Http.ServerResponse,
  defaultLanguage: "ko" | "en",
  maxBodyBytes: number
): Effect.Effect<Read> => {
  const incoming = incomingOf(
    request.method ?? "GET",
    request.url ?? "/",
    request.headers as Readonly<Record<string, string>>,
    request.socket.remoteAddress ?? "127.0.0.1",
    defaultLanguage
  )
  if (hasNoBody(request.headers)) return Effect.succeed({ incoming })
  if (Number(request.headers["content-length"]) > maxBodyBytes) return Effect.succeed({ incoming, failure: tooLarge(maxBodyBytes) })
  // A client that asked to be told before it sends the body (`Expect: 100-continue`) is told now.
  if (/^\s*100-continue\s*$/i.test(request.headers.expect ?? "") && !response.headersSent) response.writeContinue()
  return Effect.callback<Read>((resume) => {
    const stop = readNodeBody(request, maxBodyBytes, (outcome) => {
      switch (outcome._tag) {
        case "Body":
          return resume(Effect.succeed({ incoming: { ...incoming, body: outcome.bytes } }))
        case "TooLarge":
          return resume(Effect.succeed({ incoming, failure: tooLarge(maxBodyBytes) }))
        case "Unreadable":
          return resume(Effect.succeed({ incoming, failure: fail("InvalidRequest", "the body could not be read") }))
      }
    })
    return Effect.sync(stop)
  })
}

/**
 * An answer as the HTTP server writes it: status, headers and body in one piece — or, for an
 * answer that stays open (a page's events), its body then what follows, as it comes, never
 * compressed (a compressed stream would sit in the compressor's buffer).
 */
export const responseOf = (answer: WireAnswer, gzip: boolean): HttpServerResponse.HttpServerResponse =>
  answer.more === undefined
    ? HttpServerResponse.uint8Array(sentBytes(answer, gzip), { status: answer.status, headers: headersOf(answer, gzip) })
    : HttpServerResponse.stream(Stream.concat(Stream.succeed(answer.body.bytes), answer.more), { status: answer.status, headers: headersOf(answer, false) })

/** The head and half of the body of an answer, as a connection fault sends them. */
const partialAnswer = (answer: WireAnswer, gzip: boolean): Buffer => {
  const bytes = sentBytes(answer, gzip)
  const lines = [`HTTP/1.1 ${answer.status} ${Http.STATUS_CODES[answer.status] ?? ""}`]
  for (const [name, value] of Object.entries(headersOf(answer, gzip))) lines.push(`${name}: ${value}`)
  lines.push(`content-length: ${bytes.length}`, "connection: close", "", "")
  return Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), bytes.subarray(0, Math.floor(bytes.length / 2))])
}

/**
 * Delivers an answer: the response to write, or its injected connection fault acted out on the
 * socket — `reset` (reset before anything is sent), `dropAfter` (closed without an answer),
 * `truncate` (the head with the full `Content-Length` and half the body, then closed), `hang` (the
 * same, never finished: the connection stays until the client gives up or the server stops). A
 * fault's effect never completes: the request ends when its connection closes.
 */
export const deliver = (request: Http.IncomingMessage, answer: WireAnswer, gzip: boolean): Effect.Effect<HttpServerResponse.HttpServerResponse> => {
  if (answer.fault === undefined) return Effect.succeed(responseOf(answer, gzip))
  const socket = request.socket
  const fault = answer.fault
  return Effect.andThen(
    Effect.sync(() => {
      switch (fault) {
        case "reset":
          return void socket.resetAndDestroy()
        case "dropAfter":
          return void socket.destroy()
        case "truncate":
          return void socket.end(partialAnswer(answer, gzip), () => socket.destroy())
        case "hang":
          return void socket.write(partialAnswer(answer, gzip))
      }
    }),
    Effect.never
  )
}
