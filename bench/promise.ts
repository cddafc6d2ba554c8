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
import { alternate, medianOf } from "./support/alternate.js"
import { withClients } from "./support/child.js"
import { CLIENT_METHOD, clientConfig, compareClients, figuresOf, micros, type Prepared, PROMISE, SDK, SDK_RUN_PROMISE, type SideFigures, withPreparedSandbox } from "./support/clients.js"
import type { LoadOptions, LoadResult } from "./support/load.js"
import { type Benchmark, isMain, log, main } from "./support/program.js"
import * as Sdk from "./support/sdk.js"
import { latencyOf, ms, perSecond, ratio } from "./support/stats.js"

const SEQUENTIAL: LoadOptions = { concurrency: 1, total: 800, durationMillis: 2_500 }
const CONCURRENT: LoadOptions = { concurrency: 32, total: 4_000, durationMillis: 2_500 }
const ROUNDS = 5
const SIDES = [SDK, PROMISE, SDK_RUN_PROMISE]
const CPU_TARGET = 1.1
const PAIR_ROUNDS = 12

interface PairFigures {
  readonly effect: { readonly cpu: number; readonly p50: number; readonly calls: number }
  readonly promise: { readonly cpu: number; readonly p50: number; readonly calls: number }
  /** Medians of the per-round ratios (Promise client / Effect API). */
  readonly cpu: number
  readonly p50: number
  /** The spread of the per-round CPU ratios. */
  readonly lowest: number
  readonly highest: number
}

// The Effect API and the Promise client in one client process, in alternating rounds.
const sameProcess = (prepared: Prepared, label: string, load: LoadOptions): Promise<PairFigures> =>
  withClients([clientConfig({ id: "pair", label: "Effect API and Promise client in one process", kind: "sdk-and-promise", info: false }, prepared)], async ([client]) => {
    const samples = await alternate<LoadResult>({
      rounds: PAIR_ROUNDS,
      budgetMillis: 100_000,
      sides: [
        { name: "effect", run: () => client!.run("getInfo", load) },
        { name: "promise", run: () => client!.run("getInfoPromise", load) }
      ],
      onRound: (round, results) => log(`${label} in one process, round ${round + 1}: ${results.map(([name, r]) => `${name} cpu ${Math.round(r.cpuMicrosPerCall)} µs`).join(", ")}`)
    })
    const effect = samples["effect"]!
    const promise = samples["promise"]!
    const pairs = promise.slice(0, effect.length).map((r, i) => [r, effect[i]!] as const)
    const ratios = pairs.map(([p, e]) => p.cpuMicrosPerCall / e.cpuMicrosPerCall)
    const side = (rounds: ReadonlyArray<LoadResult>) => ({
      cpu: medianOf(rounds, (r) => r.cpuMicrosPerCall),
      p50: medianOf(rounds, (r) => latencyOf(r.latencies).p50),
      calls: rounds.reduce((n, r) => n + r.latencies.length, 0)
    })
    return {
      effect: side(effect),
      promise: side(promise),
      cpu: medianOf(ratios, (r) => r),
      p50: medianOf(pairs, ([p, e]) => latencyOf(p.latencies).p50 / latencyOf(e.latencies).p50),
      lowest: Math.min(...ratios),
      highest: Math.max(...ratios)
    }
  })

const pairTable = (pairs: ReadonlyArray<readonly [string, PairFigures]>) => ({
  title: `The Effect API and the Promise client in one client process (medians of ${PAIR_ROUNDS} alternating rounds)`,
  headers: ["callers", "Effect API CPU / call", "Promise client CPU / call", "CPU ratio (median of rounds)", "lowest–highest round", "p50 ratio", "calls per side"],
  rows: pairs.map(([label, f]) => [label, micros(f.effect.cpu), micros(f.promise.cpu), ratio(f.cpu), `${ratio(f.lowest)}–${ratio(f.highest)}`, ratio(f.p50), f.promise.calls.toLocaleString("en-US")])
})

const pairTarget = (label: string, f: PairFigures) => ({
  name: `Promise client CPU per ${label} GetInfo ≤ ${CPU_TARGET}× the Effect API's, the two in one process`,
  measured: `${ratio(f.cpu)} (${micros(f.promise.cpu)} against ${micros(f.effect.cpu)}; rounds ${ratio(f.lowest)}–${ratio(f.highest)})`,
  met: f.cpu <= CPU_TARGET
})

const table = (title: string, figures: ReadonlyArray<SideFigures>) => ({
  title,
  headers: ["client", "p50", "p99", "client CPU / call", "calls/s", "CPU vs Effect API", "p50 vs Effect API", "calls"],
  rows: figures.map((f) => {
    const r = f.against(SDK.id)
    return [f.side.label, ms(f.p50), ms(f.p99), micros(f.cpu), perSecond(f.throughput), ratio(r.cpu), ratio(r.p50), f.calls.toLocaleString("en-US")]
  })
})

const target = (label: string, figures: ReadonlyArray<SideFigures>) => {
  const promise = figuresOf(figures, PROMISE.id)
  const cpu = promise.against(SDK.id).cpu
  return {
    name: `Promise client CPU per ${label} GetInfo ≤ ${CPU_TARGET}× the Effect API's`,
    measured: `${ratio(cpu)} (${micros(promise.cpu)} against ${micros(figuresOf(figures, SDK.id).cpu)})`,
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
          "Each side is its own client process (plain node, the compiled package), so `process.cpuUsage()` there is that client's own CPU over exactly the measured window (after a full GC): the Effect API as an Effect application calls it (`Taxdoc.layer` over `Undici.layer()`, default configuration, calls in Effect fibers, no Promise per call); the Promise client as a program without Effect calls it (`createClient` of `taxdoc/promise`, the same configuration, each call a Promise awaited in an `async` loop); and, for information, the Effect API run to a Promise by hand (`runtime.runPromise` per call).",
          CLIENT_METHOD[2]!,
          `Then both in one client process (plain node, the compiled package), each with its own runtime and pool, in ${PAIR_ROUNDS} alternating rounds of the same loads: the same heap, the same compiled code and the same moment for both, so what differs is what the Promise client adds per call (a fiber started for each call, the Promise, the argument handling). The ratio is the median of the per-round ratios.`,
          `GetInfo of one receipt: ${ROUNDS} rounds of up to ${SEQUENTIAL.total.toLocaleString("en-US")} calls per side with one caller, then of up to ${CONCURRENT.total.toLocaleString("en-US")} calls with ${CONCURRENT.concurrency} callers (each at most ${SEQUENTIAL.durationMillis / 1000} s).`
        ],
        tables: [
          table(`Sequential GetInfo (medians of ${ROUNDS} rounds)`, sequential),
          table(`${CONCURRENT.concurrency} concurrent GetInfo callers (medians of ${ROUNDS} rounds)`, concurrent),
          pairTable([["1", pairSequential], [String(CONCURRENT.concurrency), pairConcurrent]])
        ],
        targets: [
          target("sequential", sequential),
          target("concurrent", concurrent),
          pairTarget("sequential", pairSequential),
          pairTarget("concurrent", pairConcurrent)
        ],
        notes: []
      }
    })
}

if (isMain(import.meta.url)) await main(benchmark)
