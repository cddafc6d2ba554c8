/**
 * How the `taxdoc` command reports a failure: the code and its catalogue name, the message, and
 * what to do about it, on stderr; then a non-zero exit code. A `ValidationError` lists every bad
 * field with its place in the input file (nothing was sent). With `--json` the same report is one
 * line of JSON on stderr, `{"error": {"type", "message", …fields of the error, "hint", "exitCode"}}`,
 * so that a program reads results on stdout and failures on stderr, both as JSON.
 *
 * Exit codes: 0 success; 1 the service refused or could not be reached, or a check failed;
 * 2 invalid input (bad field, unreadable file, bad option, missing configuration); 130 interrupted.
 *
 * @since 0.1.0
 */
import * as Cause from "effect/Cause"
import * as EffectCliError from "effect/cli/CliError"
import type * as Config from "effect/Config"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { ConfigInvalid } from "../core/Config.js"
import { problemsOf, variableOf } from "../core/ConfigProblems.js"
import { type ErrorCodeName, nameOfCode } from "../core/ErrorCodes.js"
import type { ApiError, PollTimeoutError, ResponseError, TokenError, TransportError, UnknownOutcomeError, ValidationError } from "../core/Errors.js"
import { printErrorLine } from "./output.js"

/**
 * A failure of the command itself (unreadable file, conflicting options, unreachable sandbox),
 * with a hint and its exit code.
 *
 * @since 0.1.0
 * @category errors
 */
export class CliError extends Data.TaggedError("CliError")<{
  readonly message: string
  readonly hint: string
  readonly exitCode: 1 | 2
}> {}

/**
 * The failure has been reported already; exit with `code` (a failed demo step, a bulk issue with
 * refused receipts, a cassette with problems).
 *
 * @since 0.1.0
 * @category errors
 */
export class ExitWith extends Data.TaggedError("ExitWith")<{ readonly code: number }> {}

/**
 * Where an input came from, to name each bad field by its place in the file.
 *
 * @since 0.1.0
 * @category models
 */
export interface InputSource {
  readonly file: string
  /** The place in the file of an SDK field path (`cashbills[3].mgtKey` → `line 5, column mgtKey`). */
  readonly locate: (path: string) => string
}

/**
 * A `ValidationError` about an input file.
 *
 * @since 0.1.0
 * @category errors
 */
export class InputValidationError extends Data.TaggedError("InputValidationError")<{
  readonly error: ValidationError
  readonly source: InputSource
}> {}

/**
 * Attributes the `ValidationError`s of `effect` to the input file they came from.
 *
 * @since 0.1.0
 * @category combinators
 */
export const fromFile = (source: InputSource) =>
<A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | InputValidationError, R> =>
  Effect.mapError(effect, (e): E | InputValidationError =>
    isTagged(e, "ValidationError") ? new InputValidationError({ error: e as ValidationError, source }) : e)

const isTagged = (u: unknown, tag: string): boolean =>
  typeof u === "object" && u !== null && "_tag" in u && (u as { readonly _tag: unknown })._tag === tag

/**
 * What to do about each service error code.
 *
 * @since 0.1.0
 * @category constants
 */
export const hints: Partial<Record<ErrorCodeName, string>> = {
  MemberNotRegistered: "sign the business up first: taxdoc member join --file join.json (check with: taxdoc member check --corp-num <n>)",
  UnknownLinkId: "check TAXDOC_LINK_ID (a sandbox knows TESTER and the partners given with --partner)",
  SignatureMismatch: "check TAXDOC_SECRET_KEY (or --secret): it must be the Base64 secret issued with the LinkID; a sandbox prints it at start",
  StaleDate: "this machine's clock is more than 5 minutes off: synchronise it (NTP) and retry",
  MalformedTokenRequest: "the token request was malformed: check TAXDOC_AUTH_URL points at the authentication server",
  InvalidScope: "the token request asked for an unknown scope; upgrade taxdoc",
  TokenUnreadable: "the token belongs to another environment or was damaged: check TAXDOC_ENVIRONMENT and TAXDOC_API_URL",
  TokenMissing: "the call needs a token: check TAXDOC_API_URL (the SDK sends one on every authenticated call)",
  TokenExpired: "the token expired; run the command again (a new token is issued)",
  TokenIpMismatch: "set TAXDOC_FORWARDED_IP=* so tokens can be used from any IP (or the IP your requests leave from)",
  ScopeNotGranted: "the member's token lacks this service's scope; make sure the service is enabled for the member",
  AlreadyMember: "the business is already a member, of this partner or of another (a business joins one partner): taxdoc member check --corp-num <n> --link-id <partner> tells whose",
  InvalidId: "choose another ID (letters and digits, 6 to 50 characters); check one with: taxdoc member check-id <id>",
  IdLength: "the ID must be 6 to 50 characters",
  InvalidPassword: "use 8 to 20 characters with letters, digits and a special character from ~!@#$%^&*()_+",
  IdInUse: "the ID is taken; choose another (check with: taxdoc member check-id <id>)",
  ContactNotFound: "list the member's contacts: taxdoc member contacts --corp-num <n>",
  NotManager: "pass the manager account's ID with --manager-id (see taxdoc member contacts: mgrYN true)",
  ManagerUndeletable: "the manager account cannot be deleted; delete another contact, or quit the membership",
  InvalidRequest: "the request was malformed: upgrade taxdoc or report it with the command you ran",
  InvalidField: "a field was refused by the service; check the input file against docs/cli.md",
  NotFoundPath: "check TAXDOC_API_URL / --sandbox-url: it must be the API's base address",
  UnsupportedMethod: "check TAXDOC_API_URL / --sandbox-url: it must be the API's base address",
  InjectedFault: "the service failed internally; retry later (in a sandbox: clear injected faults with DELETE /_sandbox/faults)",
  RateLimited: "too many requests; wait a moment and retry",
  UrlExpired: "URLs are valid for 30 seconds; request a new one",
  CashbillNotFound: "check the document ID: taxdoc cashbill infos --corp-num <n> <mgtKey…>",
  CashbillMgtKeyInUse: "use a new document ID; an ID becomes free again only after deleting a receipt whose filing failed (305)",
  CashbillOriginalNotFound: "take orgConfirmNum and orgTradeDate from the original: taxdoc cashbill info --corp-num <n> <mgtKey>",
  CashbillRevokeOverTotal: "revoke at most what remains of the original (its total less earlier revocations)",
  CashbillInvalidState: "only a receipt whose filing failed (state 305) can be deleted; see its state with taxdoc cashbill info",
  CashbillRevokeBeforeOriginal: "the revocation's tradeDT may not be earlier than the original's; omit tradeDT to use now",
  CashbillInvalidTradeDT: "tradeDT must be today or yesterday (KST); omit it to use the time of issue",
  BulkDigestMismatch: "the body changed in transit; retry (taxdoc computes the digest over the exact bytes sent)",
  BulkSubmitIdReused: "this submit ID was used for other receipts; submit with a new one",
  BulkSubmitIdInvalid: "a submit ID is 1 to 36 letters, digits or hyphens",
  BulkNotFound: "no bulk submission with this ID for this member; check --corp-num",
  BulkTooMany: "a submission holds 1 to 100 receipts; taxdoc cashbill bulk splits larger files for you",
  InvalidCorpNum: "a registration number is 10 digits without hyphens",
  TooManyCorpNums: "at most 1,000 numbers per request; taxdoc company-status splits longer lists for you"
}

const hintForStatus = (status: number): string =>
  status === 401
    ? "check the credentials: TAXDOC_LINK_ID and TAXDOC_SECRET_KEY (or --secret for a sandbox)"
    : status === 403
    ? "the token is not allowed to do this (scope, IP or manager-only operation)"
    : status === 404
    ? "check the document ID or number you gave"
    : status >= 500
    ? "the service failed; retry later"
    : "check the input against docs/cli.md"

/**
 * A failure as the lines to print, its machine-readable fields and the exit code.
 *
 * @since 0.1.0
 * @category models
 */
export interface Described {
  /** What kind of failure: the error's tag (`ApiError`, `ValidationError`, `UsageError`, …). */
  readonly type: string
  /** The text form: `error: …` and the lines under it. */
  readonly lines: ReadonlyArray<string>
  /** The fields of the JSON form besides type, message, hint and exit code. */
  readonly fields: Readonly<Record<string, unknown>>
  readonly hint: string
  readonly exitCode: number
}

const codeLabel = (code: number): string => {
  const name = nameOfCode(code)
  return name === undefined ? `${code}` : `${code} ${name}`
}

const hintForCode = (code: number, status: number): string => {
  const name = nameOfCode(code)
  return (name === undefined ? undefined : hints[name]) ?? hintForStatus(status)
}

const validation = (error: ValidationError, source: InputSource | undefined): Described => {
  const issues = error.issues.map((issue) => ({
    path: issue.path,
    ...(source === undefined ? {} : { place: source.locate(issue.path) }),
    rule: issue.rule,
    message: issue.message
  }))
  return {
    type: "ValidationError",
    lines: [
      `error: ${error.operation}: invalid input${source === undefined ? "" : ` in ${source.file}`}, nothing was sent`,
      ...issues.map((issue) => `  - ${issue.place ?? (issue.path || "(input)")}: ${issue.message} [${issue.rule}]`)
    ],
    fields: { operation: error.operation, ...(source === undefined ? {} : { file: source.file }), issues },
    hint: "fix every field listed above and run the command again; nothing was sent to the service",
    exitCode: 2
  }
}

type Known =
  | ValidationError
  | InputValidationError
  | ApiError
  | TokenError
  | TransportError
  | ResponseError
  | UnknownOutcomeError
  | PollTimeoutError
  | ConfigInvalid
  | CliError

const unexpected = (error: unknown): Described => ({
  type: "Unexpected",
  lines: [`error: ${String(error)}`],
  fields: {},
  hint: "this is unexpected; please report it with the command you ran",
  exitCode: 1
})

const configError = (error: Config.ConfigError): Described => {
  const problems = problemsOf(error)
  return {
    type: "ConfigError",
    lines: problems.length === 0
      ? [`error: configuration: ${error.message}`]
      : ["error: configuration of the service (TAXDOC_* variables):", ...problems.map((p) => `  - ${p.variable}: ${p.problem}`)],
    fields: { problems },
    hint: "set TAXDOC_LINK_ID, TAXDOC_SECRET_KEY, TAXDOC_AUTH_URL and TAXDOC_API_URL for the real service, or use --sandbox / --sandbox-url <url>",
    exitCode: 2
  }
}

/**
 * What to say after a usage error of the command at `path` (its words, the program's first): the
 * commands of that level, or where its flags are described.
 *
 * @since 1.0.0
 * @category models
 */
export type UsageHint = (path: ReadonlyArray<string>) => string

const defaultUsageHint: UsageHint = (path) => `see ${[...path, "--help"].join(" ")}`

const usageError = (error: EffectCliError.CliError, hint: UsageHint): Described => {
  const errors = error._tag === "ShowHelp" ? error.errors : [error]
  const path = error._tag === "ShowHelp" ? error.commandPath : []
  const [first = "invalid command line", ...rest] = errors.flatMap((e) => e.message.split("\n")).map((line) => line.trim()).filter((line) => line !== "")
  return {
    type: "UsageError",
    lines: [`error: ${first}`, ...rest.map((line) => `  ${line}`)],
    fields: {},
    hint: hint(path.length === 0 ? ["taxdoc"] : path),
    exitCode: 2
  }
}

const isConfigError = (u: unknown): u is Config.ConfigError =>
  isTagged(u, "ConfigError") && "cause" in (u as object)

/**
 * Describes a failure of a command.
 *
 * @since 0.1.0
 * @category combinators
 */
export const describe = (error: unknown, usageHint: UsageHint = defaultUsageHint): Described => {
  if (isConfigError(error)) return configError(error)
  if (EffectCliError.isCliError(error)) return usageError(error, usageHint)
  if (typeof error !== "object" || error === null || !("_tag" in error)) return unexpected(error)
  const e = error as Known
  switch (e._tag) {
    case "ValidationError":
      return validation(e, undefined)
    case "InputValidationError":
      return validation(e.error, e.source)
    case "ApiError":
      return {
        type: e._tag,
        lines: [`error: ${codeLabel(e.code)} (HTTP ${e.status}) in ${e.operation}`, `  ${e.serviceMessage}`],
        fields: { code: e.code, name: nameOfCode(e.code) ?? null, status: e.status, operation: e.operation, serviceMessage: e.serviceMessage },
        hint: hintForCode(e.code, e.status),
        exitCode: 1
      }
    case "TokenError":
      return {
        type: e._tag,
        lines: [`error: ${codeLabel(e.code)} (HTTP ${e.status}): token refused for member ${e.corpNum}`, `  ${e.serviceMessage}`],
        fields: { code: e.code, name: nameOfCode(e.code) ?? null, status: e.status, corpNum: e.corpNum, serviceMessage: e.serviceMessage },
        hint: hintForCode(e.code, e.status),
        exitCode: 1
      }
    case "TransportError":
      return {
        type: e._tag,
        lines: [`error: ${e.reason === "Timeout" ? "timed out" : e.reason === "Local" ? "refused before sending" : "network failure"} in ${e.operation}`, `  ${e.message}`],
        fields: { reason: e.reason, operation: e.operation },
        hint: e.reason === "Timeout"
          ? "the service did not answer in time; retry, or raise TAXDOC_REQUEST_TIMEOUT (e.g. \"60 seconds\")"
          : e.reason === "Local"
          ? "the request was refused before it was sent (a replayed cassette has no such exchange); nothing reached the service"
          : "check the address (TAXDOC_API_URL / --sandbox-url) and the network; is `taxdoc sandbox serve` running?",
        exitCode: 1
      }
    case "ResponseError":
      return {
        type: e._tag,
        lines: [
          `error: unexpected answer (HTTP ${e.status}, ${e.reason}) in ${e.operation}`,
          `  ${e.message}`,
          ...(e.bodyExcerpt === "" ? [] : [`  body: ${e.bodyExcerpt}`])
        ],
        fields: { status: e.status, reason: e.reason, operation: e.operation, bodyExcerpt: e.bodyExcerpt },
        hint: "the address may not be the Tax Document Service API: check TAXDOC_API_URL / --sandbox-url",
        exitCode: 1
      }
    case "UnknownOutcomeError":
      return {
        type: e._tag,
        lines: [`error: ${e.operation}: the outcome for ${e.documentId} is unknown (${e.reason})`, `  ${e.message}`],
        fields: { operation: e.operation, documentId: e.documentId, reason: e.reason },
        hint: "the document may or may not have been issued: look it up by its document ID (e.g. taxdoc cashbill info) before sending it again",
        exitCode: 1
      }
    case "PollTimeoutError":
      return {
        type: e._tag,
        lines: [`error: ${e.operation}: ${e.id} not complete after ${e.polls} polls (last: ${e.lastState})`],
        fields: { operation: e.operation, id: e.id, polls: e.polls, lastState: e.lastState },
        hint: "the result may still arrive; wait longer with --deadline (e.g. --deadline \"30 minutes\")",
        exitCode: 1
      }
    case "ConfigInvalid": {
      // A field not named as a flag or variable already comes from its TAXDOC_* variable here.
      const named = e.problems.map((p) => ({ field: /^(--|TAXDOC_)/.test(p.field) ? p.field : variableOf(p.field), reason: p.reason }))
      return {
        type: e._tag,
        lines: ["error: configuration:", ...named.map((p) => `  - ${p.field}: ${p.reason}`)],
        fields: { field: named[0]?.field, reason: named[0]?.reason, problems: named },
        hint: named.length === 1 ? `fix ${named[0]!.field}` : `fix each of ${named.map((p) => p.field).join(", ")}`,
        exitCode: 2
      }
    }
    case "CliError":
      return { type: e._tag, lines: [`error: ${e.message}`], fields: {}, hint: e.hint, exitCode: e.exitCode }
  }
  return unexpected(error)
}

/**
 * The text printed for a failure.
 *
 * @since 0.1.0
 * @category combinators
 */
export const render = (described: Described): string => [...described.lines, `hint: ${described.hint}`].join("\n")

/**
 * The JSON document printed for a failure with `--json`: one line, `{"error": {…}}`. `message` is
 * the text form's lines without the `error: ` prefix and the indentation.
 *
 * @since 0.1.0
 * @category combinators
 */
export const renderJson = (described: Described): string =>
  JSON.stringify({
    error: {
      type: described.type,
      message: described.lines.map((line, i) => (i === 0 ? line.replace(/^error: /, "") : line.trim())).join("\n"),
      ...described.fields,
      hint: described.hint,
      exitCode: described.exitCode
    }
  })

const INTERRUPTED: Described = { type: "Interrupted", lines: ["error: interrupted"], fields: {}, hint: "the command was stopped before it finished", exitCode: 130 }

/**
 * Reports a failure on stderr — text, or one line of JSON with `json` — and answers its exit code.
 *
 * @since 1.0.0
 * @category combinators
 */
export const report = (described: Described, options: { readonly json: boolean }): Effect.Effect<number> =>
  Effect.as(printErrorLine(options.json ? renderJson(described) : render(described)), described.exitCode)

/**
 * The report of an interruption (Ctrl-C, SIGTERM) with `--json`; without, nothing is printed.
 *
 * @since 1.0.0
 * @category combinators
 */
export const reportInterrupted = (options: { readonly json: boolean }): Effect.Effect<number> =>
  options.json ? report(INTERRUPTED, options) : Effect.succeed(INTERRUPTED.exitCode)

/**
 * The exit code of a whole run: prints what failed (unless already printed) on stderr — text, or
 * one line of JSON with `json` — and answers the code.
 *
 * @since 0.1.0
 * @category combinators
 */
export const exitCodeOf = (options: { readonly json: boolean; readonly usageHint?: UsageHint | undefined }) => (cause: Cause.Cause<unknown>): Effect.Effect<number> => {
  if (Cause.hasInterruptsOnly(cause)) return reportInterrupted(options)
  const failure = Cause.findErrorOption(cause)
  if (Option.isNone(failure)) {
    return report({
      type: "Defect",
      lines: ["error: unexpected failure", ...Cause.pretty(cause).split("\n")],
      fields: {},
      hint: "this is a bug; please report it with the command you ran",
      exitCode: 1
    }, options)
  }
  const error = failure.value
  if (isTagged(error, "ExitWith")) return Effect.succeed((error as ExitWith).code)
  // Help shown because a command group was run without a subcommand: not a failure.
  if (EffectCliError.isCliError(error) && error._tag === "ShowHelp" && error.errors.length === 0) return Effect.succeed(0)
  return report(describe(error, options.usageHint), options)
}
