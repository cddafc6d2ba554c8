/**
 * Sequential GetInfo over sockets: one caller, each side in its own client process against one
 * sandbox; p50, p99 and the client's CPU per call, with ratios to raw undici (the floor). Targets:
 * the SDK's client CPU per call ≤ 1.3× raw undici's, its p50 ≤ 1.1×.
 *
 * @since 0.1.0
 */
import { CLIENT_METHOD, compareClients, FETCH, figuresOf, FLOOR, micros, PLAIN, SDK, SDK_FETCH, SDK_PLATFORM, withPreparedSandbox } from "./support/clients.js"
import type { LoadOptions } from "./support/load.js"
import { type Benchmark, isMain, log, main } from "./support/program.js"
import * as Sdk from "./support/sdk.js"
import { ms, perSecond, ratio } from "./support/stats.js"

const LOAD: LoadOptions = { concurrency: 1, total: 800, durationMillis: 2_500 }
const ROUNDS = 5
const SIDES = [FLOOR, PLAIN, SDK, SDK_PLATFORM, FETCH, SDK_FETCH]
const CPU_TARGET = 1.3
const P50_TARGET = 1.1

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "sequential",
  limitMillis: 240_000,
  run: () =>
    withPreparedSandbox(Sdk.memberNumber(11), "SEQ-0001", async (prepared) => {
      log("sequential GetInfo")
      const figures = await compareClients({ label: "sequential", sides: SIDES, prepared, workload: "getInfo", load: LOAD, rounds: ROUNDS, budgetMillis: 150_000 })
      const sdk = figuresOf(figures, SDK.id)
      const vsFloor = sdk.against(FLOOR.id)
      return {
        title: "1. Sequential GetInfo: the SDK against raw undici",
        method: [
          ...CLIENT_METHOD,
          `One caller, GetInfo of one receipt: ${ROUNDS} rounds of ${LOAD.total.toLocaleString("en-US")} calls per side (at most ${LOAD.durationMillis / 1000} s).`
        ],
        tables: [{
          title: `Sequential GetInfo over sockets (medians of ${ROUNDS} rounds)`,
          headers: ["client", "p50", "p99", "client CPU / call", "calls/s", "p50 vs undici", "CPU vs undici", "calls"],
          rows: figures.map((f) => {
            const r = f.against(FLOOR.id)
            return [f.side.label, ms(f.p50), ms(f.p99), micros(f.cpu), perSecond(f.throughput), ratio(r.p50), ratio(r.cpu), f.calls.toLocaleString("en-US")]
          })
        }],
        targets: [
          {
            name: `client CPU per sequential GetInfo ≤ ${CPU_TARGET}× raw undici`,
            measured: `${ratio(vsFloor.cpu)} (${micros(sdk.cpu)} against ${micros(figuresOf(figures, FLOOR.id).cpu)}; plain client ${ratio(figuresOf(figures, PLAIN.id).against(FLOOR.id).cpu)})`,
            met: vsFloor.cpu <= CPU_TARGET
          },
          {
            name: `sequential GetInfo p50 ≤ ${P50_TARGET}× raw undici`,
            measured: `${ratio(vsFloor.p50)} (${ms(sdk.p50)} against ${ms(figuresOf(figures, FLOOR.id).p50)}; plain client ${ratio(figuresOf(figures, PLAIN.id).against(FLOOR.id).p50)})`,
            met: vsFloor.p50 <= P50_TARGET
          }
        ],
        notes: []
      }
    })
}

if (isMain(import.meta.url)) await main(benchmark)
