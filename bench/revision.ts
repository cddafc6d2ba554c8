/**
 * Sandbox capacity of this checkout against an earlier revision, side by side in one run: both
 * sandboxes served in their own process (the earlier one from a temporary git worktree of
 * `BENCH_BASE`, default the revision before the operation catalogue), the same GetInfo load
 * (gzip, 64 connections) on each in alternating rounds, medians of requests/s and server CPU per
 * request.
 *
 * @since 0.1.0
 */
import Undici from "@effect/platform-node/Undici"
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect } from "effect"
import { Cashbill } from "../src/domains/cashbill/Cashbill.js"
import { alternate, medianOf } from "./support/alternate.js"
import { type RunningServer, withServer } from "./support/child.js"
import { type LoadResult, promiseLoop } from "./support/load.js"
import { type Benchmark, isMain, log, main } from "./support/program.js"
import * as Sdk from "./support/sdk.js"
import { latencyOf, ms, perSecond, ratio } from "./support/stats.js"

/** The last revision whose sandbox routed with a scan of hand-written routes. */
const BASE = process.env["BENCH_BASE"] ?? "48e8796"
const ROOT = fileURLToPath(new URL("..", import.meta.url))
const CONNECTIONS = 64
const LOAD = { concurrency: CONNECTIONS, total: 200_000, durationMillis: 2_500 }
const ROUNDS = 6
const MEMBER = Sdk.memberNumber(5)
const MGT_KEY = "REV-0001"

type Sample = LoadResult & { readonly serverCpuMicros: number }

const git = (...args: ReadonlyArray<string>) => execFileSync("git", args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] }).toString().trim()

/** A checkout of `rev` beside this one, sharing its node_modules; removed afterwards. */
const withCheckout = async <A>(rev: string, fn: (dir: string) => Promise<A>): Promise<A> => {
  const dir = join(mkdtempSync(join(tmpdir(), "taxdoc-base-")), "checkout")
  git("worktree", "add", "--detach", dir, rev)
  try {
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir")
    return await fn(dir)
  } finally {
    git("worktree", "remove", "--force", dir)
    rmSync(join(dir, ".."), { recursive: true, force: true })
  }
}

/** A member with one receipt on `server`, and a token for GetInfo. */
const prepare = async (server: RunningServer): Promise<string> => {
  await Sdk.adminOf(server.url).addMember(MEMBER)
  const sdk = Sdk.socketSdk(server.url, "undici")
  try {
    const token = await Sdk.prepareReceipt(sdk, MEMBER, MGT_KEY)
    await sdk.runPromise(Effect.flatMap(Cashbill, (c) => c.getInfo(MEMBER, MGT_KEY)))
    return token
  } finally {
    await sdk.dispose()
  }
}

const loadOf = (server: RunningServer, token: string) => {
  const pool = new Undici.Pool(server.url, { connections: CONNECTIONS })
  const admin = Sdk.adminOf(server.url)
  const headers = { authorization: `Bearer ${token}`, "accept-encoding": "gzip", "accept-language": "ko-KR" }
  const call = async () => {
    const response = await pool.request({ path: `/Cashbill/${MGT_KEY}`, method: "GET", headers })
    await response.body.arrayBuffer()
    if (response.statusCode !== 200) throw new Error(`GetInfo answered ${response.statusCode}`)
  }
  return {
    run: async (): Promise<Sample> => {
      const before = await admin.process()
      const result = await promiseLoop(LOAD, call)
      const after = await admin.process()
      return { ...result, serverCpuMicros: (after.cpuMicros - before.cpuMicros) / result.latencies.length }
    },
    close: () => pool.close()
  }
}

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "revision",
  limitMillis: 240_000,
  run: () =>
    withCheckout(BASE, (baseDir) =>
      withServer({ kind: "sandbox" }, (current) =>
        withServer({ kind: "sandbox" }, async (base) => {
          const loads = { current: loadOf(current, await prepare(current)), base: loadOf(base, await prepare(base)) }
          try {
            const samples = await alternate<Sample>({
              rounds: ROUNDS,
              sides: [
                { name: "current", run: loads.current.run },
                { name: "base", run: loads.base.run }
              ],
              onRound: (round, results) =>
                log(`round ${round + 1}: ${results.map(([name, r]) => `${name} ${perSecond(r.throughput)} cpu ${Math.round(r.serverCpuMicros)} µs`).join(", ")}`)
            })
            const now = samples["current"]!
            const then = samples["base"]!
            const pairs = now.map((s, i) => [s, then[i]!] as const)
            const row = (label: string, side: ReadonlyArray<Sample>, share: string) => [
              label,
              perSecond(medianOf(side, (r) => r.throughput)),
              ms(medianOf(side, (r) => latencyOf(r.latencies).p50)),
              ms(medianOf(side, (r) => latencyOf(r.latencies).p99)),
              `${Math.round(medianOf(side, (r) => r.serverCpuMicros))} µs`,
              share
            ]
            const throughputRatio = medianOf(pairs, ([c, b]) => c.throughput / b.throughput)
            const cpuRatio = medianOf(pairs, ([c, b]) => c.serverCpuMicros / b.serverCpuMicros)
            return {
              title: `7. Sandbox capacity against revision ${BASE}`,
              method: [
                `Two sandboxes, each \`Server.serve\` in its own Node process on 127.0.0.1: this checkout, and revision \`${BASE}\` (a temporary git worktree sharing node_modules; \`BENCH_BASE\` picks another).`,
                `The same load on each, in ${ROUNDS} alternating rounds of ${LOAD.durationMillis / 1000} s: GetInfo of one receipt with a valid token, gzip asked, an undici \`Pool\` of ${CONNECTIONS} connections with ${CONNECTIONS} callers in a closed loop.`,
                "Server CPU / request: the server process's `process.cpuUsage()` over the round, per request. Ratios are medians of the per-round ratios."
              ],
              tables: [{
                title: "GetInfo (gzip) under 64 concurrent connections",
                headers: ["sandbox", "requests/s", "p50", "p99", "server CPU / request", "throughput vs base"],
                rows: [row("this checkout", now, ratio(throughputRatio)), row(`revision ${BASE}`, then, ratio(1))]
              }],
              targets: [{
                name: `sandbox capacity not below revision ${BASE} (≥ 0.95×, the noise of one run)`,
                measured: `${ratio(throughputRatio)} requests/s, ${ratio(cpuRatio)} CPU per request`,
                met: throughputRatio >= 0.95
              }],
              notes: []
            }
          } finally {
            await Promise.all([loads.current.close(), loads.base.close()])
          }
        }, join(baseDir, "bench", "support", "server.ts"))))
}

if (isMain(import.meta.url)) await main(benchmark)
