/**
 * What telemetry says of a failure (docs/observability.md "Nothing secret, no document content"):
 * its type, the HTTP status and service code when an answer came, and a message made of the
 * operation, the error's tag and reason, the code's name, IDs and the field paths of a refused
 * input — never the error's own message, which may hold the service's text (some of its messages
 * repeat a field of the request) or, for a refused input, the value refused.
 *
 * @since 1.1.0
 */
import { nameOfCode } from "./ErrorCodes.js"

/**
 * What telemetry may say of a failure: nothing of its message but what is known to be safe.
 *
 * @since 1.1.0
 * @category models
 */
export interface Summary {
  /** `ApiError`, `TransportError.Timeout`, … */
  readonly type: string
  /** The HTTP status of an answer, when one came. */
  readonly status: number | undefined
  /** The service's error code. */
  readonly code: number | undefined
  readonly message: string
}

type Fields = { readonly [key: string]: unknown }

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined)
const num = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined)

/** A code raised by the network (`ECONNRESET`): an identifier, never a value of the request. */
const networkCode = (cause: unknown): string | undefined => {
  let current = cause
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    const code = (current as Fields)["code"]
    if (typeof code === "string" && /^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return code
    current = (current as Fields)["cause"]
  }
  return undefined
}

/**
 * A failure summarised for telemetry: its type, status and service code, and a message made of
 * its operation, tag, reason, code name, IDs and field paths — never its own message, which may
 * hold the service's text or a refused value.
 *
 * @since 1.1.0
 * @category combinators
 */
export const summarize = (error: unknown): Summary => {
  if (typeof error !== "object" || error === null) return { type: "Unknown", status: undefined, code: undefined, message: "a failure that is not an error" }
  const e = error as Fields
  const tag = text(e["_tag"]) ?? (error instanceof Error ? error.name : "Unknown")
  const operation = text(e["operation"]) ?? "taxdoc"
  const status = num(e["status"])
  const code = num(e["code"])
  switch (tag) {
    case "ApiError":
    case "TokenError": {
      const name = code === undefined ? "" : nameOfCode(code) ?? ""
      return { type: tag, status, code, message: `${tag === "TokenError" ? "Tokens.issue" : operation}: ${name === "" ? "" : `${name} `}(${code}), HTTP ${status}` }
    }
    case "TransportError": {
      const reason = text(e["reason"]) ?? "Network"
      const network = networkCode(e["cause"])
      return {
        type: `TransportError.${reason}`,
        status: undefined,
        code: undefined,
        message: `${operation}: no answer (${reason}, outcome ${text(e["outcome"]) ?? "Unknown"}${network === undefined ? "" : `, ${network}`})`
      }
    }
    case "ResponseError":
      return { type: `ResponseError.${text(e["reason"]) ?? "Decode"}`, status, code: undefined, message: `${operation}: ${text(e["reason"])} answer, HTTP ${status}` }
    case "ValidationError": {
      const issues = Array.isArray(e["issues"]) ? (e["issues"] as ReadonlyArray<Fields>) : []
      const broken = issues.map((issue) => `${text(issue["path"]) || "(input)"} [${text(issue["rule"])}]`).join(", ")
      return { type: tag, status: undefined, code: undefined, message: `${operation}: invalid input, nothing was sent: ${broken}` }
    }
    case "UnknownOutcomeError":
      return {
        type: `UnknownOutcomeError.${text(e["reason"])}`,
        status: undefined,
        code: undefined,
        message: `${operation}: the outcome for ${text(e["documentId"])} is unknown (${text(e["reason"])})`
      }
    case "PollTimeoutError":
      return { type: tag, status: undefined, code: undefined, message: `${operation}: ${text(e["id"])} not complete after ${num(e["polls"])} polls (${text(e["lastState"])})` }
    case "BulkIncompleteError":
      // Its message is made of counts only.
      return { type: tag, status: undefined, code: undefined, message: text(e["message"]) ?? operation }
    default:
      return { type: tag, status, code: code ?? num(e["errorCode"]), message: `${operation}: ${tag}` }
  }
}

/**
 * The `error.type` of an HTTP attempt: its status when the answer was 400 or more (as
 * OpenTelemetry's HTTP conventions say), otherwise the failure's type.
 *
 * @since 1.1.0
 * @category combinators
 */
export const httpErrorType = (summary: Summary): string =>
  summary.status !== undefined && summary.status >= 400 ? String(summary.status) : summary.type
