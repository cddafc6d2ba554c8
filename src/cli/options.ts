/**
 * Options shared by the `taxdoc` commands. Each description ends with an example, shown by
 * `--help`. Like every module read to print help, this one loads only the pieces of Effect and
 * @effect/cli it uses (no SDK, no package index), so that `taxdoc --help` starts fast.
 *
 * @since 0.1.0
 */
import * as HelpDoc from "@effect/cli/HelpDoc"
import * as Options from "@effect/cli/Options"
import * as ValidationError from "@effect/cli/ValidationError"
import * as EffectConfig from "effect/Config"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"

/**
 * `--json`: one JSON document on stdout instead of a table.
 *
 * @since 0.1.0
 * @category options
 */
export const json = Options.boolean("json").pipe(
  Options.withDescription("Print one JSON document on stdout instead of a readable table. Example: --json")
)

/**
 * `--corp-num`: the member the operation is for.
 *
 * @since 0.1.0
 * @category options
 */
export const corpNum = Options.text("corp-num").pipe(
  Options.withPseudoName("NUMBER"),
  Options.withDescription("The member's business registration number, 10 digits without hyphens. Example: --corp-num 1234567891")
)

/**
 * `--user-id`: the member's user account sent as X-SVC-UserID (optional).
 *
 * @since 0.1.0
 * @category options
 */
export const userId = Options.text("user-id").pipe(
  Options.withPseudoName("ID"),
  Options.withDescription("The member's user account, sent as X-SVC-UserID. Example: --user-id user1234567891"),
  Options.optional
)

/**
 * `--file`: the input document.
 *
 * @since 0.1.0
 * @category options
 */
export const file = (what: string, example: string) =>
  Options.text("file").pipe(
    Options.withAlias("f"),
    Options.withPseudoName("PATH"),
    Options.withDescription(`${what}. Example: --file ${example}`)
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
export const parseDuration = (text: string): Either.Either<Duration.Duration, string> => {
  const match = DURATION.exec(text.trim())
  if (match === null) return Either.left(`"${text}" is not a duration; write a number and a unit, e.g. "2 seconds", "90m", "1 day"`)
  const unit = UNIT_MILLIS.find(([pattern]) => pattern.test(match[2]!))!
  return Either.right(Duration.millis(Number(match[1]) * unit[1]))
}

/**
 * A duration option.
 *
 * @since 0.1.0
 * @category options
 */
export const duration = (name: string, description: string) =>
  Options.text(name).pipe(
    Options.withPseudoName("DURATION"),
    Options.withDescription(description),
    Options.mapEffect((text) =>
      Either.match(parseDuration(text), {
        onLeft: (message) => Effect.fail(ValidationError.invalidValue(HelpDoc.p(`--${name}: ${message}`))),
        onRight: Effect.succeed
      })
    )
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
    "Time between polls of a result (default 2 seconds; 50 millis with --sandbox). Example: --interval \"5 seconds\""
  ).pipe(Options.optional),
  deadline: duration("deadline", "Give up waiting after this long (default 10 minutes). Example: --deadline \"30 minutes\"").pipe(
    Options.optional
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
  readonly secret: Option.Option<Redacted.Redacted<string>>
  readonly linkId: string
}

/**
 * The options choosing the target, to spread into a command's configuration.
 *
 * @since 0.1.0
 * @category options
 */
export const target = {
  sandbox: Options.boolean("sandbox").pipe(
    Options.withDescription("Run against a fresh sandbox inside this process (no network; the --corp-num member is signed up). Example: --sandbox")
  ),
  sandboxUrl: Options.text("sandbox-url").pipe(
    Options.withPseudoName("URL"),
    Options.withDescription("Run against a running sandbox (taxdoc sandbox serve). Example: --sandbox-url http://127.0.0.1:8787"),
    Options.optional
  ),
  secret: Options.redacted("secret").pipe(
    Options.withPseudoName("BASE64"),
    Options.withDescription("The partner's Base64 secret for --sandbox-url (default: TAXDOC_SECRET_KEY). Example: --secret dGF4ZG9j…="),
    Options.withFallbackConfig(EffectConfig.redacted("TAXDOC_SECRET_KEY")),
    Options.optional
  ),
  linkId: Options.text("link-id").pipe(
    Options.withPseudoName("LINKID"),
    Options.withDescription("The partner LinkID for --sandbox-url. Example: --link-id TESTER"),
    Options.withDefault("TESTER")
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
export const journal = Options.redacted("journal").pipe(
  Options.withPseudoName("URL"),
  Options.withDescription("The fleet's PostgreSQL, where durable executions keep their state and results (needs the packages of taxdoc/workflow). Example: --journal postgres://taxdoc:secret@db:5432/taxdoc")
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
).pipe(Options.optional)

/**
 * The options of a durable bulk issue: `--durable`, `--journal`, `--execution-id`, `--lease`.
 *
 * @since 0.1.0
 * @category options
 */
export const durable = {
  durable: Options.boolean("durable").pipe(
    Options.withDescription("Issue as a durable execution (@effect/workflow), resumed by the same command; with --journal this process is one of the fleet's runners. Example: --durable")
  ),
  journal: journal.pipe(Options.optional),
  executionId: Options.text("execution-id").pipe(
    Options.withPseudoName("ID"),
    Options.withDescription("The execution's ID: the same ID and file resume it (default: derived from the member and the file's content). Example: --execution-id payroll-2026-11"),
    Options.optional
  ),
  lease
}
