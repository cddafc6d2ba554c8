import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import { ErrorCodes, type ErrorCodeName } from "../../src/core/ErrorCodes.js"
import * as Signing from "../../src/core/Signing.js"
import { TESTER_SECRET } from "../../src/sandbox/Partners.js"
import { codeOf, MEMBER, sandboxLayer, send, tokenRequest } from "./support.js"

const T0 = Date.UTC(2026, 10, 22, 4, 16, 15)
const DATE = "2026-11-22T04:16:15Z"
const PATH = "/SERVICE_TEST/Token"

const PRINTABLE = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i))

/** Replaces the character at `at` (modulo the length) by another printable one. */
const changeChar = (text: string, at: number, pick: number): string => {
  const i = at % text.length
  const others = PRINTABLE.filter((c) => c !== text[i])
  return text.slice(0, i) + others[pick % others.length] + text.slice(i + 1)
}

/** Changes one byte (XOR with a non-zero delta). */
const changeByte = (bytes: Uint8Array, at: number, delta: number): Uint8Array => {
  const copy = Uint8Array.from(bytes)
  const i = at % copy.length
  copy[i] = copy[i]! ^ delta
  return copy
}

const tokenRequestShape = fc.record({
  scopes: fc.subarray(["member", "110", "140", "170", "121", "126"]),
  spaced: fc.boolean(),
  forwarded: fc.option(fc.constantFrom("*", "203.0.113.7", "10.0.0.1"), { nil: undefined })
})

const tampering = fc.record({
  target: fc.constantFrom("body", "date", "forwarded", "path", "secret"),
  at: fc.nat(),
  delta: fc.integer({ min: 1, max: 255 })
})

const allowed: Record<string, ReadonlyArray<ErrorCodeName>> = {
  body: ["SignatureMismatch"],
  date: ["SignatureMismatch", "StaleDate"],
  forwarded: ["SignatureMismatch"],
  path: ["SignatureMismatch"],
  secret: ["SignatureMismatch"]
}

describe("token signature property", () => {
  it("any single-byte change to body, date, forwarded value, signed path or secret is refused; the untouched request succeeds", () =>
    fc.assert(
      fc.asyncProperty(tokenRequestShape, tampering, (shape, change) =>
        Effect.gen(function*() {
        yield* TestClock.setTime(T0)
        const body = shape.spaced
          ? `{"access_id": "${MEMBER}", "scope": [${shape.scopes.map((s) => `"${s}"`).join(", ")}]}`
          : JSON.stringify({ access_id: MEMBER, scope: shape.scopes })
        const forwarded = change.target === "forwarded" ? shape.forwarded ?? "*" : shape.forwarded
        const base = { body, date: DATE, forwarded }

        const untouched = yield* Effect.flatMap(tokenRequest(base), send)
        expect(untouched.status).toBe(200)

        const tampered = (() => {
          switch (change.target) {
            case "body":
              return { ...base, signedBody: body, body: changeByte(Signing.utf8(body), change.at, change.delta) }
            case "date":
              return { ...base, signedDate: DATE, date: changeChar(DATE, change.at, change.delta) }
            case "forwarded":
              return { ...base, signedForwarded: forwarded, forwarded: changeChar(forwarded!, change.at, change.delta) }
            case "path":
              return { ...base, signedPath: changeChar(PATH, change.at, change.delta) }
            default: {
              const key = changeByte(Buffer.from(TESTER_SECRET, "base64"), change.at, change.delta)
              return { ...base, secret: Buffer.from(key).toString("base64") }
            }
          }
        })()
        const refused = yield* Effect.flatMap(tokenRequest(tampered), send)
        const expected = allowed[change.target]!.map((name) => ErrorCodes[name].code)
        expect(expected).toContain(codeOf(refused))
        expect(refused.status).toBe(401)
      }).pipe(Effect.provide(sandboxLayer()), Effect.provide(TestClock.layer()), Effect.runPromise)),
      { numRuns: 100 }
    ))
})
