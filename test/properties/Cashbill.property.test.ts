/**
 * Properties across SDK and sandbox: every schema-valid generated receipt is accepted by both; each
 * single-rule mutation is refused by the SDK with a ValidationError at the field, and — sent raw,
 * past the SDK — by the sandbox with a `{code, message}` answer.
 */
import { HttpClient, HttpClientRequest } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted, TestClock } from "effect"
import * as fc from "fast-check"
import { Tokens } from "../../src/core/Tokens.js"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import { SANDBOX_ORIGIN } from "../../src/sandbox/InProcess.js"
import * as Arb from "../domains/cashbill/arbitraries.js"
import { mutations } from "../domains/cashbill/mutations.js"
import * as Sdk from "../support/sdk.js"

const CORP = Sdk.MEMBER
const NOW = Date.UTC(2026, 10, 22, 3, 0, 0)
const fresh = () => Sdk.layer({ sandbox: { members: [{ corpNum: CORP }] } })

/** Sends an issue body straight to the sandbox, with a valid token but no SDK validation. */
const sendRaw = (body: unknown) =>
  Effect.gen(function*() {
    const http = yield* HttpClient.HttpClient
    const token = yield* Effect.flatMap(Tokens, (t) => t.get(CORP, ["140"]))
    const response = yield* http.execute(
      HttpClientRequest.post(`${SANDBOX_ORIGIN}/Cashbill`).pipe(
        HttpClientRequest.setHeaders({ "authorization": `Bearer ${Redacted.value(token)}`, "x-http-method-override": "ISSUE" }),
        HttpClientRequest.bodyUnsafeJson(body)
      )
    )
    return { status: response.status, body: (yield* response.json) as unknown }
  })

describe("cash receipts: SDK and sandbox agree on validity", () => {
  it.effect.prop("every valid generated receipt is issued through the SDK", [Arb.issue(NOW)], ([receipt]) =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const issued = yield* Effect.flatMap(Cashbill, (c) => c.issue(CORP, { ...receipt, franchiseCorpNum: CORP }))
      expect(issued.code).toBe(1)
      const info = yield* Effect.flatMap(Cashbill, (c) => c.getInfo(CORP, receipt.mgtKey))
      expect(info.totalAmount).toBe(receipt.totalAmount)
    }).pipe(Effect.provide(fresh())), { fastCheck: { numRuns: 40 } })

  // The service ignores fields it does not know; only the SDK refuses them (to catch typos).
  const sandboxMutations = mutations.filter(([, , , rule]) => rule !== "unknownField")

  it.effect.prop(
    "each single-rule mutation: ValidationError at the field from the SDK, {code, message} from the sandbox",
    [Arb.issue(NOW), fc.constantFrom(...sandboxMutations)],
    ([receipt, [name, mutate, path, rule]]) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(NOW)
        const broken = mutate(receipt)
        const error = yield* Effect.flip(Effect.flatMap(Cashbill, (c) => c.issue(CORP, broken as typeof receipt)))
        expect(error._tag, name).toBe("ValidationError")
        const issues = (error as { issues: ReadonlyArray<{ path: string; rule: string }> }).issues
        expect(issues.map((i) => [i.path, i.rule]), name).toContainEqual([path, rule])
        const raw = yield* sendRaw(broken)
        expect(raw.status, name).toBe(400)
        expect(raw.body, name).toMatchObject({ code: expect.any(Number), message: expect.any(String) })
        expect((raw.body as { code: number }).code, name).toBeLessThan(0)
      }).pipe(Effect.provide(fresh())),
    { fastCheck: { numRuns: 60 } }
  )
})
