import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { TestClock } from "effect/testing"
import { ErrorCodes } from "../../../src/core/ErrorCodes.js"
import { CompanyStatus, CompanyStatusList } from "../../../src/domains/companyStatus/Schemas.js"
import { api, codeOf, issueToken, sandboxLayer } from "../support.js"

// 2026-11-22 23:30 UTC is already 2026-11-23 in Korea.
const T0 = Date.UTC(2026, 10, 22, 23, 30)

const withToken = <A, E, R>(f: (token: string) => Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(T0)
    return yield* f((yield* issueToken({ scopes: ["member", "170"] })).session_token)
  })

describe("company status", () => {
  it.effect("one number by query: the fixed table, checkDate today in KST", () =>
    withToken((token) =>
      Effect.gen(function*() {
        const answer = yield* api({ path: "/CloseDown?CN=1111111119", token })
        expect(answer.status).toBe(200)
        expect(answer.body).toEqual({
          corpNum: "1111111119",
          taxType: "10",
          typeDate: "2012-07-01",
          state: "2",
          stateDate: "20230630",
          checkDate: "2026-11-23"
        })
        const decoded = Schema.decodeUnknownSync(CompanyStatus)(answer.body)
        expect(decoded.stateDate).toBe("20230630")
      })
    ).pipe(Effect.provide(sandboxLayer())))

  it.effect("a number failing the check digit is unregistered", () =>
    withToken((token) =>
      Effect.map(api({ path: "/CloseDown?CN=1234567890", token }), (answer) =>
        expect(answer.body).toMatchObject({ corpNum: "1234567890", state: "0", taxType: null, typeDate: null, stateDate: null }))
    ).pipe(Effect.provide(sandboxLayer())))

  it.effect("several numbers keep their order", () =>
    withToken((token) =>
      Effect.gen(function*() {
        const numbers = ["5555555553", "1234567890", "2222222227", "3333333336", "1234567891", "4444444444"]
        const answer = yield* api({ method: "POST", path: "/CloseDown", token, body: numbers })
        expect(answer.status).toBe(200)
        const list = Schema.decodeUnknownSync(CompanyStatusList)(answer.body)
        expect(list.map((s) => s.corpNum)).toEqual(numbers)
        expect(list.map((s) => [s.state, s.taxType])).toEqual([["1", "40"], ["0", null], ["3", "10"], ["1", "30"], ["1", "10"], ["1", "20"]])
      })
    ).pipe(Effect.provide(sandboxLayer())))

  it.effect("1,000 numbers are answered, 1,001 refused", () =>
    withToken((token) =>
      Effect.gen(function*() {
        const numbers = Array.from({ length: 1000 }, (_, i) => String(1000000000 + i))
        const ok = yield* api({ method: "POST", path: "/CloseDown", token, body: numbers })
        expect((ok.body as ReadonlyArray<unknown>).length).toBe(1000)
        const tooMany = yield* api({ method: "POST", path: "/CloseDown", token, body: [...numbers, "1234567891"] })
        expect(tooMany.status).toBe(400)
        expect(codeOf(tooMany)).toBe(ErrorCodes.TooManyCorpNums.code)
      })
    ).pipe(Effect.provide(sandboxLayer())))

  it.effect("a malformed number is InvalidCorpNum, a non-array body InvalidRequest", () =>
    withToken((token) =>
      Effect.gen(function*() {
        for (const path of ["/CloseDown?CN=123", "/CloseDown?CN=123-45-67890", "/CloseDown"]) {
          const answer = yield* api({ path, token })
          expect(answer.status).toBe(400)
          expect(codeOf(answer)).toBe(ErrorCodes.InvalidCorpNum.code)
        }
        const bad = yield* api({ method: "POST", path: "/CloseDown", token, body: ["1234567891", "12345"] })
        expect(codeOf(bad)).toBe(ErrorCodes.InvalidCorpNum.code)
        expect((bad.body as { message: string }).message).toContain("[1]")
        expect(codeOf(yield* api({ method: "POST", path: "/CloseDown", token, body: ["1234567891", 1234567891] }))).toBe(ErrorCodes.InvalidCorpNum.code)
        expect(codeOf(yield* api({ method: "POST", path: "/CloseDown", token, body: { CN: "1234567891" } }))).toBe(ErrorCodes.InvalidRequest.code)
      })
    ).pipe(Effect.provide(sandboxLayer())))
})
