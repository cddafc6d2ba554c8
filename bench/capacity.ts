/**
 * Sandbox capacity: GetInfo requests per second with every token check (bearer lookup, expiry,
 * IP binding, scope) under 64 concurrent connections, against a bare Node `http` server answering
 * the same JSON bytes with no checks at all (the ceiling of this machine). Both servers run in
 * their own process; the load comes from this process through an undici pool of 64 connections.
 * Then the sandbox's memory with 100,000 stored receipts, and its capacity with them stored.
 *
 * @since 0.1.0
 */
import Undici from "@effect/platform-node/Undici"
import { Effect } from "effect"
import { gzipSync } from "node:zlib"
import { messageDigest } from "../src/core/Signing.js"
import { Cashbill } from "../src/domains/cashbill/Cashbill.js"
import { alternate, medianOf } from "./support/alternate.js"
import { type RunningServer, withServer } from "./support/child.js"
import { type LoadResult, promiseLoop } from "./support/load.js"
import { type Benchmark, isMain, log, main } from "./support/program.js"
import type { Table } from "./support/report.js"
import * as Sdk from "./support/sdk.js"
import { count, latencyOf, mib, ms, perSecond, ratio } from "./support/stats.js"

const CONNECTIONS = 64
const LOAD = { concurrency: CONNECTIONS, total: 200_000, durationMillis: 2_500 }
const ROUNDS = 4
const STORED = 100_000
const MEMBER = Sdk.memberNumber(3)
const MGT_KEY = "CAP-0001"
const JSON_TYPE = "application/json;charset=utf-8"

/** A closed loop of GetInfo against `origin` through an undici pool; the body is read whole. */
const loadOf = (origin: string, headers: Record<string, string>) => {
  const pool = new Undici.Pool(origin, { connections: CONNECTIONS })
  const path = `/Cashbill/${MGT_KEY}`
  const call = async () => {
    const response = await pool.request({ path, method: "GET", headers })
    await response.body.arrayBuffer()
    if (response.statusCode !== 200) throw new Error(`GetInfo answered ${response.statusCode}`)
  }
  return { run: () => promiseLoop(LOAD, call), close: () => pool.close() }
}

/** Loads `total` receipts through BulkSubmit (100 per request, 4 requests at once). */
const store = async (origin: string, token: string, total: number) => {
  const pool = new Undici.Pool(origin, { connections: 4 })
  let next = 0
  const submit = async () => {
    while (next < total) {
      const first = next
      next += 100
      const body = JSON.stringify({ cashbills: Array.from({ length: 100 }, (_, i) => Sdk.receipt(`ST-${String(first + i).padStart(7, "0")}`, MEMBER)) })
      const response = await pool.request({
        path: "/Cashbill",
        method: "POST",
        body,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": JSON_TYPE,
          "x-http-method-override": "BULKISSUE",
          "x-svc-submit-id": `STORE-${first}`,
          "x-svc-message-digest": messageDigest(body)
        }
      })
      const answer = await response.body.text()
      if (response.statusCode !== 200) throw new Error(`BulkSubmit answered ${response.statusCode}: ${answer}`)
    }
  }
  await Promise.all(Array.from({ length: 4 }, submit))
  await pool.close()
}

interface Sides {
  readonly sandbox: ReadonlyArray<LoadResult & { readonly serverCpuMicros: number }>
  readonly bare: ReadonlyArray<LoadResult>
}

const compare = async (label: string, rounds: number, sandbox: RunningServer, bare: RunningServer, headers: Record<string, string>): Promise<Sides> => {
  const admin = Sdk.adminOf(sandbox.url)
  const sandboxLoad = loadOf(sandbox.url, headers)
  const bareLoad = loadOf(bare.url, headers)
  try {
    const samples = await alternate<LoadResult & { readonly serverCpuMicros: number }>({
      rounds,
      sides: [
        {
          name: "sandbox",
          run: async () => {
            const before = await admin.process()
            const result = await sandboxLoad.run()
            const after = await admin.process()
            return { ...result, serverCpuMicros: (after.cpuMicros - before.cpuMicros) / result.latencies.length }
          }
        },
        { name: "bare", run: async () => ({ ...(await bareLoad.run()), serverCpuMicros: Number.NaN }) }
      ],
      onRound: (round, results) =>
        log(`${label} round ${round + 1}: ${results.map(([name, r]) => `${name} ${perSecond(r.throughput)} p99 ${ms(latencyOf(r.latencies).p99)}`).join(", ")}`)
    })
    return { sandbox: samples["sandbox"]!, bare: samples["bare"]! }
  } finally {
    await Promise.all([sandboxLoad.close(), bareLoad.close()])
  }
}

const rateOf = (sides: Sides) => medianOf(sides.sandbox, (r) => r.throughput)
const cpuOf = (sides: Sides) => medianOf(sides.sandbox, (r) => r.serverCpuMicros)

const rowsOf = (label: string, sides: Sides) => {
  const pairs = sides.sandbox.map((s, i) => [s, sides.bare[i]!] as const)
  const share = medianOf(pairs, ([s, b]) => s.throughput / b.throughput)
  return [
    [`sandbox, ${label}`, perSecond(medianOf(sides.sandbox, (r) => r.throughput)), ms(medianOf(sides.sandbox, (r) => latencyOf(r.latencies).p50)),
      ms(medianOf(sides.sandbox, (r) => latencyOf(r.latencies).p99)), `${Math.round(medianOf(sides.sandbox, (r) => r.serverCpuMicros))} µs`, ratio(share)],
    [`bare node:http, ${label}`, perSecond(medianOf(sides.bare, (r) => r.throughput)), ms(medianOf(sides.bare, (r) => latencyOf(r.latencies).p50)),
      ms(medianOf(sides.bare, (r) => latencyOf(r.latencies).p99)), "–", ratio(1)]
  ]
}

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "capacity",
  limitMillis: 150_000,
  run: () =>
    withServer({ kind: "sandbox" }, async (sandbox) => {
      const admin = Sdk.adminOf(sandbox.url)
      await admin.addMember(MEMBER)
      const sdk = Sdk.socketSdk(sandbox.url, "undici")
      let token: string
      try {
        token = await Sdk.prepareReceipt(sdk, MEMBER, MGT_KEY)
        await sdk.runPromise(Effect.flatMap(Cashbill, (c) => c.getInfo(MEMBER, MGT_KEY)))
      } finally {
        await sdk.dispose()
      }
      // The bare server answers the sandbox's own bytes for this request.
      const probe = await Undici.request(`${sandbox.url}/Cashbill/${MGT_KEY}`, { headers: { authorization: `Bearer ${token}` } })
      const plain = Buffer.from(await probe.body.arrayBuffer())
      const bareConfig = { kind: "bare", plain: plain.toString("base64"), gzip: gzipSync(plain).toString("base64"), contentType: JSON_TYPE } as const
      return withServer(bareConfig, async (bare) => {
        const sdkHeaders = { authorization: `Bearer ${token}`, "accept-encoding": "gzip", "accept-language": "ko-KR" }
        const plainHeaders = { authorization: `Bearer ${token}`, "accept-language": "ko-KR" }
        log("GetInfo, as the SDK asks (gzip)")
        const gzipSides = await compare("gzip", ROUNDS, sandbox, bare, sdkHeaders)
        log("GetInfo without Accept-Encoding")
        const plainSides = await compare("identity", 2, sandbox, bare, plainHeaders)

        log(`storing ${count(STORED)} receipts`)
        await admin.setProgression("cashbill.bulk", { _tag: "Immediate" })
        const before = await admin.process()
        const loadStarted = performance.now()
        await store(sandbox.url, token, STORED)
        const loadMillis = performance.now() - loadStarted
        const after = await admin.process()
        const stats = await admin.stats()
        log(`stored in ${ms(loadMillis)}; heap ${mib(before.memory.heapUsed)} → ${mib(after.memory.heapUsed)}`)
        const fullSides = await compare(`${count(STORED)} stored`, 2, sandbox, bare, sdkHeaders)

        const heapDelta = after.memory.heapUsed - before.memory.heapUsed
        const tables: Array<Table> = [
          {
            title: `GetInfo under ${CONNECTIONS} concurrent connections (${ROUNDS} alternating rounds of ${LOAD.durationMillis / 1000} s; 2 rounds for the other rows)`,
            headers: ["server", "requests/s", "p50", "p99", "server CPU / request", "share of the bare ceiling"],
            rows: [
              ...rowsOf("gzip answers (as the SDK asks)", gzipSides),
              ...rowsOf("identity answers", plainSides),
              ...rowsOf(`gzip, ${count(STORED)} receipts stored`, fullSides)
            ]
          },
          {
            title: `Sandbox memory with ${count(STORED)} stored receipts (server process, after a full GC)`,
            headers: ["", "heap used", "RSS"],
            rows: [
              ["before storing", mib(before.memory.heapUsed), mib(before.memory.rss)],
              [`after storing ${count(STORED)} receipts (${count(stats.calls["Cashbill.BulkSubmit"] ?? 0)} BulkSubmit calls, ${ms(loadMillis)})`, mib(after.memory.heapUsed), mib(after.memory.rss)],
              ["per stored receipt", `${Math.round(heapDelta / STORED)} bytes`, `${Math.round((after.memory.rss - before.memory.rss) / STORED)} bytes`]
            ]
          }
        ]
        return {
          title: "4. Sandbox capacity",
          method: [
            "Both servers in their own Node process on 127.0.0.1; the load generator in the benchmark process: an undici `Pool` of 64 connections, 64 callers in a closed loop, each answer read whole.",
            "Sandbox: `Server.serve`, GetInfo of one receipt with a valid bearer token (token lookup, expiry, IP binding, scope, member state, JSON, gzip when asked).",
            "Bare: `http.createServer` answering the same bytes (pre-compressed when gzip is asked), no checks: the ceiling of this machine for Node HTTP.",
            "Server CPU / request: the sandbox process's `process.cpuUsage()` over the round, per request (asked through an extra sandbox route).",
            `Memory: the sandbox process's \`process.memoryUsage()\` after \`global.gc()\`, before and after storing ${count(STORED)} receipts for one member through BulkSubmit (bulk progression set to \`Immediate\` for the load).`
          ],
          tables,
          targets: [],
          notes: [
            `gzip answers cost the sandbox ${Math.round(cpuOf(gzipSides) - cpuOf(plainSides))} µs of CPU per request (${perSecond(rateOf(gzipSides))} against ${perSecond(rateOf(plainSides))} without gzip).`,
            `With ${count(STORED)} receipts stored for the member: ${perSecond(rateOf(fullSides))}, ${ratio(rateOf(fullSides) / rateOf(gzipSides))} the throughput with one receipt.`
          ]
        }
      })
    })
}

if (isMain(import.meta.url)) await main(benchmark)
