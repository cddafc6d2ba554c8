/**
 * 32 concurrent GetInfo callers over sockets, 5,000 calls per round: calls per second and the
 * client's CPU per call, each side in its own client process against one sandbox, the release
 * line's SDK beside it in the same rounds. Client and sandbox share the machine's cores, so the
 * client's CPU per call decides the throughput. Targets: the SDK as the README shows it (over
 * `Undici.layer()`): throughput ≥ 1.1× the plain node:http client's and ≥ 0.9× the least Effect
 * client's; the SDK over a user's own `NodeHttpClient.layerUndici`: CPU per call ≤ 1.3× that
 * client's used raw. Raw undici is the floor, shown with no target.
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

const CALLERS = 32
const LOAD: LoadOptions = sized({ concurrency: CALLERS, total: 5_000, durationMillis: 12_000 }, { concurrency: CALLERS, total: 100, durationMillis: 2_000 })
const INFO_LOAD: LoadOptions = { ...LOAD, total: sized(1_500, 64) }
const ROUNDS = sized(5, 1)
const PLAIN_TARGET = 1.1
const LEAST_TARGET = 0.9
const PLATFORM_TARGET = 1.3

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "concurrent",
  limitMillis: 1_200_000,
  prepare: prepareRelease,
  run: async () => {
    const release = await prepareRelease()
    const old = release === undefined ? undefined : releaseSides(release)
    const sides = getInfoSides(release)
    return withPreparedSandbox(Sdk.memberNumber(12), "CON-0001", async (prepared) => {
      log(`${CALLERS} concurrent callers`)
      const figures = await compareClients({
        label: `${CALLERS} concurrent`,
        sides,
        prepared,
        workload: "getInfo",
        load: LOAD,
        infoLoad: INFO_LOAD,
        rounds: ROUNDS,
        budgetMillis: 600_000,
        // The raw undici pool is sized for the concurrency.
        extra: { connections: CALLERS }
      })
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
        title: "2. 32 concurrent GetInfo callers: the SDK against the plain client and the least Effect client",
        method: [
          ...CLIENT_METHOD,
          `${CALLERS} callers in a closed loop (each calls again when answered), ${LOAD.total.toLocaleString("en-US")} calls per round and side (${INFO_LOAD.total.toLocaleString("en-US")} for the information sides), ${ROUNDS} rounds; the raw undici \`Pool\` has ${CALLERS} keep-alive connections, the least Effect client's and the SDK's \`Undici.layer()\` 64, the plain client's \`Agent\` and the platform clients' dispatchers their defaults.`
        ],
        tables: [{
          title: `${CALLERS} concurrent GetInfo callers over sockets (medians of ${ROUNDS} rounds)`,
          headers: ["client", "calls/s", "client CPU / call", "p50", "p99", "throughput vs plain", "throughput vs least Effect", "CPU vs least Effect", "throughput vs undici", "CPU vs undici", "CPU vs its client used raw"],
          rows: figures.map((f) => {
            const raw = platformOf(f.side, old)
            return [
              f.side.label,
              perSecond(f.throughput),
              micros(f.cpu),
              ms(f.p50),
              ms(f.p99),
              ratio(f.against(PLAIN.id).throughput),
              ratio(f.against(LEAST.id).throughput),
              ratio(f.against(LEAST.id).cpu),
              ratio(f.against(FLOOR.id).throughput),
              ratio(f.against(FLOOR.id).cpu),
              raw === undefined ? "–" : ratio(f.against(raw).cpu)
            ]
          })
        }],
        targets: [
          {
            name: `${CALLERS} concurrent GetInfo: throughput ≥ ${PLAIN_TARGET}× the plain node:http client's`,
            measured: `${ratio(vsPlain.throughput)} (${perSecond(sdk.throughput)} against ${perSecond(plain.throughput)}; raw undici ${perSecond(floor.throughput)}${
              releaseNote(release, oldSdk, (f) => `${ratio(f.against(PLAIN.id).throughput)} (${perSecond(f.throughput)})`)
            })`,
            met: vsPlain.throughput >= PLAIN_TARGET
          },
          {
            name: `${CALLERS} concurrent GetInfo: throughput ≥ ${LEAST_TARGET}× the least Effect client's`,
            measured: `${ratio(vsLeast.throughput)} (${perSecond(sdk.throughput)} against ${perSecond(least.throughput)}; CPU per call ${ratio(vsLeast.cpu)}, ${micros(sdk.cpu)} against ${
              micros(least.cpu)
            }${releaseNote(release, oldSdk, (f) => `${ratio(f.against(LEAST.id).throughput)}, CPU per call ${ratio(f.against(LEAST.id).cpu)}`)})`,
            met: vsLeast.throughput >= LEAST_TARGET
          },
          {
            name: `client CPU per GetInfo of ${CALLERS} callers over a user's own NodeHttpClient.layerUndici ≤ ${PLATFORM_TARGET}× that client used raw`,
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
