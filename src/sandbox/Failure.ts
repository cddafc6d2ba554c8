/**
 * A failure answer of the sandbox: a catalogue entry (code, HTTP status, Korean and English
 * message) and an optional detail naming the field or rule, rendered as `{code, message}`.
 *
 * @since 0.1.0
 */
import * as Data from "effect/Data"
import { type ErrorCodeEntry, ErrorCodes, type ErrorCodeName } from "../core/ErrorCodes.js"

/**
 * A failure answer of the sandbox: a catalogue entry (code, HTTP status, messages) and an optional
 * detail, rendered as `{code, message}` (`fail` makes one from an `ErrorCodes` name).
 *
 * @since 0.1.0
 * @category errors
 */
export class SandboxFailure extends Data.TaggedError("SandboxFailure")<{
  readonly entry: ErrorCodeEntry
  /** Extra text appended to the message, e.g. the field path and rule (same in both languages). */
  readonly detail?: string | undefined
  /** Overrides the catalogue status (e.g. an injected 503). */
  readonly status?: number | undefined
}> {
  /** The message in the requested language. */
  render(language: "ko" | "en"): { readonly status: number; readonly body: { readonly code: number; readonly message: string } } {
    const base = language === "en" ? this.entry.en : this.entry.ko
    return {
      status: this.status ?? this.entry.status,
      body: { code: this.entry.code, message: this.detail === undefined ? base : `${base} (${this.detail})` }
    }
  }
}

/**
 * A failure with the named catalogue entry.
 *
 * @since 0.1.0
 * @category constructors
 */
export const fail = (name: ErrorCodeName, detail?: string): SandboxFailure =>
  new SandboxFailure({ entry: ErrorCodes[name], detail })

/**
 * A failure as a durable sandbox stores it (a bulk submission's refused item): its catalogue entry
 * as it was, the detail and the status.
 *
 * @since 0.1.0
 * @category models
 */
export interface FailureRow {
  readonly entry: ErrorCodeEntry
  readonly detail?: string
  readonly status?: number
}

/**
 * The stored form of a failure.
 *
 * @since 0.1.0
 * @category combinators
 */
export const rowOfFailure = (failure: SandboxFailure): FailureRow => ({
  entry: failure.entry,
  ...(failure.detail === undefined ? {} : { detail: failure.detail }),
  ...(failure.status === undefined ? {} : { status: failure.status })
})

/**
 * The failure a stored row stands for.
 *
 * @since 0.1.0
 * @category combinators
 */
export const failureOfRow = (row: FailureRow): SandboxFailure => new SandboxFailure({ entry: row.entry, detail: row.detail, status: row.status })
