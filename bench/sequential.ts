/**
 * Sequential GetInfo over sockets: one caller, each side in its own client process against one
 * sandbox; p50, p99 and the client's CPU per call, with ratios to what a user would pick instead of
 * the SDK (the plain node:http client, the least Effect client), to raw undici (the floor, no
 * target) and to the client each SDK side runs on, used raw; the release line's SDK beside it in the
 * same rounds. Targets: the SDK as the README shows it (over `Undici.layer()`): client CPU per call
 * ≤ the plain client's and ≤ 1.3× the least Effect client's, p50 ≤ the plain client's; the SDK over
 * a user's own `NodeHttpClient.layerUndici`: CPU per call ≤ 1.3× that client's used raw.
 *
 * @since 0.1.0
 */
import { prepareRelease } from "./support/checkout.js"
import { CLIENT_METHOD, compareClients, figuresOf, FLOOR, getInfoSides, LEAST, micros, PLAIN, PLATFORM, releaseSides, SDK, SDK_PLATFORM, withPreparedSandbox } from "./support/clients.js"
import type { LoadOptions } from "./support/load.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import * as Sdk from "./support/sdk.js"
import { ms, perSecond, ratio } from "./support/stats.js"
import { platformOf, releaseNote } from "./support/versus.js"

const LOAD: LoadOptions = sized({ concurrency: 1, total: 800, durationMillis: 2_500 }, { concurrency: 1, total: 20, durationMillis: 1_000 })
const ROUNDS = sized(5, 1)
/** The SDK's CPU per call against the plain client's, and against the least Effect client's. */
const PLAIN_CPU_TARGET = 1
const LEAST_CPU_TARGET = 1.3
/** The SDK's p50 against the plain client's. */
const PLAIN_P50_TARGET = 1
const PLATFORM_TARGET = 1.3

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "sequential",
  limitMillis: 600_000,
  prepare: prepareRelease,
  run: async () => {
    const release = await prepareRelease()
    const old = release === undefined ? undefined : releaseSides(release)
    const sides = getInfoSides(release)
    return withPreparedSandbox(Sdk.memberNumber(11), "SEQ-0001", async (prepared) => {
      log("sequential GetInfo")
      const figures = await compareClients({ label: "sequential", sides, prepared, workload: "getInfo", load: LOAD, rounds: ROUNDS, budgetMillis: 400_000 })
      const sdk = figuresOf(figures, SDK.id)
      const plain = figuresOf(figures, PLAIN.id)
      const least = figuresOf(figures, LEAST.id)
      const floor = figuresOf(figures, FLOOR.id)
      const vsPlain = sdk.against(PLAIN.id)
      const vsLeast = sdk.against(LEAST.id)
      const overPlatform = figuresOf(figures, SDK_PLATFORM.id)
      const vsPlatform = overPlatform.against(PLATFORM.id)
      const oldSdk = old === undefined ? undefined : figuresOf(figures, old.sdk.id)
      const oldPlatform = old === undefined ? undefined : figuresOf(figures, old.sdkPlatform.id).against(old.platform.id)
      return {
        title: "1. Sequential GetInfo: the SDK against the plain client and the least Effect client",
        method: [
          ...CLIENT_METHOD,
          `One caller, GetInfo of one receipt: ${ROUNDS} rounds of ${LOAD.total.toLocaleString("en-US")} calls per side (at most ${LOAD.durationMillis / 1000} s).`
        ],
        tables: [{
          title: `Sequential GetInfo over sockets (medians of ${ROUNDS} rounds)`,
          headers: ["client", "p50", "p99", "client CPU / call", "calls/s", "p50 vs plain", "CPU vs plain", "CPU vs least Effect", "p50 vs undici", "CPU vs undici", "CPU vs its client used raw", "calls"],
          rows: figures.map((f) => {
            const raw = platformOf(f.side, old)
            return [
              f.side.label,
              ms(f.p50),
              ms(f.p99),
              micros(f.cpu),
              perSecond(f.throughput),
              ratio(f.against(PLAIN.id).p50),
              ratio(f.against(PLAIN.id).cpu),
              ratio(f.against(LEAST.id).cpu),
              ratio(f.against(FLOOR.id).p50),
              ratio(f.against(FLOOR.id).cpu),
              raw === undefined ? "–" : ratio(f.against(raw).cpu),
              f.calls.toLocaleString("en-US")
            ]
          })
        }],
        targets: [
          {
            name: "client CPU per sequential GetInfo ≤ the plain node:http client's",
            measured: `${ratio(vsPlain.cpu)} (${micros(sdk.cpu)} against ${micros(plain.cpu)}; raw undici ${micros(floor.cpu)}${
              releaseNote(release, oldSdk, (f) => `${ratio(f.against(PLAIN.id).cpu)} (${micros(f.cpu)})`)
            })`,
            met: vsPlain.cpu <= PLAIN_CPU_TARGET
          },
          {
            name: `client CPU per sequential GetInfo ≤ ${LEAST_CPU_TARGET}× the least Effect client's`,
            measured: `${ratio(vsLeast.cpu)} (${micros(sdk.cpu)} against ${micros(least.cpu)}; rounds ${ratio(vsLeast.cpuLowest)}–${ratio(vsLeast.cpuHighest)}${
              releaseNote(release, oldSdk, (f) => ratio(f.against(LEAST.id).cpu))
            })`,
            met: vsLeast.cpu <= LEAST_CPU_TARGET
          },
          {
            name: "sequential GetInfo p50 ≤ the plain node:http client's",
            measured: `${ratio(vsPlain.p50)} (${ms(sdk.p50)} against ${ms(plain.p50)}; the least Effect client ${ms(least.p50)}, raw undici ${ms(floor.p50)}${
              releaseNote(release, oldSdk, (f) => `${ratio(f.against(PLAIN.id).p50)} (${ms(f.p50)})`)
            })`,
            met: vsPlain.p50 <= PLAIN_P50_TARGET
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
