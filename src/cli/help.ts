/**
 * What @effect/cli itself prints — help, the version, usage errors — made fit for where it goes.
 * @effect/cli writes styled text (ANSI colours and bold) through the Effect `Console` and does not
 * wrap it; here the `Console` it writes to drops the styles unless the stream takes colours
 * (a terminal, no `NO_COLOR`) and wraps lines to the terminal's width (80 columns in a pipe).
 * With `--json`, a usage error is not printed as text: the command reports it as one JSON document
 * on stderr (src/cli/errors.ts).
 *
 * The command's own results do not go through this `Console` (src/cli/output.ts writes them), and
 * a command's work runs with the `Console` it had before (`unfitted`), so a JSON document, a table
 * or what the sandbox server prints is never rewrapped.
 *
 * @since 0.1.0
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Terminal from "./terminal.js"

/**
 * Where @effect/cli's text goes.
 *
 * @since 0.1.0
 * @category models
 */
export interface Streams {
  readonly stdout: () => Terminal.Stream
  readonly stderr: () => Terminal.Stream
  readonly write: (stream: "stdout" | "stderr", text: string) => void
}

/**
 * The process's standard output and error.
 *
 * @since 0.1.0
 * @category constructors
 */
export const processStreams: Streams = {
  stdout: Terminal.stdout,
  stderr: Terminal.stderr,
  write: (stream, text) => void (stream === "stdout" ? process.stdout : process.stderr).write(text)
}

const text = (args: ReadonlyArray<unknown>): string => args.map((a) => (typeof a === "string" ? a : String(a))).join(" ")

// The console a fitted one replaced, kept on it so that a command's work can have it back.
const BASE = Symbol.for("taxdoc/cli/help/base")

interface Fitted extends Console.Console {
  readonly [BASE]: Console.Console
}

/**
 * A `Console` for @effect/cli's messages: `log` to stdout and `error` to stderr, each fitted to its
 * stream; with `json`, `error` writes nothing (the failure is reported as JSON afterwards).
 *
 * @since 0.1.0
 * @category constructors
 */
export const fittedConsole = (base: Console.Console, options: { readonly json: boolean; readonly streams?: Streams }): Console.Console => {
  const streams = options.streams ?? processStreams
  const log = (...args: ReadonlyArray<unknown>) => streams.write("stdout", `${Terminal.fit(text(args), streams.stdout())}\n`)
  const error = (...args: ReadonlyArray<unknown>) => {
    if (!options.json) streams.write("stderr", `${Terminal.fit(text(args), streams.stderr())}\n`)
  }
  const fitted: Fitted = {
    ...base,
    [BASE]: base,
    log: (...args) => Effect.sync(() => log(...args)),
    error: (...args) => Effect.sync(() => error(...args)),
    unsafe: { ...base.unsafe, log, error }
  }
  return fitted
}

/**
 * Runs `effect` (the command line's parsing and built-in options) with @effect/cli's messages
 * fitted to the process's streams.
 *
 * @since 0.1.0
 * @category combinators
 */
export const fitted = (options: { readonly json: boolean; readonly streams?: Streams }) =>
<A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.consoleWith((base) => Effect.withConsole(effect, fittedConsole(base, options)))

/**
 * Runs `effect` (a command's work) with the `Console` that `fitted` replaced.
 *
 * @since 0.1.0
 * @category combinators
 */
export const unfitted = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.consoleWith((current) => (BASE in current ? Effect.withConsole(effect, (current as Fitted)[BASE]) : effect))
