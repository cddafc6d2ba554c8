/** Raw-HTTP helpers for sandbox tests: signed token requests and API calls through HttpClient. */
import { Clock, Effect, Layer } from "effect"
import { HttpBody, HttpClient, HttpClientRequest, type HttpClientResponse } from "effect/http"
import * as Signing from "../../src/core/Signing.js"
import * as InProcess from "../../src/sandbox/InProcess.js"
import { tester, TESTER_LINK_ID, TESTER_SECRET } from "../../src/sandbox/Partners.js"
import * as Sandbox from "../../src/sandbox/Sandbox.js"
import type { AccessToken } from "../../src/sandbox/auth/IssuedTokens.js"

export const ORIGIN = InProcess.SANDBOX_ORIGIN

/** A member seeded in the test environment of every test sandbox. */
export const MEMBER = "1234567891"
export const MANAGER_ID = `user${MEMBER}`

/** A fresh sandbox (TESTER with the well-known secret, MEMBER joined) and an in-process client. */
export const sandboxLayer = (options: Sandbox.MemoryOptions & InProcess.ClientOptions = {}): Layer.Layer<HttpClient.HttpClient | Sandbox.Sandbox> =>
  InProcess.layer({ partners: [tester], members: [{ corpNum: MEMBER }], ...options })

export interface TokenRequestOptions {
  readonly corpNum?: string | undefined
  readonly scopes?: ReadonlyArray<string> | undefined
  readonly linkId?: string | undefined
  readonly secret?: string | undefined
  readonly serviceId?: string | undefined
  /** The exact body text sent (default compact JSON of corpNum and scopes). */
  readonly body?: string | Uint8Array | undefined
  /** The body that is signed, when it differs from the one sent (tampering). */
  readonly signedBody?: string | Uint8Array | undefined
  /** X-SVC-Date (default: the Effect clock, without milliseconds). */
  readonly date?: string | undefined
  readonly signedDate?: string | undefined
  readonly forwarded?: string | undefined
  readonly signedForwarded?: string | undefined
  readonly contentType?: string | null | undefined
  readonly version?: string | undefined
  /** The path sent (default `/<serviceId>/Token`). */
  readonly path?: string | undefined
  /** The path that is signed (default the path sent). */
  readonly signedPath?: string | undefined
  readonly headers?: Record<string, string> | undefined
}

export const tokenBody = (corpNum: string, scopes: ReadonlyArray<string>): string => JSON.stringify({ access_id: corpNum, scope: scopes })

/** A signed token request, as a client following the spec builds it. */
export const tokenRequest = (options: TokenRequestOptions = {}): Effect.Effect<HttpClientRequest.HttpClientRequest> =>
  Effect.map(Clock.currentTimeMillis, (now) => {
    const serviceId = options.serviceId ?? "SERVICE_TEST"
    const body = options.body ?? tokenBody(options.corpNum ?? MEMBER, options.scopes ?? ["member", "170"])
    const date = options.date ?? Signing.formatSvcDate(now)
    const path = options.path ?? `/${serviceId}/Token`
    const toSign = Signing.stringToSign({
      bodyDigest: Signing.bodyDigest(options.signedBody ?? body),
      date: options.signedDate ?? date,
      forwarded: options.signedForwarded ?? options.forwarded,
      version: options.version ?? Signing.SVC_VERSION,
      path: options.signedPath ?? path
    })
    const signature = Signing.sign(options.secret ?? TESTER_SECRET, toSign)
    const headers: Record<string, string> = {
      authorization: Signing.authorization(options.linkId ?? TESTER_LINK_ID, signature),
      "x-svc-date": date,
      "x-svc-version": options.version ?? Signing.SVC_VERSION,
      ...(options.forwarded === undefined ? {} : { "x-svc-forwarded": options.forwarded }),
      ...options.headers
    }
    const bytes = typeof body === "string" ? Signing.utf8(body) : body
    return HttpClientRequest.post(`${ORIGIN}${path}`).pipe(
      HttpClientRequest.setHeaders(headers),
      HttpClientRequest.setBody(
        options.contentType === null ? HttpBody.raw(bytes) : HttpBody.uint8Array(bytes, options.contentType ?? "application/json")
      )
    )
  })

export interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
}

const answerOf = (response: HttpClientResponse.HttpClientResponse): Effect.Effect<Answer> =>
  response.text.pipe(
    Effect.map((text) => {
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // not JSON: the text itself
      }
      return { status: response.status, headers: response.headers, body }
    }),
    Effect.orDie
  )

/** Sends a request through the HttpClient in context and reads the answer (JSON when it parses). */
export const send = (request: HttpClientRequest.HttpClientRequest): Effect.Effect<Answer, never, HttpClient.HttpClient> =>
  Effect.flatMap(HttpClient.HttpClient, (client) => client.execute(request)).pipe(Effect.orDie, Effect.flatMap(answerOf))

/** Sends with a given client (e.g. one with another remote address). */
export const sendWith = (client: HttpClient.HttpClient, request: HttpClientRequest.HttpClientRequest): Effect.Effect<Answer> =>
  client.execute(request).pipe(Effect.orDie, Effect.flatMap(answerOf))

/** Issues a token (fails the test when refused). */
export const issueToken = (options: TokenRequestOptions = {}): Effect.Effect<AccessToken, never, HttpClient.HttpClient> =>
  Effect.flatMap(tokenRequest(options), send).pipe(
    Effect.flatMap((answer) =>
      answer.status === 200 ? Effect.succeed(answer.body as AccessToken) : Effect.die(new Error(`token refused: ${JSON.stringify(answer.body)}`))
    )
  )

export interface ApiCall {
  readonly method?: "GET" | "POST" | "DELETE" | "PUT"
  readonly path: string
  readonly token?: string
  readonly body?: unknown
  readonly rawBody?: string | Uint8Array
  readonly headers?: Record<string, string>
}

/** An API request with a bearer token and a JSON body. */
export const apiRequest = (call: ApiCall): HttpClientRequest.HttpClientRequest => {
  let request = HttpClientRequest.make(call.method ?? "GET")(`${ORIGIN}${call.path}`)
  if (call.token !== undefined) request = HttpClientRequest.bearerToken(request, call.token)
  if (call.rawBody !== undefined) {
    request = HttpClientRequest.bodyUint8Array(request, typeof call.rawBody === "string" ? Signing.utf8(call.rawBody) : call.rawBody, "application/json")
  } else if (call.body !== undefined) {
    request = HttpClientRequest.bodyUint8Array(request, Signing.utf8(JSON.stringify(call.body)), "application/json")
  }
  return call.headers === undefined ? request : HttpClientRequest.setHeaders(request, call.headers)
}

/** Sends an API call through the HttpClient in context. */
export const api = (call: ApiCall): Effect.Effect<Answer, never, HttpClient.HttpClient> => send(apiRequest(call))

/** The `{code, message}` of an answer. */
export const codeOf = (answer: Answer): number => (answer.body as { readonly code: number }).code

const asciiString = (text: string): string =>
  JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)

/**
 * JSON text as the client that keeps every key of its model writes it: ASCII only (`\uXXXX` for
 * Hangul and every other non-ASCII character) with a space after each `:` and `,`.
 */
export const asciiJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(asciiJson).join(", ")}]`
  if (typeof value === "object" && value !== null) {
    const members = Object.entries(value).filter(([, member]) => member !== undefined)
    return `{${members.map(([key, member]) => `${asciiString(key)}: ${asciiJson(member)}`).join(", ")}}`
  }
  return typeof value === "string" ? asciiString(value) : JSON.stringify(value)
}
