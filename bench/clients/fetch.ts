/**
 * Raw `fetch` (information only): the SDK's headers and a token issued beforehand,
 * `response.json()` (fetch decompresses gzip itself).
 *
 * @since 0.1.0
 */
import { promiseLoop } from "../support/load.js"
import { type Client, type ClientConfig, ISSUE_HEADERS, promiseClient, sampleReceipt, sdkHeaders } from "./protocol.js"

/**
 * The raw fetch client of `config`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: ClientConfig): Client => {
  if (config.token === undefined) throw new Error("the fetch side needs a token issued beforehand")
  const headers = sdkHeaders(config.token, config.gzip ?? true)
  const issueHeaders = { ...headers, ...ISSUE_HEADERS }
  const getInfoUrl = `${config.origin}/Cashbill/${config.mgtKey}`
  const issueUrl = `${config.origin}/Cashbill`
  const answer = async (response: Response): Promise<unknown> => {
    const parsed = await response.json() as unknown
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${JSON.stringify(parsed).slice(0, 200)}`)
    return parsed
  }
  return promiseClient(
    {
      getInfo: async () => answer(await fetch(getInfoUrl, { headers })),
      registIssue: async (mgtKey) =>
        answer(await fetch(issueUrl, { method: "POST", headers: issueHeaders, body: JSON.stringify(sampleReceipt(mgtKey, config.corpNum)) }))
    },
    promiseLoop,
    async () => undefined
  )
}
