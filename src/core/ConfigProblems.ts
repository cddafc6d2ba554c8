/**
 * A configuration failure told by variable: which `TAXDOC_*` variables are unset or wrong and what
 * each must be, never the value of a secret. The command prints these lines, the Promise client
 * throws them in its `ConfigInvalid`. (It imports nothing at run time: the command's error
 * messages load it at every start.)
 *
 * @since 1.0.0
 */
import type * as EffectConfig from "effect/Config"
import type * as SchemaIssue from "effect/SchemaIssue"

/**
 * The `TAXDOC_*` variable of an option: `linkId` → `TAXDOC_LINK_ID`.
 *
 * @since 1.1.0
 * @category constructors
 */
export const variableOf = (field: string): string => `TAXDOC_${field.replace(/[A-Z]/g, (ch) => `_${ch}`).toUpperCase()}`

/**
 * One variable's problem.
 *
 * @since 1.0.0
 * @category models
 */
export interface ConfigProblem {
  readonly variable: string
  /** `not set`, or what the value must be. */
  readonly problem: string
}

/** The leaves of a configuration failure: the variable (the path of the value) and whether it is unset. */
const leaves = (
  issue: SchemaIssue.Issue,
  path: ReadonlyArray<PropertyKey> = []
): Array<{ readonly variable: string; readonly missing: boolean; readonly message: string | undefined }> => {
  switch (issue._tag) {
    case "Pointer":
      return leaves(issue.issue, [...path, ...issue.path])
    case "Composite":
    case "AnyOf":
      return issue.issues.flatMap((inner) => leaves(inner, path))
    case "Filter":
    case "Encoding":
      return leaves(issue.issue, path)
    default: {
      const message = issue._tag === "InvalidValue" && typeof issue.annotations?.message === "string" ? issue.annotations.message : undefined
      return [{
        variable: path.map(String).join("_"),
        missing: issue._tag === "MissingKey" || (issue._tag === "InvalidType" && issue.input === undefined) || message === "is required",
        message
      }]
    }
  }
}

/**
 * The problems of `error`, one per variable; none when the failure names no variable.
 *
 * @since 1.0.0
 * @category combinators
 */
export const problemsOf = (error: EffectConfig.ConfigError): ReadonlyArray<ConfigProblem> => {
  // What the schema expected, without the path (the variable names it) and never the value of a secret.
  const expected = error.message.split("\n")[0]!.replace(/^SchemaError\(/, "")
  return (error.cause._tag === "SchemaError" ? leaves(error.cause.issue) : []).map((leaf) => ({
    variable: leaf.variable,
    problem: leaf.missing ? "not set" : leaf.message ?? (/SECRET|TOKEN|PASSWORD/i.test(leaf.variable) ? "invalid" : expected)
  }))
}
