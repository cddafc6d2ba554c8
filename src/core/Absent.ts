/**
 * The one rule for absent values (docs/service.md "What the published clients send"): in an
 * optional field of an input, `null` and `""` mean the same as leaving the field out. Some clients
 * keep every key of their model and send `null` (or `""`) for what they have no value for; the
 * service takes those for absent, in every document type, and so do the input schemas the SDK and
 * the sandbox share. The value decoded from such a field has no key at all, so the cross-field rules
 * (an amount required or forbidden by another field) see absent values only as absent, and the SDK,
 * which sends the decoded value, sends the tidiest form: absent fields left out.
 *
 * @since 0.1.0
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"

/**
 * `true` for the values an optional input field takes for absent: `null` and `""`.
 *
 * @since 0.1.0
 * @category rules
 */
export const isAbsent = (value: unknown): value is null | "" => value === null || value === ""

/**
 * The decoding of an absent-tolerant optional field: a present `null` or `""` becomes no key.
 * Exported so the compiled decoders (`Decoder.ts`) and the request encoder (`RequestBuilder.ts`)
 * recognise the fields made by `optional` by this very function.
 *
 * @since 0.1.0
 * @category combinators
 */
export const dropAbsent = <A>(value: Option.Option<A | null | "">): Option.Option<A> =>
  Option.filter(value, (present): present is A => !isAbsent(present))

/**
 * The encoding of an absent-tolerant optional field: a value is written as it is, no key stays no
 * key (a decoded value never holds `null` or `""` there).
 *
 * @since 0.1.0
 * @category combinators
 */
export const keepPresent = <A>(value: Option.Option<A>): Option.Option<A | null | ""> => value

/**
 * The annotation of the union an optional field is decoded with (its absent forms, then its own
 * schema): a value it refuses broke the field's own rules, not "must be null".
 *
 * @since 0.1.0
 * @category annotations
 */
export const OrAbsentId: unique symbol = Symbol.for("taxdoc/Absent/OrAbsent")

// The absent forms are tried first: a field's own schema never sees `null` or `""`, so no member
// of its own could turn one of them into a value.
const orAbsent = <A, I>(schema: Schema.Schema<A, I, never>): Schema.Schema<A | null | "", I | null | "", never> =>
  Schema.Union(Schema.Null, Schema.Literal(""), schema).annotations({ [OrAbsentId]: true })

/**
 * An optional input field: absent, `null` or `""` (all three decoded as no key), or valid. A key
 * present with `undefined` is refused rather than taken for absent (JSON has no `undefined`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const optional = <A, I>(schema: Schema.Schema<A, I, never>): Schema.PropertySignature<"?:", A, never, "?:", I | null | "", false, never> =>
  Schema.optionalToOptional(orAbsent(schema), Schema.typeSchema(schema), { decode: dropAbsent, encode: keepPresent })

/**
 * An optional input field with a default: absent, `null` or `""` decode to `fallback()`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const optionalOr = <A, I>(schema: Schema.Schema<A, I, never>, fallback: () => A): Schema.PropertySignature<":", A, never, "?:", I | null | "", false, never> =>
  Schema.optionalToRequired(orAbsent(schema), Schema.typeSchema(schema), {
    decode: (value) => Option.getOrElse(dropAbsent(value), fallback),
    encode: Option.some
  })
