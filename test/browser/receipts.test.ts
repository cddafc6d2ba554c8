/**
 * The cash receipt pages and the member's pages in headless Chromium, opened from the links the
 * SDK hands out: a receipt's view, pop-up, print (the merchant's and the customer's copies, one per
 * printed page), customer print, mail page (no expiry) and PDF, mass print of several receipts; the
 * member's home, charge, payment and use history pages.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import { Member } from "../../src/domains/member/Member.js"
import { receipt } from "../support/receipts.js"
import { perFile, printedPages, SELLER, textOf, watchedPage } from "./harness.js"

const h = perFile()

describe("cash receipt and member pages in Chromium", () => {
  it("every page URL of a receipt opens its page; mass print shows each receipt on its own printed page", async () => {
    const { confirmNum, urls } = await h().served.run(Effect.gen(function*() {
      const cashbill = yield* Cashbill
      const issued = yield* cashbill.issue(SELLER, receipt("R-PAGE-1", SELLER, { customerName: "김고객", itemName: "원두 1kg" }))
      yield* cashbill.issue(SELLER, receipt("R-PAGE-2", SELLER))
      return {
        confirmNum: issued.confirmNum,
        urls: {
          view: yield* cashbill.getViewURL(SELLER, "R-PAGE-1"),
          popup: yield* cashbill.getPopUpURL(SELLER, "R-PAGE-1"),
          print: yield* cashbill.getPrintURL(SELLER, "R-PAGE-1"),
          eprint: yield* cashbill.getEPrintURL(SELLER, "R-PAGE-1"),
          mail: yield* cashbill.getMailURL(SELLER, "R-PAGE-1"),
          pdf: yield* cashbill.getPDFURL(SELLER, "R-PAGE-1"),
          mass: yield* cashbill.getMassPrintURL(SELLER, ["R-PAGE-1", "R-PAGE-2"])
        }
      }
    }))
    const { page, done } = await watchedPage(h())

    expect((await page.goto(urls.view))?.status()).toBe(200)
    expect(await page.locator(".bar").count()).toBe(0)
    const slip = await textOf(page, ".sheet")
    for (const fact of ["현금영수증", confirmNum, "김고객", "원두 1kg", "11,000", "R-PAGE-1", "가맹점 보관용"]) expect(slip, fact).toContain(fact)

    await page.goto(urls.popup)
    expect(await textOf(page, ".bar")).toContain(`승인번호${confirmNum}`)
    expect(await textOf(page, ".bar")).toContain("문서번호R-PAGE-1")

    await page.goto(urls.print)
    const merchant = page.locator(".sheet.supplier")
    const customer = page.locator(".sheet.buyer")
    expect([await merchant.isVisible(), await customer.isVisible()]).toEqual([true, true])
    expect(await textOf(page, ".choices")).toContain("고객 보관용")
    expect(await printedPages(page)).toBe(2)
    await page.click("label[for=copies-buyer]")
    expect([await merchant.isVisible(), await customer.isVisible()]).toEqual([false, true])
    expect(await textOf(page, ".sheet.buyer")).toContain("고객 보관용")

    await page.goto(urls.eprint)
    expect(await page.locator(".sheet.buyer").count()).toBe(1)
    expect(await page.locator(".sheet.supplier").count()).toBe(0)

    // The mail page's link does not expire: it opens after a day of document time.
    await h().served.advance(86_400_000)
    expect((await page.goto(urls.mail))?.status()).toBe(200)
    expect(await textOf(page, ".sheet.buyer")).toContain(confirmNum)
    await done()

    const late = await h().browser.context.request.get(urls.pdf)
    expect(late.status()).toBe(410)
    const pdfUrl = await h().served.run(Effect.flatMap(Cashbill, (c) => c.getPDFURL(SELLER, "R-PAGE-2")))
    const pdf = await h().browser.context.request.get(pdfUrl)
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()["content-type"]).toBe("application/pdf;charset=utf-8")
    const text = (await pdf.body()).toString("latin1")
    expect(text.startsWith("%PDF-1.4")).toBe(true)
    expect(text).toContain("R-PAGE-2")

    const mass = await h().served.run(Effect.flatMap(Cashbill, (c) => c.getMassPrintURL(SELLER, ["R-PAGE-1", "R-PAGE-2"])))
    const second = await watchedPage(h())
    await second.page.goto(mass)
    expect(await second.page.locator(".sheet").count()).toBe(2)
    expect(await textOf(second.page, ".bar")).toContain("2건")
    await second.page.emulateMedia({ media: "print" })
    expect(await printedPages(second.page)).toBe(2)
    await second.done()
    // The first mass-print link expired with the day that passed.
    expect((await h().browser.context.request.get(urls.mass)).status()).toBe(410)
  })

  it("the member's pages: home with its company and contacts, charge and payment (nothing charged), use history per day", async () => {
    const urls = await h().served.run(Effect.gen(function*() {
      const cashbill = yield* Cashbill
      yield* cashbill.issue(SELLER, receipt("R-USE-1", SELLER))
      const member = yield* Member
      return {
        home: yield* member.getAccessURL(SELLER),
        charge: yield* member.getChargeURL(SELLER),
        payment: yield* member.getPaymentURL(SELLER),
        use: yield* member.getUseHistoryURL(SELLER)
      }
    }))
    const { page, done } = await watchedPage(h())
    expect((await page.goto(urls.home))?.status()).toBe(200)
    expect(await textOf(page, "h1")).toBe("회원 홈")
    expect(await textOf(page, "main")).toContain("123-45-67891")
    expect(await textOf(page, "main")).toContain("회사 정보")
    expect(await page.content()).not.toMatch(/password|비밀번호/i)
    await page.goto(urls.charge)
    expect(await textOf(page, "main")).toContain("요금을 받지 않습니다")
    await page.goto(urls.payment)
    expect(await textOf(page, "h1")).toBe("결제 내역")
    await page.goto(urls.use)
    const rows = await page.locator("tbody tr").allTextContents()
    expect(rows.length).toBeGreaterThan(0)
    // The newest day first; this day counts the receipt just issued.
    expect(rows[0]).toMatch(/^\d{4}-\d{2}-\d{2}\s*[1-9]/)
    await done()
  })
})
