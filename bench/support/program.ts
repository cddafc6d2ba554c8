/**
 * Running a benchmark as a program: `tsx bench/<name>.ts` prints its section; the runner adds
 * `--json <file>` to collect it. A watchdog ends the process if a benchmark overruns its limit, so
 * nothing is left running.
 *
 * @since 0.1.0
 */
import { writeFileSync } from "node:fs"
import { pathToFileURL } from "node:url"
import { type Section, sectionToMarkdown } from "./report.js"

/**
 * `true` in a smoke run (`BENCH_SMOKE=1`): every benchmark runs end to end with the smallest
 * settings (one round, no warm-up, few calls), to show that it works, not to measure; the runner
 * then leaves RESULTS.md as it is.
 *
 * @since 1.0.0
 * @category constants
 */
export const SMOKE: boolean = process.env["BENCH_SMOKE"] === "1"

/**
 * `full` in a measurement, `smoke` in a smoke run.
 *
 * @since 1.0.0
 * @category combinators
 */
export const sized = <A>(full: A, smoke: A): A => (SMOKE ? smoke : full)

/**
 * A benchmark: an id (its file name), a time limit and the measurement.
 *
 * @since 0.1.0
 * @category models
 */
export interface Benchmark {
  readonly id: string
  /** The process is ended after this long, whatever it is doing. */
  readonly limitMillis: number
  /**
   * Work done before the time limit starts (preparing another revision's worktree and install the
   * first time, which later runs find ready); not part of the benchmark time.
   */
  readonly prepare?: () => Promise<unknown>
  readonly run: () => Promise<Omit<Section, "id" | "elapsedMillis">>
}

/**
 * `true` when the module `url` is the program being run (not imported).
 *
 * @since 0.1.0
 * @category combinators
 */
export const isMain = (url: string): boolean => process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === url

/**
 * Prints a progress line on stderr (stdout carries the section).
 *
 * @since 0.1.0
 * @category combinators
 */
export const log = (line: string): void => {
  process.stderr.write(`  ${line}\n`)
}

/**
 * Runs `benchmark`, prints its section, writes it as JSON when `--json <file>` is given, and exits.
 *
 * @since 0.1.0
 * @category constructors
 */
export const main = async (benchmark: Benchmark): Promise<never> => {
  try {
    await benchmark.prepare?.()
  } catch (error) {
    process.stderr.write(`${benchmark.id}: preparing failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
    process.exit(1)
  }
  const watchdog = setTimeout(() => {
    process.stderr.write(`${benchmark.id}: over its limit of ${benchmark.limitMillis / 1000} s, stopping\n`)
    process.exit(2)
  }, benchmark.limitMillis)
  watchdog.unref()
  const started = performance.now()
  try {
    const result = await benchmark.run()
    const section: Section = { id: benchmark.id, ...result, elapsedMillis: performance.now() - started }
    process.stdout.write(`${sectionToMarkdown(section)}\n`)
    const at = process.argv.indexOf("--json")
    const file = at < 0 ? undefined : process.argv[at + 1]
    if (file !== undefined) writeFileSync(file, JSON.stringify(section))
    process.exit(0)
  } catch (error) {
    process.stderr.write(`${benchmark.id} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
    process.exit(1)
  }
}
