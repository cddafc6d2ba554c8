/**
 * What keeping the sandbox in a data directory costs (`data` option, `taxdoc sandbox serve --data`):
 * writes (RegistIssue) and reads (GetInfo) through the SDK against an in-process sandbox in memory
 * and one kept in a data directory, side by side in one run; and the time of a snapshot and of a
 * restore of a sandbox holding a few thousand documents.
 *
 * @since 0.1.0
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, ManagedRuntime } from "effect"
import { TaxdocClient } from "../src/core/Client.js"
import * as Cashbill from "../src/domains/cashbill/Operations.js"
import * as SandboxModule from "../src/sandbox/Sandbox.js"
import * as Taxdoc from "../src/Taxdoc.js"
import { sampleReceipt } from "./clients/protocol.js"
import { alternate, collectGarbage, medianOf } from "./support/alternate.js"
import { micros } from "./support/clients.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import { ms, ratio } from "./support/stats.js"

const CORP = "1234567891"
const WRITES = sized(150, 10)
const READS = sized(150, 10)
const ROUNDS = 4
/** Documents held when snapshots are timed. */
const HELD = sized(3_000, 50)

const receipt = (mgtKey: string) => sampleReceipt(mgtKey, CORP)

type Runtime = ManagedRuntime.ManagedRuntime<TaxdocClient | SandboxModule.Sandbox, unknown>

const sdkOn = (data: string | undefined): Runtime =>
  ManagedRuntime.make(Taxdoc.layerSandbox({ sandbox: { members: [{ corpNum: CORP }], ...(data === undefined ? {} : { data }) } }))

interface Figures {
  readonly writeMicros: number
  readonly readMicros: number
}

/** `WRITES` receipts issued, then `READS` reads of one: microseconds per call of each. */
const measure = (runtime: Runtime, round: number): Promise<Figures> =>
  runtime.runPromise(Effect.gen(function*() {
    const client = yield* TaxdocClient
    const member = { corpNum: CORP }
    let started = performance.now()
    for (let i = 0; i < WRITES; i++) yield* client.call(Cashbill.RegistIssue, { ...member, body: receipt(`W-${round}-${i}`) })
    const writeMicros = ((performance.now() - started) * 1000) / WRITES
    started = performance.now()
    for (let i = 0; i < READS; i++) yield* client.call(Cashbill.GetInfo, { ...member, params: { mgtKey: `W-${round}-0` } })
    return { writeMicros, readMicros: ((performance.now() - started) * 1000) / READS }
  }))

/** Snapshot and restore times of a sandbox, after `held` more receipts. */
const snapshots = (runtime: Runtime, held: number) =>
  runtime.runPromise(Effect.gen(function*() {
    const client = yield* TaxdocClient
    for (let i = 0; i < held; i++) yield* client.call(Cashbill.RegistIssue, { corpNum: CORP, body: receipt(`H-${i}`) })
    const takes: Array<number> = []
    const restores: Array<number> = []
    for (let i = 0; i < 7; i++) {
      let started = performance.now()
      const taken = yield* SandboxModule.snapshot
      takes.push(performance.now() - started)
      started = performance.now()
      yield* SandboxModule.restore(taken)
      restores.push(performance.now() - started)
    }
    const mid = (values: Array<number>) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    return { take: mid(takes), restore: mid(restores) }
  }))

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "durable",
  limitMillis: 300_000,
  run: async () => {
    const dir = mkdtempSync(join(tmpdir(), "taxdoc-bench-data-"))
    const memory = sdkOn(undefined)
    const kept = sdkOn(join(dir, "data"))
    try {
      // Each side counts its own rounds: every round issues receipts under new document IDs.
      const rounds = { memory: 0, data: 0 }
      const samples = await alternate<Figures>({
        rounds: ROUNDS,
        sides: [
          { name: "memory", run: () => measure(memory, rounds.memory++) },
          { name: "data", run: () => measure(kept, rounds.data++) }
        ],
        onRound: (r, results) => {
          collectGarbage()
          log(`round ${r + 1}: ${results.map(([name, f]) => `${name} write ${micros(f.writeMicros)} read ${micros(f.readMicros)}`).join(", ")}`)
        }
      })
      const pairs = samples["memory"]!.map((m, i) => [m, samples["data"]![i]!] as const)
      const writeRatio = medianOf(pairs, ([m, d]) => d.writeMicros / m.writeMicros)
      const readRatio = medianOf(pairs, ([m, d]) => d.readMicros / m.readMicros)
      const memorySnap = await snapshots(memory, HELD)
      // The data directory side keeps what the rounds issued: a restore rewrites all of it.
      const keptSnap = await snapshots(kept, 0)
      const row = (label: string, side: ReadonlyArray<Figures>, writes: string, reads: string) => [
        label,
        micros(medianOf(side, (f) => f.writeMicros)),
        writes,
        micros(medianOf(side, (f) => f.readMicros)),
        reads
      ]
      return {
        title: "15. The sandbox kept in a data directory: cost per write, snapshots",
        method: [
          `One process, the SDK on two in-process sandboxes (\`Taxdoc.layerSandbox\`): one in memory, one with \`data\` (SQLite through Node's built-in \`node:sqlite\`, WAL, \`synchronous=FULL\`: every write's transaction synced to disk before its answer) in a fresh directory under ${tmpdir()}.`,
          `Per round and side: ${WRITES} RegistIssue of new receipts of one member, then ${READS} GetInfo of one of them; ${ROUNDS} alternating rounds after one warm-up round; medians, ratios medians of per-round ratios. The member's receipts grow with the rounds (up to ${(WRITES * (ROUNDS + 1)).toLocaleString("en-US")}), on both sides alike.`,
          `Snapshots: in memory ${HELD.toLocaleString("en-US")} more receipts issued first; then \`Sandbox.snapshot\` and \`Sandbox.restore\` timed 7 times each (median). A restore of the sandbox kept in a data directory rewrites the directory in one synced transaction.`
        ],
        tables: [
          {
            title: "Per call, in process",
            headers: ["sandbox", "RegistIssue", "vs memory", "GetInfo", "vs memory"],
            rows: [row("in memory", samples["memory"]!, ratio(1), ratio(1)), row("data directory", samples["data"]!, ratio(writeRatio), ratio(readRatio))]
          },
          {
            title: "Snapshot and restore",
            headers: ["sandbox", "receipts held", "snapshot", "restore"],
            rows: [
              ["in memory", (HELD + WRITES * (ROUNDS + 1)).toLocaleString("en-US"), ms(memorySnap.take), ms(memorySnap.restore)],
              ["data directory", (WRITES * (ROUNDS + 1)).toLocaleString("en-US"), ms(keptSnap.take), ms(keptSnap.restore)]
            ]
          }
        ],
        targets: [],
        notes: [
          "A write's extra cost is the SQLite transaction synced to disk (fsync of the log) plus serialising the documents it changed; the other documents of the member it touched are compared by fingerprint, not serialised. GetInfo of a cash receipt counts a poll (the `AfterPolls` filing policy reads it), a change of state: it is saved like a write, and costs about as much.",
          "Without `data` the only difference from before is one `WeakMap` lookup per state change (`Durable.changed`), which finds nothing."
        ]
      }
    } finally {
      await memory.dispose()
      await kept.dispose()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

if (isMain(import.meta.url)) await main(benchmark)
