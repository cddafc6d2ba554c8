/**
 * The `HttpClient` taxdoc's programs provide (`Undici.layer()`: Effect's client over an undici
 * pool of taxdoc's size), on its own against a server on
 * 127.0.0.1: what it sends (method, path and query, headers, every kind of body), what it answers
 * (status, headers, cookies, the body whole, as text, as JSON, or streamed), and how it fails and
 * stops — a refused connection carries `ECONNREFUSED`, an answer cut short fails its body, an
 * interrupted request or body read is aborted on the wire, the pool closes with its scope.
 */
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Exit, Fiber, Layer, Option, Queue, Scope, Stream } from "effect"
import { Headers, HttpBody, HttpClient, HttpClientRequest, UrlParams } from "effect/http"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import * as Undici from "../../src/core/Undici.js"

interface Seen {
  readonly method: string
  readonly url: string
  readonly headers: Http.IncomingHttpHeaders
  readonly body: Buffer
}

/** A server on 127.0.0.1 answering with `handle`, and what it was sent. */
const serve = (handle: (request: Http.IncomingMessage, response: Http.ServerResponse, body: Buffer) => void) =>
  Effect.acquireRelease(
    Effect.callback<{ readonly url: string; readonly seen: Array<Seen>; readonly server: Http.Server }>((resume) => {
      const seen: Array<Seen> = []
      const server = Http.createServer((request, response) => {
        const chunks: Array<Buffer> = []
        request.on("data", (chunk: Buffer) => chunks.push(chunk))
        request.on("end", () => {
          const body = Buffer.concat(chunks)
          seen.push({ method: request.method!, url: request.url!, headers: request.headers, body })
          handle(request, response, body)
        })
      })
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server })))
    }),
    ({ server }) => Effect.callback<void>((resume) => {
      server.closeAllConnections()
      server.close(() => resume(Effect.void))
    })
  )

const client = HttpClient.HttpClient

describe("Undici.layer()", () => {
  it.live("sends the method, path, query and headers as given, and answers status, headers, cookies and the body", () =>
    Effect.gen(function*() {
      const { seen, url } = yield* serve((_, response) => {
        response.writeHead(201, { "content-type": "application/json", "x-answer": "yes", "set-cookie": "session=abc; Path=/" })
        response.end("{\"ok\":true}")
      })
      const http = yield* client
      // As the SDK sends a bare query flag: the URL whole, as the service writes it.
      const response = yield* http.execute(
        HttpClientRequest.makeWith("GET", `${url}/Cashbill/K-1?Detail&page=2`, UrlParams.empty, Option.none(), Headers.fromInput({ authorization: "Bearer t", "accept-language": "ko-KR" }), HttpBody.empty)
      )
      expect(response.status).toBe(201)
      expect(response.headers["x-answer"]).toBe("yes")
      expect(response.cookies.cookies["session"]?.value).toBe("abc")
      expect(yield* response.json).toEqual({ ok: true })
      // Read again: the same body.
      expect(yield* response.text).toBe("{\"ok\":true}")
      expect(seen[0]).toMatchObject({ method: "GET", url: "/Cashbill/K-1?Detail&page=2" })
      expect(seen[0]!.headers).toMatchObject({ authorization: "Bearer t", "accept-language": "ko-KR" })
    }).pipe(Effect.provide(Undici.layer()), Effect.scoped))

  it.live("sends bytes, text, forms and streams as bodies, with their content types", () =>
    Effect.gen(function*() {
      const { seen, url } = yield* serve((_, response) => response.writeHead(200).end())
      const http = yield* client
      yield* http.execute(HttpClientRequest.post(`${url}/bytes`).pipe(HttpClientRequest.setBody(HttpBody.uint8Array(new TextEncoder().encode("{\"a\":1}"), "application/json"))))
      yield* http.execute(HttpClientRequest.post(`${url}/text`).pipe(HttpClientRequest.bodyText("가나다", "text/plain; charset=utf-8")))
      const form = new FormData()
      form.append("name", "영수증")
      yield* http.execute(HttpClientRequest.post(`${url}/form`).pipe(HttpClientRequest.bodyFormData(form)))
      yield* http.execute(
        HttpClientRequest.post(`${url}/stream`).pipe(HttpClientRequest.bodyStream(Stream.make(new TextEncoder().encode("one,"), new TextEncoder().encode("two")), { contentType: "text/csv" }))
      )
      const byPath = Object.fromEntries(seen.map((request) => [request.url, request]))
      expect(byPath["/bytes"]).toMatchObject({ method: "POST", headers: { "content-type": "application/json", "content-length": "7" } })
      expect(byPath["/bytes"]!.body.toString()).toBe("{\"a\":1}")
      expect(byPath["/text"]!.body.toString()).toBe("가나다")
      expect(byPath["/text"]!.headers["content-type"]).toBe("text/plain; charset=utf-8")
      expect(byPath["/form"]!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/)
      expect(byPath["/form"]!.body.toString()).toContain("영수증")
      expect(byPath["/stream"]!.body.toString()).toBe("one,two")
      expect(byPath["/stream"]!.headers["content-type"]).toBe("text/csv")
    }).pipe(Effect.provide(Undici.layer()), Effect.scoped))

  it.live("streams a large answer in order, chunk by chunk", () =>
    Effect.gen(function*() {
      const block = Buffer.alloc(64 * 1024)
      const blocks = 48
      const { url } = yield* serve((_, response) => {
        response.writeHead(200, { "content-type": "application/octet-stream" })
        let sent = 0
        const write = (): void => {
          while (sent < blocks) {
            block.fill(sent % 251)
            sent++
            if (!response.write(Buffer.from(block))) return void response.once("drain", write)
          }
          response.end()
        }
        write()
      })
      const http = yield* client
      const response = yield* http.execute(HttpClientRequest.get(`${url}/big`))
      const chunks = yield* Stream.runCollect(response.stream)
      const whole = Buffer.concat(chunks)
      expect(whole.length).toBe(blocks * block.length)
      for (let i = 0; i < blocks; i++) expect(whole[i * block.length]).toBe(i % 251)
    }).pipe(Effect.provide(Undici.layer()), Effect.scoped))

  it.live("a refused connection fails before an answer, with ECONNREFUSED in its cause", () =>
    Effect.gen(function*() {
      const { server, url } = yield* serve(() => {})
      yield* Effect.callback<void>((resume) => void server.close(() => resume(Effect.void)))
      const http = yield* client
      const error = yield* Effect.flip(http.execute(HttpClientRequest.get(`${url}/nobody`)))
      expect(error.reason._tag).toBe("TransportError")
      expect((error.reason.cause as { readonly code?: string }).code).toBe("ECONNREFUSED")
    }).pipe(Effect.provide(Undici.layer()), Effect.scoped))

  it.live("an answer cut short fails its body", () =>
    Effect.gen(function*() {
      const { url } = yield* serve((_, response) => {
        response.writeHead(200, { "content-type": "application/json", "content-length": "100" })
        response.write("{\"partial\":", () => response.socket?.destroy())
      })
      const http = yield* client
      const response = yield* http.execute(HttpClientRequest.get(`${url}/cut`))
      expect(response.status).toBe(200)
      const error = yield* Effect.flip(response.arrayBuffer)
      expect(error.reason._tag).toBe("DecodeError")
    }).pipe(Effect.provide(Undici.layer()), Effect.scoped))

  it.live("interrupting a request before its answer, or while its body is read, closes the connection", () =>
    Effect.gen(function*() {
      const arrived = yield* Queue.unbounded<string>()
      const closed = yield* Queue.unbounded<string>()
      const { url } = yield* serve((request, response) => {
        response.socket?.on("close", () => Queue.offerUnsafe(closed, request.url!))
        // `/head` never answers; `/body` and `/small` send their head and part of their body, then wait.
        if (request.url === "/body") response.writeHead(200, { "content-length": "100000" }).write("x".repeat(10))
        if (request.url === "/small") response.writeHead(200, { "content-length": "1000" }).write("x".repeat(10))
        Queue.offerUnsafe(arrived, request.url!)
      })
      const http = yield* client
      const waiting = yield* Effect.forkChild(http.execute(HttpClientRequest.get(`${url}/head`)), { startImmediately: true })
      expect(yield* Queue.take(arrived)).toBe("/head")
      yield* Fiber.interrupt(waiting)
      expect(yield* Queue.take(closed)).toBe("/head")

      const response = yield* http.execute(HttpClientRequest.get(`${url}/body`))
      expect(yield* Queue.take(arrived)).toBe("/body")
      const reading = yield* Effect.forkChild(response.arrayBuffer, { startImmediately: true })
      yield* Fiber.interrupt(reading)
      expect(yield* Queue.take(closed)).toBe("/body")

      // A small answer is handed on whole: the request waits for the rest of its body.
      const small = yield* Effect.forkChild(http.execute(HttpClientRequest.get(`${url}/small`)), { startImmediately: true })
      expect(yield* Queue.take(arrived)).toBe("/small")
      yield* Fiber.interrupt(small)
      expect(yield* Queue.take(closed)).toBe("/small")
    }).pipe(Effect.provide(Undici.layer()), Effect.scoped))

  it.live("the pool closes with the layer's scope: a request afterwards fails", () =>
    Effect.gen(function*() {
      const { url } = yield* serve((_, response) => response.writeHead(200).end("ok"))
      const scope = yield* Scope.make()
      const context = yield* Layer.buildWithScope(Undici.layer(), scope)
      const http = Context.get(context, HttpClient.HttpClient)
      expect(yield* Effect.flatMap(http.execute(HttpClientRequest.get(`${url}/before`)), (response) => response.text)).toBe("ok")
      yield* Scope.close(scope, Exit.void)
      const after = yield* Effect.flip(http.execute(HttpClientRequest.get(`${url}/after`)))
      expect(after.reason._tag).toBe("TransportError")
    }).pipe(Effect.scoped))
})
