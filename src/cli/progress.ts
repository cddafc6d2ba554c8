/**
 * Progress of long work (bulk issuance, polling, any wait over a second) on stderr, so stdout stays
 * clean for `--json`: on a terminal, one line redrawn in place (`\r`, clear line) and cut to the
 * terminal's width, so it never wraps onto a second line; otherwise plain status lines (logs and
 * CI read those), one per change.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Schedule from "effect/Schedule"
import type { IssueManyProgress } from "../domains/cashbill/Cashbill.js"
import { ExitWith } from "./errors.js"
import { type Column, emit, table } from "./output.js"
import * as Terminal from "./terminal.js"

/**
 * Where progress is written, and what that stream is now (a terminal, how wide).
 *
 * @since 0.1.0
 * @category models
 */
export interface ProgressSink {
  readonly write: (text: string) => void
  readonly stream: () => Terminal.Stream
}

/**
 * stderr of the process.
 *
 * @since 0.1.0
 * @category constructors
 */
export const stderrSink = (): ProgressSink => ({
  write: (text) => void process.stderr.write(text),
  stream: Terminal.stderr
})

/**
 * A progress display of one task.
 *
 * @since 0.1.0
 * @category models
 */
export interface Progress {
  /** `done` of `total` units, with a short description of the current stage. */
  readonly update: (done: number, total: number, detail: string) => Effect.Effect<void>
  /** Ends the display with a summary line. */
  readonly finish: (summary: string) => Effect.Effect<void>
}

const BAR_WIDTH = 28
const MIN_BAR_WIDTH = 10
// Go back to the start of the line and clear it.
const REDRAW = "\r\x1b[K"

/**
 * The bar text: `[██████░░░░] 120/250  48%`, the bar `width` cells wide.
 *
 * @since 0.1.0
 * @category combinators
 */
export const bar = (done: number, total: number, width: number = BAR_WIDTH): string => {
  const ratio = total <= 0 ? 1 : Math.max(0, Math.min(1, done / total))
  const filled = Math.round(ratio * width)
  const percent = `${Math.floor(ratio * 100)}%`.padStart(4)
  return `[${"█".repeat(filled)}${"░".repeat(width - filled)}] ${done}/${total} ${percent}`
}

/**
 * The line drawn on a terminal `columns` wide: the title, the bar (narrower on a narrow terminal)
 * and the detail, cut to fit with `…`. The last column stays free: a character written there makes
 * some terminals move to the next line.
 *
 * @since 0.1.0
 * @category combinators
 */
export const line = (title: string, done: number, total: number, detail: string, columns: number): string => {
  const room = columns - 1
  const counts = bar(done, total, 0).length - 2
  const barWidth = Math.max(MIN_BAR_WIDTH, Math.min(BAR_WIDTH, room - Terminal.displayWidth(title) - counts - 4 - 24))
  return Terminal.truncate(`${title} ${bar(done, total, barWidth)} ${detail}`, room)
}

/**
 * A progress display titled `title`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const make = (title: string, sink: ProgressSink = stderrSink()): Progress => {
  let last = ""
  let drawn = false
  const update = (done: number, total: number, detail: string) =>
    Effect.sync(() => {
      const stream = sink.stream()
      if (stream.interactive) {
        sink.write(`${REDRAW}${line(title, done, total, detail, stream.columns)}`)
        drawn = true
        return
      }
      // One line per change of state: a poll that changes nothing prints nothing.
      const status = `${title}: ${done}/${total} (${total <= 0 ? 100 : Math.floor((done / total) * 100)}%) ${detail}`
      if (status !== last) sink.write(`${status}\n`)
      last = status
    })
  const finish = (summary: string) =>
    Effect.sync(() => {
      sink.write(sink.stream().interactive && drawn ? `${REDRAW}${title}: ${summary}\n` : `${title}: ${summary}\n`)
    })
  return { update, finish }
}

const SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

/**
 * Runs `effect`; if it takes more than a second, says so on stderr (a spinner on a terminal, cut
 * to its width; one status line otherwise) until it ends.
 *
 * @since 0.1.0
 * @category combinators
 */
export const whileWaiting = (label: string, sink: ProgressSink = stderrSink()) =>
<A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.gen(function*() {
    const started = yield* Clock.currentTimeMillis
    let frame = 0
    let spun = false
    const tick = Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.sync(() => {
        const seconds = Math.floor((now - started) / 1000)
        const stream = sink.stream()
        if (stream.interactive) {
          sink.write(`${REDRAW}${Terminal.truncate(`${SPINNER[frame % SPINNER.length]} ${label} (${seconds}s)`, stream.columns - 1)}`)
          spun = true
        } else if (frame === 0) {
          sink.write(`${label}: waiting…\n`)
        }
        frame++
      }))
    const notice = tick.pipe(Effect.repeat(Schedule.spaced(Duration.millis(100))), Effect.delay(Duration.seconds(1)))
    const clear = Effect.sync(() => {
      if (spun) sink.write(REDRAW)
    })
    const fiber = yield* Effect.forkChild(notice)
    return yield* Effect.ensuring(effect, Effect.andThen(Fiber.interrupt(fiber), clear))
  })

/**
 * The progress of `Cashbill.issueMany` on a display: receipts whose result is known, of all.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issueManyReporter = (progress: Progress) => (p: IssueManyProgress): Effect.Effect<void> =>
  progress.update(
    p.completed,
    p.total,
    `submitted ${p.submitted} in ${p.submissions} submission${p.submissions === 1 ? "" : "s"}, ${p.polls} poll${p.polls === 1 ? "" : "s"}, issued ${p.succeeded}, refused ${p.failed}`
  )

/**
 * The end of a bulk issue: the summary on the progress line, one row per document (or the JSON
 * report), and exit code 1 when any document was refused.
 *
 * @since 0.1.0
 * @category combinators
 */
export const finishBulk = <R extends { readonly code: number }>(
  progress: Progress,
  options: { readonly json: boolean; readonly noun: string; readonly columns: ReadonlyArray<Column<R>> },
  results: ReadonlyArray<R>
): Effect.Effect<void, ExitWith> =>
  Effect.gen(function*() {
    const issued = results.filter((r) => r.code === 1).length
    const refused = results.length - issued
    const summary = `${results.length} ${options.noun}${results.length === 1 ? "" : "s"}: ${issued} issued, ${refused} refused`
    yield* progress.finish(summary)
    yield* emit(options.json, { total: results.length, issued, refused, results }, () => `${table(results, options.columns)}\n${summary}`)
    if (refused > 0) return yield* new ExitWith({ code: 1 })
  })
