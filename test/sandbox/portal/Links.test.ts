/**
 * The portal's links end to end in process: every URL operation of the SDK answers
 * `<origin>/portal/<ticket>`, and the link opens its page once, within 30 s of document time (mail
 * links: no expiry); used again or late → 410 with a page saying so; never handed out → 404; every
 * page carries the page policy. Production links open production data.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { Cashbill } from "../../../src/domains/cashbill/Cashbill.js"
import { Certificate } from "../../../src/domains/certificate/Certificate.js"
import { Statement } from "../../../src/domains/statement/Statement.js"
import { Taxinvoice } from "../../../src/domains/taxinvoice/Taxinvoice.js"
import { TaxPortal } from "../../../src/domains/taxPortal/TaxPortal.js"
import { CONTENT_SECURITY_POLICY } from "../../../src/sandbox/pages/Shell.js"
import * as Connect from "../../../src/sandbox/Connect.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import * as Taxdoc from "../../../src/Taxdoc.js"
import { draft } from "../../support/invoices.js"
import { receipt } from "../../support/receipts.js"
import * as Sdk from "../../support/sdk.js"
import { statement } from "../../support/statements.js"
import { LINK, open } from "./support.js"

const CORP = Sdk.MEMBER
// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const TODAY = "20261122"
const seeded = { sandbox: { members: [{ corpNum: CORP, environments: ["test", "production"] as const }] } }

describe("portal links", () => {
  it.effect("every URL operation answers <origin>/portal/<ticket>, and each link opens its page (HTML with the page policy, or the PDF)", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const ti = yield* Taxinvoice
      const st = yield* Statement
      const cb = yield* Cashbill
      yield* ti.register(CORP, draft("T-1", CORP, TODAY))
      yield* ti.issue(CORP, "SELL", "T-1")
      yield* st.issue(CORP, statement(121, "S-1", CORP))
      yield* cb.issue(CORP, receipt("C-1", CORP))
      const links: ReadonlyArray<readonly [string, Effect.Effect<string, unknown, Taxinvoice | Statement | Cashbill | Certificate | TaxPortal>]> = [
        ...(["POPUP", "VIEW", "PRINT", "EPRINT", "MAIL", "PDF"] as const).map((kind) => [`Taxinvoice ${kind}`, ti.getURL(CORP, "SELL", "T-1", kind)] as const),
        ["Taxinvoice MASSPRINT", ti.getMassPrintURL(CORP, "SELL", ["T-1"])],
        ["Statement POPUP", st.getPopUpURL(CORP, 121, "S-1")],
        ["Statement VIEW", st.getViewURL(CORP, 121, "S-1")],
        ["Statement PRINT", st.getPrintURL(CORP, 121, "S-1")],
        ["Statement EPRINT", st.getEPrintURL(CORP, 121, "S-1")],
        ["Statement MAIL", st.getMailURL(CORP, 121, "S-1")],
        ["Statement MASSPRINT", st.getMassPrintURL(CORP, 121, ["S-1"])],
        ["Cashbill PBOX", cb.getURL(CORP, "PBOX")],
        ["Cashbill WRITE", cb.getURL(CORP, "WRITE")],
        ["Certificate", Effect.flatMap(Certificate, (c) => c.getTaxCertURL(CORP))],
        ["TaxPortal certificate", Effect.flatMap(TaxPortal, (t) => t.getCertificatePopUpURL(CORP, "cashbill"))]
      ]
      const seen = new Set<string>()
      for (const [name, get] of links) {
        const url = yield* Effect.orDie(get)
        expect(url, name).toMatch(LINK)
        expect(url.startsWith("http://sandbox.taxdoc.local/portal/"), name).toBe(true)
        seen.add(url)
        const page = yield* open(url)
        expect(page.status, name).toBe(200)
        if (name === "Taxinvoice PDF") {
          expect(page.headers["content-type"]).toBe("application/pdf;charset=utf-8")
          expect(page.text.startsWith("%PDF-1.4")).toBe(true)
          expect(page.text).toContain("T-1")
          continue
        }
        expect(page.headers["content-type"], name).toBe("text/html; charset=utf-8")
        expect(page.headers["content-security-policy"], name).toBe(CONTENT_SECURITY_POLICY)
        expect(page.headers["cache-control"], name).toBe("no-store")
        expect(page.headers["referrer-policy"], name).toBe("no-referrer")
        expect(page.text, name).toMatch(/^<!doctype html>\n<html lang="ko">/)
        expect(page.text, name).not.toMatch(/<script|\son[a-z]+=|style="/i)
      }
      expect(seen.size).toBe(links.length)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("a link opens once: the second visit is 410 and says the link was used; a forged one is 404", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const url = yield* Effect.flatMap(Cashbill, (cb) => cb.getURL(CORP, "PBOX"))
      expect((yield* open(url)).status).toBe(200)
      const again = yield* open(url)
      expect(again.status).toBe(410)
      expect(again.text).toContain("이미 한 번 열렸습니다")
      expect(again.text).toContain("-10000045")
      const english = yield* open(url, "en-US")
      expect(english.text).toContain("This link was opened already")
      const ticket = url.slice(-32)
      const forged = `${url.slice(0, -32)}${ticket[0] === "0" ? "1" : "0"}${ticket.slice(1)}`
      const unknown = yield* open(forged)
      expect(unknown.status).toBe(404)
      expect(unknown.text).toContain("발급한 링크가 아닙니다")
      expect((yield* open(`${url}/more`)).status).toBe(404)
      expect((yield* open(url.replace(/[0-9a-f]{32}$/, "not-a-ticket"))).status).toBe(404)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("valid 30 s of document time: 29 s after, it opens; 30 s after (base clock or the sandbox clock), 410; a mail link has no expiry", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const ti = yield* Taxinvoice
      const sandbox = yield* Sandbox
      yield* ti.register(CORP, draft("T-2", CORP, TODAY))
      yield* ti.issue(CORP, "SELL", "T-2")
      const inTime = yield* ti.getURL(CORP, "SELL", "T-2", "VIEW")
      const late = yield* ti.getURL(CORP, "SELL", "T-2", "VIEW")
      const moved = yield* ti.getURL(CORP, "SELL", "T-2", "POPUP")
      const mail = yield* ti.getURL(CORP, "SELL", "T-2", "MAIL")
      yield* TestClock.adjust("29 seconds")
      expect((yield* open(inTime)).status).toBe(200)
      yield* TestClock.adjust("1 second")
      const gone = yield* open(late)
      expect(gone.status).toBe(410)
      expect(gone.text).toContain("유효시간")
      yield* sandbox.advanceClock(-30_000)
      expect((yield* open(moved)).status).toBe(200)
      yield* sandbox.advanceClock(30 * 24 * 60 * 60 * 1000)
      expect((yield* open(mail)).status).toBe(200)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("production links carry /production and open the production documents of the member", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      yield* Effect.flatMap(Cashbill, (cb) => cb.issue(CORP, receipt("TEST-ONLY", CORP)))
      const url = yield* Effect.flatMap(Cashbill, (cb) => Effect.andThen(cb.issue(CORP, receipt("PROD-1", CORP)), cb.getURL(CORP, "PBOX"))).pipe(
        Effect.provide(Taxdoc.services.pipe(Layer.provideMerge(Connect.layerConfig({ environment: "production" }))))
      )
      expect(url).toMatch(/^http:\/\/sandbox\.taxdoc\.local\/production\/portal\/[0-9a-f]{32}$/)
      const box = yield* open(url)
      expect(box.status).toBe(200)
      expect(box.text).toContain("PROD-1")
      expect(box.text).not.toContain("TEST-ONLY")
      expect(box.text).toContain('href="/production/portal/')
      // The production ticket is unknown to the test environment.
      expect((yield* open(url.replace("/production", ""))).status).toBe(404)
    }).pipe(Effect.provide(Sdk.layer(seeded))))
})
