/**
 * The SDK as a user runs it: the package `taxdoc` (in a client process started with plain node,
 * its compiled `dist/`), configured with `Taxdoc.layer` for the sandbox's origin — the values
 * `Connect.configOptions` gives, without loading `taxdoc/sandbox`, as an application talking to the
 * live service — over its own transport `Undici.layer()` as the README shows; or over a user's own
 * `HttpClient`, the platform's `NodeHttpClient.layerUndici` (or, for information,
 * `NodeHttpClient.layerNodeHttp` or `FetchHttpClient.layer`), everything else default. The loop runs
 * in Effect: one fiber per caller, no Promise per call, the service's method called for each call as
 * an application calls it for each request. The platform's clients are loaded only by the sides that
 * use them, so the process of the SDK over `Undici.layer()` holds what a program of the README holds.
 *
 * @since 0.1.0
 */
import { Duration, Effect, Layer, ManagedRuntime, Redacted } from "effect"
import type * as HttpClient from "effect/http/HttpClient"
import { Cashbill, type Config, Taxdoc, Undici } from "taxdoc"
import { effectLoop } from "../support/effectLoop.js"
import { promiseLoop } from "../support/load.js"
import { type Client, type ClientConfig, promiseClient, sampleReceipt } from "./protocol.js"

const built = async <I = never>(
  config: ClientConfig,
  transport: Layer.Layer<HttpClient.HttpClient>,
  options: Partial<Config.Options>,
  installed?: Layer.Layer<I>
) => {
  const runtime = ManagedRuntime.make(
    Taxdoc.layer({ linkId: config.linkId, secretKey: Redacted.make(config.secretKey), authUrl: config.origin, apiUrl: config.origin, ...options }).pipe(
      Layer.provide(transport),
      Layer.merge(installed ?? Layer.empty)
    )
  )
  return { runtime, cashbill: await runtime.runPromise(Cashbill.Cashbill) }
}

/**
 * The SDK client of `config`, over `transport` (default `Undici.layer()`, as the README shows).
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = async <I = never>(
  config: ClientConfig,
  transport: Layer.Layer<HttpClient.HttpClient> = Undici.layer(),
  options: Partial<Config.Options> = {},
  installed?: Layer.Layer<I>
): Promise<Client> => {
  const { runtime, cashbill } = await built(config, transport, options, installed)
  return {
    run: (workload, load, keyOf) => {
      let n = 0
      const call = workload === "getInfo"
        ? Effect.suspend(() => cashbill.getInfo(config.corpNum, config.mgtKey))
        : Effect.suspend(() => cashbill.issue(config.corpNum, sampleReceipt(keyOf(n++), config.corpNum)))
      return runtime.runPromise(effectLoop(load, call))
    },
    close: () => runtime.dispose()
  }
}

/**
 * The SDK with every resilience guard off (`retries: 0`, no call or request deadline, no answer
 * bound), over `Undici.layer()`: what the guards cost is the default SDK against this.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeBare = (config: ClientConfig): Promise<Client> =>
  make(config, Undici.layer(), {
    retries: 0,
    callTimeout: Duration.infinity,
    requestTimeout: Duration.infinity,
    maxAnswerBytes: Number.MAX_SAFE_INTEGER
  })

/** The platform's Node clients, loaded by the sides that use them only. */
const platform = () => import("@effect/platform-node/NodeHttpClient")

/**
 * The SDK over a user's own `HttpClient`: the platform's `NodeHttpClient.layerUndici`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeOverPlatform = async (config: ClientConfig): Promise<Client> => make(config, (await platform()).layerUndici)

/**
 * The SDK over the platform's Node `http` client, `NodeHttpClient.layerNodeHttp` (information).
 *
 * @since 1.0.0
 * @category constructors
 */
export const makeOverNodeHttp = async (config: ClientConfig): Promise<Client> => make(config, (await platform()).layerNodeHttp)

/**
 * The SDK over `FetchHttpClient` (information only).
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeOverFetch = async (config: ClientConfig): Promise<Client> => make(config, (await import("effect/http/FetchHttpClient")).layer)

/**
 * The Effect API called from Promise code, as an application without Effect would call it by
 * hand: `runtime.runPromise` of the service's method, per call (information).
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeRunPromise = async (config: ClientConfig): Promise<Client> => {
  const { runtime, cashbill } = await built(config, Undici.layer(), {})
  return promiseClient(
    {
      getInfo: () => runtime.runPromise(cashbill.getInfo(config.corpNum, config.mgtKey)),
      registIssue: (mgtKey) => runtime.runPromise(cashbill.issue(config.corpNum, sampleReceipt(mgtKey, config.corpNum)))
    },
    promiseLoop,
    () => runtime.dispose()
  )
}
