/**
 * Tokens under burst: 1,000 concurrent GetInfo calls for one member whose token is not cached yet,
 * then 1,000 concurrent calls spread over 50 such members; the sandbox counts the token issuances
 * it saw per member (target: exactly one each). The baseline is the same burst for members whose
 * tokens are already cached, in the same SDK runtime (same connection pool), so the difference is
 * the cost of issuing tokens. The added latency of a member's very first call is measured on its
 * own, sequentially.
 *
 * @since 0.1.0
 */
import { Duration, Effect } from "effect"
import { Tokens } from "../src/core/Tokens.js"
import { Cashbill } from "../src/domains/cashbill/Cashbill.js"
import { withServer } from "./support/child.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import type { Target } from "./support/report.js"
import * as Sdk from "./support/sdk.js"
import { latencyOf, median, ms } from "./support/stats.js"

const ROUNDS = sized(4, 1)
const BURST = sized(1_000, 50)
const GROUP = sized(50, 5)
const FIRST_CALLS = sized(10, 2)
const MGT_KEY = "TOK-0001"

/** The members of one round: fresh registration numbers. */
const membersOf = (round: number) => {
  const base = 100_000 + (round + 1) * 1_000
  return {
    solo: Sdk.memberNumber(base),
    group: Array.from({ length: GROUP }, (_, i) => Sdk.memberNumber(base + 1 + i)),
    firsts: Array.from({ length: FIRST_CALLS }, (_, i) => Sdk.memberNumber(base + 100 + i))
  }
}

type Members = ReturnType<typeof membersOf>

const range = (counts: ReadonlyArray<number>) => `${Math.min(...counts)}–${Math.max(...counts)}`

const getInfo = (corpNum: string) => Effect.flatMap(Cashbill, (cashbill) => cashbill.getInfo(corpNum, MGT_KEY))

/** `count` concurrent calls (call i for `corpNums[i % n]`): each call's latency and the burst's duration. */
const burst = (corpNums: ReadonlyArray<string>, count: number) =>
  Effect.suspend(() => {
    const started = performance.now()
    return Effect.forEach(
      Array.from({ length: count }, (_, i) => corpNums[i % corpNums.length]!),
      (corpNum) =>
        Effect.suspend(() => {
          const t0 = performance.now()
          return Effect.map(getInfo(corpNum), () => performance.now() - t0)
        }),
      { concurrency: "unbounded" }
    ).pipe(Effect.map((latencies) => ({ latencies, millis: performance.now() - started })))
  })

interface BurstPair {
  readonly solo: { readonly latencies: ReadonlyArray<number>; readonly millis: number }
  readonly group: { readonly latencies: ReadonlyArray<number>; readonly millis: number }
}

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "tokens",
  limitMillis: 120_000,
  run: () =>
    withServer({ kind: "sandbox" }, async (server) => {
      const admin = Sdk.adminOf(server.url)
      // The seeder issues each member's receipt with its own token cache; the measured runtime
      // has never seen these members.
      const seeder = Sdk.socketSdk(server.url, "Undici.layer")
      const runtime = Sdk.socketSdk(server.url, "Undici.layer")
      const seed = async (members: Members) => {
        const all = [members.solo, ...members.group, ...members.firsts]
        for (const corpNum of all) await admin.addMember(corpNum)
        await seeder.runPromise(Effect.forEach(all, (corpNum) =>
          Effect.flatMap(Cashbill, (cashbill) => cashbill.issue(corpNum, Sdk.receipt(MGT_KEY, corpNum))), { concurrency: 8, discard: true }))
      }
      const bursts = (members: Members): Promise<BurstPair> =>
        runtime.runPromise(Effect.all({ solo: burst([members.solo], BURST), group: burst(members.group, BURST) }))
      const sdkIssued = () => runtime.runPromise(Effect.flatMap(Tokens, (tokens) => tokens.stats))
      try {
        const cold: Array<BurstPair> = []
        const warm: Array<BurstPair> = []
        const firstCalls: Array<number> = []
        const laterCalls: Array<number> = []
        const soloIssuances: Array<number> = []
        const groupIssuances: Array<number> = []
        let warmIssuances = 0
        let sdkIssuedPerRound: Array<number> = []
        let previous: Members | undefined
        for (let round = -1; round < ROUNDS; round++) {
          const members = membersOf(round)
          await seed(members)
          const before = await admin.stats()
          const issuedBefore = (await sdkIssued()).issued
          const coldSide = async () => {
            const measured = await bursts(members)
            if (round >= 0) cold.push(measured)
          }
          const warmSide = async () => {
            if (previous === undefined) return
            const measured = await bursts(previous)
            if (round >= 0) warm.push(measured)
          }
          if (round % 2 === 0) {
            await coldSide()
            await warmSide()
          } else {
            await warmSide()
            await coldSide()
          }
          // A member's first call (token issued on the way) against its second (token cached).
          for (const corpNum of members.firsts) {
            const [first, later] = await runtime.runPromise(Effect.all([Effect.timed(getInfo(corpNum)), Effect.timed(getInfo(corpNum))]))
            if (round >= 0) {
              firstCalls.push(Duration.toMillis(first[0]))
              laterCalls.push(Duration.toMillis(later[0]))
            }
          }
          const after = await admin.stats()
          const issuedAfter = (await sdkIssued()).issued
          if (round >= 0) {
            const delta = (corpNum: string) => Sdk.issuancesOf(after, corpNum) - Sdk.issuancesOf(before, corpNum)
            soloIssuances.push(delta(members.solo))
            groupIssuances.push(...members.group.map(delta))
            if (previous !== undefined) warmIssuances += [previous.solo, ...previous.group].map(delta).reduce((a, b) => a + b, 0)
            sdkIssuedPerRound = [...sdkIssuedPerRound, issuedAfter - issuedBefore]
            log(`round ${round + 1}: issuances: 1 member ${delta(members.solo)}, ${GROUP} members ${range(members.group.map(delta))} each`)
          }
          previous = members
        }

        const figures = (pairs: ReadonlyArray<BurstPair>, pick: (p: BurstPair) => BurstPair["solo"]) => ({
          p50: median(pairs.map((p) => latencyOf(pick(p).latencies).p50)),
          p99: median(pairs.map((p) => latencyOf(pick(p).latencies).p99)),
          millis: median(pairs.map((p) => pick(p).millis))
        })
        const compared = [
          { name: `1 member, ${BURST.toLocaleString("en-US")} concurrent calls`, pick: (p: BurstPair) => p.solo },
          { name: `${GROUP} members, ${BURST.toLocaleString("en-US")} concurrent calls (${BURST / GROUP} each)`, pick: (p: BurstPair) => p.group }
        ].map(({ name, pick }) => ({ name, cold: figures(cold, pick), warm: figures(warm, pick) }))
        const rows = compared.map(({ name, cold: c, warm: w }) =>
          [name, ms(c.millis), ms(w.millis), ms(c.p50), ms(w.p50), ms(c.p99), ms(w.p99), ms(c.p50 - w.p50)]
        )
        const exactlyOne = (counts: ReadonlyArray<number>) => counts.every((n) => n === 1)
        const added = median(firstCalls.map((f, i) => f - laterCalls[i]!))
        const targets: Array<Target> = [
          {
            name: `exactly 1 token issuance for 1 cold member under ${BURST.toLocaleString("en-US")} concurrent calls`,
            measured: `${soloIssuances.join(", ")} (per round)`,
            met: exactlyOne(soloIssuances)
          },
          {
            name: `exactly 1 token issuance per member for ${GROUP} cold members under ${BURST.toLocaleString("en-US")} concurrent calls`,
            measured: `${range(groupIssuances)} per member over ${groupIssuances.length} member-rounds`,
            met: exactlyOne(groupIssuances)
          }
        ]
        return {
          title: "9. Tokens under burst",
          method: [
            "Sandbox on a socket in a separate process; the SDK over `Undici.layer()` (as the README shows), one runtime (one token cache, one connection pool) for the whole run.",
            `Each round brings fresh members (receipts seeded through another SDK runtime): 1 member receives ${BURST.toLocaleString("en-US")} concurrent GetInfo calls, then ${GROUP} members receive ${BURST.toLocaleString("en-US")} concurrent calls between them.`,
            "Baseline: the same bursts for the previous round's members, whose tokens are cached; cold and warm sides alternate in order, " +
            `${ROUNDS} recorded rounds after one warm-up round, medians over rounds.`,
            "Token issuances are the sandbox's own counts (`GET /_sandbox/stats`, per member) before and after each round.",
            `First call: ${FIRST_CALLS} fresh members per round, each called twice in sequence; the added latency is the median of (first − second).`
          ],
          tables: [
            {
              title: "Bursts: cold (token issued during the burst) against warm (token cached)",
              headers: ["burst", "cold: whole burst", "warm: whole burst", "cold p50", "warm p50", "cold p99", "warm p99", "added p50"],
              rows
            },
            {
              title: "Token issuances counted by the sandbox",
              headers: ["case", "issuances", "expected"],
              rows: [
                ["1 cold member (per round)", soloIssuances.join(", "), "1"],
                [`${GROUP} cold members (min–max per member, all rounds)`, range(groupIssuances), "1"],
                ["warm bursts (all rounds)", String(warmIssuances), "0"],
                ["issued by the SDK's token cache per round", sdkIssuedPerRound.join(", "), String(1 + GROUP + FIRST_CALLS)]
              ]
            },
            {
              title: "A member's first call against its second",
              headers: ["first call p50", "second call p50", "added by issuing the token (median of differences)"],
              rows: [[ms(median(firstCalls)), ms(median(laterCalls)), ms(added)]]
            }
          ],
          targets,
          notes: [
            `One member: the burst carries a single token request (${ms(added)} on a lone first call), lost in the queueing of ${BURST.toLocaleString("en-US")} calls (the p50 difference is noise). ` +
            `${GROUP} members: ${GROUP} token requests, each signed by the SDK and verified by the sandbox, add ${ms(compared[1]!.cold.p50 - compared[1]!.warm.p50)} at p50.`
          ]
        }
      } finally {
        await Promise.all([seeder.dispose(), runtime.dispose()])
      }
    })
}

if (isMain(import.meta.url)) await main(benchmark)
