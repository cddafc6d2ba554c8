/**
 * A failure answer of the sandbox: a catalogue entry (code, HTTP status, Korean and English
 * message) and an optional detail naming the field or rule, rendered as `{code, message}`.
 *
 * @since 0.1.0
 */
import * as Data from "effect/Data"
import { type ErrorCodeEntry, ErrorCodes, type ErrorCodeName } from "../core/ErrorCodes.js"

/**
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
