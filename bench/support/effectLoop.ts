/**
 * The closed loop of `load.ts` for an Effect program: one fiber per worker, no Promise per call,
 * as an Effect application calls the SDK.
 *
 * @since 0.1.0
 */
import { Effect } from "effect"
import { type LoadOptions, type LoadResult, resultOf } from "./load.js"

/**
 * Runs a closed loop of an Effect, with one fiber per worker.
 *
 * @since 0.1.0
 * @category constructors
 */
export const effectLoop = <E, R>(options: LoadOptions, call: Effect.Effect<unknown, E, R>): Effect.Effect<LoadResult, E, R> =>
  Effect.suspend(() => {
    const latencies: Array<number> = []
    const cpu = process.cpuUsage()
    const started = performance.now()
    const deadline = started + options.durationMillis
    let startedCalls = 0
    const timed = Effect.suspend(() => {
      startedCalls++
      const t0 = performance.now()
      return Effect.map(call, () => {
        latencies.push(performance.now() - t0)
      })
    })
    const worker = Effect.whileLoop({
      while: () => startedCalls < options.total && performance.now() < deadline,
      body: () => timed,
      step: () => undefined
    })
    return Effect.forEach(Array.from({ length: options.concurrency }), () => worker, { concurrency: options.concurrency, discard: true }).pipe(
      Effect.map(() => resultOf(latencies, performance.now() - started, process.cpuUsage(cpu)))
    )
  })
