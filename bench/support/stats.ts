/**
 * Small statistics for benchmark samples: medians, percentiles, ratios and the formatting of the
 * figures in the tables of RESULTS.md.
 *
 * @since 0.1.0
 */

/**
 * The value at percentile `p` (0–100) of `values`, nearest rank on a sorted copy.
 *
 * @since 0.1.0
 * @category combinators
 */
export const percentile = (values: ReadonlyArray<number>, p: number): number => {
  if (values.length === 0) return Number.NaN
  const sorted = Float64Array.from(values).sort()
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!
}

/**
 * The median (the mean of the two middle values for an even count).
 *
 * @since 0.1.0
 * @category combinators
 */
export const median = (values: ReadonlyArray<number>): number => {
  if (values.length === 0) return Number.NaN
  const sorted = Float64Array.from(values).sort()
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * The latency summary of one batch of calls, in milliseconds.
 *
 * @since 0.1.0
 * @category models
 */
export interface Latency {
  readonly count: number
  readonly p50: number
  readonly p99: number
  readonly max: number
}

/**
 * Summarises latencies (milliseconds).
 *
 * @since 0.1.0
 * @category constructors
 */
export const latencyOf = (millis: ReadonlyArray<number>): Latency => ({
  count: millis.length,
  p50: percentile(millis, 50),
  p99: percentile(millis, 99),
  max: millis.reduce((a, b) => Math.max(a, b), 0)
})

/**
 * Milliseconds, with a precision that suits the magnitude.
 *
 * @since 0.1.0
 * @category formatting
 */
export const ms = (millis: number): string => {
  if (Number.isNaN(millis)) return "–"
  const size = Math.abs(millis)
  const sign = millis < 0 ? "−" : ""
  return size >= 100 ? `${sign}${size.toFixed(0)} ms` : size >= 1 ? `${sign}${size.toFixed(2)} ms` : `${sign}${(size * 1000).toFixed(0)} µs`
}

/**
 * A rate per second with thousands separators.
 *
 * @since 0.1.0
 * @category formatting
 */
export const perSecond = (rate: number): string =>
  Number.isNaN(rate) ? "–" : `${Math.round(rate).toLocaleString("en-US")}/s`

/**
 * A ratio such as `1.07×`.
 *
 * @since 0.1.0
 * @category formatting
 */
export const ratio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}×` : "–")

/**
 * Bytes in MiB.
 *
 * @since 0.1.0
 * @category formatting
 */
export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

/**
 * A share in percent.
 *
 * @since 0.1.0
 * @category formatting
 */
export const percent = (share: number): string => (Number.isFinite(share) ? `${(share * 100).toFixed(1)} %` : "–")

/**
 * A count with thousands separators.
 *
 * @since 0.1.0
 * @category formatting
 */
export const count = (n: number): string => Math.round(n).toLocaleString("en-US")
