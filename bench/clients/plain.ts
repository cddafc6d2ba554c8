/**
 * The plain node:http client (`bench/support/plain.ts`) as a side: each callback call wrapped in a
 * Promise for the loop, as an application of today would use it. Its token is issued by its first
 * call (the ready check), with its own signature.
 *
 * @since 0.1.0
 */
import { promiseLoop } from "../support/load.js"
import { type Callback, makePlainClient } from "../support/plain.js"
import { type Client, type ClientConfig, promiseClient, sampleReceipt } from "./protocol.js"

/**
 * The plain client of `config`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: ClientConfig): Client => {
  const client = makePlainClient({ linkId: config.linkId, secretKey: config.secretKey, authUrl: config.origin, apiUrl: config.origin, isTest: true })
  const promised = (f: (callback: Callback<unknown>) => void) =>
    new Promise<unknown>((resolve, reject) =>
      f((error, result) => (error !== null ? reject(new Error(`${error.code}: ${error.message}`)) : resolve(result)))
    )
  return promiseClient(
    {
      getInfo: () => promised((callback) => client.getInfo(config.corpNum, config.mgtKey, callback)),
      registIssue: (mgtKey) => promised((callback) => client.registIssue(config.corpNum, sampleReceipt(mgtKey, config.corpNum), callback))
    },
    promiseLoop,
    async () => client.close()
  )
}
