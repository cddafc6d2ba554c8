/**
 * A plain Node client of the service, written from the service's spec in the style of the live service's
 * published Node client: callbacks over `http.request` with a keep-alive `Agent`, one cached token
 * per member (issued with the spec's signature, computed here with `node:crypto`), `JSON.parse` of
 * the answer, gunzipped with zlib when gzip came back (`gunzipSync`, as every side of the benchmarks
 * decompresses, the SDK included); no schemas, no validation, no retries, no deadline.
 *
 * It is a baseline of the benchmarks (what a partner's code does today), not part of the package:
 * it imports nothing but Node, so it also runs as a stand-alone module (the cold-start benchmark
 * copies it into a scratch project).
 *
 * @since 0.1.0
 */
import { createHash, createHmac } from "node:crypto"
import * as Http from "node:http"
import * as Https from "node:https"
import { gunzipSync } from "node:zlib"

/**
 * Where the client goes and as whom.
 *
 * @since 0.1.0
 * @category models
 */
export interface PlainOptions {
  readonly linkId: string
  /** The partner's SecretKey, Base64. */
  readonly secretKey: string
  readonly authUrl: string
  readonly apiUrl: string
  /** `true`: service ID SERVICE_TEST, else SERVICE. */
  readonly isTest: boolean
}

/**
 * A failure as the published clients report it: the service's code and message, or -99999999 for
 * the client's own failures.
 *
 * @since 0.1.0
 * @category models
 */
export interface PlainError {
  readonly code: number
  readonly message: string
}

/**
 * A Node-style callback.
 *
 * @since 0.1.0
 * @category models
 */
export type Callback<A> = (error: PlainError | null, result?: A) => void

/**
 * The client: one method per operation used by the benchmarks.
 *
 * @since 0.1.0
 * @category models
 */
export interface PlainClient {
  /** Cash receipt GetInfo: `GET /Cashbill/{MgtKey}`. */
  readonly getInfo: (corpNum: string, mgtKey: string, callback: Callback<unknown>) => void
  /** Cash receipt RegistIssue: `POST /Cashbill`, override ISSUE. */
  readonly registIssue: (corpNum: string, receipt: object, callback: Callback<unknown>) => void
  /** Closes the kept-alive sockets. */
  readonly close: () => void
}

interface CachedToken {
  readonly session_token: string
  readonly expiration: string
}

const CLIENT_FAILURE = -99999999

// Token scopes of the cash receipt operations (docs/service.md "Scopes").
const SCOPES = ["member", "140"]

/**
 * A token request as the spec has it: `POST /{serviceId}/Token` for the member, with the cash
 * receipt scopes, signed over the exact body bytes, X-SVC-Date, version and path
 * (docs/service.md "Signing and digests").
 *
 * @since 0.1.0
 * @category constructors
 */
export const tokenRequest = (options: Pick<PlainOptions, "linkId" | "secretKey" | "isTest">, corpNum: string): { readonly path: string; readonly headers: Record<string, string>; readonly body: string } => {
  const body = JSON.stringify({ access_id: corpNum, scope: SCOPES })
  const path = `/${options.isTest ? "SERVICE_TEST" : "SERVICE"}/Token`
  const date = new Date().toISOString()
  const digest = createHash("sha256").update(body, "utf8").digest("base64")
  const toSign = ["POST", digest, date, "2.0", path].join("\n")
  const signature = createHmac("sha256", Buffer.from(options.secretKey, "base64")).update(toSign, "utf8").digest("base64")
  const headers = {
    "Authorization": `SVC ${options.linkId} ${signature}`,
    "Content-Type": "application/json",
    "X-SVC-Version": "2.0",
    "X-SVC-Date": date,
    "Accept-Encoding": "gzip"
  }
  return { path, headers, body }
}

/**
 * A plain client.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makePlainClient = (options: PlainOptions): PlainClient => {
  const auth = new URL(options.authUrl)
  const api = new URL(options.apiUrl)
  const transportOf = (url: URL) => (url.protocol === "https:" ? Https : Http)
  const agentOf = (url: URL) => url.protocol === "https:" ? new Https.Agent({ keepAlive: true }) : new Http.Agent({ keepAlive: true })
  const authAgent = agentOf(auth)
  const apiAgent = agentOf(api)
  const tokens: Record<string, CachedToken> = {}

  const execute = (url: URL, agent: Http.Agent, method: string, path: string, headers: Record<string, string>, body: string | null, callback: Callback<unknown>) => {
    const request = transportOf(url).request(
      { hostname: url.hostname, port: url.port, path: url.pathname.replace(/\/$/, "") + path, method, headers, agent },
      (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () => {
          const finish = (error: Error | null, data: Buffer) => {
            if (error !== null) return callback({ code: CLIENT_FAILURE, message: error.message })
            let parsed: unknown
            try {
              parsed = JSON.parse(data.toString("utf8"))
            } catch {
              return callback({ code: CLIENT_FAILURE, message: `unreadable answer (HTTP ${response.statusCode})` })
            }
            if (response.statusCode === 200) return callback(null, parsed)
            const failure = parsed as Partial<PlainError>
            callback({ code: failure.code ?? CLIENT_FAILURE, message: failure.message ?? `HTTP ${response.statusCode}` })
          }
          const data = Buffer.concat(chunks)
          if (response.headers["content-encoding"] !== "gzip") return finish(null, data)
          // zlib's gunzipSync, as every other side of the benchmarks decompresses.
          let inflated: Buffer
          try {
            inflated = gunzipSync(data)
          } catch (error) {
            return finish(error as Error, data)
          }
          finish(null, inflated)
        })
        response.on("error", (error) => callback({ code: CLIENT_FAILURE, message: error.message }))
      }
    )
    request.on("error", (error) => callback({ code: CLIENT_FAILURE, message: error.message }))
    if (body !== null) request.end(body)
    else request.end()
  }

  const issueToken = (corpNum: string, callback: Callback<CachedToken>) => {
    const { path, headers, body } = tokenRequest(options, corpNum)
    execute(auth, authAgent, "POST", path, headers, body, (error, token) => (error !== null ? callback(error) : callback(null, token as CachedToken)))
  }

  // One token per member, re-issued once it has expired.
  const getToken = (corpNum: string, callback: Callback<string>) => {
    const cached = tokens[corpNum]
    if (cached !== undefined && Date.parse(cached.expiration) > Date.now()) return callback(null, cached.session_token)
    issueToken(corpNum, (error, token) => {
      if (error !== null || token === undefined) return callback(error ?? { code: CLIENT_FAILURE, message: "no token" })
      tokens[corpNum] = token
      callback(null, token.session_token)
    })
  }

  const call = (corpNum: string, method: string, path: string, override: string | null, body: object | null, callback: Callback<unknown>) =>
    getToken(corpNum, (error, token) => {
      if (error !== null) return callback(error)
      const headers: Record<string, string> = { "Authorization": `Bearer ${token}`, "Accept-Encoding": "gzip" }
      if (body !== null) headers["Content-Type"] = "application/json;charset=utf-8"
      if (override !== null) headers["X-HTTP-Method-Override"] = override
      execute(api, apiAgent, method, path, headers, body === null ? null : JSON.stringify(body), callback)
    })

  return {
    getInfo: (corpNum, mgtKey, callback) => call(corpNum, "GET", `/Cashbill/${mgtKey}`, null, null, callback),
    registIssue: (corpNum, receipt, callback) => call(corpNum, "POST", "/Cashbill", "ISSUE", receipt, callback),
    close: () => {
      authAgent.destroy()
      apiAgent.destroy()
    }
  }
}
