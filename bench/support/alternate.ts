/**
 * The side-by-side runner: every side of a comparison runs once per round, the order reversed on
 * every other round (A B, B A, A B, …) so that warm-up, GC debt and neighbours' load fall on both
 * sides alike. A round budget bounds the time; the figures reported are medians over rounds.
 *
 * @since 0.1.0
 */
import { SMOKE } from "./program.js"
import { median } from "./stats.js"

/**
 * One side of a comparison: a name and one measurement (a round).
 *
 * @since 0.1.0
 * @category models
 */
export interface Side<M> {
  readonly name: string
  readonly run: () => Promise<M>
}

/**
 * Options of `alternate`.
 *
 * @since 0.1.0
 * @category models
 */
export interface AlternateOptions<M> {
  readonly sides: ReadonlyArray<Side<M>>
  /** Rounds recorded (at least `minRounds` when the budget runs out). */
  readonly rounds: number
  readonly minRounds?: number
  /** Unrecorded rounds run first (JIT warm-up, connection pools). Default 1. */
  readonly warmupRounds?: number
  /** Stop starting new rounds after this long (once `minRounds` are recorded). */
  readonly budgetMillis?: number
  readonly onRound?: (round: number, results: ReadonlyArray<readonly [string, M]>) => void
}

/**
 * Runs `global.gc` when the process runs with `--expose-gc` (else nothing).
 *
 * @since 0.1.0
 * @category combinators
 */
export const collectGarbage = (): void => {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc !== undefined) gc()
}

/**
 * Runs the sides alternately; answers the recorded measurements per side name, in round order. In a
 * smoke run (`BENCH_SMOKE=1`) one round, no warm-up.
 *
 * @since 0.1.0
 * @category constructors
 */
export const alternate = async <M>(options: AlternateOptions<M>): Promise<Record<string, Array<M>>> => {
  const samples: Record<string, Array<M>> = Object.fromEntries(options.sides.map((s) => [s.name, [] as Array<M>]))
  const rounds = SMOKE ? 1 : options.rounds
  const warmup = SMOKE ? 0 : options.warmupRounds ?? 1
  const minRounds = SMOKE ? 1 : options.minRounds ?? Math.min(3, options.rounds)
  const started = performance.now()
  for (let round = -warmup; round < rounds; round++) {
    if (round >= minRounds && options.budgetMillis !== undefined && performance.now() - started > options.budgetMillis) break
    const order = ((round % 2) + 2) % 2 === 0 ? options.sides : [...options.sides].reverse()
    const results: Array<readonly [string, M]> = []
    for (const side of order) {
      collectGarbage()
      const measured = await side.run()
      results.push([side.name, measured])
      if (round >= 0) samples[side.name]!.push(measured)
    }
    if (round >= 0) options.onRound?.(round, results)
  }
  return samples
}

/**
 * The median over rounds of one figure of each measurement.
 *
 * @since 0.1.0
 * @category combinators
 */
export const medianOf = <M>(samples: ReadonlyArray<M>, figure: (m: M) => number): number => median(samples.map(figure))
