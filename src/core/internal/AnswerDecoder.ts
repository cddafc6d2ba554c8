/**
 * The quick way through an answer, beside Effect's decoder of the same schema. Effect's decoder
 * builds each record key by key (and deletes the keys of absent values), so a record of twenty
 * fields or more, as most of the service's answers are, ends in V8's slow dictionary layout and is
 * then copied into its `Schema.Class` instance; together with a transformation per optional field
 * that made decoding about a third of the SDK's own work per call (bench/RESULTS.md).
 *
 * Here each record of an answer's schema is compiled once into a function that reads its fields in
 * declaration order and writes them with stores of constant names, so the record keeps a fast
 * layout: `Schema.Class` records are then made by the schema's own transformation, as Effect makes
 * them. What the compiler does not know (a check, an index signature, a transformation other than a
 * class's or `nullable`'s, a union of anything but plain values) is decoded by Effect's decoder of
 * that part. Whatever the quick way cannot decide — an answer that does not fit the schema — it
 * leaves undecided, and Effect's decoder of the whole answer decides it, with Effect's issue. So the
 * quick way never answers otherwise than Effect would (test/core/AnswerDecoder.property.test.ts
 * decodes every answer schema of the catalogue both ways).
 *
 * @since 1.1.0
 */
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"

/** Not decided here: Effect's decoder of the whole answer decides. */
export const Undecided: unique symbol = Symbol.for("taxdoc/AnswerDecoder/Undecided")

/** A field decoded to no key at all. */
const Absent: unique symbol = Symbol.for("taxdoc/AnswerDecoder/Absent")

type Decode = (input: unknown) => unknown

/**
 * What `Schemas.nullable` decodes a field with: a `null` or absent field is no key. The compiler
 * knows a nullable field by this function.
 *
 * @since 1.1.0
 */
export const dropNull = <A>(value: Option.Option<A | null>): Option.Option<A> => Option.filter(value, (present): present is A => present !== null)

const PLAIN_VALUES = new Set(["String", "Number", "Boolean", "Null", "Undefined", "Literal"])

/** A type whose values decode to themselves and that no check narrows. */
const isPlainValue = (ast: SchemaAST.AST): boolean => PLAIN_VALUES.has(ast._tag) && ast.encoding === undefined && ast.checks === undefined

/** Effect's decoder of one part of the schema. */
const byEffect = (ast: SchemaAST.AST): Decode => {
  let decode: ((input: unknown) => Result.Result<unknown, unknown>) | undefined
  return (input) => {
    decode ??= Schema.decodeUnknownResult(Schema.make<Schema.Codec<unknown, unknown, never, never>>(ast))
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

/** A record: its fields read in order, each written with a store of its constant name. */
const record = (ast: SchemaAST.Objects): Decode => {
  const fields = ast.propertySignatures
  if (fields.some((field) => typeof field.name !== "string")) return byEffect(ast)
  const decoders = fields.map((field) => compile(field.type))
  const lines = fields.map((field, i) => {
    const name = JSON.stringify(field.name)
    // An absent key is no key when the field is optional and decodes an absent value as absent.
    const absent = SchemaAST.isOptional(field.type) && (field.type.encoding === undefined || isNullable(field.type)) ? "" : "else return Undecided"
    return `if (${name} in input) { v = decoders[${i}](input[${name}]); if (v === Undecided) return v; if (v !== Absent) out[${name}] = v } ${absent}`
  })
  // The compiled body holds only the schema's own field names, each written as a JSON string.
  const body = `"use strict"; return function (input) {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return Undecided
  const out = {}; let v
  ${lines.join("\n  ")}
  return out
}`
  try {
    return new Function("decoders", "Undecided", "Absent", body)(decoders, Undecided, Absent) as Decode
  } catch {
    // A runtime that allows no code to be made (`EvalError`): Effect's decoder of the record.
    return byEffect(ast)
  }
}

const isNullable = (ast: SchemaAST.AST): boolean => {
  if (ast.encoding?.length !== 1) return false
  const link = ast.encoding[0]!
  const getter = link.transformation._tag === "Transformation" ? link.transformation.decode : undefined
  return getter?._tag === "TransformOptional" && getter.transform === dropNull && link.to._tag === "Union"
}

const hasEncodingChecks = (ast: SchemaAST.AST): boolean => (ast as { readonly encodingChecks?: unknown }).encodingChecks !== undefined

const compile = (ast: SchemaAST.AST): Decode => {
  if (ast.checks !== undefined || hasEncodingChecks(ast)) return byEffect(ast)
  if (ast.encoding !== undefined) {
    if (isNullable(ast)) {
      const members = (ast.encoding[0]!.to as SchemaAST.Union).types.filter((member) => member._tag !== "Null")
      const union = ast.encoding[0]!.to
      if (members.length !== 1 || union.checks !== undefined || hasEncodingChecks(union)) return byEffect(ast)
      const present = compile(members[0]!)
      return (input) => (input === null ? Absent : present(input))
    }
    const link = ast.encoding[0]!
    const getter = link.transformation._tag === "Transformation" ? link.transformation.decode : undefined
    if (ast.encoding.length !== 1 || getter?._tag !== "Transform" || ast._tag !== "Declaration") return byEffect(ast)
    // A class: its record decoded, then made an instance by the schema's own transformation.
    const encoded = compile(link.to)
    const make = getter.transform
    return (input) => {
      const fields = encoded(input)
      return fields === Undecided || fields === Absent ? Undecided : make(fields)
    }
  }
  switch (ast._tag) {
    case "Objects":
      return ast.indexSignatures.length === 0 ? record(ast) : byEffect(ast)
    case "Arrays": {
      if (ast.elements.length !== 0 || ast.rest.length !== 1) return byEffect(ast)
      const element = compile(ast.rest[0]!)
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
      if (!ast.types.every(isPlainValue)) return byEffect(ast)
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
      return PLAIN_VALUES.has(ast._tag) ? plain(ast) : byEffect(ast)
  }
}

/**
 * The quick decoder of answers of `schema`: the decoded answer, or `Undecided` when Effect's
 * decoder must decide. Made once per schema (a client keeps one per operation).
 *
 * @since 1.1.0
 */
export const make = (schema: Schema.Top): Decode => {
  const decode = compile(schema.ast)
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
