/**
 * The Promise client (`taxdoc/promise`) against the Effect API, per call: GetInfo over sockets, one
 * caller and then 32 concurrent callers, each side in its own client process against one sandbox;
 * the client's CPU per call and p50 of each, with the ratio of the Promise client to the Effect
 * API; then the two in one client process, alternating, which takes the differences between
 * processes (heap, compiled code, timing) out of the ratio. Target: the Promise client's CPU per
 * call ≤ 1.10× the Effect API's.
 *
 * @since 0.1.0
 */
import { alternate } from "./support/alternate.js"
import { withClients } from "./support/child.js"
import {
  CLIENT_METHOD,
  clientConfig,
  compareClients,
  figuresOf,
  figuresOfRounds,
  micros,
  type Prepared,
  PROMISE,
  SDK,
  SDK_AND_PROMISE,
  SDK_RUN_PROMISE,
  type SideFigures,
  withPreparedSandbox
} from "./support/clients.js"
import type { LoadOptions, LoadResult } from "./support/load.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import * as Sdk from "./support/sdk.js"
import { ms, perSecond, ratio } from "./support/stats.js"

const SEQUENTIAL: LoadOptions = sized({ concurrency: 1, total: 800, durationMillis: 2_500 }, { concurrency: 1, total: 20, durationMillis: 1_000 })
const CONCURRENT: LoadOptions = sized({ concurrency: 32, total: 4_000, durationMillis: 2_500 }, { concurrency: 32, total: 100, durationMillis: 1_000 })
const ROUNDS = sized(5, 1)
const SIDES = [SDK, PROMISE, SDK_RUN_PROMISE]
const CPU_TARGET = 1.1
const PAIR_ROUNDS = sized(12, 1)

// The Effect API (`getInfo`) and the Promise client (`getInfoPromise`) in one client process, in
// alternating rounds; the figures are filed under the sides they stand for.
const sameProcess = (prepared: Prepared, label: string, load: LoadOptions): Promise<ReadonlyArray<SideFigures>> =>
  withClients([clientConfig(SDK_AND_PROMISE, prepared)], async ([client]) => {
    const samples = await alternate<LoadResult>({
      rounds: PAIR_ROUNDS,
      budgetMillis: 100_000,
      sides: [
        { name: SDK.id, run: () => client!.run("getInfo", load) },
        { name: PROMISE.id, run: () => client!.run("getInfoPromise", load) }
      ],
      onRound: (round, results) => log(`${label} in one process, round ${round + 1}: ${results.map(([id, r]) => `${id} cpu ${Math.round(r.cpuMicrosPerCall)} µs`).join(", ")}`)
    })
    return figuresOfRounds([SDK, PROMISE], samples)
  })

const table = (title: string, figures: ReadonlyArray<SideFigures>) => ({
  title,
  headers: ["client", "p50", "p99", "client CPU / call", "calls/s", "CPU vs Effect API", "p50 vs Effect API", "calls"],
  rows: figures.map((f) => {
    const r = f.against(SDK.id)
    return [f.side.label, ms(f.p50), ms(f.p99), micros(f.cpu), perSecond(f.throughput), ratio(r.cpu), ratio(r.p50), f.calls.toLocaleString("en-US")]
  })
})

const target = (label: string, figures: ReadonlyArray<SideFigures>, where = "") => {
  const promise = figuresOf(figures, PROMISE.id)
  const { cpu, cpuLowest, cpuHighest } = promise.against(SDK.id)
  return {
    name: `Promise client CPU per ${label} GetInfo ≤ ${CPU_TARGET}× the Effect API's${where}`,
    measured: `${ratio(cpu)} (${micros(promise.cpu)} against ${micros(figuresOf(figures, SDK.id).cpu)}; rounds ${ratio(cpuLowest)}–${ratio(cpuHighest)})`,
    met: cpu <= CPU_TARGET
  }
}

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "promise",
  limitMillis: 300_000,
  run: () =>
    withPreparedSandbox(Sdk.memberNumber(17), "PRM-0001", async (prepared) => {
      log("Promise client against the Effect API: sequential GetInfo")
      const sequential = await compareClients({ label: "sequential", sides: SIDES, prepared, workload: "getInfo", load: SEQUENTIAL, rounds: ROUNDS, budgetMillis: 100_000 })
      log("Promise client against the Effect API: 32 concurrent GetInfo callers")
      const concurrent = await compareClients({ label: "concurrent", sides: SIDES, prepared, workload: "getInfo", load: CONCURRENT, rounds: ROUNDS, budgetMillis: 100_000 })
      log("Promise client against the Effect API in one process")
      const pairSequential = await sameProcess(prepared, "sequential", SEQUENTIAL)
      const pairConcurrent = await sameProcess(prepared, "concurrent", CONCURRENT)
      return {
        title: "16. The Promise client against the Effect API, per call",
        method: [
          CLIENT_METHOD[0]!.replace("; a token issued beforehand for the raw sides", ""),
          "Each side is its own client process (plain node, the compiled package), so `process.cpuUsage()` there is that client's own CPU over exactly the measured window (after a full GC): the Effect API as an Effect application calls it (`Taxdoc.layer` over `Undici.layer()`, as the README shows, default configuration, calls in Effect fibers, no Promise per call); the Promise client as a program without Effect calls it (`createClient` of `taxdoc/promise`, over the same transport, the same configuration, each call a Promise awaited in an `async` loop); and, for information, the Effect API run to a Promise by hand (`runtime.runPromise` per call).",
          CLIENT_METHOD[3]!,
          `Then both in one client process (plain node, the compiled package), each with its own runtime and pool, in ${PAIR_ROUNDS} alternating rounds of the same loads: the same heap, the same compiled code and the same moment for both, so what differs is what the Promise client adds per call (a fiber started for each call, the Promise, the argument handling). The ratio is the median of the per-round ratios.`,
          `GetInfo of one receipt: ${ROUNDS} rounds of up to ${SEQUENTIAL.total.toLocaleString("en-US")} calls per side with one caller, then of up to ${CONCURRENT.total.toLocaleString("en-US")} calls with ${CONCURRENT.concurrency} callers (each at most ${SEQUENTIAL.durationMillis / 1000} s).`
        ],
        tables: [
          table(`Sequential GetInfo (medians of ${ROUNDS} rounds)`, sequential),
          table(`${CONCURRENT.concurrency} concurrent GetInfo callers (medians of ${ROUNDS} rounds)`, concurrent),
          table(`Sequential GetInfo, both in one process (medians of ${PAIR_ROUNDS} rounds)`, pairSequential),
          table(`${CONCURRENT.concurrency} concurrent GetInfo callers, both in one process (medians of ${PAIR_ROUNDS} rounds)`, pairConcurrent)
        ],
        targets: [
          target("sequential", sequential),
          target("concurrent", concurrent),
          target("sequential", pairSequential, ", the two in one process"),
          target("concurrent", pairConcurrent, ", the two in one process")
        ],
        notes: []
      }
    })
}

if (isMain(import.meta.url)) await main(benchmark)
