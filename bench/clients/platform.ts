/**
 * The platform's HTTP client used raw, as an application's own `HttpClient`: `NodeHttpClient`
 * from `@effect/platform-node` (undici, or Node's `http` for information) in a `ManagedRuntime`,
 * the SDK's headers and a token issued beforehand, each answer read whole, gunzipped when gzip came
 * back and parsed with `JSON.parse`; the loop in Effect fibers (one per caller), as the SDK's side
 * runs. The SDK over the same client against this is what the SDK adds to a user's client.
 *
 * It imports nothing of taxdoc, and loads the platform's modules where the Effect it runs on keeps
 * them (`effect/http/…` on Effect 4, `@effect/platform/…` on Effect 3; the functions it calls have
 * the same names and shapes on both), so a checkout of the 0.1 line runs it on its own Effect 3
 * (bench/support/compile.ts, `NEUTRAL`).
 *
 * @since 1.0.0
 */
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { gunzipSync } from "node:zlib"
import { Effect, ManagedRuntime } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import type * as Layer from "effect/Layer"
import { effectLoop } from "../support/effectLoop.js"
import { type Client, type ClientConfig, ISSUE_HEADERS, sampleReceipt, sdkHeaders } from "./protocol.js"

/**
 * Which of the platform's Node clients.
 *
 * @since 1.0.0
 * @category models
 */
export type PlatformClient = "undici" | "node:http"

/** The major version of the Effect this process resolves. */
const effectMajor = (): number => {
  const entry = fileURLToPath(import.meta.resolve("effect"))
  const at = entry.lastIndexOf(`${"node_modules"}/effect/`)
  const manifest = `${entry.slice(0, at)}node_modules/effect/package.json`
  return Number((JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version.split(".")[0])
}

interface Modules {
  readonly HttpClient: typeof HttpClient
  readonly HttpClientRequest: typeof HttpClientRequest
  readonly layer: Layer.Layer<HttpClient.HttpClient>
}

const modulesOf = async (which: PlatformClient): Promise<Modules> => {
  const v4 = effectMajor() >= 4
  // Specifiers held in variables: which exist depends on the Effect installed.
  const paths = v4
    ? ["effect/http/HttpClient", "effect/http/HttpClientRequest"]
    : ["@effect/platform/HttpClient", "@effect/platform/HttpClientRequest"]
  const [client, request, node] = await Promise.all([import(paths[0]!), import(paths[1]!), import("@effect/platform-node/NodeHttpClient")]) as unknown as [
    typeof HttpClient,
    typeof HttpClientRequest,
    Record<string, Layer.Layer<HttpClient.HttpClient>>
  ]
  const layer = which === "undici" ? node["layerUndici"] : node[v4 ? "layerNodeHttp" : "layer"]
  if (layer === undefined) throw new Error(`@effect/platform-node has no ${which} client here`)
  return { HttpClient: client, HttpClientRequest: request, layer }
}

/**
 * The platform's client `which`, used raw, for `config`; or, given `own`, that `HttpClient` layer
 * used the same way (taxdoc's `Undici.layer()`, by a side that loads it).
 *
 * @since 1.0.0
 * @category constructors
 */
export const make = async (config: ClientConfig, which: PlatformClient, own?: Layer.Layer<HttpClient.HttpClient>): Promise<Client> => {
  if (config.token === undefined) throw new Error("the platform client side needs a token issued beforehand")
  const { HttpClient, HttpClientRequest, layer } = await modulesOf(which)
  const runtime = ManagedRuntime.make(own ?? layer)
  const client = await runtime.runPromise(HttpClient.HttpClient)
  const headers = sdkHeaders(config.token, config.gzip ?? true)
  const issueHeaders = { ...headers, ...ISSUE_HEADERS }
  const getInfoUrl = `${config.origin}/Cashbill/${config.mgtKey}`
  const issueUrl = `${config.origin}/Cashbill`
  const answer = (response: HttpClientResponse.HttpClientResponse): Effect.Effect<unknown, unknown> => {
    const gzip = response.headers["content-encoding"] === "gzip"
    const status = response.status
    return Effect.flatMap(response.arrayBuffer, (buffer) => {
      const bytes = Buffer.from(buffer)
      const text = (gzip ? gunzipSync(bytes) : bytes).toString("utf8")
      const parsed = JSON.parse(text) as unknown
      return status === 200 ? Effect.succeed(parsed) : Effect.fail(new Error(`HTTP ${status}: ${text.slice(0, 200)}`))
    })
  }
  const getInfo = Effect.suspend(() => Effect.flatMap(client.execute(HttpClientRequest.get(getInfoUrl, { headers })), answer))
  return {
    run: (workload, load, keyOf) => {
      let n = 0
      const call = workload === "getInfo"
        ? getInfo
        : Effect.suspend(() =>
          Effect.flatMap(
            client.execute(
              HttpClientRequest.post(issueUrl, { headers: issueHeaders }).pipe(
                HttpClientRequest.bodyText(JSON.stringify(sampleReceipt(keyOf(n++), config.corpNum)), ISSUE_HEADERS["content-type"])
              )
            ),
            answer
          )
        )
      return runtime.runPromise(effectLoop(load, call))
    },
    close: () => runtime.dispose()
  }
}
