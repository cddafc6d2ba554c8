/**
 * `taxdoc cassettes check`: validates cassette files and scans them for anything that looks like a
 * secret that scrubbing should have replaced — JWT-like or bearer values, `SVC <LinkID> <signature>`
 * with a real signature, a given secret key, `session_token` values that are not placeholders.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"
import * as fs from "node:fs"
import * as Cassette from "./Cassette.js"
import { memberPath, parseOrUndefined } from "./internal/json.js"
import { isTokenPlaceholder, SIGNATURE_PLACEHOLDER } from "./Scrub.js"

/**
 * What a finding looks like.
 *
 * @since 0.1.0
 * @category models
 */
export type FindingKind = "jwt" | "bearer" | "svc-signature" | "secret-key" | "session-token"

/**
 * A value that looks like a secret: the kind, where (JSON path in the file), and a masked excerpt.
 *
 * @since 0.1.0
 * @category models
 */
export interface Finding {
  readonly kind: FindingKind
  readonly location: string
  readonly excerpt: string
}

/**
 * The result for one file: schema problems (the file is not a valid cassette) and findings.
 *
 * @since 0.1.0
 * @category models
 */
export interface FileReport {
  readonly path: string
  readonly problems: ReadonlyArray<string>
  readonly findings: ReadonlyArray<Finding>
}

/**
 * The result for all files; `ok` is false when any file has a problem or a finding.
 *
 * @since 0.1.0
 * @category models
 */
export interface Report {
  readonly files: ReadonlyArray<FileReport>
  readonly ok: boolean
}

/**
 * What `checkCassettes` looks for besides the patterns of secrets it always knows.
 *
 * @since 0.1.0
 * @category models
 */
export interface CheckOptions {
  /** Secret keys that must not appear (e.g. the configured `TAXDOC_SECRET_KEY`). */
  readonly secrets?: ReadonlyArray<Redacted.Redacted<string>> | undefined
}

// The first and last four characters stay visible, enough to find the value, not to use it.
const mask = (value: string): string => (value.length <= 12 ? "*".repeat(value.length) : `${value.slice(0, 4)}…${value.slice(-4)}`)

const JWT = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g
const BEARER = /\bBearer\s+([^\s"',;]+)/gi
const SVC = /\bSVC\s+([^\s<>"]+)\s+([^\s"]+)/g
// A real signature is Base64 of an HMAC-SHA256: 32 bytes, 44 characters.
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/

const scanString = (text: string, location: string, secrets: ReadonlyArray<string>, into: Array<Finding>): void => {
  for (const match of text.matchAll(JWT)) into.push({ kind: "jwt", location, excerpt: mask(match[0]) })
  for (const match of text.matchAll(BEARER)) {
    if (!isTokenPlaceholder(match[1]!)) into.push({ kind: "bearer", location, excerpt: `Bearer ${mask(match[1]!)}` })
  }
  for (const match of text.matchAll(SVC)) {
    if (match[2] !== SIGNATURE_PLACEHOLDER && SIGNATURE.test(match[2]!)) {
      into.push({ kind: "svc-signature", location, excerpt: `SVC ${match[1]} ${mask(match[2]!)}` })
    }
  }
  for (const secret of secrets) if (text.includes(secret)) into.push({ kind: "secret-key", location, excerpt: mask(secret) })
}

const scanJson = (value: unknown, location: string, secrets: ReadonlyArray<string>, into: Array<Finding>): void => {
  if (typeof value === "string") {
    scanString(value, location, secrets, into)
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => scanJson(item, `${location}[${i}]`, secrets, into))
  } else if (value !== null && typeof value === "object") {
    for (const [key, member] of Object.entries(value)) {
      const at = memberPath(location, key)
      scanString(key, `${at} (key)`, secrets, into)
      if (key === "session_token" && typeof member === "string" && !isTokenPlaceholder(member)) {
        into.push({ kind: "session-token", location: at, excerpt: mask(member) })
      }
      // Binary bodies are Base64: a secret inside would not show in the text.
      if (key === "base64" && typeof member === "string") {
        const decoded = Buffer.from(member, "base64").toString("latin1")
        for (const secret of secrets) if (decoded.includes(secret)) into.push({ kind: "secret-key", location: `${at} (decoded)`, excerpt: mask(secret) })
      }
      scanJson(member, at, secrets, into)
    }
  }
}

/**
 * Checks the text of one cassette.
 *
 * @since 0.1.0
 * @category combinators
 */
export const checkText = (path: string, text: string, options: CheckOptions = {}): Effect.Effect<FileReport> =>
  Effect.gen(function*() {
    const secrets = (options.secrets ?? []).map(Redacted.value).filter((s) => s.length > 0)
    const findings: Array<Finding> = []
    const parsed = parseOrUndefined(text)
    if (parsed === undefined) {
      scanString(text, "(file)", secrets, findings)
      return { path, problems: ["not JSON"], findings }
    }
    scanJson(parsed.value, "$", secrets, findings)
    const decoded = yield* Effect.result(Cassette.decode(text, path))
    const problems = Result.isFailure(decoded) ? [decoded.failure.reason] : []
    if (Result.isSuccess(decoded) && text !== Cassette.encode(decoded.success)) {
      problems.push("not in canonical form (sorted keys, two-space indentation, final newline); re-record or re-save it")
    }
    return { path, problems, findings }
  })

/**
 * Checks cassette files; a file that cannot be read is reported as a problem, not a failure.
 *
 * @since 0.1.0
 * @category combinators
 */
export const checkCassettes = Effect.fn("Check.checkCassettes")(function*(paths: ReadonlyArray<string>, options: CheckOptions = {}) {
  const files = yield* Effect.forEach(paths, (path) =>
    Effect.try({ try: () => fs.readFileSync(path, "utf8"), catch: String }).pipe(
      Effect.matchEffect({
        onFailure: (reason) => Effect.succeed<FileReport>({ path, problems: [`cannot read: ${reason}`], findings: [] }),
        onSuccess: (text) => checkText(path, text, options)
      })
    ))
  const report: Report = { files, ok: files.every((f) => f.problems.length === 0 && f.findings.length === 0) }
  return report
})

/**
 * A report as lines for a terminal: one line per problem and finding, then a summary.
 *
 * @since 0.1.0
 * @category combinators
 */
export const formatReport = (report: Report): string => {
  const lines: Array<string> = []
  for (const file of report.files) {
    for (const problem of file.problems) lines.push(`${file.path}: invalid: ${problem}`)
    for (const f of file.findings) lines.push(`${file.path}: ${f.kind} at ${f.location}: ${f.excerpt}`)
    if (file.problems.length === 0 && file.findings.length === 0) lines.push(`${file.path}: ok`)
  }
  const bad = report.files.filter((f) => f.problems.length > 0 || f.findings.length > 0).length
  lines.push(report.ok ? `${report.files.length} cassette(s) checked, no problems` : `${bad} of ${report.files.length} cassette(s) have problems`)
  return lines.join("\n")
}

/**
 * The process exit code for a report (of `checkCassettes` or `Verify.verifyCassettes`): 0 when clean, 1 otherwise.
 *
 * @since 0.1.0
 * @category combinators
 */
export const exitCode = (report: { readonly ok: boolean }): 0 | 1 => (report.ok ? 0 : 1)
