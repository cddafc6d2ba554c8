/**
 * Closed-loop load: `concurrency` workers each call, wait for the answer and call again, until
 * `total` calls were started or `durationMillis` passed — both bounds always apply. Every call's
 * latency is recorded. One loop for Promise-returning calls (raw baselines) and one in Effect (the
 * SDK, as an Effect program would call it: fibers, no Promise per call).
 *
 * @since 0.1.0
 */
import { Effect } from "effect"

/**
 * Bounds of a loop.
 *
 * @since 0.1.0
 * @category models
 */
export interface LoadOptions {
  readonly concurrency: number
  readonly total: number
  readonly durationMillis: number
}

/**
 * What a loop measured.
 *
 * @since 0.1.0
 * @category models
 */
export interface LoadResult {
  /** Latency of each completed call, milliseconds. */
  readonly latencies: ReadonlyArray<number>
  readonly elapsedMillis: number
  /** Completed calls per second. */
  readonly throughput: number
  /** CPU time of this process per completed call (all threads), microseconds. */
  readonly cpuMicrosPerCall: number
}

const resultOf = (latencies: ReadonlyArray<number>, elapsedMillis: number, cpu: NodeJS.CpuUsage): LoadResult => ({
  latencies,
  elapsedMillis,
  throughput: (latencies.length / elapsedMillis) * 1000,
  cpuMicrosPerCall: (cpu.user + cpu.system) / Math.max(1, latencies.length)
})

/**
 * Runs a closed loop of a Promise-returning call.
 *
 * @since 0.1.0
 * @category constructors
 */
export const promiseLoop = async (options: LoadOptions, call: () => Promise<unknown>): Promise<LoadResult> => {
  const latencies: Array<number> = []
  const cpu = process.cpuUsage()
  const started = performance.now()
  const deadline = started + options.durationMillis
  let startedCalls = 0
  const worker = async () => {
    while (startedCalls < options.total && performance.now() < deadline) {
      startedCalls++
      const t0 = performance.now()
      await call()
      latencies.push(performance.now() - t0)
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker))
  return resultOf(latencies, performance.now() - started, process.cpuUsage(cpu))
}

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
