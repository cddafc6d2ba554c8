/**
 * What the resilience guards cost on the happy path: GetInfo through the SDK with its defaults
 * (retries after transient faults, a request and a call deadline, answers bounded by
 * `maxAnswerBytes`) against the same SDK with every guard off (`retries: 0`, no deadlines, no answer
 * bound), each in its own client process (plain node, the compiled package) against one sandbox,
 * sides alternating in one run, as the client comparisons do; and the defaults again in a third
 * process (A/A, information: how far two processes of the same client fall apart).
 *
 * @since 0.1.0
 */
import { CLIENT_METHOD, compareClients, figuresOf, micros, SDK, type SideFigures, type SideSpec, withPreparedSandbox } from "./support/clients.js"
import type { LoadOptions } from "./support/load.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import * as Sdk from "./support/sdk.js"
import { ms, perSecond, ratio } from "./support/stats.js"

const SEQUENTIAL: LoadOptions = sized({ concurrency: 1, total: 2_000, durationMillis: 5_000 }, { concurrency: 1, total: 20, durationMillis: 1_000 })
const CONCURRENT: LoadOptions = sized({ concurrency: 32, total: 8_000, durationMillis: 15_000 }, { concurrency: 32, total: 100, durationMillis: 2_000 })
const ROUNDS = sized(10, 1)
const TOLERANCE = 0.95

const GUARDED: SideSpec = { ...SDK, id: "guarded", label: "guards on (the defaults)" }
const BARE: SideSpec = { id: "bare", label: "guards off", kind: "sdk-bare", info: false }
// The defaults in a second process: how far two processes of the same client fall apart (the noise).
const AGAIN: SideSpec = { ...SDK, id: "guarded-again", label: "guards on, a second process (A/A)", info: true }

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "guards",
  limitMillis: 420_000,
  run: () =>
    withPreparedSandbox(Sdk.memberNumber(6), "GRD-0001", async (prepared) => {
      const measure = async (label: string, load: LoadOptions) => {
        log(label)
        const figures = await compareClients({ label, sides: [GUARDED, BARE, AGAIN], prepared, workload: "getInfo", load, rounds: ROUNDS, budgetMillis: 180_000 })
        return { on: figuresOf(figures, GUARDED.id), off: figuresOf(figures, BARE.id), again: figuresOf(figures, AGAIN.id) }
      }
      const sequential = await measure("sequential", SEQUENTIAL)
      const concurrent = await measure("32 concurrent", CONCURRENT)
      const row = (label: string, side: SideFigures, share: number) =>
        [label, perSecond(side.throughput), ms(side.p50), micros(side.cpu), ratio(share)]
      const seqRatio = sequential.on.against(BARE.id)
      const concRatio = concurrent.on.against(BARE.id)
      const worst = Math.min(seqRatio.throughput, concRatio.throughput)
      return {
        title: "12. The cost of the resilience guards on the happy path",
        method: [
          ...CLIENT_METHOD.slice(0, 1),
          "Two SDK client processes over `Undici.layer()` (as the README shows): the defaults (retries 3, request deadline 30 s, call deadline 60 s, answers bounded at 32 MiB as they stream) and every guard off (`retries: 0`, `requestTimeout` and `callTimeout` infinite, no answer bound); each process's CPU is its own.",
          `GetInfo of one receipt: sequential (${SEQUENTIAL.total} calls a round) and 32 callers in a closed loop (${CONCURRENT.total.toLocaleString("en-US")} calls a round); ${ROUNDS} alternating rounds per workload after a warm-up; ratios are medians of the per-round ratios (guarded / bare).`
        ],
        tables: [{
          title: "GetInfo, guards on and off",
          headers: ["SDK", "calls/s", "p50", "client CPU / call", "throughput vs guards off"],
          rows: [
            row("sequential, guards on", sequential.on, seqRatio.throughput),
            row("sequential, guards off", sequential.off, 1),
            row("32 concurrent, guards on", concurrent.on, concRatio.throughput),
            row("32 concurrent, guards off", concurrent.off, 1)
          ]
        }],
        targets: [{
          name: "the happy path pays nothing: throughput with the guards within 5 % of without",
          measured: `${ratio(seqRatio.throughput)} sequential, ${ratio(concRatio.throughput)} concurrent`,
          met: worst >= TOLERANCE
        }],
        notes: [
          `Client CPU per call with the guards: ${ratio(seqRatio.cpu)} of without (sequential), ${ratio(concRatio.cpu)} (32 concurrent); p50 ${ratio(seqRatio.p50)} (sequential).`,
          `The noise (A/A, information): the defaults in a second process against the first, throughput ${ratio(sequential.again.against(GUARDED.id).throughput)} sequential, ${ratio(concurrent.again.against(GUARDED.id).throughput)} concurrent.`
        ]
      }
    })
}

if (isMain(import.meta.url)) await main(benchmark)
