/**
 * The in-process sandbox (what the test suites run on): sequential GetInfo calls per second of
 * this checkout against the revision the performance work started from (`BENCH_BASE`, default
 * `8ad5b00`), side by side in one run. The earlier revision is a git worktree with its own
 * dependencies (Effect 3; bench/support/checkout.ts); each side is its own client process loading
 * its checkout's sources through tsx (as the tests load them) on its own Effect and using only the
 * public entry points. Target: ≥ 4× the base revision's calls/s.
 *
 * @since 0.1.0
 */
import { alternate, medianOf } from "./support/alternate.js"
import { withClients } from "./support/child.js"
import { inProcessConfig, loadFigures } from "./support/clients.js"
import { git, prepare } from "./support/checkout.js"
import { ROOT } from "./support/compile.js"
import type { LoadOptions, LoadResult } from "./support/load.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import * as Sdk from "./support/sdk.js"
import { perSecond, ratio } from "./support/stats.js"

/** The revision the performance work started from. */
const BASE = process.env["BENCH_BASE"] ?? "8ad5b00"
const LOAD: LoadOptions = sized({ concurrency: 1, total: 4_000, durationMillis: 1_500 }, { concurrency: 1, total: 20, durationMillis: 1_000 })
const ROUNDS = sized(6, 1)
const TARGET = 4

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "inprocess",
  limitMillis: 180_000,
  prepare: () => prepare(BASE),
  run: () =>
    prepare(BASE).then(({ root: baseDir, commit: baseCommit }) => {
      const config = (root: string) => inProcessConfig(root, Sdk.memberNumber(16), "INP-0001")
      const head = git("rev-parse", "--short", "HEAD")
      return withClients([config(ROOT), config(baseDir)], async ([current, base]) => {
        log(`in-process sequential GetInfo: this checkout (${head}) against ${baseCommit}`)
        const samples = await alternate<LoadResult>({
          rounds: ROUNDS,
          sides: [
            { name: "current", run: () => current!.run("getInfo", LOAD) },
            { name: "base", run: () => base!.run("getInfo", LOAD) }
          ],
          onRound: (round, results) =>
            log(`round ${round + 1}: ${results.map(([name, r]) => `${name} ${perSecond(r.throughput)} cpu ${Math.round(r.cpuMicrosPerCall)} µs`).join(", ")}`)
        })
        const now = samples["current"]!
        const then = samples["base"]!
        const speedup = medianOf(now.map((r, i) => [r, then[i]!] as const), ([c, b]) => c.throughput / b.throughput)
        const row = (label: string, side: ReadonlyArray<LoadResult>, share: string) => [label, ...loadFigures(side), share]
        return {
          title: `6. In-process sandbox: sequential GetInfo against revision ${baseCommit}`,
          method: [
            `Two client processes, each the SDK against its own in-process sandbox (\`Taxdoc.services\` + \`Connect.layerConfig()\` + \`InProcess.layer\`, default configuration), loaded through tsx from the sources of this checkout and of revision \`${baseCommit}\` (\`BENCH_BASE\`; a git worktree with its own \`npm ci\`, its own Effect), on the same Node.`,
            `Each issues one receipt, then GetInfo of it in sequence: ${ROUNDS} alternating rounds of up to ${LOAD.total.toLocaleString("en-US")} calls (at most ${LOAD.durationMillis / 1000} s) after one warm-up round; medians, the speed-up a median of per-round ratios. CPU / call: the client process's own (the sandbox's work included: it is in the same process).`
          ],
          tables: [{
            title: "Sequential GetInfo, in process",
            headers: ["checkout", "calls/s", "p50", "p99", "CPU / call", "calls/s vs base"],
            rows: [row(`this checkout (${head})`, now, ratio(speedup)), row(`revision ${baseCommit}`, then, ratio(1))]
          }],
          targets: [{
            name: `in-process sequential GetInfo ≥ ${TARGET}× the calls/s of ${baseCommit}`,
            measured: `${ratio(speedup)} (${perSecond(medianOf(now, (r) => r.throughput))} against ${perSecond(medianOf(then, (r) => r.throughput))})`,
            met: speedup >= TARGET
          }],
          notes: []
        }
      })
    })
}

if (isMain(import.meta.url)) await main(benchmark)
