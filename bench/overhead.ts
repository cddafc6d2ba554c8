/**
 * Call overhead: GetInfo of one cash receipt through the SDK against the same request made with
 * raw `fetch` (same headers, a pre-issued token), both against one sandbox served on a socket by
 * another process. Sequential calls give the latency (p50/p99), 32 concurrent callers the
 * throughput. The platform `HttpClient` alone (no SDK) is measured too, to tell the SDK's own cost
 * from its transport's; and the SDK against the in-process sandbox against the SDK over sockets.
 *
 * @since 0.1.0
 */
import { HttpClient, HttpClientRequest } from "@effect/platform"
import { Duration, Effect, ManagedRuntime } from "effect"
import { gunzipIfNeeded } from "../src/core/Response.js"
import { Cashbill } from "../src/domains/cashbill/Cashbill.js"
import { alternate, medianOf } from "./support/alternate.js"
import { withServer } from "./support/child.js"
import { effectLoop, type LoadOptions, type LoadResult, promiseLoop } from "./support/load.js"
import { type Benchmark, isMain, log, main } from "./support/program.js"
import type { Table, Target } from "./support/report.js"
import * as Sdk from "./support/sdk.js"
import { latencyOf, ms, perSecond, ratio } from "./support/stats.js"

const SEQUENTIAL: LoadOptions = { concurrency: 1, total: 500, durationMillis: 800 }
const CONCURRENT: LoadOptions = { concurrency: 32, total: 8_000, durationMillis: 1_500 }
const ROUNDS = 4
const MEMBER = Sdk.memberNumber(1)
const MGT_KEY = "OVH-0001"

const decoder = new TextDecoder()

/** The SDK side configured without the per-request deadline (the raw side has none). */
const NO_DEADLINE = "SDK over NodeHttpClient.layerUndici, no deadline"

/** The platform client alone: the same request, the body read, decompressed when needed and parsed. */
const platformGetInfo = (origin: string, token: string) => {
  const request = HttpClientRequest.get(`${origin}/Cashbill/${MGT_KEY}`).pipe(
    HttpClientRequest.setHeaders({ "accept-language": "ko-KR", "accept-encoding": "gzip", authorization: `Bearer ${token}` })
  )
  return Effect.flatMap(HttpClient.HttpClient, (client) =>
    Effect.flatMap(client.execute(request), (response) =>
      Effect.map(response.arrayBuffer, (buffer) => JSON.parse(decoder.decode(gunzipIfNeeded(new Uint8Array(buffer)))) as unknown)))
}

const getInfo = Effect.flatMap(Cashbill, (cashbill) => cashbill.getInfo(MEMBER, MGT_KEY))

/** A side measured by a load loop. */
type LoopSide = { readonly name: string; readonly run: (options: LoadOptions) => Promise<LoadResult> }

/** Alternates the sides over `ROUNDS` rounds; medians per side and the paired ratio to `baseline`. */
const compare = async (label: string, sides: ReadonlyArray<LoopSide>, options: LoadOptions, baseline: string) => {
  const samples = await alternate<LoadResult>({
    rounds: ROUNDS,
    budgetMillis: 45_000,
    sides: sides.map((side) => ({ name: side.name, run: () => side.run(options) })),
    onRound: (round, results) =>
      log(`${label} round ${round + 1}: ${results.map(([name, r]) => `${name} ${perSecond(r.throughput)} p50 ${ms(latencyOf(r.latencies).p50)}`).join(", ")}`)
  })
  const base = samples[baseline]!
  return sides.map((side) => {
    const rounds = samples[side.name]!
    return {
      name: side.name,
      p50: medianOf(rounds, (r) => latencyOf(r.latencies).p50),
      p99: medianOf(rounds, (r) => latencyOf(r.latencies).p99),
      throughput: medianOf(rounds, (r) => r.throughput),
      cpu: medianOf(rounds, (r) => r.cpuMicrosPerCall),
      p50Ratio: medianOf(rounds.map((r, i) => [r, base[i]!] as const), ([r, b]) => latencyOf(r.latencies).p50 / latencyOf(b.latencies).p50),
      throughputRatio: medianOf(rounds.map((r, i) => [r, base[i]!] as const), ([r, b]) => r.throughput / b.throughput),
      calls: rounds.reduce((n, r) => n + r.latencies.length, 0)
    }
  })
}

type Compared = Awaited<ReturnType<typeof compare>>[number]

const shortName = (side: string) => side.replace("SDK over ", "").replace(" (requestTimeout: infinite)", "")

const cpu = (micros: number) => `${Math.round(micros)} µs`

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "overhead",
  limitMillis: 200_000,
  run: () =>
    withServer({ kind: "sandbox" }, async (server) => {
      const admin = Sdk.adminOf(server.url)
      await admin.addMember(MEMBER)
      const sdk = {
        fetch: Sdk.socketSdk(server.url, "fetch"),
        undici: Sdk.socketSdk(server.url, "undici"),
        // The raw side has no deadline; this SDK side neither (the default is 30 s per request).
        undiciNoDeadline: Sdk.socketSdk(server.url, "undici", undefined, { requestTimeout: Duration.infinity })
      }
      const platform = { fetch: ManagedRuntime.make(Sdk.httpLayer("fetch")), undici: ManagedRuntime.make(Sdk.httpLayer("undici")) }
      const inProcess = Sdk.inProcessSdk({ members: [MEMBER] })
      try {
        // The raw side's token is the one the SDK cached: issued once, before anything is measured.
        const token = await Sdk.prepareReceipt(sdk.fetch, MEMBER, MGT_KEY)
        await sdk.undici.runPromise(getInfo)
        await sdk.undiciNoDeadline.runPromise(getInfo)
        await Sdk.prepareReceipt(inProcess, MEMBER, MGT_KEY)
        const raw = Sdk.rawGetInfo(server.url, token, MGT_KEY)
        const platformCall = platformGetInfo(server.url, token)

        const rawSide: LoopSide = { name: "raw fetch", run: (o) => promiseLoop(o, raw) }
        const sdkSide = (transport: "fetch" | "undici"): LoopSide => ({
          name: `SDK over ${transport === "fetch" ? "FetchHttpClient" : "NodeHttpClient.layerUndici"}`,
          run: (o) => sdk[transport].runPromise(effectLoop(o, getInfo))
        })
        const noDeadlineSide: LoopSide = {
          name: `${NO_DEADLINE} (requestTimeout: infinite)`,
          run: (o) => sdk.undiciNoDeadline.runPromise(effectLoop(o, getInfo))
        }
        const platformSide = (transport: "fetch" | "undici"): LoopSide => ({
          name: `platform ${transport === "fetch" ? "FetchHttpClient" : "NodeHttpClient.layerUndici"} alone (no SDK)`,
          run: (o) => platform[transport].runPromise(effectLoop(o, platformCall))
        })

        log("sequential GetInfo")
        const sequential = await compare("sequential", [rawSide, sdkSide("fetch"), sdkSide("undici"), noDeadlineSide], SEQUENTIAL, rawSide.name)
        log("32 concurrent callers")
        const concurrent = await compare(
          "32 concurrent",
          [rawSide, platformSide("fetch"), sdkSide("fetch"), platformSide("undici"), sdkSide("undici"), noDeadlineSide],
          CONCURRENT,
          rawSide.name
        )
        const socketSide = sdkSide("undici")
        const inProcessSide: LoopSide = { name: "SDK, in-process sandbox", run: (o) => inProcess.runPromise(effectLoop(o, getInfo)) }
        log("in-process sandbox against sockets")
        const placeSequential = await compare("in-process, sequential", [socketSide, inProcessSide], SEQUENTIAL, socketSide.name)
        const placeConcurrent = await compare("in-process, 32 concurrent", [socketSide, inProcessSide], CONCURRENT, socketSide.name)

        const sdkRows = (rows: ReadonlyArray<Compared>) => rows.filter((r) => r.name.startsWith("SDK over"))
        // Targets are judged on the default configuration; the no-deadline side is reported beside it.
        const defaultRows = (rows: ReadonlyArray<Compared>) => sdkRows(rows).filter((r) => !r.name.startsWith(NO_DEADLINE))
        const bestLatency = defaultRows(sequential).reduce((a, b) => (b.p50Ratio < a.p50Ratio ? b : a))
        const bestThroughput = defaultRows(concurrent).reduce((a, b) => (b.throughputRatio > a.throughputRatio ? b : a))
        const fasterTransport = (rows: ReadonlyArray<Compared>, figure: (r: Compared) => number, higher: boolean) => {
          const [fetchRow, undiciRow] = [rows.find((r) => r.name.includes("Fetch"))!, rows.find((r) => r.name.includes("Undici"))!]
          return (figure(undiciRow) > figure(fetchRow)) === higher ? "NodeHttpClient.layerUndici" : "FetchHttpClient"
        }

        const tables: Array<Table> = [
          {
            title: `Sequential GetInfo over sockets (1 caller; ${ROUNDS} rounds of up to ${SEQUENTIAL.total} calls / ${SEQUENTIAL.durationMillis / 1000} s)`,
            headers: ["side", "p50", "p99", "client CPU / call", "p50 vs raw fetch", "calls"],
            rows: sequential.map((r) => [r.name, ms(r.p50), ms(r.p99), cpu(r.cpu), ratio(r.p50Ratio), String(r.calls)])
          },
          {
            title: `32 concurrent callers over sockets (${ROUNDS} rounds of ${CONCURRENT.durationMillis / 1000} s)`,
            headers: ["side", "calls/s", "p50", "p99", "client CPU / call", "throughput vs raw fetch"],
            rows: concurrent.map((r) => [r.name, perSecond(r.throughput), ms(r.p50), ms(r.p99), cpu(r.cpu), ratio(r.throughputRatio)])
          },
          {
            title: "The SDK against the in-process sandbox and over sockets (in-process: the sandbox's work is on the caller's CPU)",
            headers: ["side", "sequential p50", "sequential p99", "32 concurrent calls/s", "32 concurrent p99", "CPU / call (32 concurrent)"],
            rows: placeSequential.map((s, i) => {
              const c = placeConcurrent[i]!
              return [s.name, ms(s.p50), ms(s.p99), perSecond(c.throughput), ms(c.p99), cpu(c.cpu)]
            })
          }
        ]
        const targets: Array<Target> = [
          {
            name: "SDK p50 ≤ 1.15× raw fetch (sequential)",
            measured: sdkRows(sequential).map((r) => `${ratio(r.p50Ratio)} (${shortName(r.name)})`).join(", "),
            met: bestLatency.p50Ratio <= 1.15
          },
          {
            name: "SDK throughput ≥ 0.85× raw fetch (32 concurrent)",
            measured: sdkRows(concurrent).map((r) => `${ratio(r.throughputRatio)} (${shortName(r.name)})`).join(", "),
            met: bestThroughput.throughputRatio >= 0.85
          }
        ]
        const inProcessRow = placeConcurrent[1]!
        return {
          title: "1. Call overhead: SDK GetInfo against raw fetch",
          method: [
            "Sandbox served by `Server.serve` on 127.0.0.1 (port 0) in a separate Node process; the clients run in the benchmark process.",
            "Raw side: `fetch` with the SDK's headers (`Authorization: Bearer`, `Accept-Encoding: gzip`, `Accept-Language`) and the token the SDK had cached, answer parsed with `response.json()`.",
            "SDK side: `Cashbill.getInfo` (validation, cached token, transport, Schema decoding) in Effect fibers; one SDK runtime per `HttpClient`, token cached before measuring.",
            "Sides alternate within each round (order reversed every other round) after one warm-up round; figures are medians over rounds, ratios are medians of per-round ratios.",
            "Client CPU / call: `process.cpuUsage()` of the benchmark process divided by the calls (the server's CPU is not included, except in-process)."
          ],
          tables,
          targets,
          notes: [
            `Faster SDK transport: ${fasterTransport(defaultRows(sequential), (r) => r.p50, false)} at p50 (sequential), ${fasterTransport(defaultRows(concurrent), (r) => r.throughput, true)} in throughput (32 concurrent).`,
            "Targets are judged on the SDK's default configuration (30 s deadline per request). The no-deadline side (`requestTimeout: Duration.infinity`; the raw side has no deadline) shows what the deadline costs only where `send` skips an infinite deadline; otherwise it measures like the default side.",
            `In-process sandbox: ${perSecond(inProcessRow.throughput)} with 32 concurrent callers, ${ratio(inProcessRow.throughputRatio)} the socket figure.`
          ]
        }
      } finally {
        await Promise.all([sdk.fetch.dispose(), sdk.undici.dispose(), sdk.undiciNoDeadline.dispose(), platform.fetch.dispose(), platform.undici.dispose(), inProcess.dispose()])
      }
    })
}

if (isMain(import.meta.url)) await main(benchmark)
