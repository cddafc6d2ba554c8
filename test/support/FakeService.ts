/**
 * A scripted stand-in for the service, as an `HttpClient`, for unit tests of the core transport
 * (token cache, retries, decoding) that need exact control over answers and timing.
 */
import { Clock, Deferred, Effect, Layer, Redacted } from "effect"
import { HttpClient, type HttpClientRequest, HttpClientResponse } from "effect/http"
import * as Config from "../../src/core/Config.js"

export const SECRET = "rQYtqegPWltonnr4IeqeL3RO8m4Q57WdXT4DpsLws9E="

export interface Seen {
  readonly method: string
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

export type Answer = { readonly status: number; readonly body: string | Uint8Array; readonly headers?: Record<string, string> }

export interface FakeState {
  readonly seen: Array<Seen>
  tokenCount: number
  /** The lifetime the tokens announce in `expiration` (default 30 minutes). */
  tokenLifetimeMillis: number
  /** When set, token issuance waits for it. */
  gate: Deferred.Deferred<void> | undefined
  /** When it returns an answer, token issuance for that member is refused with it. */
  refuseToken: (corpNum: string) => Answer | undefined
  /** Answers API calls (not token issuance). */
  api: (seen: Seen, state: FakeState) => Effect.Effect<Answer>
}

const bodyText = (request: HttpClientRequest.HttpClientRequest): string =>
  request.body._tag === "Uint8Array" ? new TextDecoder().decode(request.body.body) : ""

/** A body `Response` accepts (a copy backed by a plain ArrayBuffer). */
const bytesOf = (body: string | Uint8Array): string | Uint8Array<ArrayBuffer> => (typeof body === "string" ? body : new Uint8Array(body))

export const makeState = (api: FakeState["api"]): FakeState => ({
  seen: [],
  tokenCount: 0,
  tokenLifetimeMillis: 30 * 60 * 1000,
  gate: undefined,
  refuseToken: () => undefined,
  api
})

export const httpClient = (state: FakeState) =>
  HttpClient.make((request) =>
    Effect.gen(function*() {
      const seen: Seen = { method: request.method, url: request.url, headers: request.headers, body: bodyText(request) }
      state.seen.push(seen)
      let answer: Answer
      if (/\/SERVICE(_TEST)?\/Token$/.test(new URL(request.url).pathname)) {
        if (state.gate !== undefined) yield* Deferred.await(state.gate)
        const now = yield* Clock.currentTimeMillis
        const parsed = JSON.parse(seen.body) as { access_id: string; scope: Array<string> }
        const refused = state.refuseToken(parsed.access_id)
        if (refused !== undefined) {
          return HttpClientResponse.fromWeb(request, new Response(bytesOf(refused.body), { status: refused.status }))
        }
        state.tokenCount++
        answer = {
          status: 200,
          body: JSON.stringify({
            session_token: `token-${state.tokenCount}`,
            serviceID: "SERVICE_TEST",
            linkID: "TESTER",
            userID: parsed.access_id,
            partnerCode: "P1",
            usercode: "U1",
            scope: parsed.scope,
            ipaddress: "*",
            expiration: new Date(now + state.tokenLifetimeMillis).toISOString()
          })
        }
      } else {
        answer = yield* state.api(seen, state)
      }
      return HttpClientResponse.fromWeb(request, new Response(bytesOf(answer.body), { status: answer.status, headers: answer.headers ?? { "content-type": "application/json" } }))
    })
  )

export const configLayer = (overrides: Partial<Config.Options> = {}) =>
  Config.layer({
    linkId: "TESTER",
    secretKey: Redacted.make(SECRET),
    authUrl: "http://auth.example.test",
    apiUrl: "http://api.example.test",
    ...overrides
  })

export const layer = (state: FakeState, overrides: Partial<Config.Options> = {}): Layer.Layer<Config.TaxdocConfig | HttpClient.HttpClient, Config.ConfigInvalid> =>
  Layer.merge(configLayer(overrides), Layer.succeed(HttpClient.HttpClient, httpClient(state)))
