/**
 * The socket server's edge between Node's `http` objects and the kernel: a request read as the
 * kernel sees it (exact body bytes, refused above the body limit from `Content-Length` or while it
 * streams, never buffered whole), and an answer written in one piece — or, for an injected
 * connection fault, acted out on the socket (docs/resilience.md, "Injected faults").
 *
 * @since 0.1.0
 */
import * as Http from "node:http"
import { fail } from "./Failure.js"
import { headersOf, type WireAnswer } from "./Encoded.js"
import { incomingOf, type Read, readNodeBody, tooLarge } from "./HttpEdge.js"

/** A request that carries no body: no `Content-Length` (or 0) and no `Transfer-Encoding` (RFC 9112 §6.3). */
const hasNoBody = (headers: Http.IncomingHttpHeaders): boolean =>
  (headers["content-length"] === undefined || headers["content-length"] === "0") && headers["transfer-encoding"] === undefined

/**
 * Reads a Node request and hands it to `then` as the kernel reads a request: at once when it has
 * no body; otherwise once its body has arrived (chunks concatenated once), or as soon as it is
 * known to pass `maxBodyBytes` (from `Content-Length`, or the bytes received) — the rest is left
 * unread (see `Connections.ts` for how the connection then closes).
 *
 * @since 0.1.0
 * @category combinators
 */
export const readRequest = (
  request: Http.IncomingMessage,
  defaultLanguage: "ko" | "en",
  maxBodyBytes: number,
  then: (read: Read) => void
): void => {
  const incoming = incomingOf(
    request.method ?? "GET",
    request.url ?? "/",
    request.headers as Readonly<Record<string, string>>,
    request.socket.remoteAddress ?? "127.0.0.1",
    defaultLanguage
  )
  if (hasNoBody(request.headers)) return then({ incoming })
  if (Number(request.headers["content-length"]) > maxBodyBytes) return then({ incoming, failure: tooLarge(maxBodyBytes) })
  readNodeBody(request, maxBodyBytes, (outcome) => {
    switch (outcome._tag) {
      case "Body":
        return then({ incoming: { ...incoming, body: outcome.bytes } })
      case "TooLarge":
        return then({ incoming, failure: tooLarge(maxBodyBytes) })
      case "Unreadable":
        return then({ incoming, failure: fail("InvalidRequest", "the body could not be read") })
    }
  })
}

/** The bytes of an answer as sent: gzip-encoded when the client accepts gzip. */
const sentBytes = (answer: WireAnswer, gzip: boolean): Uint8Array => (gzip ? answer.body.gzipped : answer.body.bytes)

/**
 * Writes an answer: status, headers and body in one write.
 *
 * @since 0.1.0
 * @category combinators
 */
export const writeAnswer = (response: Http.ServerResponse, answer: WireAnswer, gzip: boolean): void => {
  const bytes = sentBytes(answer, gzip)
  const headers = headersOf(answer, gzip)
  headers["content-length"] = String(bytes.length)
  response.writeHead(answer.status, headers)
  response.end(bytes)
}

/** The head and half of the body of an answer, as a connection fault sends them. */
const partialAnswer = (answer: WireAnswer, gzip: boolean): Buffer => {
  const bytes = sentBytes(answer, gzip)
  const lines = [`HTTP/1.1 ${answer.status} ${Http.STATUS_CODES[answer.status] ?? ""}`]
  for (const [name, value] of Object.entries(headersOf(answer, gzip))) lines.push(`${name}: ${value}`)
  lines.push(`content-length: ${bytes.length}`, "connection: close", "", "")
  return Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), bytes.subarray(0, Math.floor(bytes.length / 2))])
}

/**
 * Delivers an answer: written normally, or its injected connection fault acted out on the socket —
 * `reset` (reset before anything is sent), `dropAfter` (closed without an answer), `truncate` (the
 * head with the full `Content-Length` and half the body, then closed), `hang` (the same, never
 * finished: the connection stays until the client gives up or the server stops).
 *
 * @since 0.1.0
 * @category combinators
 */
export const deliver = (request: Http.IncomingMessage, response: Http.ServerResponse, answer: WireAnswer, gzip: boolean): void => {
  const socket = request.socket
  switch (answer.fault) {
    case undefined:
      return writeAnswer(response, answer, gzip)
    case "reset":
      return void socket.resetAndDestroy()
    case "dropAfter":
      return void socket.destroy()
    case "truncate":
      return void socket.end(partialAnswer(answer, gzip), () => socket.destroy())
    case "hang":
      return void socket.write(partialAnswer(answer, gzip))
  }
}
