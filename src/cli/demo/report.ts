/**
 * The end of the demo: the summary table in text mode, and the one JSON document of `--json`.
 *
 * @since 0.1.0
 */
import { cashbillState as stateName } from "../names.js"
import { fields, table } from "../output.js"
import type { StepResult } from "./steps.js"
import type { Summary, TourState } from "./context.js"

/**
 * The JSON document of `taxdoc demo --json`.
 *
 * @since 0.1.0
 * @category models
 */
export interface DemoReport {
  readonly ok: boolean
  readonly passed: number
  readonly failed: number
  readonly steps: ReadonlyArray<StepResult>
  readonly pdf: string | null
  readonly bulk: TourState["bulk"] | null
  readonly filing: TourState["filing"] | null
  readonly reusedId: string | null
  readonly summary: Summary | null
}

/**
 * The report of a finished tour.
 *
 * @since 0.1.0
 * @category constructors
 */
export const report = (results: ReadonlyArray<StepResult>, state: TourState): DemoReport => {
  const passed = results.filter((r) => r.passed).length
  return {
    ok: passed === results.length,
    passed,
    failed: results.length - passed,
    steps: results,
    pdf: state.pdf ?? null,
    bulk: state.bulk ?? null,
    filing: state.filing ?? null,
    reusedId: state.reusedId ?? null,
    summary: state.summary ?? null
  }
}

const seconds = (millis: number): string => `${(millis / 1000).toFixed(2)} s`

/**
 * The closing text: the summary tables and the verdict.
 *
 * @since 0.1.0
 * @category combinators
 */
export const text = (demo: DemoReport): string => {
  const lines: Array<string> = [""]
  const summary = demo.summary
  if (summary !== null) {
    const states = Object.entries(summary.documentsByState).map(([code, count]) => ({ state: `${code} ${stateName(Number(code))}`, count }))
    lines.push(table(states, [{ header: "documents by state", value: (r) => r.state }, { header: "count", value: (r) => r.count, align: "right" }]))
    lines.push("")
    const calls = Object.entries(summary.calls.byOperation).map(([operation, count]) => ({ operation, count }))
    lines.push(table([...calls, { operation: "total", count: summary.calls.total }], [
      { header: "calls answered by the sandbox", value: (r) => r.operation },
      { header: "count", value: (r) => r.count, align: "right" }
    ]))
    lines.push("")
    lines.push(fields({
      "tokens issued": summary.tokens.issued,
      "token reuses": summary.tokens.reused,
      "time taken": seconds(summary.elapsedMillis)
    }))
    if (demo.pdf !== null) lines.push(`PDF saved at ${demo.pdf}`)
    lines.push("")
  }
  const failed = demo.steps.filter((s) => !s.passed)
  lines.push(demo.ok
    ? `All ${demo.steps.length} steps behaved as the spec says.`
    : `${failed.length} of ${demo.steps.length} steps did not behave as the spec says: ${failed.map((s) => s.name).join(", ")}`)
  return lines.join("\n")
}
