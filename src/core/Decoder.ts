/**
 * Decoders compiled from schemas: fast and exact. Effect's general decoder allocates for every field
 * it visits (an `Either` per value, an `Option` and a property deletion per nullable field: most of
 * the answer records' fields are `optionalWith(..., { nullable: true })`). For the schemas this
 * package declares — answers (`answer`) and call inputs (`input`) — the schema's AST is compiled
 * once into plain functions that do the same checks in the same order and build the same value.
 * Anything the compiler does not know, and every input it does not accept, goes to Effect's own
 * decoder, so a failure is always reported by Effect, with its messages and issues.
 *
 * @since 0.1.0
 */
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import type * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import * as Absent from "./Absent.js"
import { CheckOnlyId } from "./CrossRule.js"

const Fail: unique symbol = Symbol("taxdoc/Decoder/Fail")

/** A compiled decoder: the decoded value, or `Fail` when Effect's decoder must decide. */
type Fast = (input: unknown) => unknown

const answerOptions: SchemaAST.ParseOptions = { errors: "all", onExcessProperty: "ignore" }
const inputOptions: SchemaAST.ParseOptions = { errors: "all", onExcessProperty: "error" }

/** How a schema is decoded: answers ignore unknown fields, inputs refuse them. */
interface Mode {
  readonly options: SchemaAST.ParseOptions
  /** Unknown fields fail (then Effect's decoder reports them). */
  readonly strict: boolean
}

const answerMode: Mode = { options: answerOptions, strict: false }
const inputMode: Mode = { options: inputOptions, strict: true }

const hasOwn = (value: object, key: PropertyKey) => Object.prototype.hasOwnProperty.call(value, key)

const hasExcess = (value: object, known: ReadonlySet<PropertyKey>): boolean => {
  for (const key of Reflect.ownKeys(value)) if (!known.has(key)) return true
  return false
}

const isRecord = (value: unknown): value is Record<PropertyKey, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

// A property signature transformation that turns `null` (or nothing) into nothing and keeps any
// other value as it is, under the same key: `Schema.optionalWith(s, { nullable: true })`.
const sentinel = {}
const dropsNull = (pst: SchemaAST.PropertySignatureTransformation): boolean => {
  if (pst.from !== pst.to) return false
  const none = pst.decode(Option.none())
  const fromNull = pst.decode(Option.some(null))
  const kept = pst.decode(Option.some(sentinel))
  return Option.isNone(none) && Option.isNone(fromNull) && Option.isSome(kept) && kept.value === sentinel
}

const isNull = (value: unknown): boolean => value === null

/**
 * What a property signature transformation that only drops values takes for absent, and whether
 * its decoded side needs a check of its own: an optional input field (`Absent.optional`, known by
 * its decoding function) drops `null` and `""` and its decoded side is the type side of the value
 * its encoded side decoded (checked once, not twice); a nullable field drops `null`.
 */
interface Dropping {
  readonly absent: (value: unknown) => boolean
  readonly checked: boolean
}

const droppingOf = (pst: SchemaAST.PropertySignatureTransformation): Dropping | undefined => {
  if (pst.from !== pst.to) return undefined
  if (pst.decode === Absent.dropAbsent) return { absent: Absent.isAbsent, checked: false }
  return dropsNull(pst) ? { absent: isNull, checked: true } : undefined
}

// Unions whose members include a struct are left to Effect: it tries them in an order of its own
// (members with a literal discriminant first).
const hasStruct = (ast: SchemaAST.AST): boolean => {
  switch (ast._tag) {
    case "TypeLiteral":
    case "TupleType":
    case "Declaration":
    case "Suspend":
      return true
    case "Refinement":
      return hasStruct(ast.from)
    case "Transformation":
      return hasStruct(ast.from) || hasStruct(ast.to)
    case "Union":
      return ast.types.some(hasStruct)
    default:
      return false
  }
}

/** `true` when `ast` accepts objects (or arrays) only: a struct or an array, or made from one. */
const isObjectShaped = (ast: SchemaAST.AST): boolean => {
  switch (ast._tag) {
    case "TypeLiteral":
    case "TupleType":
      return true
    case "Refinement":
    case "Transformation":
      return isObjectShaped(ast.from)
    default:
      return false
  }
}

// A union of one object-shaped member and literals (`Schema.NullOr(Schema.Array(…))`, what
// `optionalWith(…, { nullable: true })` makes of a list): no input is accepted by two of its
// members, so the order Effect tries them in cannot change the value.
const isObjectOrLiterals = (ast: SchemaAST.Union): boolean =>
  ast.types.filter(isObjectShaped).length === 1 &&
  ast.types.every((member) => isObjectShaped(member) || member._tag === "Literal" || member._tag === "UndefinedKeyword")

/** Makes the object a struct's decoded properties are written to. */
type Empty = () => Record<PropertyKey, unknown>

const plain: Empty = () => ({})

/** The fields of a struct that take some values for absent (dropped by a transformation), by key. */
type Absences = ReadonlyMap<PropertyKey, Dropping>

const noAbsences: Absences = new Map()

/**
 * The decoder of a struct: its properties in order (a missing required property is decoded from
 * `undefined`, as Effect does when not `exact`), excess properties ignored. Keys in `absences`
 * read the values their transformation drops as absent.
 */
const compileStruct = (ast: SchemaAST.TypeLiteral, absences: Absences, mode: Mode, empty: Empty = plain): Fast | undefined => {
  if (ast.indexSignatures.length > 0) return undefined
  const properties: Array<{ readonly name: PropertyKey; readonly optional: boolean; readonly decode: Fast; readonly absent: ((value: unknown) => boolean) | undefined }> = []
  for (const property of ast.propertySignatures) {
    const decode = compile(property.type, mode)
    if (decode === undefined) return undefined
    properties.push({ name: property.name, optional: property.isOptional, decode, absent: absences.get(property.name)?.absent })
  }
  const known = new Set(properties.map((property) => property.name))
  return (input) => {
    if (!isRecord(input) || (mode.strict && hasExcess(input, known))) return Fail
    const output = empty()
    for (const property of properties) {
      const present = hasOwn(input, property.name)
      const value = present ? input[property.name] : undefined
      if (property.absent !== undefined ? !present || property.absent(value) : !present && property.optional) continue
      const decoded = property.decode(value)
      if (decoded === Fail) return Fail
      output[property.name] = decoded
    }
    return output
  }
}

/** The field's own schema in an optional input field's union (`Absent.optional`: `null`, `""`, then its own). */
const ownSchemaOf = (ast: SchemaAST.AST): SchemaAST.AST | undefined =>
  ast._tag === "Union" && ast.annotations[Absent.OrAbsentId] === true && ast.types.length === 3 ? ast.types[2] : undefined

/**
 * The two passes of a struct with dropping fields in one, when both sides have the same keys in the
 * same order (`Schema.Struct` / `Schema.Class` fields made with `optionalWith(..., { nullable })` or
 * `Absent.optional`): each value is checked on the encoded side, dropped when its transformation
 * takes it for absent, and checked on the decoded side — unless that side cannot fail for it (the
 * same schema on both sides, or an `Absent.optional` field) — with no intermediate object.
 */
const compileDroppingStruct = (
  from: SchemaAST.TypeLiteral,
  to: SchemaAST.TypeLiteral,
  absences: Absences,
  mode: Mode,
  empty: Empty = plain
): Fast | undefined => {
  if (from.indexSignatures.length > 0 || to.indexSignatures.length > 0) return undefined
  if (from.propertySignatures.length !== to.propertySignatures.length) return undefined
  const properties: Array<{
    readonly name: PropertyKey
    readonly fromOptional: boolean
    readonly toOptional: boolean
    /** An optional input field's: `null` and `""` are read as sent, before decoding. */
    readonly absentAsSent: boolean
    /** Absent forms read after decoding (what a nullable field's transformation drops). */
    readonly absentDecoded: ((value: unknown) => boolean) | undefined
    readonly encoded: Fast
    readonly decoded: Fast | undefined
  }> = []
  for (let i = 0; i < from.propertySignatures.length; i++) {
    const f = from.propertySignatures[i]!
    const t = to.propertySignatures[i]!
    if (f.name !== t.name) return undefined
    const dropping = absences.get(f.name)
    // An optional input field's union tries its absent forms first, and they decode to themselves:
    // they are read as sent, and anything else is decoded by the field's own schema alone.
    const own = dropping?.checked === false ? ownSchemaOf(f.type) : undefined
    const encoded = compile(own ?? f.type, mode)
    const checked = t.type !== f.type && dropping?.checked !== false
    const decoded = checked ? compile(t.type, mode) : undefined
    if (encoded === undefined || (checked && decoded === undefined)) return undefined
    properties.push({
      name: f.name,
      fromOptional: f.isOptional,
      toOptional: t.isOptional,
      absentAsSent: own !== undefined,
      absentDecoded: own === undefined ? dropping?.absent : undefined,
      encoded,
      decoded
    })
  }
  const known = new Set(properties.map((property) => property.name))
  return (input) => {
    if (!isRecord(input) || (mode.strict && hasExcess(input, known))) return Fail
    const output = empty()
    for (const property of properties) {
      const present = hasOwn(input, property.name)
      let value: unknown
      if (present || !property.fromOptional) {
        const sent = present ? input[property.name] : undefined
        // Dropped by its transformation: absent on the decoded side (always optional there).
        if (property.absentAsSent && (sent === null || sent === "")) continue
        value = property.encoded(sent)
        if (value === Fail) return Fail
        if (property.absentDecoded !== undefined && property.absentDecoded(value)) continue
      } else if (property.toOptional) {
        continue
      }
      const decoded = property.decoded === undefined ? value : property.decoded(value)
      if (decoded === Fail) return Fail
      output[property.name] = decoded
    }
    return output
  }
}

/** A struct whose dropping fields (`optionalWith(…, { nullable: true })`, `Absent.optional`) read what they drop as absent. */
const compileDropping = (ast: SchemaAST.Transformation, transformation: SchemaAST.TypeLiteralTransformation, mode: Mode, empty: Empty): Fast | undefined => {
  if (ast.from._tag !== "TypeLiteral" || ast.to._tag !== "TypeLiteral") return undefined
  const source = ast.from
  const target = ast.to
  // Each key loses what it drops and stays optional: a dropped value leaves nothing to decode.
  const absences = new Map<PropertyKey, Dropping>()
  for (const pst of transformation.propertySignatureTransformations) {
    const dropping = droppingOf(pst)
    if (dropping === undefined || !target.propertySignatures.some((property) => property.name === pst.to && property.isOptional)) return undefined
    absences.set(pst.from, dropping)
  }
  return compileDroppingStruct(source, target, absences, mode, empty) ?? (() => {
    const from = compileStruct(source, noAbsences, mode)
    const to = compileStruct(target, absences, mode, empty)
    if (from === undefined || to === undefined) return undefined
    return (u: unknown) => {
      const a = from(u)
      return a === Fail ? Fail : to(a)
    }
  })()
}

/** The decoder of a struct, its properties written to the object `empty` makes (else undefined). */
const compileInto = (ast: SchemaAST.AST, mode: Mode, empty: Empty): Fast | undefined => {
  if (ast._tag === "TypeLiteral") return compileStruct(ast, noAbsences, mode, empty)
  if (ast._tag === "Transformation" && ast.transformation._tag === "TypeLiteralTransformation") return compileDropping(ast, ast.transformation, mode, empty)
  return undefined
}

const compile = (ast: SchemaAST.AST, mode: Mode): Fast | undefined => {
  switch (ast._tag) {
    case "StringKeyword":
      return (u) => (typeof u === "string" ? u : Fail)
    case "NumberKeyword":
      return (u) => (typeof u === "number" ? u : Fail)
    case "BooleanKeyword":
      return (u) => (typeof u === "boolean" ? u : Fail)
    case "UndefinedKeyword":
    case "VoidKeyword":
      return (u) => (u === undefined ? u : Fail)
    case "UnknownKeyword":
    case "AnyKeyword":
      return (u) => u
    case "Literal": {
      const literal = ast.literal
      return (u) => (u === literal ? u : Fail)
    }
    case "Refinement": {
      const from = compile(ast.from, mode)
      if (from === undefined) return undefined
      return (u) => {
        const a = from(u)
        return a !== Fail && Option.isNone(ast.filter(a, mode.options, ast)) ? a : Fail
      }
    }
    case "Union": {
      if (ast.types.some(hasStruct) && !isObjectOrLiterals(ast)) return undefined
      const members: Array<Fast> = []
      for (const type of ast.types) {
        const member = compile(type, mode)
        if (member === undefined) return undefined
        members.push(member)
      }
      return (u) => {
        for (const member of members) {
          const a = member(u)
          if (a !== Fail) return a
        }
        return Fail
      }
    }
    case "TypeLiteral":
      return compileStruct(ast, noAbsences, mode)
    case "TupleType": {
      // Arrays only (no fixed elements).
      if (ast.elements.length > 0 || ast.rest.length !== 1) return undefined
      const element = compile(ast.rest[0]!.type, mode)
      if (element === undefined) return undefined
      return (u) => {
        if (!Array.isArray(u)) return Fail
        const output = new Array<unknown>(u.length)
        for (let i = 0; i < u.length; i++) {
          const a = element(u[i])
          if (a === Fail) return Fail
          output[i] = a
        }
        return output
      }
    }
    case "Declaration": {
      const parse = ast.decodeUnknown(...ast.typeParameters)
      return (u) => {
        const result = parse(u, mode.options, ast)
        return Either.isEither(result) && Either.isRight(result) ? result.right : Fail
      }
    }
    case "Transformation": {
      const transformation = ast.transformation
      if (transformation._tag === "TypeLiteralTransformation") return compileDropping(ast, transformation, mode, plain)
      const from = compile(ast.from, mode)
      const to = compile(ast.to, mode)
      if (from === undefined || to === undefined) return undefined
      if (transformation._tag === "ComposeTransformation") {
        return (u) => {
          const a = from(u)
          return a === Fail ? Fail : to(a)
        }
      }
      // A check-only transformation (`withCrossRules`) answers the value `from` decoded, and its
      // `to` is the type side of `from`, which that value satisfies already: checked once, not twice.
      const checked = ast.annotations[CheckOnlyId] === true ? undefined : to
      return (u) => {
        const a = from(u)
        if (a === Fail) return Fail
        const result = transformation.decode(a, mode.options, ast, u)
        if (!Either.isEither(result) || Either.isLeft(result)) return Fail
        return checked === undefined ? result.right : checked(result.right)
      }
    }
    default:
      return undefined
  }
}

/** A `Schema.Class` (its constructor, fields and AST), as far as this module needs to know it. */
interface SchemaClass {
  new(props: Record<PropertyKey, unknown>, disableValidation: boolean): object
  readonly prototype: object
  readonly fields: Readonly<Record<PropertyKey, unknown>>
  readonly ast: SchemaAST.AST
}

const isSchemaClass = (schema: unknown): schema is SchemaClass =>
  typeof schema === "function" && Schema.isSchema(schema) && "fields" in schema && "identifier" in schema && typeof schema.fields === "object" &&
  schema.ast._tag === "Transformation" && schema.ast.to._tag === "Declaration"

// A field the class constructor fills in when it is missing (`Schema.optionalWith(…, { default })`).
const hasDefault = (field: unknown): boolean => {
  if (!Schema.isPropertySignature(field)) return false
  const ast = field.ast
  return (ast._tag === "PropertySignatureDeclaration" ? ast.defaultValue : ast.to.defaultValue) !== undefined
}

const sameOwnProperties = (a: object, b: object): boolean => {
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false
  const keys = Reflect.ownKeys(a)
  const others = Reflect.ownKeys(b)
  if (keys.length !== others.length) return false
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!
    if (key !== others[i] || !Object.is((a as Record<PropertyKey, unknown>)[key], (b as Record<PropertyKey, unknown>)[key])) return false
  }
  return true
}

/**
 * The decoder of a `Schema.Class` answer: its fields decoded as the class's encoded side says, then
 * the instance. Effect's decoder makes it with `new Class(props, true)`, which copies the fields
 * twice and looks for defaults among every field; a class without defaults whose constructor
 * does no more than that (checked once, on the first answer, against the real constructor) has
 * its fields decoded straight onto an object of the class's prototype — the same own properties,
 * in the same order, on the same prototype, without the copies.
 */
const compileClass = (schema: SchemaClass, mode: Mode): Fast | undefined => {
  const ast = schema.ast as SchemaAST.Transformation
  const props = compile(ast.from, mode)
  if (props === undefined) return undefined
  const viaConstructor: Fast = (input) => {
    const decoded = props(input)
    return decoded === Fail ? Fail : new schema(decoded as Record<PropertyKey, unknown>, true)
  }
  if (Reflect.ownKeys(schema.fields).some((key) => hasDefault(schema.fields[key]))) return viaConstructor
  // Instances made as `new Instance()` have the class's prototype and no own property yet.
  const Instance = function(this: object) {} as unknown as new() => Record<PropertyKey, unknown>
  Instance.prototype = schema.prototype
  const into = compileInto(ast.from, mode, () => new Instance())
  if (into === undefined) return viaConstructor
  let direct: boolean | undefined
  return (input) => {
    if (direct === true) return into(input)
    if (direct === false) return viaConstructor(input)
    const instance = into(input)
    if (instance === Fail) return Fail
    const made = new schema({ ...(instance as Record<PropertyKey, unknown>) }, true)
    direct = sameOwnProperties(made, instance as object)
    return made
  }
}

const compiled = <A, I>(schema: Schema.Schema<A, I, never>, mode: Mode): (input: unknown) => Either.Either<A, ParseResult.ParseError> => {
  const full = Schema.decodeUnknownEither(schema, mode.options)
  const fast = isSchemaClass(schema) ? compileClass(schema, mode) : compile(schema.ast, mode)
  if (fast === undefined) return full
  return (input) => {
    let decoded: unknown
    try {
      decoded = fast(input)
    } catch {
      decoded = Fail
    }
    return decoded === Fail ? full(input) : Either.right(decoded as A)
  }
}

type AnyDecoder = (input: unknown) => Either.Either<unknown, ParseResult.ParseError>

// One decoder per schema and mode: building one compiles a parser, and callers ask per call.
const answerDecoders = new WeakMap<object, AnyDecoder>()
const inputDecoders = new WeakMap<object, AnyDecoder>()

const cached = <A, I>(
  cache: WeakMap<object, AnyDecoder>,
  schema: Schema.Schema<A, I, never>,
  mode: Mode
): (input: unknown) => Either.Either<A, ParseResult.ParseError> => {
  let decoder = cache.get(schema)
  if (decoder === undefined) {
    decoder = compiled(schema, mode)
    cache.set(schema, decoder)
  }
  return decoder as (input: unknown) => Either.Either<A, ParseResult.ParseError>
}

/**
 * The decoder of answers of `schema` (unknown fields ignored, every error reported): compiled when
 * the schema is made of what the compiler knows, Effect's own decoder otherwise and for every
 * input the compiled one does not accept. Made once per schema: later calls return the same
 * function, so callers need not keep it.
 *
 * @since 0.1.0
 * @category constructors
 */
export const answer = <A, I>(schema: Schema.Schema<A, I, never>): (input: unknown) => Either.Either<A, ParseResult.ParseError> =>
  cached(answerDecoders, schema, answerMode)

/**
 * The decoder of call inputs of `schema` (unknown fields refused, every error reported), compiled
 * and kept as `answer` is.
 *
 * @since 0.1.0
 * @category constructors
 */
export const input = <A, I>(schema: Schema.Schema<A, I, never>): (input: unknown) => Either.Either<A, ParseResult.ParseError> =>
  cached(inputDecoders, schema, inputMode)

/**
 * `true` when decoders of `schema` are compiled (for tests and benchmarks).
 *
 * @since 0.1.0
 * @category combinators
 */
export const isCompiled = (schema: Schema.Schema.Any): boolean => compile(schema.ast, answerMode) !== undefined
