/**
 * Start-up of the `taxdoc` command as a user runs it: the package installed from its tarball into a
 * scratch project (bench/support/installed.ts), its bin run with plain node — `taxdoc --help`, and
 * `taxdoc company-status --sandbox …` (an operation against a fresh in-process sandbox, token
 * included) — from spawn to the first output and to the exit, with `node -e 0` beside them (the
 * floor of any Node program) and the command run from its compiled modules instead of its bundle
 * (information), and the same two commands of the release line (`BENCH_RELEASE`) installed with its
 * own peers in a project of their own, sides alternating over several rounds on the same Node.
 *
 * @since 0.1.0
 */
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { alternate, medianOf } from "./support/alternate.js"
import { plainEnv } from "./support/child.js"
import { type Checkout, prepareRelease } from "./support/checkout.js"
import { compiled } from "./support/compile.js"
import { install, installCheckout } from "./support/installed.js"
import { type Benchmark, isMain, log, main, sized } from "./support/program.js"
import { median } from "./support/stats.js"

const ROUNDS = sized(8, 1)
const HELP_TARGET_MILLIS = 300
const COMMAND_TARGET_MILLIS = 500
const CORP_NUMS = ["1234567891", "1111111119", "2222222227"]

interface Start {
  /** From spawning the process to the first byte on stdout. */
  readonly firstOutput: number
  /** From spawning the process to its exit. */
  readonly exit: number
  /** CPU time (user + system) of the process; NaN when unknown. */
  readonly cpu: number
}

// GNU time reports the CPU time a start took, which other work on the machine does not inflate
// the way it inflates elapsed time.
const TIME = "/usr/bin/time"
const timed = existsSync(TIME)

/** Starts `node args` in `cwd` once and times its first output and its exit. */
const start = (cwd: string, args: ReadonlyArray<string>, expect: string) => (): Promise<Start> =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    let firstOutput: number | undefined
    let stdout = ""
    let stderr = ""
    const child = timed
      ? spawn(TIME, ["-f", "cpu %U %S", process.execPath, ...args], { cwd, env: plainEnv(), stdio: ["ignore", "pipe", "pipe"] })
      : spawn(process.execPath, args, { cwd, env: plainEnv(), stdio: ["ignore", "pipe", "pipe"] })
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      firstOutput ??= performance.now() - started
      stdout += chunk
    })
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    child.on("error", reject)
    child.on("close", (code) => {
      const exit = performance.now() - started
      const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(stderr)
      if (code !== 0 || !stdout.includes(expect)) reject(new Error(`node ${args.join(" ")}: exit ${code}, stdout lacks ${JSON.stringify(expect)}\n${stdout}\n${stderr}`))
      else resolve({ firstOutput: firstOutput ?? exit, exit, cpu: cpu === null ? Number.NaN : (Number(cpu[1]) + Number(cpu[2])) * 1000 })
    })
  })

const BIN = "node_modules/.bin/taxdoc"
const MODULES = "node_modules/taxdoc/dist/cli/main.js"
const COMPANY_STATUS = ["company-status", "--sandbox", "--corp-num", ...CORP_NUMS]

const sides = (app: string, release: { readonly checkout: Checkout; readonly app: string } | undefined) => [
  { name: "`node -e 0` (floor)", short: "node", run: start(app, ["-e", "0"], "") },
  { name: "`taxdoc --help`", short: "help", run: start(app, [BIN, "--help"], "COMMANDS") },
  { name: "`taxdoc company-status --sandbox …`", short: "status", run: start(app, [BIN, ...COMPANY_STATUS], "1111111119") },
  { name: "`taxdoc --help`, compiled modules instead of the bundle (information)", short: "help-modules", run: start(app, [MODULES, "--help"], "COMMANDS") },
  {
    name: "`taxdoc company-status --sandbox …`, compiled modules instead of the bundle (information)",
    short: "status-modules",
    run: start(app, [MODULES, ...COMPANY_STATUS], "1111111119")
  },
  ...(release === undefined ? [] : [
    { name: `\`taxdoc --help\` of ${release.checkout.label}`, short: "release-help", run: start(release.app, [BIN, "--help"], "COMMANDS") },
    { name: `\`taxdoc company-status --sandbox …\` of ${release.checkout.label}`, short: "release-status", run: start(release.app, [BIN, ...COMPANY_STATUS], "1111111119") }
  ])
]

const ms = (millis: number) => `${Math.round(millis)} ms`

/**
 * @since 0.1.0
 * @category benchmarks
 */
export const benchmark: Benchmark = {
  id: "startup",
  limitMillis: 600_000,
  prepare: prepareRelease,
  run: async () => {
    // dist/ and the command's bundle rebuilt first when stale.
    compiled("bench/clients/child.ts")
    const checkout = await prepareRelease()
    const work = mkdtempSync(join(tmpdir(), "taxdoc-startup-"))
    try {
      log("npm pack, and the tarball installed with its peers into a scratch project")
      const app = await install(work, "taxdoc-startup")
      const release = checkout === undefined ? undefined : { checkout, app: await installCheckout(checkout, "taxdoc-base") }
      const all = sides(app, release)
      const samples = await alternate<Start>({
        rounds: ROUNDS,
        sides: all,
        onRound: (round, results) => log(`round ${round + 1}: ${results.map(([name, s]) => `${all.find((side) => side.name === name)!.short} ${ms(s.exit)}`).join(", ")}`)
      })
      const floor = samples[all[0]!.name]!
      const figures = all.map((side) => {
        const runs = samples[side.name]!
        return {
          name: side.name,
          short: side.short,
          firstOutput: medianOf(runs, (s) => s.firstOutput),
          exit: medianOf(runs, (s) => s.exit),
          fastest: Math.min(...runs.map((s) => s.exit)),
          slowest: Math.max(...runs.map((s) => s.exit)),
          cpu: medianOf(runs, (s) => s.cpu),
          aboveFloor: median(runs.map((s, i) => s.exit - floor[i]!.exit))
        }
      })
      const figure = (short: string) => figures.find((f) => f.short === short)!
      const node = figure("node")
      const help = figure("help")
      const status = figure("status")
      const beside = (short: string) => (release === undefined ? "" : `; ${release.checkout.label} ${ms(figure(short).exit)}`)
      return {
        title: "11. CLI start-up",
        method: [
          "The package packed and installed with its peers into a scratch project outside the repository (as `test/package/pack.test.ts` does); each command started there with plain node as `npx taxdoc` starts it (`node node_modules/.bin/taxdoc …`, the bin running the command's pre-built bundle), as a child process of the benchmark.",
          `\`taxdoc --help\`, and \`taxdoc company-status --sandbox --corp-num ${CORP_NUMS[0]} ${CORP_NUMS.slice(1).join(" ")}\` (a fresh in-process sandbox, the SDK, a token and one CheckCorpNums, printed as a table); beside them \`node -e 0\`, the floor of any Node program, and the same two commands run from the package's compiled modules (\`node node_modules/taxdoc/dist/cli/main.js\`) instead of the bundle, for information.`,
          "Measured from `spawn` to the first byte on stdout, and to the exit (the figure the targets use); CPU: user + system of the process (GNU time), which other work on the machine inflates less than elapsed time; above the floor: the median of each round's difference with `node -e 0`.",
          `Sides alternate within each round (order reversed every other round) after one warm-up round; ${ROUNDS} rounds; medians.`
        ],
        tables: [{
          title: `Start-up of the installed command, medians of ${ROUNDS} rounds`,
          headers: ["command", "spawn → exit", "fastest", "slowest", "first output", "CPU time", "above `node -e 0`"],
          rows: figures.map((f) => [f.name, ms(f.exit), ms(f.fastest), ms(f.slowest), ms(f.firstOutput), Number.isNaN(f.cpu) ? "–" : ms(f.cpu), f.short === "node" ? "–" : ms(f.aboveFloor)])
        }],
        targets: [
          {
            name: `\`taxdoc --help\` ≤ ${ms(HELP_TARGET_MILLIS)} (installed package, plain node)`,
            measured: `${ms(help.exit)} (\`node -e 0\` ${ms(node.exit)}; compiled modules ${ms(figure("help-modules").exit)}${beside("release-help")})`,
            met: help.exit <= HELP_TARGET_MILLIS
          },
          {
            name: `\`taxdoc company-status --sandbox …\` ≤ ${ms(COMMAND_TARGET_MILLIS)} (installed package, plain node)`,
            measured: `${ms(status.exit)} (\`node -e 0\` ${ms(node.exit)}; compiled modules ${ms(figure("status-modules").exit)}${beside("release-status")})`,
            met: status.exit <= COMMAND_TARGET_MILLIS
          }
        ],
        notes: []
      }
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  }
}

if (isMain(import.meta.url)) await main(benchmark)
