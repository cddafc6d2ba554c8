/**
 * What the resilience guards cost on the happy path: GetInfo through the SDK with its defaults
 * (retries after transient faults, a call deadline, answers bounded by `maxAnswerBytes`) against the
 * same SDK with every guard off (`retries: 0`, no call deadline, no answer bound), both against one
 * sandbox served by another process, sides alternating in one run.
 *
 * @since 0.1.0
 */
import { Duration, Effect } from "effect"
import { Cashbill } from "../src/domains/cashbill/Cashbill.js"
import { alternate, medianOf } from "./support/alternate.js"
import { withServer } from "./support/child.js"
import { effectLoop } from "./support/effectLoop.js"
import type { LoadOptions, LoadResult } from "./support/load.js"
import { type Benchmark, isMain, log, main } from "./support/program.js"
import * as Sdk from "./support/sdk.js"
import { latencyOf, ms, perSecond, ratio } from "./support/stats.js"

const SEQUENTIAL: LoadOptions = { concurrency: 1, total: 600, durationMillis: 1_000 }
const CONCURRENT: LoadOptions = { concurrency: 32, total: 10_000, durationMillis: 2_000 }
const ROUNDS = 4
const MEMBER = Sdk.memberNumber(6)
const MGT_KEY = "GRD-0001"

const getInfo = Effect.flatMap(Cashbill, (cashbill) => cashbill.getInfo(MEMBER, MGT_KEY))

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "guards",
  limitMillis: 150_000,
  run: () =>
    withServer({ kind: "sandbox" }, async (server) => {
      await Sdk.adminOf(server.url).addMember(MEMBER)
      const guarded = Sdk.socketSdk(server.url, "taxdoc")
      const bare = Sdk.socketSdk(server.url, "taxdoc", undefined, {
        retries: 0,
        callTimeout: Duration.infinity,
        maxAnswerBytes: Number.MAX_SAFE_INTEGER
      })
      try {
        await Sdk.prepareReceipt(guarded, MEMBER, MGT_KEY)
        await bare.runPromise(getInfo)
        const measure = async (label: string, options: LoadOptions) => {
          const samples = await alternate<LoadResult>({
            rounds: ROUNDS,
            sides: [
              { name: "guarded", run: () => guarded.runPromise(effectLoop(options, getInfo)) },
              { name: "bare", run: () => bare.runPromise(effectLoop(options, getInfo)) }
            ],
            onRound: (round, results) =>
              log(`${label} round ${round + 1}: ${results.map(([name, r]) => `${name} ${perSecond(r.throughput)}`).join(", ")}`)
          })
          const on = samples["guarded"]!
          const off = samples["bare"]!
          const paired = on.map((r, i) => [r, off[i]!] as const)
          return {
            on,
            off,
            throughputRatio: medianOf(paired, ([a, b]) => a.throughput / b.throughput),
            p50Ratio: medianOf(paired, ([a, b]) => latencyOf(a.latencies).p50 / latencyOf(b.latencies).p50)
          }
        }
        log("sequential GetInfo")
        const sequential = await measure("sequential", SEQUENTIAL)
        log("32 concurrent callers")
        const concurrent = await measure("32 concurrent", CONCURRENT)
        const row = (label: string, side: ReadonlyArray<LoadResult>, share: string) => [
          label,
          perSecond(medianOf(side, (r) => r.throughput)),
          ms(medianOf(side, (r) => latencyOf(r.latencies).p50)),
          `${Math.round(medianOf(side, (r) => r.cpuMicrosPerCall))} µs`,
          share
        ]
        const worst = Math.min(sequential.throughputRatio, concurrent.throughputRatio)
        return {
          title: "12. The cost of the resilience guards on the happy path",
          method: [
            "One sandbox served by another process; two SDK runtimes over the SDK's own transport `Undici.layer()` (as the README shows): the defaults (retries 3, call deadline 60 s, answers bounded at 32 MiB) and every guard off (`retries: 0`, `callTimeout: infinity`, no answer bound).",
            `GetInfo of one receipt, ${ROUNDS} alternating rounds per workload; ratios are medians of the per-round ratios (guarded / bare).`
          ],
          tables: [{
            title: "GetInfo, guards on and off",
            headers: ["SDK", "calls/s", "p50", "client CPU / call", "throughput vs guards off"],
            rows: [
              row("sequential, guards on", sequential.on, ratio(sequential.throughputRatio)),
              row("sequential, guards off", sequential.off, ratio(1)),
              row("32 concurrent, guards on", concurrent.on, ratio(concurrent.throughputRatio)),
              row("32 concurrent, guards off", concurrent.off, ratio(1))
            ]
          }],
          targets: [{
            name: "the happy path pays nothing: throughput with the guards within 5 % of without",
            measured: `${ratio(sequential.throughputRatio)} sequential, ${ratio(concurrent.throughputRatio)} concurrent`,
            met: worst >= 0.95
          }],
          notes: [`p50 latency with the guards: ${ratio(sequential.p50Ratio)} of without (sequential).`]
        }
      } finally {
        await Promise.all([guarded.dispose(), bare.dispose()])
      }
    })
}

if (isMain(import.meta.url)) await main(benchmark)
