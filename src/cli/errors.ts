/**
 * How the `taxdoc` command reports a failure: the code and its catalogue name, the message, and
 * what to do about it, on stderr; then a non-zero exit code. A `ValidationError` lists every bad
 * field with its place in the input file (nothing was sent).
 *
 * Exit codes: 0 success; 1 the service refused or could not be reached, or a check failed;
 * 2 invalid input (bad field, unreadable file, bad option, missing configuration).
 *
 * @since 0.1.0
 */
import { ValidationError as CliValidationError } from "@effect/cli"
import { Cause, ConfigError, Console, Data, Effect, Option } from "effect"
import type { ConfigInvalid } from "../core/Config.js"
import { type ErrorCodeName, nameOfCode } from "../core/ErrorCodes.js"
import type { ApiError, PollTimeoutError, ResponseError, TokenError, TransportError, ValidationError } from "../core/Errors.js"

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
  AlreadyMember: "the business is already a member: taxdoc member check --corp-num <n>",
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
 * A failure as the lines to print and the exit code.
 *
 * @since 0.1.0
 * @category models
 */
export interface Described {
  readonly lines: ReadonlyArray<string>
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

const validationLines = (error: ValidationError, source: InputSource | undefined): ReadonlyArray<string> => [
  `error: ${error.operation}: invalid input${source === undefined ? "" : ` in ${source.file}`}, nothing was sent`,
  ...error.issues.map((issue) => {
    const place = source === undefined ? issue.path || "(input)" : source.locate(issue.path)
    return `  - ${place}: ${issue.message} [${issue.rule}]`
  })
]

const VALIDATION_HINT = "fix every field listed above and run the command again; nothing was sent to the service"

type Known =
  | ValidationError
  | InputValidationError
  | ApiError
  | TokenError
  | TransportError
  | ResponseError
  | PollTimeoutError
  | ConfigInvalid
  | CliError

// One problem of a ConfigError's text: `(Missing data at TAXDOC_API_URL: "Expected …")`.
const CONFIG_PROBLEM = /(Missing data|Invalid data|Source unavailable|Unsupported) at ([A-Za-z0-9_.]+): "((?:[^"\\]|\\.)*)"/g

/**
 * Describes a failure of a command.
 *
 * @since 0.1.0
 * @category combinators
 */
export const describe = (error: unknown): Described => {
  if (ConfigError.isConfigError(error)) {
    const problems = Array.from(String(error).matchAll(CONFIG_PROBLEM), (m) =>
      `  - ${m[2]}: ${m[1] === "Missing data" ? "not set" : m[3] === "<redacted>" ? "invalid" : m[3]}`)
    return {
      lines: problems.length === 0 ? [`error: configuration: ${String(error)}`] : ["error: configuration of the service (TAXDOC_* variables):", ...problems],
      hint: "set TAXDOC_LINK_ID, TAXDOC_SECRET_KEY, TAXDOC_AUTH_URL and TAXDOC_API_URL for the real service, or use --sandbox / --sandbox-url <url>",
      exitCode: 2
    }
  }
  if (typeof error !== "object" || error === null || !("_tag" in error)) {
    return { lines: [`error: ${String(error)}`], hint: "this is unexpected; please report it with the command you ran", exitCode: 1 }
  }
  const e = error as Known
  switch (e._tag) {
    case "ValidationError":
      return { lines: validationLines(e, undefined), hint: VALIDATION_HINT, exitCode: 2 }
    case "InputValidationError":
      return { lines: validationLines(e.error, e.source), hint: VALIDATION_HINT, exitCode: 2 }
    case "ApiError":
      return {
        lines: [`error: ${codeLabel(e.code)} (HTTP ${e.status}) in ${e.operation}`, `  ${e.message}`],
        hint: hintForCode(e.code, e.status),
        exitCode: 1
      }
    case "TokenError":
      return {
        lines: [`error: ${codeLabel(e.code)} (HTTP ${e.status}): token refused for member ${e.corpNum}`, `  ${e.message}`],
        hint: hintForCode(e.code, e.status),
        exitCode: 1
      }
    case "TransportError":
      return {
        lines: [`error: ${e.reason === "Timeout" ? "timed out" : "network failure"} in ${e.operation}`, `  ${e.message}`],
        hint: e.reason === "Timeout"
          ? "the service did not answer in time; retry, or raise TAXDOC_REQUEST_TIMEOUT (e.g. \"60 seconds\")"
          : "check the address (TAXDOC_API_URL / --sandbox-url) and the network; is `taxdoc sandbox serve` running?",
        exitCode: 1
      }
    case "ResponseError":
      return {
        lines: [`error: unexpected answer (HTTP ${e.status}, ${e.reason}) in ${e.operation}`, `  ${e.message}`, ...(e.bodyExcerpt === "" ? [] : [`  body: ${e.bodyExcerpt}`])],
        hint: "the address may not be the Tax Document Service API: check TAXDOC_API_URL / --sandbox-url",
        exitCode: 1
      }
    case "PollTimeoutError":
      return {
        lines: [`error: ${e.operation}: ${e.id} not complete after ${e.polls} polls (last: ${e.lastState})`],
        hint: "the result may still arrive; wait longer with --deadline (e.g. --deadline \"30 minutes\")",
        exitCode: 1
      }
    case "ConfigInvalid":
      return { lines: [`error: ${e.message}`], hint: "fix the configuration value named above", exitCode: 2 }
    case "CliError":
      return { lines: [`error: ${e.message}`], hint: e.hint, exitCode: e.exitCode }
  }
  return { lines: [`error: ${String(error)}`], hint: "this is unexpected; please report it with the command you ran", exitCode: 1 }
}

/**
 * The text printed for a failure.
 *
 * @since 0.1.0
 * @category combinators
 */
export const render = (described: Described): string => [...described.lines, `hint: ${described.hint}`].join("\n")

/**
 * The exit code of a whole run: prints what failed (unless already printed) and answers the code.
 *
 * @since 0.1.0
 * @category combinators
 */
export const exitCodeOf = (cause: Cause.Cause<unknown>): Effect.Effect<number> => {
  if (Cause.isInterruptedOnly(cause)) return Effect.succeed(130)
  const failure = Cause.failureOption(cause)
  if (Option.isNone(failure)) {
    return Effect.as(Console.error(`error: unexpected failure\n${Cause.pretty(cause)}\nhint: this is a bug; please report it with the command you ran`), 1)
  }
  const error = failure.value
  if (isTagged(error, "ExitWith")) return Effect.succeed((error as ExitWith).code)
  // @effect/cli has printed its own message and the usage already.
  if (CliValidationError.isValidationError(error)) return Effect.succeed(2)
  const described = describe(error)
  return Effect.as(Console.error(render(described)), described.exitCode)
}
