/**
 * Compressed answers held to the answer limit: GetInfo answered with 128 MiB of JSON whitespace
 * gzipped to about 128 KiB, through the SDK (compiled package, plain node) over each transport —
 * its own `Undici.layer()` (as the README shows), the platform's `NodeHttpClient.layerUndici` and
 * `NodeHttpClient.layerNodeHttp`, `FetchHttpClient`, and the recorder over `Undici.layer()` — each
 * in its own process. The figure is the process's peak
 * memory (max RSS) after the answer against its peak after ordinary calls.
 *
 * @since 0.1.0
 */
import { spawn } from "node:child_process"
import * as Http from "node:http"
import { gzipSync } from "node:zlib"
import { gzipBomb } from "../test/support/gzipBomb.js"
import { plainEnv, plainFlags } from "./support/child.js"
import { compiled } from "./support/compile.js"
import { type Benchmark, isMain, log, main } from "./support/program.js"

const MiB = 1024 * 1024
const LIMIT_GROWTH_MiB = 100

const TRANSPORTS = [
  ["taxdoc", "`Undici.layer()` (as the README shows)"],
  ["undici", "`NodeHttpClient.layerUndici`"],
  ["node:http", "`NodeHttpClient.layerNodeHttp`"],
  ["fetch", "`FetchHttpClient.layer`"],
  ["recorder", "the recorder over `Undici.layer()`"]
] as const

interface Figures {
  readonly ordinary: number
  readonly after: number
  readonly millis: number
  readonly tag: string
  readonly reason: string | undefined
}

const token = JSON.stringify({
  session_token: "tok-1",
  serviceID: "SERVICE_TEST",
  linkID: "TESTER",
  userID: "1234567891",
  scope: ["member", "140"],
  ipaddress: "*",
  expiration: "2099-01-01T00:00:00Z"
})
const notFound = gzipSync(JSON.stringify({ code: -14000003, message: "no receipt for this document ID" }))

const serve = (compressed: Buffer): Promise<{ readonly origin: string; readonly close: () => void }> =>
  new Promise((resolve) => {
    const server = Http.createServer((request, response) => {
      request.resume()
      request.on("end", () => {
        if (request.url?.endsWith("/Token")) response.writeHead(200, { "content-type": "application/json" }).end(token)
        else if (request.url?.includes("BOMB") === true) {
          response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": compressed.length }).end(compressed)
        } else response.writeHead(404, { "content-type": "application/json", "content-encoding": "gzip", "content-length": notFound.length }).end(notFound)
      })
    })
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => server.close() })
    })
  })

const runChild = (origin: string, transport: string): Promise<Figures> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...plainFlags(), compiled("bench/clients/bomb.ts")], {
      env: plainEnv({ BOMB_ORIGIN: origin, BOMB_TRANSPORT: transport }),
      stdio: ["ignore", "pipe", "inherit"]
    })
    let out = ""
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()))
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out) as Figures) : reject(new Error(`${transport}: exit ${code}`))))
  })

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "decompression",
  limitMillis: 180_000,
  run: async () => {
    const compressed = await gzipBomb(128)
    const server = await serve(compressed)
    const results: Array<readonly [string, Figures]> = []
    try {
      for (const [id, label] of TRANSPORTS) {
        log(label)
        results.push([label, await runChild(server.origin, id)])
      }
    } finally {
      server.close()
    }
    const growth = (f: Figures) => f.after - f.ordinary
    const worst = Math.max(...results.map(([, f]) => growth(f)))
    const refused = results.every(([, f]) => f.tag === "ResponseError" && f.reason === "TooLarge")
    return {
      title: "13. Compressed answers held to the answer limit",
      method: [
        `GetInfo answered with ${(128).toLocaleString("en-US")} MiB of JSON whitespace gzipped to ${(compressed.length / 1024).toFixed(0)} KiB, against the default limit of 32 MiB (\`maxAnswerBytes\`).`,
        "Each transport in its own client process (the compiled package, plain node): 20 ordinary GetInfo first (small gzip answers), then the compressed one; peak memory is the process's max RSS (`process.resourceUsage().maxRSS`) after each."
      ],
      tables: [{
        title: "Peak memory of the client process",
        headers: ["transport", "after ordinary calls", "after the compressed answer", "growth", "failed with", "in"],
        rows: results.map(([label, f]) => [
          label,
          `${f.ordinary.toFixed(0)} MiB`,
          `${f.after.toFixed(0)} MiB`,
          `${growth(f).toFixed(0)} MiB`,
          `${f.tag}(${f.reason ?? ""})`,
          `${f.millis.toFixed(0)} ms`
        ])
      }],
      targets: [
        { name: "a 128 MiB gzip answer fails with ResponseError(TooLarge) on every transport", measured: refused ? `yes, on all ${["none", "one", "two", "three", "four", "five", "six"][results.length] ?? results.length}` : `no: ${results.filter(([, f]) => !(f.tag === "ResponseError" && f.reason === "TooLarge")).map(([label]) => label).join(", ")}`, met: refused },
        { name: `peak memory within ${LIMIT_GROWTH_MiB} MB of the ordinary figure on every transport`, measured: `at most ${worst.toFixed(0)} MiB more`, met: worst * MiB <= LIMIT_GROWTH_MiB * 1e6 }
      ],
      notes: [
        "The bound is counted as the answer's bytes stream in, before they are decompressed (a client that decompresses itself, `fetch`, hands on the decompressed bytes), and again on decompressing. Before decompression was bounded (early in the 0.1 line), the same answer grew the process to 633–641 MB over 0.1's own undici transport and 897 MB over `NodeHttpClient.layerUndici` before it failed."
      ]
    }
  }
}

if (isMain(import.meta.url)) await main(benchmark)
