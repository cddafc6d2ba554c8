/**
 * The one rule for absent values (docs/service.md "What the published clients send"): in an
 * optional field of an input, `null` and `""` mean the same as leaving the field out. Some clients
 * keep every key of their model and send `null` (or `""`) for what they have no value for; the
 * service takes those for absent, in every document type, and so do the input schemas the SDK and
 * the sandbox share. The value decoded from such a field has no key at all, so the cross-field rules
 * (an amount required or forbidden by another field) see absent values only as absent, and the SDK,
 * which sends the decoded value, sends the tidiest form: absent fields left out.
 *
 * @since 1.0.0
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SchemaGetter from "effect/SchemaGetter"

/**
 * `true` for the values an optional input field takes for absent: `null` and `""`.
 *
 * @since 1.0.0
 * @category rules
 */
export const isAbsent = (value: unknown): value is null | "" => value === null || value === ""

/**
 * The annotation key marking the union an optional field is decoded with (its absent forms, then
 * its own schema): a value it refuses broke the field's own rules, not "must be null".
 *
 * @since 1.0.0
 * @category annotations
 */
export const OrAbsent = "taxdoc/orAbsent"

const Blank = Schema.Literal("")

// The absent forms are tried first: a field's own schema never sees `null` or `""`, so no member
// of its own could turn one of them into a value.
const orAbsent = <S extends Schema.Top>(schema: S) => Schema.Union([Schema.Null, Blank, schema]).annotate({ [OrAbsent]: true })

const dropAbsent = SchemaGetter.transformOptional(<A>(value: Option.Option<A | null | "">): Option.Option<A> =>
  Option.filter(value, (present): present is A => !isAbsent(present)))

/**
 * An optional input field: absent, `null` or `""` (all three decoded as no key), or valid. A key
 * present with `undefined` is refused rather than taken for absent (JSON has no `undefined`).
 *
 * @since 1.0.0
 * @category combinators
 */
export const optional = <S extends Schema.Top>(schema: S) =>
  Schema.optionalKey(orAbsent(schema)).pipe(
    Schema.decodeTo(Schema.optionalKey(Schema.toType(schema)), {
      decode: dropAbsent,
      encode: SchemaGetter.passthroughSupertype()
    })
  )

/**
 * An optional input field with a default: absent, `null` or `""` decode to `fallback()`.
 *
 * @since 1.0.0
 * @category combinators
 */
export const optionalOr = <S extends Schema.Top>(schema: S, fallback: () => S["Type"]) =>
  Schema.optionalKey(orAbsent(schema)).pipe(
    Schema.decodeTo(Schema.toType(schema), {
      decode: SchemaGetter.transformOptional((value: Option.Option<S["Type"] | null | "">) =>
        Option.some(Option.getOrElse(Option.filter(value, (present): present is S["Type"] => !isAbsent(present)), fallback))),
      encode: SchemaGetter.passthroughSupertype()
    })
  )
