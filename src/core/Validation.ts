/**
 * Turns Schema decoding failures into a `ValidationError` that names every broken field and rule.
 * Decoding happens before any I/O, so a failing input is never sent.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import type * as SchemaIssue from "effect/SchemaIssue"
import { OrAbsent } from "./Absent.js"
import * as CrossRule from "./CrossRule.js"
import { ValidationError, ValidationIssue } from "./Errors.js"
import { RuleName } from "./Rule.js"

type Path = ReadonlyArray<PropertyKey>

const renderPath = (path: Path): string =>
  path.reduce<string>(
    (acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc === "" ? String(key) : `${acc}.${String(key)}`),
    ""
  )

const ruleOf = (annotations: SchemaAST.AST["annotations"] | undefined): string | undefined => {
  const named = annotations?.[RuleName]
  return typeof named === "string" ? named : undefined
}

// What a value of `ast` is, for people: `a string`, `"PBOX"`, `an array`.
const expectedOf = (ast: SchemaAST.AST): string => describe(SchemaAST.toEncoded(ast))

const describe = (ast: SchemaAST.AST): string => {
  const named = ruleOf(ast.annotations)
  if (named !== undefined) return named
  switch (ast._tag) {
    case "Literal":
      return JSON.stringify(ast.literal)
    case "String":
      return "a string"
    case "Number":
      return "a number"
    case "Boolean":
      return "a boolean"
    case "Null":
      return "null"
    case "Undefined":
      return "undefined"
    case "Arrays":
      return "an array"
    case "Objects":
      return "an object"
    case "Union":
      return ast.types.map(describe).join(" | ")
    default: {
      const expected = ast.annotations?.expected ?? ast.annotations?.identifier
      return typeof expected === "string" ? expected : ast._tag
    }
  }
}

const actualOf = (actual: unknown): string => {
  try {
    return JSON.stringify(actual) ?? String(actual)
  } catch {
    return String(actual)
  }
}

const messageOf = (annotations: { readonly message?: unknown } | undefined): string | undefined =>
  typeof annotations?.message === "string" ? annotations.message : undefined

const got = (issue: SchemaIssue.Issue): string => ("input" in issue ? `, got ${actualOf(issue.input)}` : "")

const collect = (issue: SchemaIssue.Issue, path: Path, rule: string | undefined, message: string | undefined, out: Array<ValidationIssue>): void => {
  switch (issue._tag) {
    case "Pointer":
      collect(issue.issue, [...path, ...issue.path], rule, message, out)
      return
    case "Composite":
      for (const inner of issue.issues) collect(inner, path, rule, message, out)
      return
    case "Filter": {
      const annotations = issue.filter.annotations
      collect(issue.issue, path, ruleOf(annotations) ?? rule, messageOf(annotations) ?? message, out)
      return
    }
    case "Encoding":
      collect(issue.issue, path, rule, message, out)
      return
    case "AnyOf": {
      // An optional input field refusing a value: the field's own rules broke, not "must be null".
      const own = issue.ast.annotations?.[OrAbsent] === true ? issue.issues : []
      if (own.length > 0) {
        for (const inner of own) collect(inner, path, rule, message, out)
        return
      }
      const named = ruleOf(issue.ast.annotations)
      const members = issue.ast.types.filter((member) => !(issue.ast.annotations?.[OrAbsent] === true && (member._tag === "Null" || member._tag === "Literal")))
      const expected = members.map(expectedOf)
      const inner = issue.issues.filter((i) => i._tag !== "InvalidType")
      if (inner.length > 0 && named === undefined) {
        // A value of a member's type that broke that member's rules: those rules are the issue.
        for (const i of inner) collect(i, path, rule, message, out)
        return
      }
      out.push(new ValidationIssue({
        path: renderPath(path),
        rule: named ?? rule ?? (expected.length === 1 ? `type(${expected[0]})` : `oneOf(${expected.join(", ")})`),
        message: messageOf(issue.ast.annotations) ?? message ??
          `must be ${expected.length === 1 ? expected[0] : `one of ${expected.join(", ")}`}${got(issue)}`
      }))
      return
    }
    case "OneOf":
      out.push(new ValidationIssue({ path: renderPath(path), rule: rule ?? "oneOf", message: message ?? "matches more than one choice" }))
      return
    case "MissingKey":
      out.push(new ValidationIssue({ path: renderPath(path), rule: "required", message: "is required" }))
      return
    case "UnexpectedKey":
      out.push(new ValidationIssue({ path: renderPath(path), rule: "unknownField", message: "is not a field of this input" }))
      return
    case "Forbidden":
      out.push(new ValidationIssue({ path: renderPath(path), rule: rule ?? "forbidden", message: messageOf(issue.annotations) ?? message ?? "is not allowed" }))
      return
    case "InvalidValue":
      out.push(new ValidationIssue({
        path: renderPath(path),
        rule: rule ?? "invalid",
        message: messageOf(issue.annotations) ?? message ?? `is invalid${got(issue)}`
      }))
      return
    case "InvalidType": {
      // The input is on the encoded side: a value of the wrong type is told what it should be there.
      const expected = expectedOf(issue.ast)
      out.push(new ValidationIssue({
        path: renderPath(path),
        rule: rule ?? `type(${expected})`,
        message: messageOf(issue.ast.annotations) ?? `must be ${expected}${got(issue)}`
      }))
      return
    }
  }
}

/**
 * The issues of a decoding failure, one per broken rule, with the field path.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issuesOf = (failure: Schema.SchemaError | SchemaIssue.Issue): ReadonlyArray<ValidationIssue> => {
  const out: Array<ValidationIssue> = []
  collect("issue" in failure && failure._tag === "SchemaError" ? failure.issue : failure as SchemaIssue.Issue, [], undefined, undefined, out)
  return out
}

/**
 * How inputs are decoded: every broken rule reported, unknown fields refused, the offending value
 * kept for the message.
 *
 * @since 1.0.0
 * @category constants
 */
export const inputOptions: SchemaAST.ParseOptions = { errors: "all", onExcessProperty: "error", reportInput: true }

/** The decoders `decoderOf` made, by options and schema. */
const decoders = new WeakMap<SchemaAST.ParseOptions, WeakMap<Schema.Top, (input: unknown) => Result.Result<unknown, Schema.SchemaError>>>()

/**
 * Effect's decoder of `schema` read with `options`, made on the first call for a schema and the
 * same `options` object, then kept. Under `errors: "all"` a value is decoded with `errors: "first"`
 * and decoded again with every issue only when it fails: a valid value (nearly every one) pays for
 * one walk that stops at nothing, a broken one for the report that names each rule.
 *
 * @since 2.0.0
 * @category constructors
 */
export const decoderOf = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  options: SchemaAST.ParseOptions
): (input: unknown) => Result.Result<S["Type"], Schema.SchemaError> => {
  let bySchema = decoders.get(options)
  if (bySchema === undefined) {
    bySchema = new WeakMap()
    decoders.set(options, bySchema)
  }
  let decode = bySchema.get(schema)
  if (decode === undefined) {
    const every = Schema.decodeUnknownResult(schema, options)
    if (options.errors === "all") {
      const first = Schema.decodeUnknownResult(schema, { ...options, errors: "first" })
      decode = (input) => {
        const decoded = first(input)
        return Result.isSuccess(decoded) ? decoded : every(input)
      }
    } else {
      decode = every
    }
    bySchema.set(schema, decode)
  }
  return decode as (input: unknown) => Result.Result<S["Type"], Schema.SchemaError>
}

/**
 * Decodes `input` with `schema` (every broken rule, unknown fields refused); the issues on failure.
 *
 * @since 1.0.0
 * @category combinators
 */
export const check = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown): Result.Result<S["Type"], ReadonlyArray<ValidationIssue>> =>
  // Every issue — and the cross-field rules Effect's decoder could not check because another field
  // of their record is broken.
  Result.mapError(decoderOf(schema, inputOptions)(input), (failure) => {
    const issues = [...issuesOf(failure)]
    const seen = new Set(issues.map((issue) => `${issue.path} ${issue.rule}`))
    for (const broken of CrossRule.unchecked(schema.ast, input)) {
      const issue = new ValidationIssue({ path: renderPath(broken.path), rule: broken.rule, message: broken.message })
      if (seen.has(`${issue.path} ${issue.rule}`)) continue
      seen.add(`${issue.path} ${issue.rule}`)
      issues.push(issue)
    }
    return issues
  })

/**
 * Decodes `input` with `schema`, reporting every broken rule as a `ValidationError` of `operation`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const validate = <S extends Schema.Top & { readonly DecodingServices: never }>(operation: string, schema: S, input: unknown): Effect.Effect<S["Type"], ValidationError> =>
  Effect.suspend(() => {
    const result = check(schema, input)
    return Result.isSuccess(result)
      ? Effect.succeed(result.success)
      : Effect.fail(new ValidationError({ operation, issues: result.failure }))
  })

/**
 * A `ValidationError` for a single field and rule (for rules checked outside Schema).
 *
 * @since 0.1.0
 * @category constructors
 */
export const invalid = (operation: string, path: string, rule: string, message: string): ValidationError =>
  new ValidationError({ operation, issues: [new ValidationIssue({ path, rule, message })] })
