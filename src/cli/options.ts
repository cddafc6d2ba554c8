/**
 * Options shared by the `taxdoc` commands. Each description ends with an example, shown by
 * `--help`.
 *
 * @since 0.1.0
 */
import { HelpDoc, Options, ValidationError } from "@effect/cli"
import { Duration, Effect, Either } from "effect"

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
