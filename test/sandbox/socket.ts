/** Helpers for tests of the sandbox over real sockets on 127.0.0.1: raw connections and requests. */
import * as Http from "node:http"
import * as Net from "node:net"
import { Effect } from "effect"
import * as Signing from "../../src/core/Signing.js"
import { TESTER_LINK_ID, TESTER_SECRET } from "../../src/sandbox/Partners.js"
import { MEMBER, tokenBody } from "./support.js"

/** Signed token request headers for `body`, dated with the real clock. */
export const tokenHeaders = (body: string, secret = TESTER_SECRET, linkId = TESTER_LINK_ID): Record<string, string> => {
  const date = Signing.formatSvcDate(Date.now())
  const signature = Signing.sign(secret, Signing.stringToSign({ bodyDigest: Signing.bodyDigest(body), date, path: "/SERVICE_TEST/Token" }))
  return {
    authorization: Signing.authorization(linkId, signature),
    "content-type": "application/json",
    "x-svc-date": date,
    "x-svc-version": Signing.SVC_VERSION
  }
}

export interface RawAnswer {
  readonly status: number
  readonly headers: Http.IncomingHttpHeaders
  readonly text: string
  readonly body: unknown
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export interface RawRequest {
  readonly method?: string
  readonly path: string
  readonly headers?: Record<string, string>
  readonly body?: string | Uint8Array
}

/** One request with node:http (no agent: a fresh connection), answer read whole. */
export const request = (port: number, options: RawRequest): Effect.Effect<RawAnswer> =>
  Effect.callback<RawAnswer>((resume) => {
    const req = Http.request({ host: "127.0.0.1", port, method: options.method ?? "GET", path: options.path, headers: options.headers, agent: false }, (res) => {
      const chunks: Array<Buffer> = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8")
        resume(Effect.succeed({ status: res.statusCode ?? 0, headers: res.headers, text, body: parse(text) }))
      })
      res.on("error", (e) => resume(Effect.die(e)))
    })
    req.on("error", (e) => resume(Effect.die(e)))
    req.end(options.body)
    return Effect.sync(() => req.destroy())
  })

/** A token of TESTER's MEMBER (or another partner's member) for `scopes`, issued over the socket. */
export const issueToken = (
  port: number,
  options: { readonly corpNum?: string; readonly scopes?: ReadonlyArray<string>; readonly secret?: string; readonly linkId?: string } = {}
): Effect.Effect<string> =>
  Effect.gen(function*() {
    const body = tokenBody(options.corpNum ?? MEMBER, options.scopes ?? ["member", "140", "170"])
    const answer = yield* request(port, { method: "POST", path: "/SERVICE_TEST/Token", headers: tokenHeaders(body, options.secret, options.linkId), body })
    if (answer.status !== 200) return yield* Effect.die(new Error(`token refused: ${answer.text}`))
    return String((answer.body as Record<string, unknown>)["session_token"])
  })

/** A connected raw socket (destroyed when the scope closes). */
export const connect = (port: number) =>
  Effect.acquireRelease(
    Effect.callback<Net.Socket>((resume) => {
      const socket = Net.connect(port, "127.0.0.1")
      socket.once("connect", () => resume(Effect.succeed(socket)))
      socket.once("error", (e) => resume(Effect.die(e)))
    }),
    (socket) => Effect.sync(() => socket.destroy())
  )

/** Everything a socket receives until it closes. */
export const received = (socket: Net.Socket): Effect.Effect<string> =>
  Effect.callback<string>((resume) => {
    const chunks: Array<Buffer> = []
    socket.on("data", (chunk: Buffer) => chunks.push(chunk))
    socket.on("error", () => {})
    if (socket.destroyed) resume(Effect.succeed(""))
    socket.once("close", () => resume(Effect.succeed(Buffer.concat(chunks).toString("utf8"))))
  })

/** The `{code}` of a raw HTTP answer's JSON body (after the blank line). */
export const codeInRaw = (raw: string): number | undefined => {
  const at = raw.indexOf("\r\n\r\n")
  const body = parse(raw.slice(at + 4))
  return typeof body === "object" && body !== null && "code" in body ? Number((body as { code: unknown }).code) : undefined
}

/**
 * The next whole answer a raw socket receives (head and `Content-Length` bytes of body); the
 * listener goes once it has it, so the socket can carry the next request.
 */
export const answerOn = (socket: Net.Socket): Effect.Effect<string> =>
  Effect.callback<string>((resume) => {
    let raw = Buffer.alloc(0)
    const onData = (chunk: Buffer) => {
      raw = Buffer.concat([raw, chunk])
      const at = raw.indexOf("\r\n\r\n")
      if (at < 0) return
      const length = Number(/content-length: *(\d+)/i.exec(raw.subarray(0, at).toString("latin1"))?.[1] ?? 0)
      if (raw.length < at + 4 + length) return
      socket.off("data", onData)
      resume(Effect.succeed(raw.toString("utf8")))
    }
    socket.on("error", () => {})
    socket.on("data", onData)
    return Effect.sync(() => void socket.off("data", onData))
  })

/** A header of a raw HTTP answer (name in any case), if present. */
export const headerInRaw = (raw: string, name: string): string | undefined => {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).split("\r\n").slice(1)
  const line = head.find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  return line?.slice(line.indexOf(":") + 1).trim()
}
