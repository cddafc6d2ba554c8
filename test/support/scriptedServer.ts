/**
 * A server of our own on 127.0.0.1 that answers whatever a test scripts: token requests with a
 * token, everything else as the test says. For the client's transports, tested against answers
 * the sandbox would never give.
 */
import { Effect, Layer } from "effect"
import type { HttpClient } from "effect/http"
import * as Http from "node:http"
import * as Client from "../../src/core/Client.js"
import type * as Config from "../../src/core/Config.js"
import * as Fake from "./FakeService.js"

export const CORP = "1234567891"

/** A server of our own on 127.0.0.1: answers with `answer`, records what it was sent. */
export const scriptedServer = (answer: (request: Http.IncomingMessage, response: Http.ServerResponse) => void) =>
  Effect.acquireRelease(
    Effect.callback<{ readonly url: string; readonly seen: Array<Http.IncomingHttpHeaders>; readonly server: Http.Server }>((resume) => {
      const seen: Array<Http.IncomingHttpHeaders> = []
      const server = Http.createServer((request, response) => {
        seen.push(request.headers)
        request.resume()
        request.on("end", () => answer(request, response))
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address() as { port: number }
        resume(Effect.succeed({ url: `http://127.0.0.1:${address.port}`, seen, server }))
      })
    }),
    ({ server }) =>
      Effect.callback<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  )

export const tokenAnswer = JSON.stringify({
  session_token: "tok-1",
  serviceID: "SERVICE_TEST",
  linkID: "TESTER",
  userID: CORP,
  scope: ["member", "140"],
  ipaddress: "*",
  expiration: "2099-01-01T00:00:00Z"
})

/** Answers token requests with a token, and everything else with `api`. */
export const withToken = (api: (request: Http.IncomingMessage, response: Http.ServerResponse) => void) =>
(request: Http.IncomingMessage, response: Http.ServerResponse) => {
  if (request.url?.endsWith("/Token")) {
    response.writeHead(200, { "content-type": "application/json" }).end(tokenAnswer)
  } else {
    api(request, response)
  }
}

export const clientOver = <E>(url: string, transport: Layer.Layer<HttpClient.HttpClient, E>, overrides: Partial<Config.Options> = {}) =>
  Layer.provide(Client.layer, Layer.merge(Fake.configLayer({ authUrl: url, apiUrl: url, ...overrides }), transport))

