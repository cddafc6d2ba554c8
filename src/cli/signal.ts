/**
 * What Ctrl-C or SIGTERM means to the command running: by default an interruption (exit code 130),
 * but a command that runs until it is stopped — `sandbox serve`, `runner` — ends normally on a
 * signal and exits 0 (once its graceful shutdown is done).
 *
 * @since 1.0.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"

/**
 * The exit code of the run when a signal stops it.
 *
 * @since 1.0.0
 * @category services
 */
export class SignalExitCode extends Context.Service<SignalExitCode, Ref.Ref<number>>()("taxdoc/cli/SignalExitCode") {}

/**
 * The exit code of an interruption.
 *
 * @since 1.0.0
 * @category constants
 */
export const INTERRUPTED = 130

/**
 * Declares that the running command stops on a signal as its normal end: the run then exits 0.
 *
 * @since 1.0.0
 * @category combinators
 */
export const stopsOnSignal: Effect.Effect<void, never, SignalExitCode> = Effect.flatMap(SignalExitCode, (code) => Ref.set(code, 0))
