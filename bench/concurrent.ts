/**
 * 32 concurrent GetInfo callers over sockets, 5,000 calls per round: calls per second and the
 * client's CPU per call, each side in its own client process against one sandbox. Client and
 * sandbox share the machine's cores, so the client's CPU per call decides the throughput. Targets:
 * the SDK's throughput ≥ 1.1× the plain node:http client's and ≥ 0.9× raw undici's.
 *
 * @since 0.1.0
 */
import { CLIENT_METHOD, compareClients, FETCH, figuresOf, FLOOR, micros, PLAIN, SDK, SDK_FETCH, SDK_PLATFORM, withPreparedSandbox } from "./support/clients.js"
import type { LoadOptions } from "./support/load.js"
import { type Benchmark, isMain, log, main } from "./support/program.js"
import * as Sdk from "./support/sdk.js"
import { ms, perSecond, ratio } from "./support/stats.js"

const CALLERS = 32
const LOAD: LoadOptions = { concurrency: CALLERS, total: 5_000, durationMillis: 12_000 }
const INFO_LOAD: LoadOptions = { ...LOAD, total: 1_500 }
const ROUNDS = 4
const SIDES = [FLOOR, PLAIN, SDK, SDK_PLATFORM, FETCH, SDK_FETCH]
const PLAIN_TARGET = 1.1
const FLOOR_TARGET = 0.9

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "concurrent",
  limitMillis: 300_000,
  run: () =>
    withPreparedSandbox(Sdk.memberNumber(12), "CON-0001", async (prepared) => {
      log(`${CALLERS} concurrent callers`)
      const figures = await compareClients({
        label: `${CALLERS} concurrent`,
        sides: SIDES,
        prepared,
        workload: "getInfo",
        load: LOAD,
        infoLoad: INFO_LOAD,
        rounds: ROUNDS,
        budgetMillis: 150_000,
        // The raw undici pool is sized for the concurrency.
        extra: { connections: CALLERS }
      })
      const sdk = figuresOf(figures, SDK.id)
      const vsPlain = sdk.against(PLAIN.id).throughput
      const vsFloor = sdk.against(FLOOR.id).throughput
      return {
        title: "2. 32 concurrent GetInfo callers: the SDK against the plain client and raw undici",
        method: [
          ...CLIENT_METHOD,
          `${CALLERS} callers in a closed loop (each calls again when answered), ${LOAD.total.toLocaleString("en-US")} calls per round and side (${INFO_LOAD.total.toLocaleString("en-US")} for the information sides), ${ROUNDS} rounds; the raw undici \`Pool\` has ${CALLERS} keep-alive connections, the plain client's \`Agent\` and the SDK's undici dispatcher their defaults.`
        ],
        tables: [{
          title: `${CALLERS} concurrent GetInfo callers over sockets (medians of ${ROUNDS} rounds)`,
          headers: ["client", "calls/s", "client CPU / call", "p50", "p99", "throughput vs plain", "throughput vs undici", "CPU vs undici"],
          rows: figures.map((f) => [
            f.side.label,
            perSecond(f.throughput),
            micros(f.cpu),
            ms(f.p50),
            ms(f.p99),
            ratio(f.against(PLAIN.id).throughput),
            ratio(f.against(FLOOR.id).throughput),
            ratio(f.against(FLOOR.id).cpu)
          ])
        }],
        targets: [
          {
            name: `${CALLERS} concurrent GetInfo: throughput ≥ ${PLAIN_TARGET}× the plain node:http client`,
            measured: `${ratio(vsPlain)} (${perSecond(sdk.throughput)} against ${perSecond(figuresOf(figures, PLAIN.id).throughput)})`,
            met: vsPlain >= PLAIN_TARGET
          },
          {
            name: `${CALLERS} concurrent GetInfo: throughput ≥ ${FLOOR_TARGET}× raw undici`,
            measured: `${ratio(vsFloor)} (${perSecond(sdk.throughput)} against ${perSecond(figuresOf(figures, FLOOR.id).throughput)})`,
            met: vsFloor >= FLOOR_TARGET
          }
        ],
        notes: []
      }
    })
}

if (isMain(import.meta.url)) await main(benchmark)
