/**
 * Sequential RegistIssue over sockets: one caller issuing cash receipts (a fresh document ID per
 * call, the same receipt otherwise), each side in its own client process against one sandbox: raw
 * undici (the floor, no target), the plain node:http client, the least Effect client, the SDK, and
 * the release line's SDK beside it in the same rounds. Target: the SDK's p50 ≤ the plain node:http
 * client's.
 *
 * @since 0.1.0
 */
import { prepareRelease } from "./support/checkout.js"
import { CLIENT_METHOD, compareClients, figuresOf, FLOOR, LEAST, micros, PLAIN, releaseSides, SDK, withPreparedSandbox } from "./support/clients.js"
import type { LoadOptions } from "./support/load.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import * as Sdk from "./support/sdk.js"
import { ms, perSecond, ratio } from "./support/stats.js"
import { releaseNote } from "./support/versus.js"

const LOAD: LoadOptions = sized({ concurrency: 1, total: 500, durationMillis: 2_500 }, { concurrency: 1, total: 20, durationMillis: 1_000 })
const ROUNDS = sized(6, 1)

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "issue",
  limitMillis: 240_000,
  prepare: prepareRelease,
  run: async () => {
    const release = await prepareRelease()
    const old = release === undefined ? undefined : releaseSides(release)
    const sides = [FLOOR, PLAIN, LEAST, SDK, ...(old === undefined ? [] : [old.sdk])]
    return withPreparedSandbox(Sdk.memberNumber(13), "ISS-0001", async (prepared) => {
      log("sequential RegistIssue")
      const figures = await compareClients({ label: "RegistIssue", sides, prepared, workload: "registIssue", load: LOAD, rounds: ROUNDS, budgetMillis: 120_000 })
      const sdk = figuresOf(figures, SDK.id)
      const plain = figuresOf(figures, PLAIN.id)
      const least = figuresOf(figures, LEAST.id)
      const vsPlain = sdk.against(PLAIN.id).p50
      const oldSdk = old === undefined ? undefined : figuresOf(figures, old.sdk.id)
      return {
        title: "3. Sequential RegistIssue: the SDK against the plain client and the least Effect client",
        method: [
          ...CLIENT_METHOD,
          `One caller issuing cash receipts (RegistIssue, \`POST /Cashbill\` with override ISSUE): the same valid receipt with a fresh document ID per call; ${ROUNDS} rounds of up to ${LOAD.total} calls per side (at most ${
            LOAD.durationMillis / 1000
          } s). The SDK validates the receipt before sending it and decodes the whole answer; the least Effect client decodes the answer into a Schema class of its four fields and validates nothing; the raw sides and the plain client do neither.`
        ],
        tables: [{
          title: `Sequential RegistIssue over sockets (medians of ${ROUNDS} rounds)`,
          headers: ["client", "p50", "p99", "client CPU / call", "calls/s", "p50 vs plain", "p50 vs least Effect", "CPU vs least Effect", "p50 vs undici"],
          rows: figures.map((f) => [
            f.side.label,
            ms(f.p50),
            ms(f.p99),
            micros(f.cpu),
            perSecond(f.throughput),
            ratio(f.against(PLAIN.id).p50),
            ratio(f.against(LEAST.id).p50),
            ratio(f.against(LEAST.id).cpu),
            ratio(f.against(FLOOR.id).p50)
          ])
        }],
        targets: [{
          name: "sequential RegistIssue p50 ≤ the plain node:http client's",
          measured: `${ratio(vsPlain)} (${ms(sdk.p50)} against ${ms(plain.p50)}; the least Effect client ${ms(least.p50)}${
            releaseNote(release, oldSdk, (f) => `${ratio(f.against(PLAIN.id).p50)} (${ms(f.p50)})`)
          })`,
          met: vsPlain <= 1
        }],
        notes: []
      }
    })
  }
}

if (isMain(import.meta.url)) await main(benchmark)
