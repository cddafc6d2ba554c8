/**
 * CLI start-up: the time from starting `taxdoc --help` to its first output on stdout, and to its
 * exit — the old way (the TypeScript sources through the tsx runner, `tsx src/cli/main.ts`) against
 * the compiled command run by plain node (`node dist/cli/main.js`, and `node bin/taxdoc.js`, which
 * `npx taxdoc` runs), side by side, alternating, over several rounds.
 *
 * dist/ must be built (`npm run build`; `npm install` does it).
 *
 * @since 0.1.0
 */
import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { alternate, medianOf } from "./support/alternate.js"
import { type Benchmark, isMain, log, main } from "./support/program.js"
import { median } from "./support/stats.js"

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..")
const ROUNDS = 5
const TARGET_MILLIS = 800

interface Start {
  /** From spawning the process to the first byte on stdout. */
  readonly firstOutput: number
  /** From spawning the process to its exit. */
  readonly exit: number
  /** CPU time (user + system) of the process and the processes it waited for; NaN when unknown. */
  readonly cpu: number
}

// GNU time reports the CPU time a start took, which other work on the machine does not inflate
// the way it inflates elapsed time.
const TIME = "/usr/bin/time"
const timed = existsSync(TIME)

// Environment of a plain shell: no loader or npm settings inherited from the runner.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== "NODE_OPTIONS" && !/^npm_/i.test(key)))

/** Starts `command args` once and times its first output and its exit. */
const start = (command: string, args: ReadonlyArray<string>) => (): Promise<Start> =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    let firstOutput: number | undefined
    let bytes = 0
    let stderr = ""
    const child = timed
      ? spawn(TIME, ["-f", "cpu %U %S", command, ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
      : spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
    child.stdout.on("data", (chunk: Buffer) => {
      firstOutput ??= performance.now() - started
      bytes += chunk.length
    })
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (code) => {
      const exit = performance.now() - started
      const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(stderr)
      if (code !== 0 || firstOutput === undefined || bytes < 1000) reject(new Error(`${command} ${args.join(" ")}: exit ${code}, ${bytes} bytes of help\n${stderr}`))
      else resolve({ firstOutput, exit, cpu: cpu === null ? Number.NaN : (Number(cpu[1]) + Number(cpu[2])) * 1000 })
    })
  })

const SIDES = [
  { name: "old: tsx src/cli/main.ts --help", run: start(join(ROOT, "node_modules/.bin/tsx"), ["src/cli/main.ts", "--help"]) },
  { name: "new: node dist/cli/main.js --help", run: start(process.execPath, ["dist/cli/main.js", "--help"]) },
  { name: "new: node bin/taxdoc.js --help (npx taxdoc)", run: start(process.execPath, ["bin/taxdoc.js", "--help"]) }
]

const ms = (millis: number) => `${Math.round(millis)} ms`

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "startup",
  limitMillis: 300_000,
  run: async () => {
    if (!existsSync(join(ROOT, "dist/cli/main.js"))) throw new Error("dist/ is not built: run npm run build")
    const samples = await alternate<Start>({
      rounds: ROUNDS,
      sides: SIDES,
      onRound: (round, results) => log(`round ${round + 1}: ${results.map(([name, s]) => `${name.split(":")[0]} ${ms(s.firstOutput)}`).join(", ")}`)
    })
    const old = samples[SIDES[0]!.name]!
    const figures = SIDES.map((side) => {
      const runs = samples[side.name]!
      const pairs = runs.map((s, i) => old[i]!.firstOutput / s.firstOutput)
      return {
        name: side.name,
        firstOutput: medianOf(runs, (s) => s.firstOutput),
        fastest: Math.min(...runs.map((s) => s.firstOutput)),
        slowest: Math.max(...runs.map((s) => s.firstOutput)),
        exit: medianOf(runs, (s) => s.exit),
        cpu: medianOf(runs, (s) => s.cpu),
        speedup: median(pairs)
      }
    })
    const compiled = figures[1]!
    const bin = figures[2]!
    return {
      title: "11. CLI start-up",
      method: [
        "`taxdoc --help` started as a child process from the benchmark; measured from `spawn` to the first byte on stdout, and to the exit (help printed in full). CPU time: user + system of the process and its children (GNU time), which other work on the machine inflates less than elapsed time.",
        "Old way: the TypeScript sources through the tsx runner (`tsx src/cli/main.ts`, as `npm start` and the bin ran it before the package was compiled). New: the compiled command with plain node, directly and through the bin that `npx taxdoc` runs.",
        `Sides alternate within each round (order reversed every other round) after one warm-up round; ${ROUNDS} rounds; figures are medians over rounds, the speed-up is the median of per-round ratios.`
      ],
      tables: [{
        title: `\`taxdoc --help\`, medians of ${ROUNDS} rounds`,
        headers: ["how it runs", "first output", "fastest", "slowest", "exit", "CPU time", "first output, old / this"],
        rows: figures.map((f) => [f.name, ms(f.firstOutput), ms(f.fastest), ms(f.slowest), ms(f.exit), Number.isNaN(f.cpu) ? "–" : ms(f.cpu), `${f.speedup.toFixed(2)}×`])
      }],
      targets: [{
        name: `first output of \`taxdoc --help\` under ${ms(TARGET_MILLIS)} (compiled, plain node)`,
        measured: `${ms(bin.firstOutput)} through the bin, ${ms(compiled.firstOutput)} direct (old way ${ms(figures[0]!.firstOutput)})`,
        met: bin.firstOutput < TARGET_MILLIS
      }],
      notes: []
    }
  }
}

if (isMain(import.meta.url)) await main(benchmark)
