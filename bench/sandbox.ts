/**
 * The sandbox server: GetInfo with `Accept-Encoding: gzip` under 64 connections, against a bare
 * `node:http` server answering the same request with the same status, headers and body bytes
 * (recorded once from the sandbox) and no checks at all — the ceiling of this machine. Each server
 * is its own process and reports its own CPU over the measured window; the load comes from an
 * undici client process per server (a `Pool` of 64 connections, 64 callers in a closed loop).
 * Targets: the sandbox's CPU per GetInfo ≤ 3× the bare server's and ≤ 120 µs; its
 * requests/s ≥ 0.3× the bare server's.
 *
 * @since 0.1.0
 */
import { request } from "undici"
import { alternate, medianOf } from "./support/alternate.js"
import { type RunningClient, type RunningServer, withClients, withServer } from "./support/child.js"
import { clientConfig, FLOOR, micros, type Prepared, withPreparedSandbox } from "./support/clients.js"
import type { LoadOptions, LoadResult } from "./support/load.js"
import { type Benchmark, isMain, log, main } from "./support/program.js"
import type { Table } from "./support/report.js"
import * as Sdk from "./support/sdk.js"
import type { RecordedAnswer } from "./support/server.js"
import { latencyOf, ms, perSecond, ratio } from "./support/stats.js"
import { sdkHeaders } from "./clients/protocol.js"

const CONNECTIONS = 64
const LOAD: LoadOptions = { concurrency: CONNECTIONS, total: 200_000, durationMillis: 2_500 }
const GZIP_ROUNDS = 5
const IDENTITY_ROUNDS = 2
const CPU_RATIO_TARGET = 3
const CPU_TARGET_MICROS = 120
const RATE_TARGET = 0.3

// Headers a Node server sets per connection or per answer by itself.
const PER_CONNECTION = new Set(["date", "connection", "keep-alive", "transfer-encoding"])

/** The sandbox's answer to GetInfo with the SDK's headers, with or without gzip. */
const record = async (prepared: Prepared, gzip: boolean): Promise<RecordedAnswer> => {
  const response = await request(`${prepared.server.url}/Cashbill/${prepared.mgtKey}`, { headers: sdkHeaders(prepared.token, gzip) })
  const body = Buffer.from(await response.body.arrayBuffer())
  if (response.statusCode !== 200) throw new Error(`GetInfo answered ${response.statusCode}`)
  const headers = Object.entries(response.headers).flatMap(([name, value]) =>
    PER_CONNECTION.has(name) || value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => [name, v] as const)
  )
  return { gzip, status: response.statusCode, headers, body: body.toString("base64") }
}

type Sample = LoadResult & { readonly serverCpuMicros: number }

/** One round of load on `server` from `client`, with the server's CPU per request over it. */
const measure = async (server: RunningServer, client: RunningClient): Promise<Sample> => {
  const before = await server.report()
  const result = await client.run("getInfo", LOAD)
  const after = await server.report()
  return { ...result, serverCpuMicros: (after.cpuMicros - before.cpuMicros) / result.latencies.length }
}

interface Compared {
  readonly sandbox: ReadonlyArray<Sample>
  readonly bare: ReadonlyArray<Sample>
}

const compare = async (label: string, rounds: number, sandbox: RunningServer, bare: RunningServer, loads: readonly [RunningClient, RunningClient]): Promise<Compared> => {
  const samples = await alternate<Sample>({
    rounds,
    sides: [
      { name: "sandbox", run: () => measure(sandbox, loads[0]) },
      { name: "bare", run: () => measure(bare, loads[1]) }
    ],
    onRound: (round, results) =>
      log(`${label} round ${round + 1}: ${results.map(([name, r]) => `${name} ${perSecond(r.throughput)} server cpu ${Math.round(r.serverCpuMicros)} µs`).join(", ")}`)
  })
  return { sandbox: samples["sandbox"]!, bare: samples["bare"]! }
}

const pairs = (c: Compared) => c.sandbox.map((s, i) => [s, c.bare[i]!] as const)
const rateShare = (c: Compared) => medianOf(pairs(c), ([s, b]) => s.throughput / b.throughput)
const cpuRatio = (c: Compared) => medianOf(pairs(c), ([s, b]) => s.serverCpuMicros / b.serverCpuMicros)
const serverCpu = (side: ReadonlyArray<Sample>) => medianOf(side, (r) => r.serverCpuMicros)

const rowsOf = (label: string, c: Compared) => {
  const row = (name: string, side: ReadonlyArray<Sample>, share: string, cpuShare: string) => [
    `${name}, ${label}`,
    perSecond(medianOf(side, (r) => r.throughput)),
    micros(serverCpu(side)),
    ms(medianOf(side, (r) => latencyOf(r.latencies).p50)),
    ms(medianOf(side, (r) => latencyOf(r.latencies).p99)),
    micros(medianOf(side, (r) => r.cpuMicrosPerCall)),
    share,
    cpuShare
  ]
  return [row("sandbox", c.sandbox, ratio(rateShare(c)), ratio(cpuRatio(c))), row("bare node:http", c.bare, ratio(1), ratio(1))]
}

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "sandbox",
  limitMillis: 180_000,
  run: () =>
    withPreparedSandbox(Sdk.memberNumber(14), "SRV-0001", async (prepared) => {
      const answers = [await record(prepared, true), await record(prepared, false)]
      return withServer({ kind: "bare", answers }, async (bare) => {
        const load = (origin: string, gzip: boolean) => clientConfig(FLOOR, prepared, { origin, gzip, connections: CONNECTIONS })
        const configs = [load(prepared.server.url, true), load(bare.url, true), load(prepared.server.url, false), load(bare.url, false)]
        return withClients(configs, async ([sandboxGzip, bareGzip, sandboxPlain, barePlain]) => {
          log("GetInfo with gzip, as the SDK asks")
          const gzip = await compare("gzip", GZIP_ROUNDS, prepared.server, bare, [sandboxGzip!, bareGzip!])
          log("GetInfo without Accept-Encoding")
          const identity = await compare("identity", IDENTITY_ROUNDS, prepared.server, bare, [sandboxPlain!, barePlain!])
          const cpu = serverCpu(gzip.sandbox)
          const tables: Array<Table> = [
            {
              title: `GetInfo under ${CONNECTIONS} concurrent connections (${GZIP_ROUNDS} alternating rounds of ${LOAD.durationMillis / 1000} s with gzip, ${IDENTITY_ROUNDS} without)`,
              headers: ["server", "requests/s", "server CPU / request", "p50", "p99", "load client CPU / request", "requests/s vs bare", "server CPU vs bare"],
              rows: [...rowsOf("gzip (as the SDK asks)", gzip), ...rowsOf("identity (information)", identity)]
            },
            {
              title: "The recorded answers the bare server sends",
              headers: ["request", "status", "headers", "body bytes"],
              rows: answers.map((a) => [a.gzip ? "Accept-Encoding: gzip" : "no Accept-Encoding", String(a.status), a.headers.map(([n, v]) => `${n}: ${v}`).join("; "), String(Buffer.from(a.body, "base64").length)])
            }
          ]
          return {
            title: "5. Sandbox server against a bare node:http server",
            method: [
              "Both servers in their own process on 127.0.0.1, plain node. Sandbox: `Server.serve` of the compiled package (as `taxdoc sandbox serve`), GetInfo of one receipt with a valid bearer token: every check (token lookup, expiry, IP binding, scope, member state), the answer record, JSON and gzip.",
              "Bare: `http.createServer` answering every request with the status, headers (less those Node sets per connection: date, connection, keep-alive) and body bytes the sandbox sent for the same request, recorded once before the run; no checks, no work.",
              `Load: one undici client process per server and encoding, a \`Pool\` of ${CONNECTIONS} keep-alive connections with ${CONNECTIONS} callers in a closed loop, the SDK's headers; each answer read whole.`,
              "Server CPU / request: the server process's own `process.cpuUsage()` (asked over its IPC channel just before and after the round), divided by the requests answered. Ratios are medians of the per-round ratios."
            ],
            tables,
            targets: [
              {
                name: `sandbox CPU per GetInfo (gzip, ${CONNECTIONS} connections) ≤ ${CPU_RATIO_TARGET}× the bare server's`,
                measured: `${ratio(cpuRatio(gzip))} (${micros(cpu)} against ${micros(serverCpu(gzip.bare))})`,
                met: cpuRatio(gzip) <= CPU_RATIO_TARGET
              },
              {
                name: `sandbox CPU per GetInfo (gzip) ≤ ${CPU_TARGET_MICROS} µs`,
                measured: micros(cpu),
                met: cpu <= CPU_TARGET_MICROS
              },
              {
                name: `sandbox requests/s (gzip) ≥ ${RATE_TARGET}× the bare server's`,
                measured: `${ratio(rateShare(gzip))} (${perSecond(medianOf(gzip.sandbox, (r) => r.throughput))} against ${perSecond(medianOf(gzip.bare, (r) => r.throughput))})`,
                met: rateShare(gzip) >= RATE_TARGET
              }
            ],
            notes: [
              `gzip costs the sandbox ${micros(cpu - serverCpu(identity.sandbox))} of CPU per request (identity answers: ${micros(serverCpu(identity.sandbox))}).`
            ]
          }
        })
      })
    })
}

if (isMain(import.meta.url)) await main(benchmark)
