/**
 * Properties across SDK and sandbox for statements: every schema-valid generated statement (any
 * item code) is issued through the SDK and read back; each single-rule mutation is refused by the
 * SDK with a ValidationError at the field, and — sent raw, past the SDK — by the sandbox with a
 * `{code, message}` answer.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import * as Rules from "../../src/domains/statement/Rules.js"
import { Statement } from "../../src/domains/statement/Statement.js"
import * as Testing from "../../src/testing/index.js"
import { mutations } from "../domains/statement/mutations.js"
import { CORP, fresh, NOW, pathsAndRules, pick, sendRaw } from "./support.js"

/** Issues a body straight to the sandbox, with a valid token but no SDK validation. */
const issueRaw = (body: unknown) =>
  sendRaw("/Statement", Rules.SCOPES, (request) =>
    request.pipe(HttpClientRequest.setHeader("x-http-method-override", "ISSUE"), HttpClientRequest.bodyJsonUnsafe(body)))

const statements = Testing.toArbitrary(Testing.statement(undefined, { corpNum: CORP, now: NOW }))

describe("statements: SDK and sandbox agree on validity", () => {
  it.effect.prop("every valid generated statement is issued through the SDK and read back", [statements], ([statement]) =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const service = yield* Statement
      const issued = yield* service.issue(CORP, statement)
      expect(issued.invoiceNum).toHaveLength(24)
      const detail = yield* service.getDetailInfo(CORP, statement.itemCode, statement.mgtKey)
      expect(detail.supplyCostTotal).toBe(statement.supplyCostTotal)
      expect(detail.taxType ?? undefined).toBe(statement.taxType)
      expect(detail.propertyBag ?? undefined).toEqual(statement.propertyBag)
      expect(detail.detailList?.length ?? 0).toBe(statement.detailList?.length ?? 0)
    }).pipe(Effect.provide(fresh())), { arbitrary: { runs: 40 } })

  // The service ignores fields it does not know; only the SDK refuses them (to catch typos).
  const sandboxMutations = mutations.filter(([, , , rule]) => rule !== "unknownField")

  it.effect.prop(
    "each single-rule mutation: ValidationError at the field from the SDK, {code, message} from the sandbox",
    [statements, pick(sandboxMutations)],
    ([statement, [name, mutate, path, rule]]) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(NOW)
        const broken = mutate(statement)
        const service = yield* Statement
        const error = yield* Effect.flip(service.issue(CORP, broken as typeof statement))
        expect(error._tag, name).toBe("ValidationError")
        expect(pathsAndRules(error), name).toContainEqual([path, rule])
        const raw = yield* issueRaw(broken)
        expect(raw.status, name).toBeGreaterThanOrEqual(400)
        expect(raw.body, name).toMatchObject({ code: expect.any(Number), message: expect.any(String) })
        expect((raw.body as { code: number }).code, name).toBeLessThan(0)
      }).pipe(Effect.provide(fresh())),
    { arbitrary: { runs: 60 } }
  )

  it.effect("an unknown field: refused by the SDK (a typo), ignored by the sandbox (like the live service)", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const valid = { itemCode: 123 as const, mgtKey: "U-1", writeDate: "20261122", purposeType: "없음" as const, taxType: "면세" as const, taxTotal: "0", supplyCostTotal: "5000", senderCorpNum: CORP }
      const service = yield* Statement
      const error = yield* Effect.flip(service.issue(CORP, { ...valid, recieverTaxRegID: "0001" } as typeof valid))
      expect(error._tag === "ValidationError" && error.paths).toEqual(["recieverTaxRegID"])
      const raw = yield* issueRaw({ ...valid, recieverTaxRegID: "0001" })
      expect(raw.status).toBe(200)
    }).pipe(Effect.provide(fresh())))
})
