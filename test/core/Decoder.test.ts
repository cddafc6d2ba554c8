import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Either, FastCheck as fc, Schema } from "effect"
import * as Decoder from "../../src/core/Decoder.js"
import * as Body from "../../src/core/Body.js"
import * as RequestBuilder from "../../src/core/RequestBuilder.js"
import * as Catalogue from "../../src/domains/Catalogue.js"
import { BulkResult, CashbillInfo } from "../../src/domains/cashbill/Schemas.js"

const options = { errors: "all", onExcessProperty: "ignore" } as const

const answerSchemas = Catalogue.operations.flatMap((operation) => operation.success === "pdf" ? [] : [{ name: operation.sdk, schema: operation.success as Schema.Schema<unknown, unknown> }])

/** The same answer with one field replaced by any JSON value, or removed, or with an extra field. */
const mutated = (value: unknown) =>
  fc.tuple(fc.jsonValue(), fc.nat(), fc.constantFrom("replace", "remove", "extra")).map(([json, n, how]) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return json
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) }
    const keys = Object.keys(copy)
    const key = keys.length === 0 ? "extra" : keys[n % keys.length]!
    if (how === "remove") delete copy[key]
    else if (how === "extra") copy[`x${n}`] = json
    else copy[key] = json
    return copy
  })

type Decode = (input: unknown) => Either.Either<unknown, unknown>

/**
 * `fast` against Effect's `full` over valid encoded values of `schema` and broken copies of them:
 * both accept or both refuse, with equal values; `also` checks more of a value both accept.
 */
const sameAsEffect = (schema: Schema.Schema<unknown, unknown>, fast: Decode, full: Decode, numRuns: number, also: (actual: unknown, expected: unknown) => void) => {
  const valid = Arbitrary.make(Schema.encodedSchema(schema))
  fc.assert(
    fc.property(valid.chain((value) => fc.tuple(fc.constant(value), mutated(value))), ([value, broken]) => {
      for (const input of [value, broken]) {
        const expected = full(input)
        const actual = fast(input)
        expect(actual._tag).toBe(expected._tag)
        if (Either.isRight(actual) && Either.isRight(expected)) {
          expect(actual.right).toEqual(expected.right)
          also(actual.right, expected.right)
        }
      }
    }),
    { numRuns }
  )
}

describe("Decoder.answer", () => {
  it("compiles the answer records of the catalogue (the nullable fields of GetInfo and its kin)", () => {
    expect(Decoder.isCompiled(CashbillInfo)).toBe(true)
    expect(answerSchemas.filter(({ schema }) => Decoder.isCompiled(schema)).length).toBeGreaterThan(answerSchemas.length / 2)
  })

  it("decodes a GetInfo answer to the same CashbillInfo as Effect's decoder, nulls dropped, extra fields ignored", () => {
    const answer = {
      mgtKey: "A-1", confirmNum: "100000001", orgConfirmNum: null, orgTradeDate: null, tradeDate: "20261122", tradeDT: "20261122101010",
      tradeType: "승인거래", stateCode: "300", printYN: "N", interOPYN: true, ntsresultCode: null, unknownField: 1
    }
    const fast = Decoder.answer(CashbillInfo)(answer)
    const full = Schema.decodeUnknownEither(CashbillInfo, options)(answer)
    expect(Either.isRight(fast)).toBe(true)
    expect(fast).toEqual(full)
    if (Either.isRight(fast)) {
      expect(fast.right).toBeInstanceOf(CashbillInfo)
      expect(fast.right.stateCode).toBe(300)
      expect(fast.right.printYN).toBe(false)
      expect("orgConfirmNum" in fast.right).toBe(false)
      expect("unknownField" in fast.right).toBe(false)
    }
  })

  it("compiles a nullable list of records (a bulk result's issueResult), not a union of two records", () => {
    expect(Decoder.isCompiled(BulkResult)).toBe(true)
    const A = Schema.Struct({ a: Schema.String })
    const B = Schema.Struct({ a: Schema.String, b: Schema.optional(Schema.Number) })
    expect(Decoder.isCompiled(Schema.NullOr(Schema.Array(A)))).toBe(true)
    expect(Decoder.isCompiled(Schema.Union(A, B))).toBe(false)
    const answer = {
      code: 1, submitID: "S-1", submitCount: "2", successCount: 1, failCount: 1, txState: 2, txResultCode: null,
      issueResult: [{ mgtKey: "A-1", code: 1, confirmNum: "100000001", tradeDate: "20261122", issueDT: "20261122101010" }, { mgtKey: "A-2", code: -14001019, message: null }]
    }
    const fast = Decoder.answer(BulkResult)
    const full = Schema.decodeUnknownEither(BulkResult, options)
    expect(fast(answer)).toEqual(full(answer))
    expect(fast({ ...answer, issueResult: null })).toEqual(full({ ...answer, issueResult: null }))
    expect(Either.isLeft(fast({ ...answer, issueResult: "none" }))).toBe(true)
  })

  for (const { name, schema } of answerSchemas.filter(({ schema }) => Decoder.isCompiled(schema))) {
    it(`${name}: the same result as Effect's decoder for valid and broken answers`, () => {
      sameAsEffect(schema, Decoder.answer(schema), Schema.decodeUnknownEither(schema, options), 60, (actual, expected) => {
        expect(Object.keys(actual as object)).toEqual(Object.keys(expected as object))
      })
    })
  }
})

class WithDefault extends Schema.Class<WithDefault>("WithDefault")({
  name: Schema.String,
  count: Schema.optionalWith(Schema.Number, { default: () => 7 })
}) {}

class WithConstructor extends Schema.Class<WithConstructor>("WithConstructor")({ name: Schema.String }) {
  readonly upper: string
  constructor(props: { readonly name: string }, options?: boolean) {
    super(props, options)
    this.upper = props.name.toUpperCase()
  }
}

describe("Decoder.answer of Schema classes", () => {
  const info = {
    mgtKey: "A-1", confirmNum: "100000001", orgConfirmNum: null, tradeDate: "20261122", tradeDT: "20261122101010",
    tradeType: "승인거래", stateCode: 300, printYN: "N", interOPYN: null
  }

  it("every answer (the first, checked against the constructor, and the later ones) is the instance Effect's decoder makes", () => {
    const fast = Decoder.answer(CashbillInfo)
    const full = Schema.decodeUnknownEither(CashbillInfo, options)
    for (const answer of [info, { ...info, mgtKey: "A-2", interOPYN: true }, { ...info, mgtKey: "A-3", extra: 1 }]) {
      const actual = Either.getOrThrow(fast(answer))
      const expected = Either.getOrThrow(full(answer))
      expect(Object.getPrototypeOf(actual)).toBe(CashbillInfo.prototype)
      expect(Reflect.ownKeys(actual)).toEqual(Reflect.ownKeys(expected))
      expect(actual).toStrictEqual(expected)
    }
  })

  it("a class with defaults gets them from its constructor", () => {
    const decoded = Either.getOrThrow(Decoder.answer(WithDefault)({ name: "a" }))
    expect(decoded).toBeInstanceOf(WithDefault)
    expect(decoded.count).toBe(7)
    expect(Either.getOrThrow(Decoder.answer(WithDefault)({ name: "a", count: 2 })).count).toBe(2)
  })

  it("a class whose constructor does more is made by its constructor, every time", () => {
    const decode = Decoder.answer(WithConstructor)
    for (const name of ["a", "b"]) {
      const decoded = Either.getOrThrow(decode({ name }))
      expect(decoded).toBeInstanceOf(WithConstructor)
      expect(decoded.upper).toBe(name.toUpperCase())
    }
  })
})

const bodySchemas = Catalogue.operations.flatMap((operation) =>
  operation.body._tag === "Json" || operation.body._tag === "JsonArray" || operation.body._tag === "Form"
    ? [{ operation, schema: operation.body.schema as Schema.Schema<unknown, unknown> }]
    : []
)

const inputOptions = { errors: "all", onExcessProperty: "error" } as const

describe("Decoder.input", () => {
  it("compiles the request bodies of the catalogue", () => {
    expect(bodySchemas.filter(({ schema }) => Decoder.isCompiled(schema)).length).toBeGreaterThan(bodySchemas.length / 2)
  })

  for (const { operation, schema } of bodySchemas.filter(({ schema }) => Decoder.isCompiled(schema))) {
    it(`${operation.sdk}: the same result as Effect's decoder for valid and broken inputs, unknown fields refused; the bytes sent are Effect's encoding`, () => {
      const encode = Schema.encodeSync(schema)
      sameAsEffect(schema, Decoder.input(schema), Schema.decodeUnknownEither(schema, inputOptions), 40, (actual) => {
        const encoded = encode(actual)
        const expectedBody = operation.body._tag === "Form" ? Body.form(encoded as Record<string, string>) : Body.json(encoded)
        expect(RequestBuilder.encodeBody(operation, actual).bytes).toEqual(expectedBody.bytes)
      })
    })
  }
})
