/**
 * Properties across SDK and sandbox: every schema-valid generated receipt is accepted by both; each
 * single-rule mutation is refused by the SDK with a ValidationError at the field, and — sent raw,
 * past the SDK — by the sandbox with a `{code, message}` answer.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { HttpClientRequest } from "effect/http"
import { TestClock } from "effect/testing"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import * as Testing from "../../src/testing/index.js"
import { mutations } from "../domains/cashbill/mutations.js"
import { CORP, fresh, NOW, pathsAndRules, pick, sendRaw } from "./support.js"

/** Issues a body straight to the sandbox, with a valid token but no SDK validation. */
const issueRaw = (body: unknown) =>
  sendRaw("/Cashbill", ["140"], (request) =>
    request.pipe(HttpClientRequest.setHeader("x-http-method-override", "ISSUE"), HttpClientRequest.bodyJsonUnsafe(body)))

const receipts = Testing.toArbitrary(Testing.cashReceipt({ corpNum: CORP, now: NOW }))

describe("cash receipts: SDK and sandbox agree on validity", () => {
  it.effect.prop("every valid generated receipt is issued through the SDK", [receipts], ([receipt]) =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const cashbill = yield* Cashbill
      const issued = yield* cashbill.issue(CORP, receipt)
      expect(issued.code).toBe(1)
      const info = yield* cashbill.getInfo(CORP, receipt.mgtKey)
      expect(info.totalAmount).toBe(receipt.totalAmount)
    }).pipe(Effect.provide(fresh())), { arbitrary: { runs: 40 } })

  // The service ignores fields it does not know; only the SDK refuses them (to catch typos).
  const sandboxMutations = mutations.filter(([, , , rule]) => rule !== "unknownField")

  it.effect.prop(
    "each single-rule mutation: ValidationError at the field from the SDK, {code, message} from the sandbox",
    [receipts, pick(sandboxMutations)],
    ([receipt, [name, mutate, path, rule]]) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(NOW)
        const broken = mutate(receipt)
        const cashbill = yield* Cashbill
        const error = yield* Effect.flip(cashbill.issue(CORP, broken as typeof receipt))
        expect(error._tag, name).toBe("ValidationError")
        expect(pathsAndRules(error), name).toContainEqual([path, rule])
        const raw = yield* issueRaw(broken)
        expect(raw.status, name).toBe(400)
        expect(raw.body, name).toMatchObject({ code: expect.any(Number), message: expect.any(String) })
        expect((raw.body as { code: number }).code, name).toBeLessThan(0)
      }).pipe(Effect.provide(fresh())),
    { arbitrary: { runs: 60 } }
  )
})
