import { describe, expect, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import { ErrorCodes } from "../../../src/core/ErrorCodes.js"
import { textDocument } from "../../../src/sandbox/Pdf.js"
import { cashbillRoutes } from "../../../src/sandbox/cashbill/Routes.js"
import { SandboxClock } from "../../../src/sandbox/Clock.js"
import { call, codeOf, jsonOf, receipt, run } from "./harness.js"
import { checkPdf } from "./pdfCheck.js"

describe("GetPDF", () => {
  it.effect("answers a real PDF 1.4 document with the receipt's key facts in English", () =>
    run(Effect.gen(function*() {
      const issued = yield* jsonOf("RegistIssue", { body: receipt("PDF-1") })
      const response = yield* call("GetPDF", { params: { mgtKey: "PDF-1" }, query: "PDF" })
      if (response._tag !== "Pdf") throw new Error("not a PDF")
      const content = checkPdf(response.bytes)
      for (const fact of ["PDF-1", issued.confirmNum, "20261122", "approval", "income deduction", "11000 KRW", "010****1234"]) {
        expect(content).toContain(fact)
      }
      expect(content).not.toContain("01012341234")
    })))

  it.effect("answers CashbillNotFound for an unknown document", () =>
    run(Effect.gen(function*() {
      expect(yield* codeOf("GetPDF", { params: { mgtKey: "nope" }, query: "PDF" })).toBe(-14000003)
    })))

  it("escapes PDF string delimiters and replaces what is not ASCII", () => {
    const content = checkPdf(textDocument("T (1)", ["a\\b (c) 한글"]))
    expect(content).toContain("(a\\\\b \\(c\\) ??) Tj")
  })
})

const portal = cashbillRoutes.find((r) => r.operation.name === "Sandbox.CashbillPortal")!

const openUrl = (url: string) => {
  const ticket = url.split("/").pop() ?? ""
  return portal.handle(
    {
      method: "GET",
      path: new URL(url).pathname,
      params: { ticket },
      query: new URLSearchParams(),
      headers: {},
      body: new Uint8Array(),
      override: undefined,
      language: "en",
      environment: "test",
      remoteAddress: "127.0.0.1",
      operation: portal.operation
    },
    { linkId: "", corpNum: "", userId: undefined, scopes: [], environment: "test" }
  )
}

describe("GetURL", () => {
  it.effect("hands out a URL on the sandbox origin that opens once, within 30 seconds", () =>
    run(Effect.gen(function*() {
      const { url } = yield* jsonOf("GetURL", { query: "TG=PBOX" })
      expect(url).toMatch(/^http:\/\/sandbox\.taxdoc\.local\/Cashbill\/Portal\/[0-9a-f]{32}$/)
      expect(yield* openUrl(url)).toMatchObject({ _tag: "Json", body: { code: 1, menu: "PBOX", corpNum: "1234567890" } })
      // Single-use: the second visit finds it used up.
      expect((yield* Effect.flip(openUrl(url))).entry.code).toBe(ErrorCodes.UrlExpired.code)
      const late = (yield* jsonOf("GetURL", { query: "TG=PBOX" })).url as string
      yield* TestClock.adjust("29 seconds")
      const inTime = (yield* jsonOf("GetURL", { query: "TG=PBOX" })).url as string
      yield* TestClock.adjust("1 second")
      expect((yield* Effect.flip(openUrl(late))).entry.code).toBe(ErrorCodes.UrlExpired.code)
      expect((yield* openUrl(inTime))._tag).toBe("Json")
    })))

  it.effect("expiry follows the sandbox clock offset; every call gives a new URL", () =>
    run(Effect.gen(function*() {
      const first = (yield* jsonOf("GetURL", { query: "TG=WRITE" })).url as string
      const second = (yield* jsonOf("GetURL", { query: "TG=WRITE" })).url as string
      expect(second).not.toBe(first)
      const clock = yield* SandboxClock
      yield* clock.advance(30_000)
      expect((yield* Effect.flip(openUrl(first))).entry.code).toBe(ErrorCodes.UrlExpired.code)
      expect((yield* Effect.flip(openUrl(`${first}0`))).entry.code).toBe(ErrorCodes.NotFoundPath.code)
    })))

  it.effect("takes only PBOX and WRITE", () =>
    run(Effect.gen(function*() {
      expect(yield* codeOf("GetURL", { query: "TG=VIEW" })).toBe(ErrorCodes.InvalidField.code)
    })))
})
