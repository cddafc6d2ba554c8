/**
 * The typed failures of every taxdoc operation. Each is a tagged class, so callers match them with
 * `Effect.catchTag("ApiError", ...)` / `Effect.catchTags({...})`.
 *
 * Errors that cross the wire or are stored in cassettes (`ValidationError`, `ApiError`) are
 * `Schema.TaggedError` classes; plumbing errors are `Data.TaggedError`. No error ever carries a
 * secret: only codes, messages, statuses, operation names and body excerpts.
 *
 * @since 0.1.0
 */
import * as Data from "effect/Data"
import * as Schema from "effect/Schema"
import { type ErrorCodeName, ErrorCodes, nameOfCode } from "./ErrorCodes.js"

/**
 * One broken rule of an input: the field path (`cashbills[3].identityNum`), the rule, a message.
 *
 * @since 0.1.0
 * @category models
 */
export class ValidationIssue extends Schema.Class<ValidationIssue>("ValidationIssue")({
  path: Schema.String,
  rule: Schema.String,
  message: Schema.String
}) {}

/**
 * The input broke a rule of the spec; nothing was sent. Lists every broken rule with its path.
 *
 * @since 0.1.0
 * @category errors
 */
export class ValidationError extends Schema.TaggedError<ValidationError>()("ValidationError", {
  operation: Schema.String,
  issues: Schema.Array(ValidationIssue)
}) {
  override get message(): string {
    const lines = this.issues.map((issue) => `  - ${issue.path || "(input)"}: ${issue.message} [${issue.rule}]`)
    return `${this.operation}: invalid input, nothing was sent\n${lines.join("\n")}`
  }
  /** The field paths that broke a rule. */
  get paths(): ReadonlyArray<string> {
    return this.issues.map((issue) => issue.path)
  }
}

/**
 * The message of a service error: the code's catalogue name and number, then the service's own
 * text (`SignatureMismatch (-99003002): 서명이 일치하지 않습니다.`).
 *
 * @since 1.0.0
 * @category constructors
 */
export const codeMessage = (code: number, serviceMessage: string): string => {
  const name = nameOfCode(code)
  return `${name === undefined ? String(code) : `${name} (${code})`}: ${serviceMessage}`
}

/**
 * The service answered with an error code (`{code, message}` and a non-200 status). `message`
 * leads with the code's name and number (`codeMessage`); `serviceMessage` is the service's text.
 *
 * @since 0.1.0
 * @category errors
 */
export class ApiError extends Schema.TaggedError<ApiError>()("ApiError", {
  operation: Schema.String,
  status: Schema.Number,
  code: Schema.Number,
  message: Schema.String,
  /** The service's own message, in the language of `acceptLanguage`. */
  serviceMessage: Schema.String,
  /** `Retry-After` of the answer, in milliseconds, when it carried one. */
  retryAfterMillis: Schema.optionalKey(Schema.Number)
}) {
  /** The catalogue name of the code (`ErrorCodes`), when known. */
  get codeName(): ErrorCodeName | undefined {
    return nameOfCode(this.code)
  }
  /** `true` when the code is the given catalogue entry. */
  is(name: ErrorCodeName): boolean {
    return this.code === ErrorCodes[name].code
  }
  /** No document (cash receipt, e-Tax invoice, statement, contact) with the given ID. */
  get isNotFound(): boolean {
    return this.status === 404 ||
      this.is("CashbillNotFound") || this.is("TaxinvoiceNotFound") || this.is("StatementNotFound") ||
      this.is("ContactNotFound")
  }
  /** The document ID is already used by another document of this member. */
  get isDocumentIdInUse(): boolean {
    return this.is("CashbillMgtKeyInUse") || this.is("StatementMgtKeyInUse") || this.is("TaxinvoiceMgtKeyInUse")
  }
  /** The document is not in a state that allows the operation. */
  get isInvalidState(): boolean {
    return this.is("CashbillInvalidState") || this.is("TaxinvoiceInvalidState") || this.is("StatementInvalidState")
  }
  /** Files of an e-Tax invoice can be attached or deleted only while it is saved (100). */
  get isFilesOnlyWhileSaved(): boolean {
    return this.is("TaxinvoiceFilesOnlyWhileSaved")
  }
  /** The e-Tax invoice already holds 5 files. */
  get isTooManyFiles(): boolean {
    return this.is("TaxinvoiceTooManyFiles")
  }
  /** The e-Tax invoice is past its due date and was issued without `forceIssue`. */
  get isOverdue(): boolean {
    return this.is("TaxinvoiceOverdue")
  }
  /** The member has no (valid) tax invoice issuing certificate. */
  get isCertificateMissing(): boolean {
    return this.is("CertificateNotRegistered") || this.is("CertificateExpired")
  }
  /** The access token was refused (missing, unreadable or expired); the SDK retries these once. */
  get isTokenRejected(): boolean {
    return this.is("TokenExpired") || this.is("TokenUnreadable") || this.is("TokenMissing")
  }
}

/**
 * Token issuance was refused (unknown partner, bad signature, stale clock, not a member, ...).
 * `message` leads with the code's name and number (`codeMessage`); `serviceMessage` is the
 * service's text.
 *
 * @since 0.1.0
 * @category errors
 */
export class TokenError extends Data.TaggedError("TokenError")<{
  readonly corpNum: string
  readonly status: number
  readonly code: number
  readonly message: string
  readonly serviceMessage: string
}> {
  /** `true` when the code is the given catalogue entry. */
  is(name: ErrorCodeName): boolean {
    return this.code === ErrorCodes[name].code
  }
}

/**
 * The request did not get an answer: network failure, connection dropped, or the deadline passed.
 *
 * @since 0.1.0
 * @category errors
 */
export class TransportError extends Data.TaggedError("TransportError")<{
  readonly operation: string
  /** `Local`: refused by a layer in front of the network (a replay cassette's miss): never retried. */
  readonly reason: "Timeout" | "Network" | "Local"
  /**
   * `NotSent`: the request surely did not reach the service (connection refused, name not
   * resolved); `Unknown`: it may have been processed (the connection dropped or the deadline passed
   * after sending) — a write must be checked before it is sent again.
   */
  readonly outcome: "NotSent" | "Unknown"
  readonly message: string
  readonly cause?: unknown
}> {}

/**
 * A write whose outcome could not be settled before the call's deadline: its answer was lost, and
 * reading the document back and sending it again did not come to a definite answer in time
 * (`StillUnknown`: it was not there, was sent again, and that answer was lost too; `ReadFailed`:
 * the document could not be read back), or a different document stands under its ID
 * (`DifferentDocument`). `reads` and `sends` count what the settlement made (the first send
 * included). The write may have been processed: read the document before sending it again.
 *
 * @since 0.1.0
 * @category errors
 */
export class UnknownOutcomeError extends Data.TaggedError("UnknownOutcomeError")<{
  readonly operation: string
  readonly documentId: string
  readonly reason: "DifferentDocument" | "StillUnknown" | "ReadFailed"
  /** Reads of the document made while settling. */
  readonly reads: number
  /** Sends of the write, the first included. */
  readonly sends: number
  readonly message: string
  readonly cause?: unknown
}> {}

/**
 * The service answered, but not as the spec says: an unexpected status, or a body that is not the
 * expected shape (a truncated or non-JSON error body lands here, with an excerpt).
 *
 * @since 0.1.0
 * @category errors
 */
export class ResponseError extends Data.TaggedError("ResponseError")<{
  readonly operation: string
  readonly status: number
  readonly reason: "UnexpectedStatus" | "Decode" | "TooLarge"
  readonly bodyExcerpt: string
  readonly message: string
  /** `Retry-After` of the answer, in milliseconds, when it carried one. */
  readonly retryAfterMillis?: number | undefined
}> {}

/**
 * An awaited asynchronous result (bulk issue, collection job) did not complete before the deadline.
 *
 * @since 0.1.0
 * @category errors
 */
export class PollTimeoutError extends Data.TaggedError("PollTimeoutError")<{
  readonly operation: string
  readonly id: string
  readonly polls: number
  readonly elapsedMillis: number
  readonly lastState: string
  readonly message: string
}> {}

/**
 * Every failure a service call can produce.
 *
 * @since 0.1.0
 * @category errors
 */
export type TaxdocError = ValidationError | ApiError | TokenError | TransportError | ResponseError | UnknownOutcomeError
