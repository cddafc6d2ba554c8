/**
 * The document pages in headless Chromium, opened from the links the SDK hands out: the e-Tax
 * invoice and statement forms with the document's facts, Korean text drawn with a CJK font, the
 * print page's copy chooser and print stylesheet (one document per printed page, mass print
 * included), the buyer print, the PDF link, a link opened twice or 31 s late (admin clock route)
 * shown as gone (410), and fields carrying script and markup shown as inert text.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { Statement } from "../../src/domains/statement/Statement.js"
import { Taxinvoice } from "../../src/domains/taxinvoice/Taxinvoice.js"
import { draft } from "../support/invoices.js"
import { statement } from "../support/statements.js"
import { perFile, printedPages, SELLER, textOf, TODAY, watchedPage } from "./harness.js"

const h = perFile()

const LINES = [
  { serialNum: 1, purchaseDT: TODAY, itemName: "클라우드 서버 임대", spec: "8 vCPU", qty: "2", unitCost: "450000", supplyCost: "900000", tax: "90000" },
  { serialNum: 2, purchaseDT: TODAY, itemName: "기술 지원", spec: "시간", qty: "6", unitCost: "50000", supplyCost: "300000", tax: "30000" }
]

/** Registers and issues an invoice; answers its confirmation number. */
const issueInvoice = (mgtKey: string, overrides: Parameters<typeof draft>[3] = {}) =>
  h().served.run(Effect.gen(function*() {
    const ti = yield* Taxinvoice
    yield* ti.register(SELLER, draft(mgtKey, SELLER, TODAY, {
      supplyCostTotal: "1200000",
      taxTotal: "120000",
      totalAmount: "1320000",
      credit: "1320000",
      invoicerCorpName: "(주)한빛클라우드",
      invoicerCEOName: "김하늘",
      invoicerAddr: "서울특별시 강남구 테헤란로 152",
      invoiceeCorpName: "바다물산 주식회사",
      remark1: "11월 사용분",
      detailList: LINES,
      ...overrides
    }))
    return (yield* ti.issue(SELLER, "SELL", mgtKey)).ntsConfirmNum
  }))

const invoiceUrl = (mgtKey: string, kind: "POPUP" | "VIEW" | "PRINT" | "EPRINT" | "MAIL" | "PDF") =>
  h().served.run(Effect.flatMap(Taxinvoice, (ti) => ti.getURL(SELLER, "SELL", mgtKey, kind)))

describe("document pages in Chromium", () => {
  it("the e-Tax invoice view shows the statutory form with the document's facts, in Korean with a CJK font", async () => {
    const confirmNum = await issueInvoice("B-VIEW")
    const { page, done } = await watchedPage(h())
    const response = await page.goto(await invoiceUrl("B-VIEW", "VIEW"))
    expect(response?.status()).toBe(200)
    expect(await page.locator(".bar").count()).toBe(0)
    const sheet = await textOf(page, ".sheet")
    for (const fact of ["전자세금계산서", "공급자 보관용", confirmNum, "B-VIEW", "123-45-67891", "(주)한빛클라우드", "김하늘", "333-33-33336", "바다물산 주식회사", "2026-11-22", "1,200,000", "120,000", "1,320,000", "클라우드 서버 임대", "8 vCPU", "450,000", "900,000", "기술 지원", "11월 사용분", "영수", "발행완료 (300)"]) {
      expect(sheet, fact).toContain(fact)
    }
    // Korean is drawn with a CJK font of the page's font stack: Noto Sans CJK KR (the machine's, e.g.
    // Debian's fonts-noto-cjk), or Noto Sans KR, which serves that name in the npm Chromium's fonts.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send("DOM.enable")
    await cdp.send("CSS.enable")
    const { root } = await cdp.send("DOM.getDocument", {})
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: ".sheet .title" })
    const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId })
    expect(fonts.map((f) => f.familyName).join(", ")).toMatch(/Noto (Sans|Serif) CJK|Noto Sans KR/)
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain("Noto Sans CJK KR")
    await done()
  })

  it("the popup shows the bar of facts; the print page chooses copies without script and prints one copy per page", async () => {
    const confirmNum = await issueInvoice("B-PRINT")
    const { page, done } = await watchedPage(h())
    await page.goto(await invoiceUrl("B-PRINT", "POPUP"))
    expect(await textOf(page, ".bar")).toContain(`승인번호${confirmNum}`)
    expect(await textOf(page, ".bar")).toContain("수신확인미확인")

    await page.goto(await invoiceUrl("B-PRINT", "PRINT"))
    const supplier = page.locator(".sheet.supplier")
    const buyer = page.locator(".sheet.buyer")
    expect([await supplier.isVisible(), await buyer.isVisible()]).toEqual([true, true])
    expect(await printedPages(page)).toBe(2)
    await page.click("label[for=copies-buyer]")
    expect([await supplier.isVisible(), await buyer.isVisible()]).toEqual([false, true])
    expect(await textOf(page, ".sheet.buyer")).toContain("공급받는자 보관용")
    await page.emulateMedia({ media: "print" })
    expect(await page.locator(".bar").isVisible()).toBe(false)
    expect(await buyer.isVisible()).toBe(true)
    expect(await printedPages(page)).toBe(1)
    await page.emulateMedia({ media: "screen" })
    await page.click("label[for=copies-supplier]")
    expect([await supplier.isVisible(), await buyer.isVisible()]).toEqual([true, false])
    await done()
  })

  it("the buyer print shows the buyer's copy only; the PDF link answers the invoice's PDF", async () => {
    await issueInvoice("B-EPRINT")
    const { page, done } = await watchedPage(h())
    await page.goto(await invoiceUrl("B-EPRINT", "EPRINT"))
    expect(await page.locator(".sheet.buyer").count()).toBe(1)
    expect(await page.locator(".sheet.supplier").count()).toBe(0)
    await page.emulateMedia({ media: "print" })
    expect(await printedPages(page)).toBe(1)
    await done()

    const pdf = await h().browser.context.request.get(await invoiceUrl("B-EPRINT", "PDF"))
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()["content-type"]).toBe("application/pdf;charset=utf-8")
    const text = (await pdf.body()).toString("latin1")
    expect(text.startsWith("%PDF-1.4")).toBe(true)
    expect(text).toContain("B-EPRINT")
  })

  it("mass print shows every document and prints one per page; a statement's pages show its form", async () => {
    for (const key of ["B-MASS-1", "B-MASS-2", "B-MASS-3"]) await issueInvoice(key)
    const mass = await h().served.run(Effect.flatMap(Taxinvoice, (ti) => ti.getMassPrintURL(SELLER, "SELL", ["B-MASS-1", "B-MASS-2", "B-MASS-3"])))
    const { page, done } = await watchedPage(h())
    await page.goto(mass)
    expect(await page.locator(".sheet").count()).toBe(3)
    expect(await textOf(page, ".bar")).toContain("3건")
    await page.emulateMedia({ media: "print" })
    expect(await printedPages(page)).toBe(3)
    await page.emulateMedia({ media: "screen" })

    const urls = await h().served.run(Effect.gen(function*() {
      const st = yield* Statement
      yield* st.issue(SELLER, statement(121, "S-DOC-1", SELLER))
      yield* st.issue(SELLER, statement(121, "S-DOC-2", SELLER))
      return {
        view: yield* st.getViewURL(SELLER, 121, "S-DOC-1"),
        popup: yield* st.getPopUpURL(SELLER, 121, "S-DOC-1"),
        print: yield* st.getPrintURL(SELLER, 121, "S-DOC-1"),
        eprint: yield* st.getEPrintURL(SELLER, 121, "S-DOC-1"),
        mass: yield* st.getMassPrintURL(SELLER, 121, ["S-DOC-1", "S-DOC-2"])
      }
    }))
    await page.goto(urls.view)
    const sheet = await textOf(page, ".sheet")
    for (const fact of ["거래명세서", "S-DOC-1", "공급자 상사", "공급받는자 상사", "679-87-00433", "원두", "1kg", "100,000", "110,000", "Balance", "15000", "발행완료 (300)"]) {
      expect(sheet, fact).toContain(fact)
    }
    await page.goto(urls.popup)
    expect(await textOf(page, ".bar")).toContain("문서번호S-DOC-1")
    await page.goto(urls.print)
    expect(await page.locator(".sheet.supplier, .sheet.buyer").count()).toBe(2)
    await page.goto(urls.eprint)
    expect(await textOf(page, ".sheet.buyer")).toContain("공급받는자 보관용")
    expect(await page.locator(".sheet.supplier").count()).toBe(0)
    await page.goto(urls.mass)
    await page.emulateMedia({ media: "print" })
    expect(await printedPages(page)).toBe(2)
    await done()
  })

  it("a link opened twice, or 31 s of document time late (admin clock route), shows a page saying it is gone (410)", async () => {
    await issueInvoice("B-LATE")
    const once = await invoiceUrl("B-LATE", "VIEW")
    const late = await invoiceUrl("B-LATE", "POPUP")
    const { page, done } = await watchedPage(h())
    expect((await page.goto(once))?.status()).toBe(200)
    const again = await page.goto(once)
    expect(again?.status()).toBe(410)
    expect(await textOf(page, "main")).toContain("이미 한 번 열렸습니다")
    await h().served.advance(31_000)
    const expired = await page.goto(late)
    expect(expired?.status()).toBe(410)
    expect(await textOf(page, "h1")).toBe("만료된 링크입니다")
    expect(await textOf(page, "main")).toContain("유효시간")
    const forged = await page.goto(`${late.slice(0, -1)}${late.endsWith("0") ? "1" : "0"}`)
    expect(forged?.status()).toBe(404)
    await done()
  })

  it("fields carrying script and markup render inert: shown as text, no element made, no dialog, nothing run", async () => {
    const attacks = {
      invoicerCorpName: "<script>window.__xss = 1; alert('corp')</script>",
      invoiceeCorpName: "\"><img src=x onerror=\"window.__xss = 2; alert('img')\">",
      remark1: "</td></tr></table><svg onload=\"alert('svg')\"></svg>",
      invoicerAddr: "<iframe src=\"javascript:alert('frame')\"></iframe>",
      invoiceeEmail1: "x@example.com' onmouseover='alert(1)"
    }
    await issueInvoice("B-XSS", { ...attacks, detailList: [{ serialNum: 1, purchaseDT: TODAY, itemName: "<b onclick=alert(1)>굵게</b>", supplyCost: "1200000", tax: "120000" }] })
    const urls = await Promise.all((["VIEW", "POPUP", "PRINT", "MAIL"] as const).map((kind) => invoiceUrl("B-XSS", kind)))
    const { page, done } = await watchedPage(h())
    for (const url of urls) {
      await page.goto(url)
      const text = await textOf(page, "body")
      for (const value of Object.values(attacks)) expect(text, value).toContain(value.replace(/\s+/g, " "))
      expect(text).toContain("<b onclick=alert(1)>굵게</b>")
      expect(await page.locator("script, img, svg, iframe, b[onclick]").count()).toBe(0)
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()
      await page.hover(".sheet")
    }
    await done()
  })
})
