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
