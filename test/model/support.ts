/**
 * What the model-based tests share: the SDK on a fresh in-process sandbox per run, driven by a
 * `TestClock` (no run ever sleeps), and the service's code of a call's outcome.
 */
import { Cause, Effect, Exit, Layer, ManagedRuntime, Option } from "effect"
import { TestClock } from "effect/testing"
import * as Taxdoc from "../../src/Taxdoc.js"
import type { ConnectOptions } from "../../src/sandbox/Connect.js"

/** The member the sandbox knows. */
export const CORP = "1234567891"

/** One day of the sandbox's clock. */
export const DAY = 24 * 60 * 60 * 1000

/** What a run reaches: the SDK's services, the sandbox, the test clock. */
export type Services = Taxdoc.SandboxServices | TestClock.TestClock

/** The real system of one run: calls, and time moved by the test clock. */
export interface Real {
  readonly run: <A, E>(effect: Effect.Effect<A, E, Services>) => Promise<Exit.Exit<A, unknown>>
  readonly advance: (millis: number) => Promise<void>
}

/**
 * Runs `body` against the SDK on a fresh sandbox whose clock starts at `start` (the SDK's settings
 * `connect`), and disposes of both afterwards. The models hold the service's own state rules, so
 * the SDK answers a document ID in use as the service does (`answerReruns: false`) unless
 * `connect` says otherwise.
 */
export const withSandbox = async <A>(start: number, body: (real: Real) => Promise<A>, connect: ConnectOptions = {}): Promise<A> => {
  const runtime = ManagedRuntime.make(
    Taxdoc.layerSandbox({ answerReruns: false, ...connect, sandbox: { members: [{ corpNum: CORP }] } }).pipe(Layer.provideMerge(TestClock.layer()))
  )
  try {
    await runtime.runPromise(TestClock.setTime(start))
    return await body({
      run: (effect) => runtime.runPromiseExit(effect),
      advance: (millis) => runtime.runPromise(TestClock.adjust(millis))
    })
  } finally {
    await runtime.dispose()
  }
}

/** The typed failure of an exit, if it has one. */
export const failureOf = (exit: Exit.Exit<unknown, unknown>): unknown =>
  Exit.isSuccess(exit) ? undefined : Option.getOrUndefined(Cause.findErrorOption(exit.cause))

/** `"ok"`, or the service's (negative) code of the failure; -1 for a failure without one. */
export const codeOf = (exit: Exit.Exit<unknown, unknown>): number | "ok" => {
  if (Exit.isSuccess(exit)) return "ok"
  const failure = failureOf(exit)
  if (typeof failure !== "object" || failure === null) return -1
  if ("code" in failure) return Number((failure as { code: number }).code)
  if ("entry" in failure) return (failure as { entry: { code: number } }).entry.code
  return -1
}

/** The `_tag` of the failure (`"defect"` for anything else), or `undefined` on success. */
export const failureTag = (exit: Exit.Exit<unknown, unknown>): string | undefined => {
  if (Exit.isSuccess(exit)) return undefined
  const failure = failureOf(exit)
  return typeof failure === "object" && failure !== null && "_tag" in failure ? String((failure as { _tag: string })._tag) : "defect"
}
