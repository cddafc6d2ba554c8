import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { CompanyStatus } from "../../../src/domains/companyStatus/CompanyStatus.js"
import { FIXED_COMPANY_STATUS } from "../../../src/sandbox/companyStatus/Table.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import * as Sdk from "../../support/sdk.js"

const CORP = Sdk.MEMBER
const seeded = { sandbox: { members: [{ corpNum: CORP }] } }

describe("CompanyStatus, end to end through the in-process sandbox", () => {
  it.effect("checks one number: the documented fixed table", () =>
    Effect.gen(function*() {
      const service = yield* CompanyStatus
      const closed = yield* service.check(CORP, "1111111119")
      expect(closed).toMatchObject({ corpNum: "1111111119", state: "2", taxType: "10", stateDate: "20230630" })
      expect(closed.checkDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      const unavailable = yield* service.check(CORP, "7777777770")
      expect(unavailable).toMatchObject({ state: null, taxType: null })
      // A number failing the check digit is unregistered.
      const unregistered = yield* service.check(CORP, "1234567890")
      expect(unregistered).toMatchObject({ state: "0", taxType: null })
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("checks 2,500 numbers: 3 requests, answers in input order", () =>
    Effect.gen(function*() {
      const service = yield* CompanyStatus
      const fixed = Object.keys(FIXED_COMPANY_STATUS)
      const numbers = Array.from({ length: 2500 }, (_, i) => (i % 7 === 0 ? fixed[i % fixed.length]! : String(3000000000 + i * 7919)))
      const answers = yield* service.checkMany(CORP, numbers)
      expect(answers.map((a) => a.corpNum)).toEqual(numbers)
      const stats = yield* Effect.flatMap(Sandbox, (s) => s.stats)
      expect(stats.calls["CompanyStatus.CheckCorpNums"]).toBe(3)
      // Deterministic: asking again gives the same statuses.
      const again = yield* service.checkMany(CORP, numbers.slice(0, 10))
      expect(again.map((a) => [a.state, a.taxType])).toEqual(answers.slice(0, 10).map((a) => [a.state, a.taxType]))
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("an empty list sends nothing; a malformed number is a ValidationError naming its index", () =>
    Effect.gen(function*() {
      const service = yield* CompanyStatus
      expect(yield* service.checkMany(CORP, [])).toEqual([])
      const error = yield* Effect.flip(service.checkMany(CORP, ["1111111119", "12345"]))
      expect(error).toMatchObject({ _tag: "ValidationError" })
      expect((error as { paths: ReadonlyArray<string> }).paths).toEqual(["targets[1]"])
      const single = yield* Effect.flip(service.check(CORP, "12-345"))
      expect((single as { paths: ReadonlyArray<string> }).paths).toEqual(["target"])
      const stats = yield* Effect.flatMap(Sandbox, (s) => s.stats)
      expect(stats.totalTokens).toBe(0)
    }).pipe(Effect.provide(Sdk.layer(seeded))))
})
