/**
 * The fleet's costs, in three parts:
 *
 * 1. per-call GetInfo with the default token store (tokens in the process), sequential and 32
 *    concurrent, against the main line without the token store (`BENCH_FLEET_BASE`, default
 *    `7f75ec4`), side by side in one run: two in-process client processes loading each checkout's
 *    sources, the base's on its own dependencies (as `inprocess.ts` does). Target: within 5 % of the
 *    base's calls/s;
 * 2. the shared store's cost for a cold member: a member's first call with the default store, with
 *    the PostgreSQL store when the fleet has no token yet (this instance issues it under the lock),
 *    and when another instance already stored it (read from the table), against a socket sandbox
 *    and an embedded PostgreSQL;
 * 3. a durable issuance of 10,000 receipts (workflow engine and journal in memory) against plain
 *    `issueMany`, both in process against the in-process sandbox, same run.
 *
 * @since 0.1.0
 */
import { Duration, Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { Cashbill } from "../src/domains/cashbill/Cashbill.js"
import { Member } from "../src/domains/member/Member.js"
import * as Taxdoc from "../src/Taxdoc.js"
import * as BulkIssuance from "../src/workflow/BulkIssuance.js"
import * as Engine from "../src/workflow/Engine.js"
import { startEmbedded } from "../test/support/database.js"
import { alternate, medianOf } from "./support/alternate.js"
import { git, prepare } from "./support/checkout.js"
import { withClients, withServer } from "./support/child.js"
import { inProcessConfig, loadFigures } from "./support/clients.js"
import { ROOT } from "./support/compile.js"
import type { LoadOptions, LoadResult } from "./support/load.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import type { Table, Target } from "./support/report.js"
import * as Sdk from "./support/sdk.js"
import { median, ms, perSecond, ratio } from "./support/stats.js"

const BASE = process.env["BENCH_FLEET_BASE"] ?? "7f75ec4"
const SEQUENTIAL: LoadOptions = sized({ concurrency: 1, total: 4_000, durationMillis: 1_500 }, { concurrency: 1, total: 20, durationMillis: 1_000 })
const CONCURRENT: LoadOptions = sized({ concurrency: 32, total: 8_000, durationMillis: 1_500 }, { concurrency: 32, total: 100, durationMillis: 1_000 })
const ROUNDS = sized(8, 1)
const WARMUP = sized(2, 0)
const TOLERANCE = 0.05
const COLD_MEMBERS = sized(20, 2)
const DOCUMENTS = sized(10_000, 200)
const POLL = "10 millis"

/** Part 1: this checkout's default store against the base revision, sequential and 32 concurrent. */
const perCall = () =>
  prepare(BASE).then(({ root: baseDir, commit: baseCommit }) => {
    const config = (root: string) => inProcessConfig(root, Sdk.memberNumber(17), "FLT-0001")
    return withClients([config(ROOT), config(baseDir)], async ([current, base]) => {
      log(`per-call GetInfo with the default store: this checkout against ${baseCommit}`)
      const samples = await alternate<LoadResult>({
        rounds: ROUNDS,
        warmupRounds: WARMUP,
        sides: [
          { name: "current 1", run: () => current!.run("getInfo", SEQUENTIAL) },
          { name: "base 1", run: () => base!.run("getInfo", SEQUENTIAL) },
          { name: "current 32", run: () => current!.run("getInfo", CONCURRENT) },
          { name: "base 32", run: () => base!.run("getInfo", CONCURRENT) }
        ],
        onRound: (round, results) => log(`round ${round + 1}: ${results.map(([name, r]) => `${name} ${perSecond(r.throughput)}`).join(", ")}`)
      })
      const compare = (callers: 1 | 32) => {
        const now = samples[`current ${callers}`]!
        const then = samples[`base ${callers}`]!
        const relative = medianOf(now.map((r, i) => [r, then[i]!] as const), ([c, b]) => c.throughput / b.throughput)
        const row = (label: string, side: ReadonlyArray<LoadResult>, share: string) => [label, String(callers), ...loadFigures(side), share]
        return {
          relative,
          rows: [row(`this checkout (${git("rev-parse", "--short", "HEAD")})`, now, ratio(relative)), row(`revision ${baseCommit}`, then, ratio(1))],
          target: {
            name: `GetInfo, ${callers === 1 ? "sequential" : "32 concurrent callers"}, default token store: within ${TOLERANCE * 100} % of ${baseCommit}'s calls/s`,
            measured: `${ratio(relative)} (${perSecond(medianOf(now, (r) => r.throughput))} against ${perSecond(medianOf(then, (r) => r.throughput))})`,
            met: relative >= 1 - TOLERANCE
          }
        }
      }
      return { baseCommit, sequential: compare(1), concurrent: compare(32) }
    })
  })

/** The latency of `corpNum`'s first call in `runtime`. */
const firstCall = (runtime: Sdk.SdkRuntime, corpNum: string) =>
  runtime.runPromise(Effect.map(Effect.timed(Effect.flatMap(Member, (m) => m.getCorpInfo(corpNum))), ([elapsed]) => Duration.toMillis(elapsed)))

/** Part 2: a cold member's first call with the default store and with the shared one. */
const coldMember = () =>
  withServer({ kind: "sandbox" }, async (server) => {
    const database = await startEmbedded()
    const admin = Sdk.adminOf(server.url)
    const store = { tokenStore: Redacted.make(database.url) }
    const own = Sdk.socketSdk(server.url, "Undici.layer")
    const issuer = Sdk.socketSdk(server.url, "Undici.layer", undefined, store)
    const reader = Sdk.socketSdk(server.url, "Undici.layer", undefined, store)
    try {
      const members = Array.from({ length: COLD_MEMBERS * 2 + 1 }, (_, i) => Sdk.memberNumber(900 + i))
      for (const corpNum of members) await admin.addMember(corpNum)
      // Connections and the table made before anything is timed (the first member is the warm-up).
      for (const runtime of [own, issuer, reader]) await firstCall(runtime, members[0]!)
      const sides = { own: [] as Array<number>, issued: [] as Array<number>, found: [] as Array<number>, warm: [] as Array<number> }
      for (let i = 0; i < COLD_MEMBERS; i++) {
        const [a, b] = [members[1 + 2 * i]!, members[2 + 2 * i]!]
        if (i % 2 === 0) {
          sides.own.push(await firstCall(own, a))
          sides.issued.push(await firstCall(issuer, b))
        } else {
          sides.issued.push(await firstCall(issuer, b))
          sides.own.push(await firstCall(own, a))
        }
        sides.found.push(await firstCall(reader, b))
        sides.warm.push(await firstCall(own, a))
      }
      log(`cold member: own ${ms(median(sides.own))}, shared issued ${ms(median(sides.issued))}, shared found ${ms(median(sides.found))}, warm ${ms(median(sides.warm))}`)
      return sides
    } finally {
      await Promise.all([own.dispose(), issuer.dispose(), reader.dispose()])
      await database.stop()
    }
  })

const receipts = (prefix: string, corpNum: string) => Array.from({ length: DOCUMENTS }, (_, i) => Sdk.receipt(`${prefix}-${i}`, corpNum))

const inProcessLayer = (corpNum: string) => Taxdoc.layerSandbox({ sandbox: { members: [{ corpNum }] } })

/** Part 3: 10,000 receipts through `issueMany` and through a durable execution, in process. */
const durableAgainstPlain = async () => {
  const timedRun = async <A, E, R>(runtime: ManagedRuntime.ManagedRuntime<R, unknown>, effect: Effect.Effect<A, E, R>) => {
    const started = performance.now()
    await runtime.runPromise(effect)
    await runtime.dispose()
    return performance.now() - started
  }
  const plain = (round: number) => {
    const corpNum = Sdk.memberNumber(1_000 + round)
    return timedRun(ManagedRuntime.make(inProcessLayer(corpNum)), Effect.flatMap(Cashbill, (c) => c.issueMany(corpNum, receipts(`P${round}`, corpNum), { interval: POLL })))
  }
  const durable = (round: number) => {
    const corpNum = Sdk.memberNumber(2_000 + round)
    const layer = BulkIssuance.workflows.pipe(Layer.provideMerge(Engine.layerMemory), Layer.provideMerge(inProcessLayer(corpNum)))
    return timedRun(ManagedRuntime.make(layer), BulkIssuance.issueReceipts({ executionId: `bench-${round}`, corpNum, documents: receipts(`D${round}`, corpNum), pollInterval: POLL }))
  }
  let plainRound = 0
  let durableRound = 0
  const samples = await alternate<number>({
    rounds: 2,
    warmupRounds: 0,
    sides: [
      { name: "issueMany", run: () => plain(plainRound++) },
      { name: "durable", run: () => durable(durableRound++) }
    ],
    onRound: (n, results) => log(`bulk round ${n + 1}: ${results.map(([name, millis]) => `${name} ${ms(millis)}`).join(", ")}`)
  })
  return { plain: median(samples["issueMany"]!), durable: median(samples["durable"]!) }
}

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "fleet",
  limitMillis: 600_000,
  prepare: () => prepare(BASE),
  run: async () => {
    const calls = await perCall()
    const cold = await coldMember()
    const bulk = await durableAgainstPlain()
    const tables: Array<Table> = [
      {
        title: "GetInfo per call, default token store (in process)",
        headers: ["checkout", "callers", "calls/s", "p50", "p99", "CPU / call", "calls/s vs base"],
        rows: [...calls.sequential.rows, ...calls.concurrent.rows]
      },
      {
        title: `A member's first call (GetCorpInfo, socket sandbox), median of ${COLD_MEMBERS} members`,
        headers: ["token", "first call", "over the default store's"],
        rows: [
          ["default store: issued by this instance", ms(median(cold.own)), "–"],
          ["shared store, none in the fleet yet: issued under the lock, written", ms(median(cold.issued)), ms(median(cold.issued) - median(cold.own))],
          ["shared store, stored by another instance: read from the table", ms(median(cold.found)), ms(median(cold.found) - median(cold.own))],
          ["(a warm call, token cached: for scale)", ms(median(cold.warm)), "–"]
        ]
      },
      {
        title: `${DOCUMENTS.toLocaleString("en-US")} receipts in process (in-process sandbox, polls every ${POLL}), median of 2 alternating rounds`,
        headers: ["way", "wall time", "per receipt", "vs issueMany"],
        rows: [
          ["issueMany", ms(bulk.plain), ms(bulk.plain / DOCUMENTS), ratio(1)],
          ["BulkIssuance.issueReceipts (Engine.layerMemory)", ms(bulk.durable), ms(bulk.durable / DOCUMENTS), ratio(bulk.durable / bulk.plain)]
        ]
      }
    ]
    const targets: Array<Target> = [calls.sequential.target, calls.concurrent.target]
    return {
      title: `17. Fleet: the default token store against ${calls.baseCommit}, the shared store's cold member, durable against plain bulk issuance`,
      method: [
        `Per call: two client processes, each the SDK against its own in-process sandbox, loaded through tsx from the sources of this checkout and of revision \`${calls.baseCommit}\` (the main line without the token store; \`BENCH_FLEET_BASE\`; a git worktree with its own \`npm ci\`, its own Effect), on the same Node; ${ROUNDS} alternating rounds of GetInfo after ${WARMUP} unrecorded ones, sequential (up to ${SEQUENTIAL.total.toLocaleString("en-US")} calls, ${SEQUENTIAL.durationMillis / 1000} s) and with 32 callers (up to ${CONCURRENT.total.toLocaleString("en-US")} calls, ${CONCURRENT.durationMillis / 1000} s); medians, the ratio a median of per-round ratios.`,
        `Cold member: three SDK instances in this process against one socket sandbox — one with the default store, two sharing an embedded PostgreSQL 18 (\`TAXDOC_TOKEN_STORE\`); for each of ${COLD_MEMBERS} fresh members, the first call of the default instance and of the first shared one (alternating which goes first), then the second shared instance's first call (the token is in the table).`,
        `Bulk: ${DOCUMENTS.toLocaleString("en-US")} receipts for a fresh member, each way in its own runtime with its own in-process sandbox, default concurrency (4 submissions at once) on both.`
      ],
      tables,
      targets,
      notes: []
    }
  }
}

if (isMain(import.meta.url)) await main(benchmark)
