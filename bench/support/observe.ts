/**
 * What a long run spends its time and memory on: the time it only waits for a poll, the event
 * loop's idle share, and the peak of the heap and the resident set sampled while it lasts.
 *
 * @since 0.1.0
 */
import { performance } from "node:perf_hooks"
import { Clock, Duration, Effect } from "effect"
import * as HttpClient from "effect/http/HttpClient"
import { collectGarbage } from "./alternate.js"

/**
 * Sleeps at least this long are deadlines (30 s per request, 10 min per poll), not poll delays.
 *
 * @since 0.1.0
 * @category constants
 */
export const POLL_DELAY_MAX_MILLIS = 1_000

/**
 * Measures the time a run spends only waiting for a poll: the event loop idle while at least one
 * poll delay (a `Clock.sleep` shorter than `POLL_DELAY_MAX_MILLIS`) is pending and no HTTP request
 * is in flight. Install `clock` as the `Clock.Clock` service (`Effect.provideService`) and `wrap` on
 * the SDK's `HttpClient`.
 *
 * @since 0.1.0
 * @category models
 */
export interface WaitTracker {
  readonly clock: Clock.Clock
  readonly wrap: (client: HttpClient.HttpClient) => HttpClient.HttpClient
  /** Time spent only waiting for a poll so far, and the poll delays completed. */
  readonly waiting: () => { readonly millis: number; readonly pollDelays: number }
}

/**
 * A fresh tracker over the default clock.
 *
 * @since 0.1.0
 * @category constructors
 */
export const waitTracker = (): WaitTracker => {
  const base = Effect.runSync(Clock.Clock)
  let sleeping = 0
  let inFlight = 0
  let pollDelays = 0
  let waitingMillis = 0
  let mark = performance.eventLoopUtilization()
  // Called before every change of the counts: adds the event loop's idle time since the last change
  // when a poll delay was pending and no request in flight (other lanes' work is not waiting).
  const settle = () => {
    const now = performance.eventLoopUtilization()
    if (sleeping > 0 && inFlight === 0) waitingMillis += now.idle - mark.idle
    mark = now
  }
  const clock: Clock.Clock = {
    currentTimeMillisUnsafe: () => base.currentTimeMillisUnsafe(),
    currentTimeMillis: base.currentTimeMillis,
    currentTimeNanosUnsafe: () => base.currentTimeNanosUnsafe(),
    currentTimeNanos: base.currentTimeNanos,
    monotonicTimeNanosUnsafe: () => base.monotonicTimeNanosUnsafe(),
    monotonicTimeNanos: base.monotonicTimeNanos,
    sleep: (duration) =>
      Duration.toMillis(duration) >= POLL_DELAY_MAX_MILLIS
        ? base.sleep(duration)
        : Effect.acquireUseRelease(
          Effect.sync(() => {
            settle()
            sleeping++
          }),
          () => Effect.tap(base.sleep(duration), () => Effect.sync(() => void pollDelays++)),
          () =>
            Effect.sync(() => {
              settle()
              sleeping--
            })
        )
  }
  const wrap = (client: HttpClient.HttpClient) =>
    HttpClient.transform(client, (effect) =>
      Effect.acquireUseRelease(
        Effect.sync(() => {
          settle()
          inFlight++
        }),
        () => effect,
        () =>
          Effect.sync(() => {
            settle()
            inFlight--
          })
      ))
  return {
    clock,
    wrap,
    waiting: () => {
      settle()
      return { millis: waitingMillis, pollDelays }
    }
  }
}

/**
 * What `observe` measured.
 *
 * @since 0.1.0
 * @category models
 */
export interface Observed<A> {
  readonly value: A
  readonly millis: number
  /** Share of the time the event loop was idle (waiting for timers or sockets). */
  readonly idleShare: number
  /** Peak heap used above the heap used at the start (after a full GC), bytes. */
  readonly peakHeapDelta: number
  /** Peak resident set size, and at the start, bytes. */
  readonly peakRss: number
  readonly startRss: number
  /** Heap used after the run and a full GC, above the start, bytes. */
  readonly retainedHeapDelta: number
}

/**
 * Runs `f` while sampling memory every `sampleMillis` (samples are taken between tasks, so a long
 * synchronous step is seen at its end).
 *
 * @since 0.1.0
 * @category constructors
 */
export const observe = async <A>(f: () => Promise<A>, sampleMillis = 5): Promise<Observed<A>> => {
  collectGarbage()
  const startHeap = process.memoryUsage().heapUsed
  let peakHeap = startHeap
  const startRss = process.memoryUsage.rss()
  let peakRss = startRss
  const sample = () => {
    const usage = process.memoryUsage()
    peakHeap = Math.max(peakHeap, usage.heapUsed)
    peakRss = Math.max(peakRss, usage.rss)
  }
  const sampler = setInterval(sample, sampleMillis)
  const elu = performance.eventLoopUtilization()
  const started = performance.now()
  try {
    const value = await f()
    const millis = performance.now() - started
    sample()
    const used = performance.eventLoopUtilization(elu)
    collectGarbage()
    return {
      value,
      millis,
      idleShare: 1 - used.utilization,
      peakHeapDelta: peakHeap - startHeap,
      peakRss,
      startRss,
      retainedHeapDelta: process.memoryUsage().heapUsed - startHeap
    }
  } finally {
    clearInterval(sampler)
  }
}
