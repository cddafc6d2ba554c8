/**
 * Properties across SDK and sandbox for statements: every schema-valid generated statement (any
 * item code) is issued through the SDK and read back; each single-rule mutation is refused by the
 * SDK with a ValidationError at the field, and — sent raw, past the SDK — by the sandbox with a
 * `{code, message}` answer.
 */
import { HttpClient, HttpClientRequest } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted, TestClock } from "effect"
import * as fc from "fast-check"
import { Tokens } from "../../src/core/Tokens.js"
import * as Rules from "../../src/domains/statement/Rules.js"
import { Statement } from "../../src/domains/statement/Statement.js"
import { SANDBOX_ORIGIN } from "../../src/sandbox/InProcess.js"
import * as Arb from "../domains/statement/arbitraries.js"
import { mutations } from "../domains/statement/mutations.js"
import * as Sdk from "../support/sdk.js"

const CORP = Sdk.MEMBER
const NOW = Date.UTC(2026, 10, 22, 3, 0, 0)
const fresh = () => Sdk.layer({ sandbox: { members: [{ corpNum: CORP }] } })

/** Sends an issue body straight to the sandbox, with a valid token but no SDK validation. */
const sendRaw = (body: unknown) =>
  Effect.gen(function*() {
    const http = yield* HttpClient.HttpClient
    const token = yield* Effect.flatMap(Tokens, (t) => t.get(CORP, Rules.SCOPES))
    const response = yield* http.execute(
      HttpClientRequest.post(`${SANDBOX_ORIGIN}/Statement`).pipe(
        HttpClientRequest.setHeaders({ "authorization": `Bearer ${Redacted.value(token)}`, "x-http-method-override": "ISSUE" }),
        HttpClientRequest.bodyUnsafeJson(body)
      )
    )
    return { status: response.status, body: (yield* response.json) as unknown }
  })

describe("statements: SDK and sandbox agree on validity", () => {
  it.effect.prop("every valid generated statement is issued through the SDK and read back", [Arb.statement(CORP)], ([statement]) =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const statements = yield* Statement
      const issued = yield* statements.issue(CORP, statement)
      expect(issued.invoiceNum).toHaveLength(24)
      const detail = yield* statements.getDetailInfo(CORP, statement.itemCode, statement.mgtKey)
      expect(detail.supplyCostTotal).toBe(statement.supplyCostTotal)
      expect(detail.taxType ?? undefined).toBe(statement.taxType)
      expect(detail.propertyBag ?? undefined).toEqual(statement.propertyBag)
      expect(detail.detailList?.length ?? 0).toBe(statement.detailList?.length ?? 0)
    }).pipe(Effect.provide(fresh())), { fastCheck: { numRuns: 40 } })

  // The service ignores fields it does not know; only the SDK refuses them (to catch typos).
  const sandboxMutations = mutations.filter(([, , , rule]) => rule !== "unknownField")

  it.effect.prop(
    "each single-rule mutation: ValidationError at the field from the SDK, {code, message} from the sandbox",
    [Arb.statement(CORP), fc.constantFrom(...sandboxMutations)],
    ([statement, [name, mutate, path, rule]]) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(NOW)
        const broken = mutate(statement)
        const error = yield* Effect.flip(Effect.flatMap(Statement, (s) => s.issue(CORP, broken as typeof statement)))
        expect(error._tag, name).toBe("ValidationError")
        const issues = (error as { issues: ReadonlyArray<{ path: string; rule: string }> }).issues
        expect(issues.map((i) => [i.path, i.rule]), name).toContainEqual([path, rule])
        const raw = yield* sendRaw(broken)
        expect(raw.status, name).toBeGreaterThanOrEqual(400)
        expect(raw.body, name).toMatchObject({ code: expect.any(Number), message: expect.any(String) })
        expect((raw.body as { code: number }).code, name).toBeLessThan(0)
      }).pipe(Effect.provide(fresh())),
    { fastCheck: { numRuns: 60 } }
  )

  it.effect("an unknown field: refused by the SDK (a typo), ignored by the sandbox (like the live service)", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const valid = { itemCode: 123 as const, mgtKey: "U-1", writeDate: "20261122", purposeType: "없음" as const, taxType: "면세" as const, taxTotal: "0", supplyCostTotal: "5000", senderCorpNum: CORP }
      const error = yield* Effect.flip(Effect.flatMap(Statement, (s) => s.issue(CORP, { ...valid, recieverTaxRegID: "0001" } as typeof valid)))
      expect(error._tag === "ValidationError" && error.paths).toEqual(["recieverTaxRegID"])
      const raw = yield* sendRaw({ ...valid, recieverTaxRegID: "0001" })
      expect(raw.status).toBe(200)
    }).pipe(Effect.provide(fresh())))
})
