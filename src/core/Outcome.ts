/**
 * Writes whose answer was lost (docs/resilience.md "Writes whose outcome is unknown"). A single-document write whose ID the caller
 * chooses (issue, revoke, delete…) is never sent again blindly: when its outcome is unknown — the
 * connection dropped or the deadline passed after the request went out, or the answer came back cut
 * short or from a failing gateway — the document is read back by its ID. Found as sent: the write
 * happened, and its answer is rebuilt from the document. Not there: the write did not happen, and it
 * is sent once more. Anything else (a different document under that ID, a second lost answer, a
 * failed read) is an `UnknownOutcomeError` that says which. Each settlement is an event on the
 * current span (when anything is traced) and a warning log line, with the operation, the member,
 * the document ID, why the answer counts as lost and what reading back said.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { type ApiError, UnknownOutcomeError } from "./Errors.js"
import { httpErrorType, summarize } from "./FailureSummary.js"
import { event, log } from "./internal/Telemetry.js"
import type * as Operation from "./Operation.js"
import type { AttemptError } from "./Retry.js"
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
 * What reading a write back said, as telemetry tells it.
 *
 * @since 1.1.0
 * @category models
 */
export type Settlement = "happened" | "did_not_happen" | "different" | "read_failed" | "still_unknown"

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
 * Runs `write`; when its outcome is unknown, settles it by reading the document back.
 *
 * @since 0.1.0
 * @category combinators
 */
export const settle = <A, E extends { readonly _tag: string }, R, D, E2, R2>(options: {
  /** The write's declaration: its SDK method (`Cashbill.issue`) names the error, its catalogue name (`Cashbill.RegistIssue`) the telemetry. */
  readonly operation: Pick<Operation.Any, "name" | "sdk">
  readonly documentId: string
  /** The member, for telemetry. */
  readonly corpNum?: string | undefined
  readonly write: Effect.Effect<A, E, R>
  readonly read: Effect.Effect<Option.Option<D>, E2, R2>
  readonly judge: (document: Option.Option<D>) => Verdict<A>
}): Effect.Effect<A, E | UnknownOutcomeError, R | R2> => {
  const operation = options.operation.sdk
  const unknown = (reason: UnknownOutcomeError["reason"], detail: string, cause?: unknown) =>
    new UnknownOutcomeError({
      operation,
      documentId: options.documentId,
      reason,
      message: `${operation}: the answer for ${options.documentId} was lost and ${detail}`,
      cause
    })
  // The settlement told: an event on the current span and a warning, with why the answer was lost.
  const told = (lost: { readonly _tag: string }, verdict: Settlement, sentence: string) => {
    const attributes: Record<string, unknown> = {
      [Attribute.operation]: options.operation.name,
      [Attribute.documentId]: options.documentId,
      [Attribute.errorType]: httpErrorType(summarize(lost)),
      [Attribute.settlementVerdict]: verdict
    }
    if (options.corpNum !== undefined) attributes[Attribute.member] = options.corpNum
    return Effect.andThen(
      event(Event.settlement, () => attributes),
      log("Warn", `taxdoc: the answer of ${operation} for ${options.documentId} was lost (${attributes[Attribute.errorType]}); ${sentence}`, attributes)
    )
  }
  return Effect.catchIf(options.write, isUnknown, (lost) =>
    options.read.pipe(
      Effect.catch((error) =>
        Effect.andThen(
          told(lost, "read_failed", "reading it back failed"),
          Effect.fail(unknown("ReadFailed", "reading it back failed; read it again before sending it once more", error))
        )),
      Effect.flatMap((document) => {
        const verdict = options.judge(document)
        switch (verdict._tag) {
          case "Happened":
            return Effect.as(told(lost, "happened", "read back, it had happened"), verdict.answer)
          case "Different":
            return Effect.andThen(
              told(lost, "different", "read back, a different document stands under that ID"),
              Effect.fail(unknown("DifferentDocument", `a document under that ID differs from what was sent: ${verdict.detail}`, lost))
            )
          case "DidNotHappen":
            return Effect.andThen(
              told(lost, "did_not_happen", "read back, it had not happened: it is sent once more"),
              Effect.catchIf(options.write, isUnknown, (again) =>
                Effect.andThen(
                  told(again, "still_unknown", "it was sent once more and that answer was lost too"),
                  Effect.fail(unknown("StillUnknown", "it was not there, so it was sent once more, and that answer was lost too", again))
                ))
            )
        }
      })
    ))
}
