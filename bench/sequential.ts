/**
 * Sequential GetInfo over sockets: one caller, each side in its own client process against one
 * sandbox; p50, p99 and the client's CPU per call, with ratios to raw undici (the floor) and to the
 * client each SDK side runs on, used raw; the 0.1 line's SDK beside it in the same rounds. Targets:
 * the SDK as the README shows it (over `Undici.layer()`): client CPU per call ≤ 1.3× raw undici's,
 * p50 ≤ 1.1×; the SDK over a user's own `NodeHttpClient.layerUndici`: CPU per call ≤ 1.3× that
 * client's used raw.
 *
 * @since 0.1.0
 */
import { prepareRelease } from "./support/checkout.js"
import { CLIENT_METHOD, compareClients, figuresOf, FLOOR, getInfoSides, micros, PLAIN, PLATFORM, releaseSides, SDK, SDK_PLATFORM, withPreparedSandbox } from "./support/clients.js"
import type { LoadOptions } from "./support/load.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import * as Sdk from "./support/sdk.js"
import { ms, perSecond, ratio } from "./support/stats.js"
import { platformOf, releaseNote } from "./support/versus.js"

const LOAD: LoadOptions = sized({ concurrency: 1, total: 800, durationMillis: 2_500 }, { concurrency: 1, total: 20, durationMillis: 1_000 })
const ROUNDS = sized(5, 1)
const CPU_TARGET = 1.3
const P50_TARGET = 1.1
const PLATFORM_TARGET = 1.3

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "sequential",
  limitMillis: 300_000,
  prepare: prepareRelease,
  run: async () => {
    const release = await prepareRelease()
    const old = release === undefined ? undefined : releaseSides(release)
    const sides = getInfoSides(release)
    return withPreparedSandbox(Sdk.memberNumber(11), "SEQ-0001", async (prepared) => {
      log("sequential GetInfo")
      const figures = await compareClients({ label: "sequential", sides, prepared, workload: "getInfo", load: LOAD, rounds: ROUNDS, budgetMillis: 200_000 })
      const sdk = figuresOf(figures, SDK.id)
      const floor = figuresOf(figures, FLOOR.id)
      const vsFloor = sdk.against(FLOOR.id)
      const overPlatform = figuresOf(figures, SDK_PLATFORM.id)
      const vsPlatform = overPlatform.against(PLATFORM.id)
      const oldSdk = old === undefined ? undefined : figuresOf(figures, old.sdk.id)
      const oldPlatform = old === undefined ? undefined : figuresOf(figures, old.sdkPlatform.id).against(old.platform.id)
      return {
        title: "1. Sequential GetInfo: the SDK against raw undici",
        method: [
          ...CLIENT_METHOD,
          `One caller, GetInfo of one receipt: ${ROUNDS} rounds of ${LOAD.total.toLocaleString("en-US")} calls per side (at most ${LOAD.durationMillis / 1000} s).`
        ],
        tables: [{
          title: `Sequential GetInfo over sockets (medians of ${ROUNDS} rounds)`,
          headers: ["client", "p50", "p99", "client CPU / call", "calls/s", "p50 vs undici", "CPU vs undici", "CPU vs its client used raw", "calls"],
          rows: figures.map((f) => {
            const r = f.against(FLOOR.id)
            const raw = platformOf(f.side, old)
            return [
              f.side.label,
              ms(f.p50),
              ms(f.p99),
              micros(f.cpu),
              perSecond(f.throughput),
              ratio(r.p50),
              ratio(r.cpu),
              raw === undefined ? "–" : ratio(f.against(raw).cpu),
              f.calls.toLocaleString("en-US")
            ]
          })
        }],
        targets: [
          {
            name: `client CPU per sequential GetInfo ≤ ${CPU_TARGET}× raw undici`,
            measured: `${ratio(vsFloor.cpu)} (${micros(sdk.cpu)} against ${micros(floor.cpu)}; plain client ${ratio(figuresOf(figures, PLAIN.id).against(FLOOR.id).cpu)}${
              releaseNote(release, oldSdk, (f) => ratio(f.against(FLOOR.id).cpu))
            })`,
            met: vsFloor.cpu <= CPU_TARGET
          },
          {
            name: `sequential GetInfo p50 ≤ ${P50_TARGET}× raw undici`,
            measured: `${ratio(vsFloor.p50)} (${ms(sdk.p50)} against ${ms(floor.p50)}; plain client ${ratio(figuresOf(figures, PLAIN.id).against(FLOOR.id).p50)}${
              releaseNote(release, oldSdk, (f) => ratio(f.against(FLOOR.id).p50))
            })`,
            met: vsFloor.p50 <= P50_TARGET
          },
          {
            name: `client CPU per sequential GetInfo over a user's own NodeHttpClient.layerUndici ≤ ${PLATFORM_TARGET}× that client used raw`,
            measured: `${ratio(vsPlatform.cpu)} (${micros(overPlatform.cpu)} against ${micros(figuresOf(figures, PLATFORM.id).cpu)}; throughput ${ratio(vsPlatform.throughput)}${
              releaseNote(release, oldPlatform, (r) => `${ratio(r.cpu)}, throughput ${ratio(r.throughput)}`)
            })`,
            met: vsPlatform.cpu <= PLATFORM_TARGET
          }
        ],
        notes: []
      }
    })
  }
}

if (isMain(import.meta.url)) await main(benchmark)
