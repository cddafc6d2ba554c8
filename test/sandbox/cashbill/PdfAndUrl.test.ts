import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { ErrorCodes } from "../../../src/core/ErrorCodes.js"
import { textDocument } from "../../../src/sandbox/documents/Pdf.js"
import * as Portal from "../../../src/sandbox/portal/Portal.js"
import type { RouteResponse } from "../../../src/sandbox/routing/Route.js"
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

/** Opens a link through the portal's dispatcher (what the kernel does for `/portal/…`). */
const openUrl = (url: string) =>
  Portal.respond({ method: "GET", segments: new URL(url).pathname.split("/").filter((s) => s !== ""), body: new Uint8Array(), environment: "test", language: "en" })

const statusOf = (answer: RouteResponse): number => (answer._tag === "Html" ? answer.status : 200)

describe("GetURL", () => {
  it.effect("hands out a URL on the sandbox origin that opens once, within 30 seconds", () =>
    run(Effect.gen(function*() {
      const { url } = yield* jsonOf("GetURL", { query: "TG=PBOX" })
      expect(url).toMatch(/^http:\/\/sandbox\.taxdoc\.local\/portal\/[0-9a-f]{32}$/)
      const box = yield* openUrl(url)
      expect(box).toMatchObject({ _tag: "Html", status: 200 })
      expect(box._tag === "Html" && box.html).toContain("Issued cash receipts")
      expect(box._tag === "Html" && box.html).toContain("123-45-67890")
      // Single-use: the second visit finds it used up.
      expect(statusOf(yield* openUrl(url))).toBe(410)
      const late = (yield* jsonOf("GetURL", { query: "TG=PBOX" })).url as string
      yield* TestClock.adjust("29 seconds")
      const inTime = (yield* jsonOf("GetURL", { query: "TG=PBOX" })).url as string
      yield* TestClock.adjust("1 second")
      expect(statusOf(yield* openUrl(late))).toBe(410)
      expect(statusOf(yield* openUrl(inTime))).toBe(200)
    })))

  it.effect("expiry follows the sandbox clock offset; every call gives a new URL", () =>
    run(Effect.gen(function*() {
      const first = (yield* jsonOf("GetURL", { query: "TG=WRITE" })).url as string
      const second = (yield* jsonOf("GetURL", { query: "TG=WRITE" })).url as string
      expect(second).not.toBe(first)
      const clock = yield* SandboxClock
      yield* clock.advance(30_000)
      expect(statusOf(yield* openUrl(first))).toBe(410)
      expect(statusOf(yield* openUrl(`${first}0`))).toBe(404)
      expect(statusOf(yield* openUrl(second))).toBe(410)
    })))

  it.effect("takes only PBOX and WRITE", () =>
    run(Effect.gen(function*() {
      expect(yield* codeOf("GetURL", { query: "TG=VIEW" })).toBe(ErrorCodes.InvalidField.code)
    })))
})
