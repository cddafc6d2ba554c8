/**
 * Flags shared by the `taxdoc` commands. Each description ends with an example, shown by `--help`.
 * Like every module read to parse a command line, this one loads only the pieces of Effect and
 * `effect/cli` it uses (no SDK, no package index), so that a command starts fast.
 *
 * @since 0.1.0
 */
import * as Flag from "effect/cli/Flag"
import * as Duration from "effect/Duration"
import type * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import * as Result from "effect/Result"

/**
 * `--json`: one JSON document on stdout instead of a table.
 *
 * @since 0.1.0
 * @category options
 */
export const json = Flag.Boolean("json").pipe(
  Flag.withDescription("Print one JSON document on stdout instead of a readable table. Example: --json"),
  Flag.withDefault(false)
)

/**
 * `--corp-num`: the member the operation is for.
 *
 * @since 0.1.0
 * @category options
 */
export const corpNum = Flag.String("corp-num").pipe(
  Flag.withMetavar("NUMBER"),
  Flag.withDescription("The member's business registration number, 10 digits without hyphens. Example: --corp-num 1234567891")
)

/**
 * `--user-id`: the member's user account sent as X-SVC-UserID (optional).
 *
 * @since 0.1.0
 * @category options
 */
export const userId = Flag.String("user-id").pipe(
  Flag.withMetavar("ID"),
  Flag.withDescription("The member's user account, sent as X-SVC-UserID. Example: --user-id user1234567891"),
  Flag.optional
)

/**
 * `--file`: the input document.
 *
 * @since 0.1.0
 * @category options
 */
export const file = (what: string, example: string) =>
  Flag.String("file").pipe(
    Flag.withAlias("f"),
    Flag.withMetavar("PATH"),
    Flag.withDescription(`${what}. Example: --file ${example}`)
  )

const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|millis|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hours?|d|days?)$/i

const UNIT_MILLIS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(ms|millis|milliseconds?)$/i, 1],
  [/^(s|secs?|seconds?)$/i, 1000],
  [/^(m|mins?|minutes?)$/i, 60_000],
  [/^(h|hours?)$/i, 3_600_000],
  [/^(d|days?)$/i, 86_400_000]
]

/**
 * Parses a duration: a number and a unit (`50 millis`, `2 seconds`, `90m`, `25h`, `1 day`).
 *
 * @since 0.1.0
 * @category parsing
 */
export const parseDuration = (text: string): Result.Result<Duration.Duration, string> => {
  const match = DURATION.exec(text.trim())
  if (match === null) return Result.fail(`"${text}" is not a duration; write a number and a unit, e.g. "2 seconds", "90m", "1 day"`)
  const unit = UNIT_MILLIS.find(([pattern]) => pattern.test(match[2]!))!
  return Result.succeed(Duration.millis(Number(match[1]) * unit[1]))
}

/**
 * A duration flag.
 *
 * @since 0.1.0
 * @category options
 */
export const duration = (name: string, description: string): Flag.Flag<Duration.Duration> =>
  Flag.String(name).pipe(
    Flag.withMetavar("DURATION"),
    Flag.withDescription(description),
    Flag.filterMap((text) => Result.getSuccess(parseDuration(text)), () => "a number and a unit, e.g. \"2 seconds\", \"90m\", \"1 day\"")
  )

/**
 * `--interval` and `--deadline` of commands that wait for asynchronous results.
 *
 * @since 0.1.0
 * @category options
 */
export const polling = {
  interval: duration(
    "interval",
    "Time between polls of a result (default: the first polls soon after the request, then every 2 seconds; 50 millis with --sandbox). Example: --interval \"5 seconds\""
  ).pipe(Flag.optional),
  deadline: duration("deadline", "Give up waiting after this long (default 10 minutes). Example: --deadline \"30 minutes\"").pipe(
    Flag.optional
  )
}

/**
 * The target options of a command: which service it talks to (src/cli/target.ts).
 *
 * @since 0.1.0
 * @category models
 */
export interface Target {
  readonly sandbox: boolean
  readonly sandboxUrl: Option.Option<string>
  /** As given on the command line; `TAXDOC_SECRET_KEY` is read where it applies (src/cli/target.ts). */
  readonly secret: Option.Option<Redacted.Redacted<string>>
  /** As given on the command line; `TAXDOC_LINK_ID`, else TESTER, where it applies. */
  readonly linkId: Option.Option<string>
}

/**
 * `--sandbox-url`: a running sandbox.
 *
 * @since 1.0.0
 * @category options
 */
export const sandboxUrl = Flag.String("sandbox-url").pipe(
  Flag.withMetavar("URL"),
  Flag.withDescription("Run against a running sandbox (taxdoc sandbox serve). Example: --sandbox-url http://127.0.0.1:8787"),
  Flag.filter(isHttpUrl, () => "an http:// or https:// URL, e.g. http://127.0.0.1:8787")
)

/**
 * Whether `text` is an absolute http(s) URL (a sandbox's origin).
 *
 * @since 1.0.0
 * @category predicates
 */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== ""
  } catch {
    return false
  }
}

/**
 * The options choosing the target, to spread into a command's configuration.
 *
 * @since 0.1.0
 * @category options
 */
export const target = {
  sandbox: Flag.Boolean("sandbox").pipe(
    Flag.withDescription("Run against a fresh sandbox inside this process (no network; the --corp-num member is signed up, with the samples the examples name). Example: --sandbox"),
    Flag.withDefault(false)
  ),
  sandboxUrl: sandboxUrl.pipe(Flag.optional),
  secret: Flag.Redacted("secret").pipe(
    Flag.withMetavar("BASE64"),
    Flag.withDescription("The partner's Base64 secret, with --sandbox-url only (default: the variable TAXDOC_SECRET_KEY). Example: --secret dGF4ZG9j…="),
    Flag.optional
  ),
  linkId: Flag.String("link-id").pipe(
    Flag.withMetavar("LINKID"),
    Flag.withDescription("The partner's LinkID, with --sandbox-url only (default: the variable TAXDOC_LINK_ID, else TESTER). Example: --link-id TESTER"),
    Flag.optional
  )
}

/**
 * The options of a command about one member: the target, `--corp-num`, `--user-id` and `--json`.
 *
 * @since 0.1.0
 * @category options
 */
export const withMember = { ...target, corpNum, userId, json }

/**
 * `--journal`: the fleet's PostgreSQL (the optional packages of taxdoc/workflow).
 *
 * @since 0.1.0
 * @category options
 */
export const journal = Flag.Redacted("journal").pipe(
  Flag.withMetavar("URL"),
  Flag.withDescription("The fleet's PostgreSQL, where durable executions keep their state and results (needs the optional package @effect/sql-pg). Example: --journal postgres://taxdoc:secret@db:5432/taxdoc")
)

/**
 * `--lease`: how long a runner that stopped answering keeps its share of the fleet's work.
 *
 * @since 0.1.0
 * @category options
 */
export const lease = duration(
  "lease",
  "How long a runner that stopped answering keeps its work before others take it over; the same for the whole fleet (default 15 seconds). Example: --lease \"30 seconds\""
).pipe(Flag.optional)

/**
 * The options of a durable bulk issue: `--durable`, `--journal`, `--execution-id`, `--lease`.
 *
 * @since 0.1.0
 * @category options
 */
export const durable = {
  durable: Flag.Boolean("durable").pipe(
    Flag.withDescription("Issue as a durable execution (taxdoc/workflow), resumed by the same command; with --journal this process is one of the fleet's runners. Example: --durable"),
    Flag.withDefault(false)
  ),
  journal: journal.pipe(Flag.optional),
  executionId: Flag.String("execution-id").pipe(
    Flag.withMetavar("ID"),
    Flag.withDescription("The execution's ID: the same ID and file resume it (default: derived from the member and the file's content). Example: --execution-id payroll-2026-11"),
    Flag.optional
  ),
  lease
}
