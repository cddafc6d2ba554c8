/**
 * The Promise client as a program without Effect runs it: `createClient` of `taxdoc/promise` (in a
 * client process started with plain node, its compiled `dist/`) for the sandbox's origin, default
 * configuration, each call a Promise awaited in a plain `async` loop.
 *
 * @since 0.1.0
 */
import { createClient } from "taxdoc/promise"
import { promiseLoop } from "../support/load.js"
import { type Client, type ClientConfig, promiseClient, sampleReceipt } from "./protocol.js"

/**
 * The Promise client of `config`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: ClientConfig): Client => {
  const client = createClient({ linkId: config.linkId, secretKey: config.secretKey, authUrl: config.origin, apiUrl: config.origin })
  return promiseClient(
    {
      getInfo: () => client.cashbill.getInfo(config.corpNum, config.mgtKey),
      registIssue: (mgtKey) => client.cashbill.issue(config.corpNum, sampleReceipt(mgtKey, config.corpNum))
    },
    promiseLoop,
    () => client.close()
  )
}

/**
 * The Effect API and the Promise client in one process, each with its own runtime and pool:
 * `getInfoPromise` runs GetInfo through the Promise client, any other workload the Effect API.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeWithEffect = async (config: ClientConfig): Promise<Client> => {
  // Loaded here only: the Promise client's own process (`make`) holds no Effect program.
  const effect = await (await import("./sdk.js")).make(config)
  const promise = make(config)
  // Its pool and token ready before any measured run, as the Effect side's are.
  await promise.run("getInfo", { concurrency: 1, total: 1, durationMillis: 60_000 }, () => "")
  return {
    run: (workload, load, keyOf) => (workload === "getInfoPromise" ? promise.run("getInfo", load, keyOf) : effect.run(workload, load, keyOf)),
    close: () => Promise.all([effect.close(), promise.close()]).then(() => undefined)
  }
}
