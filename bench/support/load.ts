/**
 * Closed-loop load: `concurrency` workers each call, wait for the answer and call again, until
 * `total` calls were started or `durationMillis` passed — both bounds always apply. Every call's
 * latency is recorded, and the process's CPU time over exactly that window. This module imports
 * nothing but Node, so a baseline client's process loads no more than the baseline itself (the
 * loop of an Effect program is in `effectLoop.ts`).
 *
 * @since 0.1.0
 */

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

/**
 * The result of a loop from its latencies, its duration and the CPU used meanwhile.
 *
 * @since 0.1.0
 * @category constructors
 */
export const resultOf = (latencies: ReadonlyArray<number>, elapsedMillis: number, cpu: NodeJS.CpuUsage): LoadResult => ({
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
