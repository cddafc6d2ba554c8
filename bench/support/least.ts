/**
 * The least an Effect client of the service does, written by hand on Effect's own `HttpClient`
 * (`effect/http`) over undici through `@effect/platform-node` (`NodeHttpClient.layerUndiciOptions`,
 * with the pool size `Undici.layer()` gives the SDK): a token issued with the plain client's request
 * signed with `node:crypto` (`tokenRequest`), each call the same request the SDK sends (`Bearer`
 * token, `Accept-Encoding: gzip`, `Accept-Language`), the answer read whole, gunzipped with zlib when
 * it came compressed (`gunzipSync`, as the SDK does), parsed and decoded into a Schema class. No
 * configuration, input validation, retries, deadlines, token cache or error model.
 *
 * It is what a user would write instead of the SDK on Effect, so it is both a side of the client
 * comparisons (bench/clients/least.ts: a token issued once and kept, calls in Effect fibers) and,
 * built and run for one call (`getInfo`), the least client of the cold-start benchmark: what any
 * Effect program talking to the service over undici pays on its first call above the Effect floor
 * (Effect's runtime run for the first time, the platform's client and undici loaded, two
 * exchanges). It imports only Effect, the platform's Node package and the plain client beside it, so
 * it also runs in the benchmark's scratch project, where both are copied.
 *
 * @since 0.1.0
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import type * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { gunzipSync } from "node:zlib"
import { tokenRequest } from "./plain.js"

/**
 * Where the client goes and as whom.
 *
 * @since 0.1.0
 * @category models
 */
export interface LeastOptions {
  readonly linkId: string
  /** Base64, as the partner is given it. */
  readonly secretKey: string
  /** The origin of the token service and of the API (one sandbox in the benchmark). */
  readonly origin: string
}

/**
 * The fields of a receipt's information that the benchmark reads, decoded as the SDK's answers are:
 * a Schema class.
 *
 * @since 0.1.0
 * @category models
 */
export class Info extends Schema.Class<Info>("Info")({
  mgtKey: Schema.String,
  stateCode: Schema.Number,
  itemKey: Schema.optional(Schema.NullOr(Schema.String)),
  tradeDate: Schema.optional(Schema.NullOr(Schema.String)),
  confirmNum: Schema.optional(Schema.NullOr(Schema.String)),
  totalAmount: Schema.optional(Schema.NullOr(Schema.Union([Schema.String, Schema.Number]))),
  stateDT: Schema.optional(Schema.NullOr(Schema.String))
}) {}

/**
 * The answer of RegistIssue, a Schema class.
 *
 * @since 2.0.0
 * @category models
 */
export class Issued extends Schema.Class<Issued>("Issued")({
  code: Schema.Number,
  message: Schema.String,
  confirmNum: Schema.String,
  tradeDate: Schema.String
}) {}

/**
 * The client's `HttpClient`: the platform's undici client with a pool of 64 connections per origin,
 * the pool `Undici.layer()` gives the SDK.
 *
 * @since 2.0.0
 * @category layers
 */
export const layer: Layer.Layer<HttpClient.HttpClient> = NodeHttpClient.layerUndiciOptions({ connections: 64 })

/**
 * The client: a token, and the two calls with a token given.
 *
 * @since 2.0.0
 * @category models
 */
export interface LeastClient {
  readonly token: (corpNum: string) => Effect.Effect<string, Error>
  readonly getInfo: (token: string, mgtKey: string) => Effect.Effect<Info, Error>
  readonly registIssue: (token: string, receipt: object) => Effect.Effect<Issued, Error>
}

// The answer's body as JSON, gunzipped when it came compressed; a status other than 200 fails.
const json = (response: HttpClientResponse.HttpClientResponse): Effect.Effect<unknown, Error> =>
  Effect.flatMap(response.arrayBuffer, (buffer) => {
    const bytes = new Uint8Array(buffer)
    const text = Buffer.from(response.headers["content-encoding"] === "gzip" ? gunzipSync(bytes) : bytes).toString("utf8")
    return response.status === 200 ? Effect.try(() => JSON.parse(text) as unknown) : Effect.fail(new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`))
  })

const headersOf = (token: string): Record<string, string> => ({ "authorization": `Bearer ${token}`, "accept-encoding": "gzip", "accept-language": "ko-KR" })

/**
 * The client of `options` over the `HttpClient` in the context.
 *
 * @since 2.0.0
 * @category constructors
 */
export const make = (options: LeastOptions): Effect.Effect<LeastClient, never, HttpClient.HttpClient> =>
  Effect.map(HttpClient.HttpClient, (client): LeastClient => {
    const decodeInfo = Schema.decodeUnknownEffect(Info)
    const decodeIssued = Schema.decodeUnknownEffect(Issued)
    const call = (request: HttpClientRequest.HttpClientRequest) => Effect.flatMap(client.execute(request), json)
    return {
      token: (corpNum) =>
        Effect.suspend(() => {
          const { path, headers: { "Content-Type": contentType, ...headers }, body } = tokenRequest({ ...options, isTest: true }, corpNum)
          return call(HttpClientRequest.post(`${options.origin}${path}`, { headers }).pipe(HttpClientRequest.bodyText(body, contentType))).pipe(
            Effect.map((answer) => (answer as { readonly session_token: string }).session_token)
          )
        }),
      getInfo: (token, mgtKey) => Effect.flatMap(call(HttpClientRequest.get(`${options.origin}/Cashbill/${mgtKey}`, { headers: headersOf(token) })), decodeInfo),
      registIssue: (token, receipt) =>
        Effect.suspend(() =>
          Effect.flatMap(
            call(
              HttpClientRequest.post(`${options.origin}/Cashbill`, { headers: { ...headersOf(token), "x-http-method-override": "ISSUE" } }).pipe(
                HttpClientRequest.bodyText(JSON.stringify(receipt), "application/json;charset=utf-8")
              )
            ),
            decodeIssued
          )
        )
    }
  })

/**
 * One GetInfo of a cash receipt, its token issued first, over a client built and closed for it.
 *
 * @since 0.1.0
 * @category constructors
 */
export const getInfo = (options: LeastOptions, corpNum: string, mgtKey: string): Effect.Effect<Info, Error> =>
  Effect.gen(function*() {
    const client = yield* make(options)
    const token = yield* client.token(corpNum)
    return yield* client.getInfo(token, mgtKey)
  }).pipe(Effect.provide(layer))
