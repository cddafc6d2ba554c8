/**
 * The least Effect client (`bench/support/least.ts`) as a side: Effect's `HttpClient` over the
 * platform's undici client, its own token issued once when the side starts (signed with
 * `node:crypto`) and kept, each answer gunzipped with zlib, parsed and decoded into a Schema class;
 * the loop in Effect fibers (one per caller), as the SDK's side runs. What a user would write on
 * Effect instead of the SDK.
 *
 * @since 2.0.0
 */
import { Effect, ManagedRuntime } from "effect"
import { effectLoop } from "../support/effectLoop.js"
import * as Least from "../support/least.js"
import { type Client, type ClientConfig, sampleReceipt } from "./protocol.js"

/**
 * The least Effect client of `config`.
 *
 * @since 2.0.0
 * @category constructors
 */
export const make = async (config: ClientConfig): Promise<Client> => {
  const runtime = ManagedRuntime.make(Least.layer)
  const client = await runtime.runPromise(Least.make({ linkId: config.linkId, secretKey: config.secretKey, origin: config.origin }))
  const token = await runtime.runPromise(client.token(config.corpNum))
  const getInfo = client.getInfo(token, config.mgtKey)
  return {
    run: (workload, load, keyOf) => {
      let n = 0
      const call = workload === "getInfo" ? getInfo : Effect.suspend(() => client.registIssue(token, sampleReceipt(keyOf(n++), config.corpNum)))
      return runtime.runPromise(effectLoop(load, call))
    },
    close: () => runtime.dispose()
  }
}
