/**
 * A seeded fault proxy in front of a sandbox server: each request, as a random generator seeded
 * with `seed` decides, is delivered; delivered and then its answer lost (the client's connection
 * closed once the sandbox has answered); reset before anything is forwarded; or answered 503 by a
 * gateway's page without being forwarded. While the sandbox is down (`down()` … `up()`), the proxy
 * refuses connections as the sandbox's own port would.
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as Seeded from "../../src/sandbox/edge/Seeded.js"

export interface FaultRates {
  /** Answers lost after the sandbox answered them. */
  readonly loseAnswer: number
  /** Connections reset before the request is forwarded. */
  readonly reset: number
  /** 503 pages instead of forwarding. */
  readonly unavailable: number
}

export interface FaultProxy {
  readonly url: string
  /** The sandbox goes down: new connections are refused, idle ones closed. */
  readonly down: () => Promise<void>
  /** The sandbox is back: connections are accepted again on the same port. */
  readonly up: () => Promise<void>
  /** Requests forwarded to the sandbox so far. */
  readonly forwarded: () => number
  /** Resolves once `n` requests have been forwarded in all. */
  readonly afterForwarded: (n: number) => Promise<void>
  /** What the proxy did, by fate. */
  readonly fates: () => Readonly<Record<string, number>>
  readonly close: () => Promise<void>
}

const PAGE = (status: number) => `<html><head><title>${status}</title></head><body><h1>${status}</h1></body></html>`

export const startFaultProxy = async (options: { readonly seed: number; readonly rates: FaultRates; readonly upstreamPort: () => number }): Promise<FaultProxy> => {
  const random = Seeded.generator(options.seed)
  const fates: Record<string, number> = {}
  let forwarded = 0
  const waiters: Array<{ readonly n: number; readonly resolve: () => void }> = []
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  const { loseAnswer, reset, unavailable } = options.rates

  const count = (fate: string) => (fates[fate] = (fates[fate] ?? 0) + 1)
  const wasForwarded = () => {
    forwarded++
    for (const waiter of [...waiters]) {
      if (forwarded >= waiter.n) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
    }
  }

  const server = http.createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const body = Buffer.concat(chunks)
      const draw = random()
      const fate = draw < loseAnswer ? "loseAnswer" : draw < loseAnswer + reset ? "reset" : draw < loseAnswer + reset + unavailable ? "unavailable" : "deliver"
      if (fate === "reset") {
        count(fate)
        request.socket.destroy()
        return
      }
      if (fate === "unavailable") {
        count(fate)
        response.writeHead(503, { "content-type": "text/html" }).end(PAGE(503))
        return
      }
      const upstream = http.request(
        { host: "127.0.0.1", port: options.upstreamPort(), method: request.method, path: request.url, headers: request.headers, agent },
        (answer) => {
          const parts: Array<Buffer> = []
          answer.on("data", (part: Buffer) => parts.push(part))
          answer.on("error", () => request.socket.destroy())
          answer.on("end", () => {
            count(fate)
            if (fate === "loseAnswer") {
              request.socket.destroy()
              return
            }
            const whole = Buffer.concat(parts)
            const headers = { ...answer.headers, "content-length": String(whole.length) }
            delete headers["transfer-encoding"]
            response.writeHead(answer.statusCode ?? 502, headers).end(whole)
          })
        }
      )
      // Once connected, the request is on its way.
      upstream.on("socket", (socket) => {
        if (socket.connecting) socket.once("connect", wasForwarded)
        else wasForwarded()
      })
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        // The sandbox died with the request, or was gone when it came on a connection still open:
        // the connection is cut, as the sandbox's own would have been.
        count(error.code === "ECONNREFUSED" ? "cutWhileDown" : "lostWithSandbox")
        request.socket.destroy()
      })
      upstream.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  let listening = true
  return {
    url: `http://127.0.0.1:${port}`,
    down: () =>
      new Promise((resolve) => {
        listening = false
        server.close(() => resolve())
        server.closeIdleConnections()
      }),
    up: () =>
      new Promise((resolve) => {
        listening = true
        server.listen(port, "127.0.0.1", resolve)
      }),
    forwarded: () => forwarded,
    afterForwarded: (n) => (forwarded >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    fates: () => ({ ...fates }),
    close: () =>
      new Promise((resolve) => {
        agent.destroy()
        server.closeAllConnections()
        if (listening) server.close(() => resolve())
        else resolve()
      })
  }
}
