/**
 * The quick way through a value, beside Effect's decoder of the same schema: answers, and the
 * inputs of a call. Effect's decoder builds each record key by key (and deletes the keys of absent
 * values), so a record of twenty fields or more, as most of the service's answers are, ends in V8's
 * slow dictionary layout and is then copied into its `Schema.Class` instance; together with a
 * transformation per optional field that made decoding about a third of the SDK's own work per
 * call, and validating a call's inputs — small records of checked strings — a few microseconds more
 * (bench/RESULTS.md).
 *
 * Here each record of a schema is compiled once into a function that reads its fields in
 * declaration order and writes them with stores of constant names, so the record keeps a fast
 * layout: `Schema.Class` records are then made by the schema's own transformation, as Effect makes
 * them, and a part's checks are run as Effect runs them, on the decoded value (`Filter.run`). What
 * the compiler does not know (an index signature, a check of the encoded side, a transformation
 * other than a class's or one marked with `decodesAbsent`, a union of anything but plain values)
 * is decoded by Effect's decoder of that part. Whatever the quick way cannot decide — a value that
 * does not fit the schema, a broken rule — it leaves undecided, and Effect's decoder of the whole
 * value decides it, with Effect's issue. So the quick way never answers otherwise than Effect
 * would (test/core/QuickDecoder.property.test.ts decodes every answer and input schema of the
 * catalogue both ways).
 *
 * @since 1.1.0
 */
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"

/** Not decided here: Effect's decoder of the whole value decides. */
export const Undecided: unique symbol = Symbol.for("taxdoc/QuickDecoder/Undecided")

/** A key the input does not have, given to the decoder of a field that has a value for it. */
const Missing: unique symbol = Symbol.for("taxdoc/QuickDecoder/Missing")

/** A field decoded to no key at all. */
const Absent: unique symbol = Symbol.for("taxdoc/QuickDecoder/Absent")

type Decode = (input: unknown) => unknown

/**
 * How a field's transformation decodes its absent forms: the values taken for absent (`null`, and
 * for inputs `""`), decoded with no key at all, or as `fallback()` when there is one.
 *
 * @since 1.1.0
 */
export interface AbsentForms {
  readonly isAbsent: (value: unknown) => boolean
  readonly fallback?: (() => unknown) | undefined
}

const absentForms = new WeakMap<object, AbsentForms>()

/**
 * Marks `transform` — the decoding function of a field's `transformOptional` — as decoding the
 * absent forms of `forms` and passing any other value on: the compiler then decodes such a field
 * itself (the value by its own schema), where it would otherwise hand it to Effect.
 *
 * @since 1.1.0
 */
export const decodesAbsent = <F extends object>(transform: F, forms: AbsentForms): F => {
  absentForms.set(transform, forms)
  return transform
}

/**
 * What `Schemas.nullable` decodes a field with: a `null` or absent field is no key.
 *
 * @since 1.1.0
 */
export const dropNull = decodesAbsent(
  <A>(value: Option.Option<A | null>): Option.Option<A> => Option.filter(value, (present): present is A => present !== null),
  { isAbsent: (value) => value === null }
)

const PLAIN_VALUES = new Set(["String", "Number", "Boolean", "Null", "Undefined", "Literal"])

/** A type whose values decode to themselves and that no check narrows. */
const isPlainValue = (ast: SchemaAST.AST): boolean => PLAIN_VALUES.has(ast._tag) && ast.encoding === undefined && ast.checks === undefined

/**
 * How a compiled decoder reads records: `exact` refuses keys the schema does not name, as inputs
 * are decoded (`onExcessProperty: "error"`); answers ignore them.
 */
interface Mode {
  readonly exact: boolean
}

const EFFECT_OPTIONS: Record<"exact" | "loose", SchemaAST.ParseOptions> = { exact: { onExcessProperty: "error" }, loose: {} }

/** Effect's decoder of one part of the schema. */
const byEffect = (ast: SchemaAST.AST, mode: Mode): Decode => {
  let decode: ((input: unknown) => Result.Result<unknown, unknown>) | undefined
  return (input) => {
    decode ??= Schema.decodeUnknownResult(Schema.make<Schema.Codec<unknown, unknown, never, never>>(ast), EFFECT_OPTIONS[mode.exact ? "exact" : "loose"])
    const decoded = decode(input)
    return Result.isSuccess(decoded) ? decoded.success : Undecided
  }
}

const plain = (ast: SchemaAST.AST): Decode => {
  switch (ast._tag) {
    case "String":
      return (input) => (typeof input === "string" ? input : Undecided)
    case "Number":
      return (input) => (typeof input === "number" ? input : Undecided)
    case "Boolean":
      return (input) => (typeof input === "boolean" ? input : Undecided)
    case "Null":
      return (input) => (input === null ? input : Undecided)
    case "Undefined":
      return (input) => (input === undefined ? input : Undecided)
    default: {
      const literal = (ast as SchemaAST.Literal).literal
      return (input) => (input === literal ? input : Undecided)
    }
  }
}

/**
 * A record: its fields read in order, each written with a store of its constant name. Read
 * exactly, a record is an object literal whose own keys are all fields of the schema (anything
 * else — another prototype or none, a symbol key, a key the schema does not name — is Effect's to
 * judge).
 */
const record = (ast: SchemaAST.Objects, mode: Mode): Decode => {
  const fields = ast.propertySignatures
  if (fields.some((field) => typeof field.name !== "string")) return byEffect(ast, mode)
  const decoders = fields.map((field) => compile(field.type, mode))
  const lines = fields.map((field, i) => {
    const name = JSON.stringify(field.name)
    // An absent key is no key when the field is optional and decodes an absent value as absent.
    const forms = absentFormsOf(field.type)
    const absent = SchemaAST.isOptional(field.type) && (field.type.encoding === undefined || forms !== undefined)
      ? ""
      : forms?.fallback !== undefined
      ? `else { v = decoders[${i}](Missing); if (v === Undecided) return v; out[${name}] = v }`
      : "else return Undecided"
    return `if (${name} in input) { n++; v = decoders[${i}](input[${name}]); if (v === Undecided) return v; if (v !== Absent) out[${name}] = v } ${absent}`
  })
  const exact = mode.exact
    ? `const proto = Object.getPrototypeOf(input)
  if (proto !== Object.prototype || Object.getOwnPropertySymbols(input).length !== 0) return Undecided`
    : ""
  // The compiled body holds only the schema's own field names, each written as a JSON string.
  const body = `"use strict"; return function (input) {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return Undecided
  ${exact}
  const out = {}; let v; let n = 0
  ${lines.join("\n  ")}
  ${mode.exact ? "if (Object.keys(input).length !== n) return Undecided" : ""}
  return out
}`
  try {
    return new Function("decoders", "Missing", "Undecided", "Absent", body)(decoders, Missing, Undecided, Absent) as Decode
  } catch {
    // A runtime that allows no code to be made (`EvalError`): Effect's decoder of the record.
    return byEffect(ast, mode)
  }
}

/** Whether `value` passes `checks`, each run as Effect runs it. */
const passes = (checks: SchemaAST.Checks, value: unknown, ast: SchemaAST.AST): boolean => {
  for (const check of checks) {
    if (check._tag === "FilterGroup" ? !passes(check.checks, value, ast) : check.run(value, ast, CHECK_OPTIONS) !== undefined) return false
  }
  return true
}

const CHECK_OPTIONS: SchemaAST.ParseOptions = {}

/** The absent forms a field decodes by a transformation marked with `decodesAbsent`. */
const absentFormsOf = (ast: SchemaAST.AST): AbsentForms | undefined => {
  if (ast.encoding?.length !== 1) return undefined
  const link = ast.encoding[0]!
  const getter = link.transformation._tag === "Transformation" ? link.transformation.decode : undefined
  return getter?._tag === "TransformOptional" && link.to._tag === "Union" ? absentForms.get(getter.transform) : undefined
}

/** A union member that only holds an absent form: `null`, or a literal such as `""`. */
const isAbsentMember = (ast: SchemaAST.AST, forms: AbsentForms): boolean =>
  (ast._tag === "Null" || ast._tag === "Literal") && ast.checks === undefined && ast.encoding === undefined &&
  forms.isAbsent(ast._tag === "Null" ? null : (ast as SchemaAST.Literal).literal)

const hasEncodingChecks = (ast: SchemaAST.AST): boolean => (ast as { readonly encodingChecks?: unknown }).encodingChecks !== undefined

const compile = (ast: SchemaAST.AST, mode: Mode): Decode => {
  if (hasEncodingChecks(ast)) return byEffect(ast, mode)
  const checks = ast.checks
  if (checks === undefined) return compileNode(ast, mode)
  // Effect runs a part's checks on its decoded value; an absent value is not checked.
  const decode = compileNode(ast, mode)
  return (input) => {
    const decoded = decode(input)
    return decoded === Undecided || decoded === Absent || passes(checks, decoded, ast) ? decoded : Undecided
  }
}

/** A part of the schema, its own checks aside. */
const compileNode = (ast: SchemaAST.AST, mode: Mode): Decode => {
  if (ast.encoding !== undefined) {
    const forms = absentFormsOf(ast)
    if (forms !== undefined) {
      // The union of the absent forms and the field's own schema: an absent form decodes to no
      // key (or the fallback), any other value by the field's own schema.
      const union = ast.encoding[0]!.to as SchemaAST.Union
      const members = union.types.filter((member) => !isAbsentMember(member, forms))
      if (members.length !== 1 || union.checks !== undefined || hasEncodingChecks(union)) return byEffect(ast, mode)
      const present = compile(members[0]!, mode)
      const fallback = forms.fallback
      return (input) => (input === Missing || forms.isAbsent(input) ? (fallback === undefined ? Absent : fallback()) : present(input))
    }
    const link = ast.encoding[0]!
    const getter = link.transformation._tag === "Transformation" ? link.transformation.decode : undefined
    if (ast.encoding.length !== 1 || getter?._tag !== "Transform" || ast._tag !== "Declaration") return byEffect(ast, mode)
    // A class: its record decoded, then made an instance by the schema's own transformation.
    const encoded = compile(link.to, mode)
    const make = getter.transform
    return (input) => {
      const fields = encoded(input)
      return fields === Undecided || fields === Absent ? Undecided : make(fields)
    }
  }
  switch (ast._tag) {
    case "Objects":
      return ast.indexSignatures.length === 0 ? record(ast, mode) : byEffect(ast, mode)
    case "Arrays": {
      if (ast.elements.length !== 0 || ast.rest.length !== 1) return byEffect(ast, mode)
      const element = compile(ast.rest[0]!, mode)
      return (input) => {
        if (!Array.isArray(input)) return Undecided
        const out = new Array(input.length)
        for (let i = 0; i < input.length; i++) {
          const v = element(input[i])
          if (v === Undecided || v === Absent) return Undecided
          out[i] = v
        }
        return out
      }
    }
    case "Union": {
      // Plain values only: whichever member takes a value, it decodes to itself.
      if (!ast.types.every(isPlainValue)) return byEffect(ast, mode)
      const members = ast.types.map(plain)
      return (input) => {
        for (const member of members) if (member(input) !== Undecided) return input
        return Undecided
      }
    }
    case "Unknown":
    case "Any":
      return (input) => input
    default:
      return PLAIN_VALUES.has(ast._tag) ? plain(ast) : byEffect(ast, mode)
  }
}

/**
 * The quick decoder of values of `schema`: the decoded value, or `Undecided` when Effect's decoder
 * must decide. Answers are read as Effect reads them by default (keys the schema does not name
 * ignored); `exact` reads as inputs are validated (such keys refused). Made once per schema (a
 * client keeps one per operation and input schema).
 *
 * @since 1.1.0
 */
export const make = (schema: Schema.Top, options?: { readonly exact?: boolean | undefined }): Decode => {
  const decode = compile(schema.ast, { exact: options?.exact === true })
  return (input) => {
    try {
      const decoded = decode(input)
      return decoded === Absent ? Undecided : decoded
    } catch {
      // A transformation that throws: Effect's decoder says what it means.
      return Undecided
    }
  }
}

/**
 * The decoder of `schema` read with `options`: the quick way for whatever it decides, Effect's
 * decoder (with `options`, read the same way: exactly when they refuse unknown keys) for the rest,
 * so every failure is Effect's issue. Made on the first call for a schema and the same `options`
 * object, then kept for both.
 *
 * @since 1.1.0
 */
export const orEffect = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  options: SchemaAST.ParseOptions
): (input: unknown) => Result.Result<S["Type"], Schema.SchemaError> => {
  let bySchema = kept.get(options)
  if (bySchema === undefined) {
    bySchema = new WeakMap()
    kept.set(options, bySchema)
  }
  let decode = bySchema.get(schema)
  if (decode === undefined) {
    const effect = Schema.decodeUnknownResult(schema, options)
    const quick = make(schema, { exact: options.onExcessProperty === "error" })
    decode = (input) => {
      const decided = quick(input)
      return decided !== Undecided ? Result.succeed(decided) : effect(input)
    }
    bySchema.set(schema, decode)
  }
  return decode as (input: unknown) => Result.Result<S["Type"], Schema.SchemaError>
}

/** The decoders `orEffect` made, by options and schema. */
const kept = new WeakMap<SchemaAST.ParseOptions, WeakMap<Schema.Top, (input: unknown) => Result.Result<unknown, Schema.SchemaError>>>()
