/**
 * The test suite's wall time: `npm test` (`tsc --noEmit -p .`, then `vitest run`: every test, the
 * package packed and installed, the browser tests on npm's Chromium, the fleet's on an embedded
 * PostgreSQL) of this checkout, timed from the spawn to the exit, and beside it the same command in
 * the release line's worktree (`BENCH_RELEASE`, its own `npm ci` with its dependencies' install
 * scripts run, its library built), sides alternating. Both run on this process's Node unless
 * `BENCH_SUITE_RELEASE_NODE` names another for the release line (its native module, better-sqlite3, is
 * compiled for the Node that runs its install scripts; without network access that is a Node whose
 * headers are on the machine). No target: the figure is reported.
 *
 * `BENCH_SUITE_ARGS` passes arguments to `vitest run` (e.g. one test file); `BENCH_SUITE_ROUNDS`
 * sets the rounds (default 2). A smoke run (`BENCH_SMOKE=1`) runs `vitest run test/core/Kst.test.ts`
 * alone, without `tsc`.
 *
 * @since 1.0.0
 */
import { spawn } from "node:child_process"
import { delimiter, dirname } from "node:path"
import { alternate, medianOf } from "./support/alternate.js"
import { type Checkout, prepare, RELEASE, toolEnv } from "./support/checkout.js"
import { compiled, ROOT } from "./support/compile.js"
import { type Benchmark, isMain, log, main, SMOKE } from "./support/program.js"
import type { Table } from "./support/report.js"
import { ms } from "./support/stats.js"

const ROUNDS = Number(process.env["BENCH_SUITE_ROUNDS"] ?? "2")
const ARGS = (process.env["BENCH_SUITE_ARGS"] ?? (SMOKE ? "test/core/Kst.test.ts" : "")).split(" ").filter((a) => a !== "")
const RELEASE_NODE = process.env["BENCH_SUITE_RELEASE_NODE"] ?? process.execPath
/** At most 30 minutes per run of the suite, two lines a round. */
const LIMIT_MILLIS = Math.max(1, ROUNDS) * 2 * 30 * 60_000

/** One run of the suite: its wall time, its exit code and what vitest reported. */
interface Run {
  readonly millis: number
  readonly code: number
  readonly files: string
  readonly tests: string
  readonly vitestSeconds: number
  readonly tail: string
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g")

const lineOf = (output: string, label: string): string => {
  const match = new RegExp(`^\\s*${label}\\s+(.+)$`, "m").exec(output)
  return match === null ? "–" : match[1]!.trim()
}

/** The command a side runs: `npm test [-- args]`, or in a smoke run `npx vitest run args`. */
const command = (): readonly [string, ReadonlyArray<string>] =>
  SMOKE ? ["npx", ["vitest", "run", ...ARGS]] : ["npm", ["test", ...(ARGS.length === 0 ? [] : ["--", ...ARGS])]]

/** Runs the suite once in `root`, on the Node at `node`. */
const runSuite = (root: string, node: string) => (): Promise<Run> =>
  new Promise((resolve, reject) => {
    const [cmd, args] = command()
    const env = toolEnv({ NO_COLOR: "1", CI: "1", PATH: [dirname(node), process.env["PATH"] ?? ""].join(delimiter) })
    const started = performance.now()
    const child = spawn(cmd, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk))
    child.on("error", reject)
    child.on("close", (code) => {
      const text = output.replace(ANSI, "")
      const duration = /^\s*Duration\s+([\d.]+)s/m.exec(text)
      resolve({
        millis: performance.now() - started,
        code: code ?? 1,
        files: lineOf(text, "Test Files"),
        tests: lineOf(text, "Tests"),
        vitestSeconds: duration === null ? Number.NaN : Number(duration[1]),
        tail: text.trim().split("\n").slice(-15).join("\n")
      })
    })
  })

const prepareRelease = async (): Promise<Checkout | string | undefined> => {
  if (RELEASE === undefined) return undefined
  try {
    return await prepare(RELEASE, { build: true, scripts: true, scriptsNode: RELEASE_NODE })
  } catch (error) {
    return error instanceof Error ? error.message.split("\n").slice(0, 6).join(" ") : String(error)
  }
}

/**
 * @since 1.0.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "suite",
  limitMillis: LIMIT_MILLIS,
  prepare: prepareRelease,
  run: async () => {
    // dist/ rebuilt first when stale, as the suite's own set-up would.
    compiled("bench/clients/child.ts")
    const release = await prepareRelease()
    const ready = typeof release === "object" ? release : undefined
    const [cmd, args] = command()
    const shown = `\`${[cmd, ...args].join(" ")}\``
    const sides = [
      { name: "this checkout", run: runSuite(ROOT, process.execPath) },
      ...(ready === undefined ? [] : [{ name: ready.label, run: runSuite(ready.root, RELEASE_NODE) }])
    ]
    const samples = await alternate<Run>({
      rounds: ROUNDS,
      warmupRounds: 0,
      sides,
      onRound: (round, results) => log(`round ${round + 1}: ${results.map(([name, r]) => `${name} ${ms(r.millis)} (exit ${r.code}, ${r.tests})`).join(", ")}`)
    })
    const rows = sides.map(({ name }) => {
      const runs = samples[name]!
      const last = runs[runs.length - 1]!
      return [name, ms(medianOf(runs, (r) => r.millis)), ms(medianOf(runs, (r) => r.vitestSeconds * 1000)), runs.map((r) => String(r.code)).join(", "), last.files, last.tests]
    })
    const failed = sides.flatMap(({ name }) => samples[name]!.filter((r) => r.code !== 0).slice(0, 1).map((r) => `${name} exited ${r.code}; the end of its output: ${r.tail.replaceAll("\n", " ⏎ ").slice(-600)}`))
    const tables: Array<Table> = [{
      title: `${shown}, medians of ${SMOKE ? 1 : ROUNDS} alternating rounds`,
      headers: ["checkout", "wall time", "vitest's own duration", "exit codes", "test files (last round)", "tests (last round)"],
      rows
    }]
    return {
      title: "18. The test suite's wall time",
      method: [
        `${shown} in this checkout${ready === undefined ? "" : ` and in the worktree of ${ready.label}`}, timed from the spawn to the exit (${SMOKE ? "" : "`tsc --noEmit -p .` included, and "}vitest's set-up: \`dist/\` checked, one embedded PostgreSQL started); vitest's own reported duration beside it.`,
        `This checkout on this process's Node (${process.version}); ${
          ready === undefined
            ? typeof release === "string" ? `the release line not measured: preparing it failed (${release})` : "no earlier line beside it (`BENCH_RELEASE=none`)"
            : `${ready.label} from its worktree with its own \`npm ci\` and its dependencies' install scripts run (better-sqlite3 compiled), its library built, on ${RELEASE_NODE === process.execPath ? "the same Node" : `the Node at ${RELEASE_NODE} (\`BENCH_SUITE_RELEASE_NODE\`)`}`
        }.`,
        `Sides alternate, ${SMOKE ? 1 : ROUNDS} rounds without warm-up (a run of the suite warms nothing the next needs but the disk cache).`
      ],
      tables,
      targets: [],
      notes: failed
    }
  }
}

if (isMain(import.meta.url)) await main(benchmark)
