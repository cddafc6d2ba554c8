/**
 * Bulk issue: `issueMany` of 10,000 cash receipts (100 bulk submissions, each awaited by polling)
 * against issuing 1,000 one by one with RegistIssue, in process and over sockets. The bulk
 * progression is `AfterPolls(1)` (a submission completes on its second poll) and the poll interval
 * 10 ms, as the API allows; nothing else in the sandbox is changed. Reported: end-to-end time,
 * receipts/s, the time per receipt against one by one, the share of time spent waiting for polls,
 * and the peak memory of the process.
 *
 * @since 0.1.0
 */
import { Clock, Effect } from "effect"
import { Cashbill } from "../src/domains/cashbill/Cashbill.js"
import type { Policy } from "../src/sandbox/Progression.js"
import { Sandbox } from "../src/sandbox/Sandbox.js"
import { alternate, medianOf } from "./support/alternate.js"
import { withServer } from "./support/child.js"
import { type Observed, observe, type WaitTracker, waitTracker } from "./support/observe.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import type { Table, Target } from "./support/report.js"
import * as Sdk from "./support/sdk.js"
import { count, mib, ms, percent, perSecond, ratio } from "./support/stats.js"

const BULK = sized(10_000, 300)
const ONE_BY_ONE = sized(1_000, 30)
const ROUNDS = 3
const INTERVAL = "10 millis"
const LANES = 4
const MEMBER = Sdk.memberNumber(2)
const AFTER_ONE_POLL: Policy = { _tag: "AfterPolls", polls: 1 }
/** Issue 18: issueMany of 10,000 receipts in process. */
const TARGET_MILLIS = 600

/** How a mode reaches the sandbox: an SDK runtime and the sandbox's call counts. */
interface Mode {
  readonly name: string
  readonly runtime: Sdk.SdkRuntime
  readonly calls: () => Promise<Readonly<Record<string, number>>>
  readonly tracker: WaitTracker
}

interface Run {
  readonly receipts: number
  readonly observed: Observed<unknown>
  /** Time spent only waiting for a poll (no request in flight). */
  readonly waitingMillis: number
  readonly polls: number
  readonly submissions: number
}

const receipts = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => Sdk.receipt(`${prefix}-${String(i).padStart(6, "0")}`, MEMBER))

const issueMany = async (mode: Mode, prefix: string, n: number): Promise<Run> => {
  const batch = receipts(prefix, n)
  const before = await mode.calls()
  const waitedBefore = mode.tracker.waiting().millis
  const observed = await observe(() =>
    mode.runtime.runPromise(
      Effect.flatMap(Cashbill, (cashbill) => cashbill.issueMany(MEMBER, batch, { interval: INTERVAL, concurrency: LANES })).pipe(
        Effect.provideService(Clock.Clock, mode.tracker.clock)
      )
    )
  )
  const failed = observed.value.filter((r) => r.code !== 1)
  if (failed.length > 0) throw new Error(`issueMany: ${failed.length} receipts failed, e.g. ${JSON.stringify(failed[0])}`)
  const after = await mode.calls()
  const delta = (route: string) => (after[route] ?? 0) - (before[route] ?? 0)
  return {
    receipts: n,
    observed,
    waitingMillis: mode.tracker.waiting().millis - waitedBefore,
    polls: delta("Cashbill.GetBulkResult"),
    submissions: delta("Cashbill.BulkSubmit")
  }
}

const oneByOne = async (mode: Mode, prefix: string, n: number): Promise<Run> => {
  const batch = receipts(prefix, n)
  const observed = await observe(() =>
    mode.runtime.runPromise(Effect.flatMap(Cashbill, (cashbill) => Effect.forEach(batch, (r) => cashbill.issue(MEMBER, r), { discard: true })))
  )
  return { receipts: n, observed, waitingMillis: 0, polls: 0, submissions: 0 }
}

const measure = async (mode: Mode) => {
  // Warm-up (JIT, connections, token), smaller than the measured runs.
  await issueMany(mode, `W${mode.name[0]}`, sized(500, 100))
  await oneByOne(mode, `w${mode.name[0]}`, sized(100, 10))
  let round = 0
  const samples = await alternate<Run>({
    rounds: ROUNDS,
    warmupRounds: 0,
    sides: [
      { name: "bulk", run: () => issueMany(mode, `B${mode.name[0]}${round}`, BULK) },
      { name: "single", run: () => oneByOne(mode, `S${mode.name[0]}${round}`, ONE_BY_ONE) }
    ],
    onRound: (r, results) => {
      round = r + 1
      log(`${mode.name} round ${r + 1}: ${results.map(([name, run]) => `${name} ${ms(run.observed.millis)}`).join(", ")}`)
    }
  })
  return { bulk: samples["bulk"]!, single: samples["single"]! }
}

type Measured = Awaited<ReturnType<typeof measure>>

const perReceipt = (run: Run) => run.observed.millis / run.receipts

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "bulk",
  limitMillis: 180_000,
  run: async () => {
    const inProcessTracker = waitTracker()
    const inProcess = Sdk.inProcessSdk({ members: [MEMBER], progressions: { "cashbill.bulk": AFTER_ONE_POLL }, wrap: inProcessTracker.wrap })
    const measured: Array<readonly [string, Measured]> = []
    try {
      log("in-process sandbox")
      measured.push([
        "in-process sandbox",
        await measure({
          name: "in-process",
          runtime: inProcess,
          tracker: inProcessTracker,
          calls: () => inProcess.runPromise(Effect.map(Effect.flatMap(Sandbox, (s) => s.stats), (s) => s.calls))
        })
      ])
    } finally {
      await inProcess.dispose()
    }
    await withServer({ kind: "sandbox", progressions: { "cashbill.bulk": AFTER_ONE_POLL } }, async (server) => {
      const admin = Sdk.adminOf(server.url)
      await admin.addMember(MEMBER)
      const tracker = waitTracker()
      const runtime = Sdk.socketSdk(server.url, "Undici.layer", tracker.wrap)
      try {
        log("sockets")
        measured.push([
          "sockets (Undici.layer())",
          await measure({ name: "sockets", runtime, tracker, calls: async () => (await admin.stats()).calls })
        ])
      } finally {
        await runtime.dispose()
      }
    })

    const rows = measured.map(([name, m]) => {
      const bulkMillis = medianOf(m.bulk, (r) => r.observed.millis)
      const singleRate = medianOf(m.single, (r) => r.receipts / r.observed.millis * 1000)
      return {
        name,
        bulkMillis,
        bulkRate: medianOf(m.bulk, (r) => r.receipts / r.observed.millis * 1000),
        singleRate,
        perReceiptRatio: medianOf(m.bulk.map((b, i) => [b, m.single[i]!] as const), ([b, s]) => perReceipt(b) / perReceipt(s)),
        waitShare: medianOf(m.bulk, (r) => r.waitingMillis / r.observed.millis),
        idleShare: medianOf(m.bulk, (r) => r.observed.idleShare),
        polls: medianOf(m.bulk, (r) => r.polls),
        submissions: medianOf(m.bulk, (r) => r.submissions),
        peakHeap: medianOf(m.bulk, (r) => r.observed.peakHeapDelta),
        peakRss: medianOf(m.bulk, (r) => r.observed.peakRss),
        startRss: medianOf(m.bulk, (r) => r.observed.startRss),
        retained: medianOf(m.bulk, (r) => r.observed.retainedHeapDelta),
        singlePeakHeap: medianOf(m.single, (r) => r.observed.peakHeapDelta)
      }
    })
    const tables: Array<Table> = [
      {
        title: `issueMany of ${count(BULK)} receipts against RegistIssue one by one (${count(ONE_BY_ONE)} receipts); medians of ${ROUNDS} alternating rounds`,
        headers: ["sandbox", "issueMany: end to end", "issueMany: receipts/s", "one by one: receipts/s", "time per receipt, bulk / one by one", "submissions", "polls"],
        rows: rows.map((r) => [r.name, ms(r.bulkMillis), perSecond(r.bulkRate), perSecond(r.singleRate), ratio(r.perReceiptRatio), count(r.submissions), count(r.polls)])
      },
      {
        title: "Waiting and memory during issueMany",
        headers: ["sandbox", "only waiting for a poll", "event loop idle", "peak heap above start", "retained after GC", "peak RSS (at start)", "one by one: peak heap above start"],
        rows: rows.map((r) => [r.name, percent(r.waitShare), percent(r.idleShare), mib(r.peakHeap), mib(r.retained), `${mib(r.peakRss)} (${mib(r.startRss)})`, mib(r.singlePeakHeap)])
      }
    ]
    const inProcessRow = rows[0]!
    const targets: Array<Target> = [{
      name: `issueMany of ${count(BULK)} receipts in process ≤ ${ms(TARGET_MILLIS)}`,
      measured: `${ms(inProcessRow.bulkMillis)} (only waiting for a poll ${percent(inProcessRow.waitShare)} of it)`,
      met: inProcessRow.bulkMillis <= TARGET_MILLIS
    }, ...rows.map((r) => ({
      name: `polling does not dominate issueMany (${r.name})`,
      measured: `only waiting for a poll ${percent(r.waitShare)} of the time`,
      met: r.waitShare < 0.5
    }))]
    return {
      title: "7. Bulk issue: issueMany of 10,000 receipts",
      method: [
        `\`Cashbill.issueMany\` of ${count(BULK)} valid receipts for one member: ${count(BULK / 100)} BulkSubmit requests of 100, ${LANES} submissions awaited at once (the default), poll interval ${INTERVAL}; bulk progression \`AfterPolls(1)\`, so each submission completes on its second GetBulkResult.`,
        `Baseline: ${count(ONE_BY_ONE)} receipts issued one by one with \`Cashbill.issue\` (RegistIssue) in sequence, in the same process and sandbox, sides alternating over ${ROUNDS} rounds after a smaller warm-up.`,
        "In process: the SDK on its own in-process sandbox (`Taxdoc.layerSandbox`; the sandbox's work is in the same process). Sockets: the sandbox served in another process, the SDK over `Undici.layer()` (as the README shows).",
        "Only waiting for a poll: the event loop's idle time while at least one poll delay was pending (a `Clock.sleep` under 1 s, seen by a wrapping `Clock`) and no HTTP request was in flight (seen by a wrapping `HttpClient`), over the end-to-end time. Event loop idle: 1 − event loop utilisation over the whole run (over sockets this includes waiting for the server).",
        "Memory: `process.memoryUsage()` sampled every 5 ms, after a full GC at the start (`--expose-gc`); in process, the heap also holds the sandbox's stored receipts."
      ],
      tables,
      targets,
      notes: []
    }
  }
}

if (isMain(import.meta.url)) await main(benchmark)
