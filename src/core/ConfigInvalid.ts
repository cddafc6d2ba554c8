/**
 * What is wrong with a configuration: every field missing or breaking its rule, each under the name
 * the caller gave it (an option, a `TAXDOC_*` variable, a flag of the command) and with what it must
 * be — never the value given.
 *
 * @since 1.1.0
 */
import * as Data from "effect/Data"

/**
 * One field's problem: its name as the caller gave it (the option, a `TAXDOC_*` variable, a flag of
 * the command) and what it must be.
 *
 * @since 1.1.0
 * @category models
 */
export interface FieldProblem {
  readonly field: string
  readonly reason: string
}

/**
 * The configuration problems found when the layer is built: every field (or `TAXDOC_*` variable)
 * missing or wrong, each with what it must be; `field` and `reason` are the first. It never shows
 * the value given.
 *
 * @since 0.1.0
 * @category errors
 */
export class ConfigInvalid extends Data.TaggedError("ConfigInvalid")<{
  readonly field: string
  readonly reason: string
  /** Every problem, the first one included. */
  readonly problems: ReadonlyArray<FieldProblem>
  /** Where the configuration was read from, when that helps to fix it. */
  readonly note?: string | undefined
}> {
  override get message(): string {
    const problems = this.problems.map((p) => `${p.field} ${p.reason}`).join("; ")
    return `taxdoc configuration: ${problems}${this.note === undefined ? "" : ` (${this.note})`}`
  }
}

/**
 * The `ConfigInvalid` of one or more problems (at least one).
 *
 * @since 1.1.0
 * @category constructors
 */
export const invalid = (first: FieldProblem, ...rest: ReadonlyArray<FieldProblem>): ConfigInvalid =>
  new ConfigInvalid({ field: first.field, reason: first.reason, problems: [first, ...rest] })

/**
 * The same problems under other names (the flags or variables the caller gave them as).
 *
 * @since 1.1.0
 * @category combinators
 */
export const renamed = (error: ConfigInvalid, nameOf: (field: string) => string): ConfigInvalid => {
  const byName = new Map<string, string>()
  // Two fields given as one (both URLs of one address): named once, with the first's reason.
  for (const p of error.problems) if (!byName.has(nameOf(p.field))) byName.set(nameOf(p.field), p.reason)
  const [first, ...rest] = [...byName].map(([field, reason]) => ({ field, reason }))
  return first === undefined ? error : new ConfigInvalid({ field: first.field, reason: first.reason, problems: [first, ...rest], note: error.note })
}
