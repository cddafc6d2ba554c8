/**
 * Turns Schema parse failures into a `ValidationError` that names every broken field and rule.
 * Decoding happens before any I/O, so a failing input is never sent.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import { OrAbsentId } from "./Absent.js"
import * as Decoder from "./Decoder.js"
import { ValidationError, ValidationIssue } from "./Errors.js"
import { RuleId } from "./Rule.js"

type Path = ReadonlyArray<PropertyKey>

const renderPath = (path: Path): string =>
  path.reduce<string>(
    (acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc === "" ? String(key) : `${acc}.${String(key)}`),
    ""
  )

const ruleOf = (ast: SchemaAST.AST): string | undefined => {
  const named = ast.annotations[RuleId]
  if (typeof named === "string") return named
  const description = ast.annotations[SchemaAST.DescriptionAnnotationId]
  return typeof description === "string" ? description : undefined
}

const expectedOf = (ast: SchemaAST.AST): string =>
  SchemaAST.isLiteral(ast) ? JSON.stringify(ast.literal) : ruleOf(ast) ?? String(ast)

const actualOf = (actual: unknown): string => {
  try {
    return JSON.stringify(actual) ?? String(actual)
  } catch {
    return String(actual)
  }
}

const leafMessage = (issue: ParseResult.ParseIssue): string => {
  const formatted = ParseResult.ArrayFormatter.formatIssueSync(issue)
  return formatted[0]?.message ?? "is invalid"
}

const collect = (issue: ParseResult.ParseIssue, path: Path, rule: string | undefined, out: Array<ValidationIssue>): void => {
  switch (issue._tag) {
    case "Pointer": {
      const keys = Array.isArray(issue.path) ? issue.path : [issue.path]
      collect(issue.issue, [...path, ...keys], rule, out)
      return
    }
    case "Composite": {
      const issues = (Array.isArray(issue.issues) ? issue.issues : [issue.issues]) as ReadonlyArray<ParseResult.ParseIssue>
      if (SchemaAST.isUnion(issue.ast)) {
        // A value that matches no member of a union is one broken rule, not one per member; the
        // `undefined` member an optional field adds, and the absent forms (`null`, `""`) of an
        // optional input field, are not something to suggest.
        const orAbsent = issue.ast.annotations[OrAbsentId] === true
        const members = issues.filter((i) => !(i._tag === "Type" && (SchemaAST.isUndefinedKeyword(i.ast) || (orAbsent && SchemaAST.isLiteral(i.ast)))))
        if (members.length > 0 && members.every((i) => i._tag === "Type")) {
          const expected = members.map((i) => expectedOf(i.ast))
          out.push(new ValidationIssue({
            path: renderPath(path),
            rule: rule ?? (expected.length === 1 ? `type(${expected[0]})` : `oneOf(${expected.join(", ")})`),
            message: `must be ${expected.length === 1 ? expected[0] : `one of ${expected.join(", ")}`}, got ${actualOf(issue.actual)}`
          }))
          return
        }
        for (const inner of members) collect(inner, path, rule, out)
        return
      }
      for (const inner of issues) collect(inner, path, rule, out)
      return
    }
    case "Refinement": {
      const named = ruleOf(issue.ast)
      if (issue.kind === "Predicate") {
        out.push(new ValidationIssue({ path: renderPath(path), rule: named ?? rule ?? "refinement", message: leafMessage(issue) }))
        return
      }
      collect(issue.issue, path, named ?? rule, out)
      return
    }
    case "Transformation":
      collect(issue.issue, path, rule, out)
      return
    case "Missing":
      out.push(new ValidationIssue({ path: renderPath(path), rule: "required", message: "is required" }))
      return
    case "Unexpected":
      out.push(new ValidationIssue({ path: renderPath(path), rule: "unknownField", message: "is not a field of this input" }))
      return
    case "Forbidden":
      out.push(new ValidationIssue({ path: renderPath(path), rule: "forbidden", message: leafMessage(issue) }))
      return
    case "Type": {
      const expected = expectedOf(issue.ast)
      out.push(new ValidationIssue({
        path: renderPath(path),
        rule: rule ?? `type(${expected})`,
        message: issue.message !== undefined || issue.ast.annotations[SchemaAST.MessageAnnotationId] !== undefined
          ? leafMessage(issue)
          : `must be ${expected}, got ${actualOf(issue.actual)}`
      }))
      return
    }
  }
}

/**
 * The issues of a parse error, one per broken rule, with the field path.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issuesOf = (error: ParseResult.ParseError): ReadonlyArray<ValidationIssue> => {
  const out: Array<ValidationIssue> = []
  collect(error.issue, [], undefined, out)
  return out
}

/**
 * Decodes `input` with `schema`, reporting every broken rule (`errors: "all"`) as a
 * `ValidationError` of `operation`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const validate = <A, I>(operation: string, schema: Schema.Schema<A, I, never>, input: unknown): Effect.Effect<A, ValidationError> =>
  Effect.suspend(() => {
    const result = Decoder.input(schema)(input)
    return Either.isRight(result)
      ? Effect.succeed(result.right)
      : Effect.fail(new ValidationError({ operation, issues: issuesOf(result.left) }))
  })

/**
 * Fails with a `ValidationError` for a single field and rule (for rules checked outside Schema).
 *
 * @since 0.1.0
 * @category constructors
 */
export const invalid = (operation: string, path: string, rule: string, message: string): ValidationError =>
  new ValidationError({ operation, issues: [new ValidationIssue({ path, rule, message })] })
