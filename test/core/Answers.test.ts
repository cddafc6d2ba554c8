/**
 * Answers are decoded with Effect's own decoder (`Response.answerDecoder`): fields the schema does
 * not name are ignored, `null` and absent fields leave no key, lenient numbers and booleans come out
 * typed, records of `Schema.Class` are instances of their class. Every answer schema of the catalogue
 * decodes what it encodes, with or without fields the service may add.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Effect, Result, Schema } from "effect"
import { answerDecoder, decodeJson } from "../../src/core/Response.js"
import { BulkResult, CashbillInfo } from "../../src/domains/cashbill/Schemas.js"
import * as Catalogue from "../../src/domains/Catalogue.js"

const answerSchemas = Catalogue.operations.flatMap((operation) =>
  operation.success === "pdf" ? [] : [{ name: operation.sdk, schema: operation.success as Schema.Codec<unknown, unknown> }]
)

const info = {
  mgtKey: "A-1",
  confirmNum: "100000001",
  orgConfirmNum: null,
  orgTradeDate: null,
  tradeDate: "20261122",
  tradeDT: "20261122101010",
  tradeType: "승인거래",
  stateCode: "300",
  printYN: "N",
  interOPYN: true,
  ntsresultCode: null,
  unknownField: 1
}

describe("answers", () => {
  it("a GetInfo answer is a CashbillInfo: typed, nulls dropped, fields the schema does not name ignored", () => {
    const decoded = answerDecoder(CashbillInfo)(info)
    expect(Result.isSuccess(decoded)).toBe(true)
    if (Result.isFailure(decoded)) return
    expect(decoded.success).toBeInstanceOf(CashbillInfo)
    expect(decoded.success.stateCode).toBe(300)
    expect(decoded.success.printYN).toBe(false)
    expect("orgConfirmNum" in decoded.success).toBe(false)
    expect("unknownField" in decoded.success).toBe(false)
  })

  it("a bulk result's list of per-document results, or null", () => {
    const answer = {
      code: 1,
      submitID: "S-1",
      submitCount: "2",
      successCount: 1,
      failCount: 1,
      txState: 2,
      txResultCode: null,
      issueResult: [
        { mgtKey: "A-1", code: 1, confirmNum: "100000001", tradeDate: "20261122", issueDT: "20261122101010" },
        { mgtKey: "A-2", code: -14001019, message: null }
      ]
    }
    const decode = answerDecoder(BulkResult)
    const decoded = decode(answer)
    expect(Result.isSuccess(decoded)).toBe(true)
    expect(Result.isSuccess(decoded) ? decoded.success.issueResult?.map((r) => r.mgtKey) : []).toEqual(["A-1", "A-2"])
    expect(Result.isSuccess(decode({ ...answer, issueResult: null }))).toBe(true)
    expect(Result.isFailure(decode({ ...answer, issueResult: "none" }))).toBe(true)
  })

  it.effect("a 200 answer that is not JSON, or not the shape, is a ResponseError(Decode) with an excerpt", () =>
    Effect.gen(function*() {
      const received = (text: string) => ({ status: 200, headers: {}, body: new TextEncoder().encode(text) })
      const notJson = yield* Effect.flip(decodeJson("Cashbill.getInfo", CashbillInfo, received("<html>")))
      expect(notJson).toMatchObject({ _tag: "ResponseError", reason: "Decode", status: 200, bodyExcerpt: "<html>" })
      const wrong = yield* Effect.flip(decodeJson("Cashbill.getInfo", CashbillInfo, received("{\"mgtKey\":5}")))
      expect(wrong.message).toContain("unexpected answer shape")
    }))

  class WithDefault extends Schema.Class<WithDefault>("WithDefault")({
    name: Schema.String,
    count: Schema.optionalKey(Schema.Number).pipe(Schema.withDecodingDefaultKey(Effect.succeed(7)))
  }) {}

  it("a class with a default gets it when the answer leaves the field out", () => {
    const decode = answerDecoder(WithDefault)
    const decoded = decode({ name: "a" })
    expect(Result.isSuccess(decoded) && decoded.success).toBeInstanceOf(WithDefault)
    expect(Result.isSuccess(decoded) ? decoded.success.count : undefined).toBe(7)
    expect(Result.isSuccess(decode({ name: "a", count: 2 })) ? Result.getOrThrow(decode({ name: "a", count: 2 })).count : undefined).toBe(2)
  })

  for (const { name, schema } of answerSchemas) {
    it.effect(`${name}: decodes what its schema encodes, the same with a field the service added`, () =>
      Effect.gen(function*() {
        const decode = answerDecoder(schema)
        const encode = Schema.encodeResult(schema)
        const answers = yield* Arbitrary.sampleEffect(Arbitrary.schema(schema), { count: 25, seed: name })
        // A generated value its schema cannot encode (a type side wider than the wire's) is no answer.
        const encoded = answers.map((answer) => encode(answer)).filter(Result.isSuccess).map((r) => r.success)
        expect(encoded.length).toBeGreaterThan(0)
        for (const value of encoded) {
          const plain = decode(value)
          expect(Result.isSuccess(plain), JSON.stringify(value)).toBe(true)
          if (typeof value !== "object" || value === null || Array.isArray(value)) continue
          const extended = decode({ ...value, addedByTheService: { any: ["thing"] } })
          expect(extended).toEqual(plain)
        }
      }))
  }
})
