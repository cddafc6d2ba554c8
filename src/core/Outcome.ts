/**
 * Writes whose answer was lost, and writes run again (docs/resilience.md "Writes whose outcome is
 * unknown"). A write whose ID the caller chooses (an issue, a revocation, a deletion; a bulk
 * submission by its submit ID) is never sent again blindly: when its outcome is unknown — the
 * connection dropped or the deadline passed after the request went out, or the answer came back
 * cut short or from a failing gateway — it is settled, for as long as the call's deadline allows:
 *
 * - the document is read back by its ID (the read retried through an outage);
 * - found as sent: the write happened, and its answer is rebuilt from the document;
 * - not there: the write did not happen, and it is sent once more; that answer lost too, it is read
 *   back again, and so on;
 * - a different document under the ID: `UnknownOutcomeError` `DifferentDocument`.
 *
 * A write answered "ID in use" (the rerun of a job that died after sending) is read back the same
 * way: the document sent found there is answered as the first run was; anything else is the
 * service's refusal. `UnknownOutcomeError` only when the deadline passes before a definite answer,
 * saying how many reads and sends were made. Each read and each resend is an event on the current
 * span (when anything is traced); the settlement ends with one log line saying what was settled and
 * how long it took.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { constFalse } from "effect/Function"
import * as Option from "effect/Option"
import * as Schedule from "effect/Schedule"
import { type ApiError, UnknownOutcomeError } from "./Errors.js"
import { httpErrorType, summarize } from "./FailureSummary.js"
import { event, log } from "./internal/Telemetry.js"
import type * as Operation from "./Operation.js"
import { type AttemptError, deadlineOf, isNotSent, isTransient, type Policy, SettlingUntil } from "./Retry.js"
import { Attribute, Event } from "./Telemetry.js"

/**
 * `true` when a write may have been processed although no answer arrived.
 *
 * @since 0.1.0
 * @category combinators
 */
export const isUnknown = (error: { readonly _tag: string }): boolean => {
  const e = error as AttemptError
  switch (e._tag) {
    case "TransportError":
      return e.outcome === "Unknown"
    case "ResponseError":
      // A 200 whose body was cut short, or a gateway's page: the service may have done the work.
      return e.status === 200 || e.status >= 500
    default:
      return false
  }
}

// A send that surely did not reach the service; a failure worth another try through an outage;
// the service refusing a write for the moment (429, 502, 503, 504 with its error body), which is
// read back before it is sent again, as a lost answer is.
const surelyNotSent = (error: { readonly _tag: string }): boolean => isNotSent(error as AttemptError)
const transient = (error: { readonly _tag: string }): boolean => isTransient(error as AttemptError)
const lostOrRefusedForNow = (error: { readonly _tag: string }): boolean => isUnknown(error) || (error._tag === "ApiError" && transient(error))

/**
 * What reading the document back says about the write.
 *
 * @since 0.1.0
 * @category models
 */
export type Verdict<A> =
  | { readonly _tag: "Happened"; readonly answer: A }
  | { readonly _tag: "DidNotHappen" }
  | { readonly _tag: "Different"; readonly detail: string }

/**
 * The write happened; `answer` is what it would have answered.
 *
 * @since 0.1.0
 * @category constructors
 */
export const happened = <A>(answer: A): Verdict<A> => ({ _tag: "Happened", answer })

/**
 * The write did not happen: it may be sent once more.
 *
 * @since 0.1.0
 * @category constructors
 */
export const didNotHappen: Verdict<never> = { _tag: "DidNotHappen" }

/**
 * Something else stands under the ID.
 *
 * @since 0.1.0
 * @category constructors
 */
export const different = (detail: string): Verdict<never> => ({ _tag: "Different", detail })

/**
 * Why a write is read back: its answer was lost (`lost`), or the service answered that its ID is
 * in use (`rerun`). A judge words the answer it rebuilds accordingly.
 *
 * @since 1.2.0
 * @category models
 */
export type Why = "lost" | "rerun"

/**
 * What one step of a settlement said, as telemetry tells it: a read (`happened`, `did_not_happen`,
 * `different`, `read_failed`) or a resend (`answered`, `still_unknown`).
 *
 * @since 1.1.0
 * @category models
 */
export type Settlement = "happened" | "did_not_happen" | "different" | "read_failed" | "answered" | "still_unknown"

/**
 * A read by ID, with "not found" as `None`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const found = <D, E extends { readonly _tag: string }, R>(read: Effect.Effect<D, E, R>): Effect.Effect<Option.Option<D>, E, R> =>
  Effect.catchIf(
    Effect.map(read, Option.some),
    (error: E) => error._tag === "ApiError" && (error as unknown as ApiError).isNotFound,
    () => Effect.succeed(Option.none<D>())
  )

/**
 * `true` for the service's answer that a document ID is in use: a rerun, to be read back.
 *
 * @since 1.2.0
 * @category combinators
 */
export const isIdInUse = (error: { readonly _tag: string }): boolean => error._tag === "ApiError" && (error as ApiError).isDocumentIdInUse

/**
 * Options of `settle`.
 *
 * @since 1.2.0
 * @category models
 */
export interface SettleOptions<A, E, R, D, E2, R2> {
  /** The write's declaration: its SDK method (`Cashbill.issue`) names the error, its catalogue name (`Cashbill.RegistIssue`) the telemetry. */
  readonly operation: Pick<Operation.Any, "name" | "sdk">
  /** The ID the write is read back by (a document ID, a submit ID). */
  readonly documentId: string
  /** The member, for telemetry. */
  readonly corpNum?: string | undefined
  /** The client's policy (`TaxdocClient.policy`): the deadline, the patience, whether reruns are answered. */
  readonly policy: Policy
  readonly write: Effect.Effect<A, E, R>
  readonly read: Effect.Effect<Option.Option<D>, E2, R2>
  readonly judge: (document: Option.Option<D>, why: Why) => Verdict<A>
  /** The refusals that say the write was made before (default: `isIdInUse`); read back when the policy answers reruns. */
  readonly rerun?: ((error: E) => boolean) | undefined
  /** How long the settlement may take from the write's start (default: the policy's `callTimeout`). */
  readonly deadline?: Duration.Duration | undefined
  /** The waits between rounds (default: the policy's patience). */
  readonly patience?: Schedule.Schedule<unknown> | undefined
}

// What ends a round that must be followed by another: a resend whose answer was lost too, which
// was refused as run before, or which surely was not sent; a read that failed through an outage.
class Again {}

/**
 * Runs `write`; when its outcome is unknown, or it is refused as a rerun, settles it by reading the
 * document back and sending it again, round after round, until a definite answer or the deadline.
 *
 * @since 0.1.0
 * @category combinators
 */
export const settle = <A, E extends { readonly _tag: string }, R, D, E2, R2>(
  options: SettleOptions<A, E, R, D, E2, R2>
): Effect.Effect<A, E | UnknownOutcomeError, R | R2> => {
  const policy = options.policy
  const rerun = policy.answerReruns ? options.rerun ?? isIdInUse : constFalse
  // A write surely not sent was already repeated by the client until the deadline; the settlement
  // goes on only when the deadline is its own (the durable workflow waits out an outage).
  const triggers = (error: E) => lostOrRefusedForNow(error) || rerun(error) || (options.deadline !== undefined && surelyNotSent(error))
  return Effect.flatMap(Clock.currentTimeMillis, (started) => {
    const deadline = options.deadline === undefined
      ? deadlineOf(policy, started)
      : Duration.isFinite(options.deadline) ? started + Duration.toMillis(options.deadline) : Number.POSITIVE_INFINITY
    // Every call of a settlement, the first send included, is patient and keeps its deadline
    // (Client.ts reads SettlingUntil): a send is repeated while surely not sent, a read through an
    // outage.
    const patiently = <X, EX, RX>(effect: Effect.Effect<X, EX, RX>) => Effect.provideService(effect, SettlingUntil, deadline)
    return Effect.catchIf(patiently(options.write), triggers, (first) => settling(options, first, started, deadline, rerun, patiently))
  })
}

const settling = <A, E extends { readonly _tag: string }, R, D, E2, R2>(
  options: SettleOptions<A, E, R, D, E2, R2>,
  first: E,
  started: number,
  deadline: number,
  rerun: (error: E) => boolean,
  patiently: <X, EX, RX>(effect: Effect.Effect<X, EX, RX>) => Effect.Effect<X, EX, RX>
): Effect.Effect<A, E | UnknownOutcomeError, R | R2> => {
  const policy = options.policy
  const operation = options.operation.sdk
  const why: Why = rerun(first) ? "rerun" : "lost"
  let reads = 0
  let sends = 1
  let lost: E = first
  const counted = () => `${reads} ${reads === 1 ? "read" : "reads"} and ${sends} ${sends === 1 ? "send" : "sends"}`
  const base = (): Record<string, unknown> => {
    const attributes: Record<string, unknown> = {
      [Attribute.operation]: options.operation.name,
      [Attribute.documentId]: options.documentId,
      [Attribute.errorType]: httpErrorType(summarize(lost))
    }
    if (options.corpNum !== undefined) attributes[Attribute.member] = options.corpNum
    return attributes
  }
  // One step told: an event on the current span with its verdict and number.
  const step = (verdict: Settlement, attempt: number) =>
    event(Event.settlement, () => ({ ...base(), [Attribute.settlementVerdict]: verdict, [Attribute.settlementAttempt]: attempt }))
  // The settlement's end told once, with what its last step said and how long it took.
  const ended = (verdict: Settlement, sentence: string) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => {
      const seconds = ((now - started) / 1000).toFixed(2)
      const type = httpErrorType(summarize(first))
      const opening = why === "rerun"
        ? `${operation} for ${options.documentId} was refused as run before (${type})`
        : isUnknown(first)
        ? `the answer of ${operation} for ${options.documentId} was lost (${type})`
        : surelyNotSent(first)
        ? `${operation} for ${options.documentId} could not be sent (${type})`
        : `${operation} for ${options.documentId} was refused for the moment (${type})`
      return log(why === "lost" ? "Warn" : "Debug", `taxdoc: ${opening}; ${sentence} (${counted()}, ${seconds} s)`, {
        ...base(),
        [Attribute.settlementVerdict]: verdict,
        [Attribute.settlementMillis]: now - started
      })
    })
  const unknown = (reason: UnknownOutcomeError["reason"], detail: string, cause: unknown) =>
    Effect.andThen(
      ended(reason === "DifferentDocument" ? "different" : reason === "ReadFailed" ? "read_failed" : "still_unknown", `not settled: ${detail}`),
      Effect.fail(
        new UnknownOutcomeError({
          operation,
          documentId: options.documentId,
          reason,
          reads,
          sends,
          message: `${operation}: the outcome of ${options.documentId} is unknown — ${detail} (${counted()}); read it back before sending it again`,
          cause
        })
      )
    )

  // Where the settlement stands: reading the document back, or sending the write again; and the
  // failure of the last read, when it failed.
  let reading = !surelyNotSent(first)
  let readFailure: unknown = undefined
  let notSent: E | undefined = reading ? undefined : first

  // A send: its answer; another round when its answer was lost too, when it is refused as run
  // before, or when it surely was not sent; or a definite refusal.
  const send: Effect.Effect<A, E | Again, R> = Effect.suspend(() => {
    sends++
    return patiently(options.write).pipe(
      Effect.tap(() => step("answered", sends)),
      Effect.catchIf((error: E) => lostOrRefusedForNow(error) || rerun(error) || surelyNotSent(error), (error) => {
        if (surelyNotSent(error)) {
          notSent = error
          return Effect.fail(new Again())
        }
        lost = error
        reading = true
        return Effect.andThen(step("still_unknown", sends), Effect.fail(new Again()))
      })
    )
  })

  // A round: read the document back and judge it, and send the write again when it did not happen;
  // or send it again when the last send surely did not go out.
  const round: Effect.Effect<A, E | Again | UnknownOutcomeError, R | R2> = Effect.suspend((): Effect.Effect<A, E | Again | UnknownOutcomeError, R | R2> => {
    notSent = undefined
    readFailure = undefined
    if (!reading) return send
    reads++
    return patiently(options.read).pipe(
      Effect.matchEffect({
        onFailure: (error): Effect.Effect<never, Again | UnknownOutcomeError> => {
          readFailure = error
          // Through an outage the read is tried again while the deadline allows.
          const again = transient(error as { readonly _tag: string })
          const next: Effect.Effect<never, Again | UnknownOutcomeError> = again ? Effect.fail(new Again()) : unknown("ReadFailed", "reading it back failed", error)
          return Effect.andThen(step("read_failed", reads), next)
        },
        onSuccess: (document): Effect.Effect<A, E | Again | UnknownOutcomeError, R> => {
          const verdict = options.judge(document, why)
          switch (verdict._tag) {
            case "Happened":
              return step("happened", reads).pipe(
                Effect.andThen(ended("happened", why === "lost" ? "read back, it had happened" : "read back, it is the document sent: answered as its first run")),
                Effect.as(verdict.answer)
              )
            case "Different": {
              // A rerun meeting another document under the ID: the service's refusal stands.
              const refused: Effect.Effect<never, E | UnknownOutcomeError> = rerun(lost)
                ? Effect.andThen(ended("different", `read back, a different document stands under that ID: ${verdict.detail}`), Effect.fail(lost))
                : unknown("DifferentDocument", `a different document stands under that ID: ${verdict.detail}`, lost)
              return Effect.andThen(step("different", reads), refused)
            }
            case "DidNotHappen":
              if (rerun(lost)) return Effect.andThen(ended("did_not_happen", "read back, the document is not the one sent"), Effect.fail(lost))
              reading = false
              return Effect.andThen(step("did_not_happen", reads), send)
          }
        }
      })
    )
  })

  // When the deadline leaves no room for another round: a write surely not sent after the document
  // was found missing did not happen (the refusal is the answer); anything else may have.
  const exhausted = (): Effect.Effect<never, E | UnknownOutcomeError> => {
    if (notSent !== undefined) return Effect.andThen(ended("did_not_happen", "it was not there and could not be sent again"), Effect.fail(notSent))
    if (readFailure !== undefined) return unknown("ReadFailed", "reading it back failed until the deadline", readFailure)
    return unknown("StillUnknown", "it was not there, was sent again, and that answer was lost too", lost)
  }
  const passed = () =>
    reading
      ? unknown("ReadFailed", "the deadline passed while it was read back", lost)
      : unknown("StillUnknown", "the deadline passed while it was sent again", lost)
  const isAgain = (error: unknown): error is Again => error instanceof Again

  // Rounds follow one another along the patience, within the deadline. Without patience (retrying
  // off), or when the write itself used up the deadline, there is one round: a read, and a resend
  // when the write did not happen.
  const patience = options.patience ?? Option.getOrUndefined(policy.patience)
  return Effect.flatMap(Clock.currentTimeMillis, (now) => {
    if (patience === undefined || now >= deadline) return reading ? Effect.catchIf(round, isAgain, exhausted) : exhausted()
    const rounds = Effect.retry(round, {
      schedule: Schedule.while(patience, ({ duration, now }) => now + Duration.toMillis(duration) < deadline),
      while: isAgain
    })
    return Effect.timeoutOrElse(Effect.catchIf(rounds, isAgain, exhausted), { duration: Duration.millis(deadline - now), orElse: passed })
  })
}
