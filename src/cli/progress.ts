/**
 * Progress of long work (bulk issuance, polling, any wait over a second) on stderr, so stdout stays
 * clean for `--json`: a bar redrawn in place when stderr is a terminal, plain status lines
 * otherwise (logs and CI read those).
 *
 * @since 0.1.0
 */
import { Duration, Effect, Fiber, Schedule } from "effect"
import type { IssueManyProgress } from "../domains/cashbill/Cashbill.js"

/**
 * Where progress is written; a terminal gets the redrawn bar.
 *
 * @since 0.1.0
 * @category models
 */
export interface ProgressSink {
  readonly write: (text: string) => void
  readonly interactive: boolean
}

/**
 * stderr of the process.
 *
 * @since 0.1.0
 * @category constructors
 */
export const stderrSink = (): ProgressSink => ({
  write: (text) => void process.stderr.write(text),
  interactive: process.stderr.isTTY === true && process.env["TERM"] !== "dumb"
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

/**
 * The bar text: `[██████░░░░] 120/250  48%`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const bar = (done: number, total: number): string => {
  const ratio = total <= 0 ? 1 : Math.max(0, Math.min(1, done / total))
  const filled = Math.round(ratio * BAR_WIDTH)
  const percent = `${Math.floor(ratio * 100)}%`.padStart(4)
  return `[${"█".repeat(filled)}${"░".repeat(BAR_WIDTH - filled)}] ${done}/${total} ${percent}`
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
      if (sink.interactive) {
        sink.write(`\r\x1b[K${title} ${bar(done, total)} ${detail}`)
        drawn = true
        return
      }
      // One line per change of state: a poll that changes nothing prints nothing.
      const line = `${title}: ${done}/${total} (${total <= 0 ? 100 : Math.floor((done / total) * 100)}%) ${detail}`
      if (line !== last) sink.write(`${line}\n`)
      last = line
    })
  const finish = (summary: string) =>
    Effect.sync(() => {
      sink.write(sink.interactive && drawn ? `\r\x1b[K${title}: ${summary}\n` : `${title}: ${summary}\n`)
    })
  return { update, finish }
}

const SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

/**
 * Runs `effect`; if it takes more than a second, says so on stderr (a spinner on a terminal, one
 * status line otherwise) until it ends.
 *
 * @since 0.1.0
 * @category combinators
 */
export const whileWaiting = (label: string, sink: ProgressSink = stderrSink()) =>
<A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.suspend(() => {
    const started = Date.now()
    let frame = 0
    const tick = Effect.sync(() => {
      const seconds = Math.floor((Date.now() - started) / 1000)
      if (sink.interactive) sink.write(`\r\x1b[K${SPINNER[frame % SPINNER.length]} ${label} (${seconds}s)`)
      else if (frame === 0) sink.write(`${label}: waiting…\n`)
      frame++
    })
    const notice = tick.pipe(Effect.repeat(Schedule.spaced(Duration.millis(100))), Effect.delay(Duration.seconds(1)))
    const clear = Effect.sync(() => {
      if (frame > 0 && sink.interactive) sink.write("\r\x1b[K")
    })
    return Effect.flatMap(Effect.fork(notice), (fiber) =>
      Effect.ensuring(effect, Effect.zipRight(Fiber.interrupt(fiber), clear)))
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
