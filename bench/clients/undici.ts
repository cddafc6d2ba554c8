/**
 * The floor: raw undici (`Pool.request`, keep-alive, as many connections as callers) with the
 * headers the SDK sends and a token issued beforehand; the answer read whole, gunzipped when gzip
 * came back, and parsed with `JSON.parse`.
 *
 * @since 0.1.0
 */
import { gunzipSync } from "node:zlib"
import { Pool } from "undici"
import { promiseLoop } from "../support/load.js"
import { type Client, type ClientConfig, ISSUE_HEADERS, promiseClient, sampleReceipt, sdkHeaders } from "./protocol.js"

/**
 * The raw undici client of `config`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (config: ClientConfig): Client => {
  if (config.token === undefined) throw new Error("the undici side needs a token issued beforehand")
  const pool = new Pool(config.origin, { connections: config.connections ?? 1 })
  const headers = sdkHeaders(config.token, config.gzip ?? true)
  const issueHeaders = { ...headers, ...ISSUE_HEADERS }
  const getInfoPath = `/Cashbill/${config.mgtKey}`
  const answer = async (response: Awaited<ReturnType<Pool["request"]>>): Promise<unknown> => {
    const bytes = Buffer.from(await response.body.arrayBuffer())
    const text = (response.headers["content-encoding"] === "gzip" ? gunzipSync(bytes) : bytes).toString("utf8")
    const parsed = JSON.parse(text) as unknown
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${text.slice(0, 200)}`)
    return parsed
  }
  return promiseClient(
    {
      getInfo: async () => answer(await pool.request({ path: getInfoPath, method: "GET", headers })),
      registIssue: async (mgtKey) =>
        answer(await pool.request({ path: "/Cashbill", method: "POST", headers: issueHeaders, body: JSON.stringify(sampleReceipt(mgtKey, config.corpNum)) }))
    },
    promiseLoop,
    () => pool.close()
  )
}
