/**
 * The steps of the demo: each says what it does, checks its own expectations (what the service's spec and
 * docs/decisions.md say should happen) and records pass or fail. A step that fails with an error stops the
 * tour; the steps after it are reported as not run.
 *
 * @since 0.1.0
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { describe } from "../errors.js"
import { printLine } from "../output.js"
import * as Terminal from "../terminal.js"

/**
 * One checked expectation.
 *
 * @since 0.1.0
 * @category models
 */
export interface Expectation {
  readonly label: string
  readonly passed: boolean
  readonly expected: unknown
  readonly actual: unknown
}

/**
 * The outcome of one step.
 *
 * @since 0.1.0
 * @category models
 */
export interface StepResult {
  readonly name: string
  readonly title: string
  readonly status: "passed" | "failed" | "not run"
  readonly passed: boolean
  readonly millis: number
  readonly notes: ReadonlyArray<string>
  readonly checks: ReadonlyArray<Expectation>
  readonly error?: string
}

/**
 * What a step's body can do: narrate and check.
 *
 * @since 0.1.0
 * @category models
 */
export interface StepContext {
  /** A line of narration (printed in text mode, kept in the JSON notes). */
  readonly say: (line: string) => Effect.Effect<void>
  /** Checks that `actual` equals `expected` (deep, by JSON value). */
  readonly expect: (label: string, actual: unknown, expected: unknown) => Effect.Effect<boolean>
}

/**
 * A step of the tour.
 *
 * @since 0.1.0
 * @category models
 */
export interface Step<R> {
  readonly name: string
  readonly title: string
  readonly run: (context: StepContext) => Effect.Effect<void, unknown, R>
}

/**
 * `true` when two values are the same JSON value (objects compared key by key, in any order).
 *
 * @since 0.1.0
 * @category combinators
 */
export const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return ka.length === kb.length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

const show = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value))

/**
 * Runs the steps in order, narrating on stdout unless `quiet`; answers every step's outcome.
 *
 * @since 0.1.0
 * @category combinators
 */
export const runSteps = <R>(steps: ReadonlyArray<Step<R>>, options: { readonly quiet: boolean }): Effect.Effect<ReadonlyArray<StepResult>, never, R> =>
  Effect.gen(function*() {
    // Narration is prose: wrapped to the terminal (80 columns in a pipe), continuation lines indented.
    const print = (line: string) => (options.quiet ? Effect.void : printLine(Terminal.wrap(line, Terminal.stdout().columns)))
    const results: Array<StepResult> = []
    let stopped: string | undefined
    for (const [index, step] of steps.entries()) {
      if (stopped !== undefined) {
        results.push({ name: step.name, title: step.title, status: "not run", passed: false, millis: 0, notes: [], checks: [], error: `not run: ${stopped} failed` })
        continue
      }
      yield* print(`\n${index + 1}. ${step.title}`)
      const notes: Array<string> = []
      const checks: Array<Expectation> = []
      const context: StepContext = {
        say: (line) => Effect.andThen(Effect.sync(() => notes.push(line)), print(`   ${line}`)),
        expect: (label, actual, expected) =>
          Effect.suspend(() => {
            const passed = sameValue(actual, expected)
            checks.push({ label, passed, expected, actual })
            return Effect.as(print(passed ? `   ✓ ${label}` : `   ✗ ${label}: expected ${show(expected)}, got ${show(actual)}`), passed)
          })
      }
      const started = yield* Clock.currentTimeMillis
      const exit = yield* Effect.exit(step.run(context))
      const millis = (yield* Clock.currentTimeMillis) - started
      let error: string | undefined
      if (exit._tag === "Failure") {
        const failure = Cause.findErrorOption(exit.cause)
        error = Option.isSome(failure) ? describe(failure.value).lines.join(" ").replace(/\s+/g, " ") : Cause.pretty(exit.cause)
        stopped = step.name
        yield* print(`   ✗ failed: ${error}`)
      }
      const passed = error === undefined && checks.every((c) => c.passed)
      results.push({ name: step.name, title: step.title, status: passed ? "passed" : "failed", passed, millis, notes, checks, ...(error === undefined ? {} : { error }) })
    }
    return results
  })
