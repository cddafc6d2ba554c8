/**
 * The portal's forms in headless Chromium, their state changes seen through the SDK: the mail
 * confirmation button (openYN/openDT), the statement approval button (200 → 300), the two
 * certificate pages, the cash receipt box and the issue form (a refused field named on the page,
 * then issued).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import { Certificate } from "../../src/domains/certificate/Certificate.js"
import { Statement } from "../../src/domains/statement/Statement.js"
import { Taxinvoice } from "../../src/domains/taxinvoice/Taxinvoice.js"
import { TaxPortal } from "../../src/domains/taxPortal/TaxPortal.js"
import { draft } from "../support/invoices.js"
import { receipt } from "../support/receipts.js"
import { statement } from "../support/statements.js"
import { perFile, SELLER, textOf, TODAY, watchedPage } from "./harness.js"

const h = perFile()

describe("portal forms in Chromium", () => {
  it("the mail page's button confirms the e-Tax invoice's mail: openYN and openDT through GetInfo", async () => {
    const url = await h().served.run(Effect.gen(function*() {
      const ti = yield* Taxinvoice
      yield* ti.register(SELLER, draft("F-MAIL", SELLER, TODAY))
      yield* ti.issue(SELLER, "SELL", "F-MAIL")
      return yield* ti.getURL(SELLER, "SELL", "F-MAIL", "MAIL")
    }))
    const { page, done } = await watchedPage(h())
    await page.goto(url)
    expect(await textOf(page, ".bar")).toContain("수신확인미확인")
    expect(await page.locator(".sheet.buyer").count()).toBe(1)
    expect((await h().served.run(Effect.flatMap(Taxinvoice, (ti) => ti.getInfo(SELLER, "SELL", "F-MAIL")))).openYN).toBe(false)
    await page.getByRole("button", { name: "수신 확인" }).click()
    await page.getByRole("status").waitFor()
    expect(await textOf(page, "[role=status]")).toContain("수신 확인되었습니다")
    expect(await page.getByRole("button").count()).toBe(0)
    const info = await h().served.run(Effect.flatMap(Taxinvoice, (ti) => ti.getInfo(SELLER, "SELL", "F-MAIL")))
    expect(info.openYN).toBe(true)
    expect(info.openDT).toMatch(/^20261122\d{6}$/)
    // Back to the page: the link is fetched again (pages are not cached) and is used up.
    const back = await page.goBack()
    expect(back?.status()).toBe(410)
    await done()
  })

  it("a pending statement's mail page approves it: stateCode 300 through GetInfo, then the mail is confirmed", async () => {
    await h().served.admin(`members/${SELLER}/preferences`, { statementApprovalRequired: true })
    const url = await h().served.run(Effect.gen(function*() {
      const st = yield* Statement
      yield* st.issue(SELLER, statement(123, "F-APPROVE", SELLER))
      return yield* st.getMailURL(SELLER, 123, "F-APPROVE")
    }))
    await h().served.admin(`members/${SELLER}/preferences`, { statementApprovalRequired: null })
    const { page, done } = await watchedPage(h())
    await page.goto(url)
    expect(await textOf(page, ".sheet")).toContain("견적서")
    expect(await textOf(page, ".bar")).toContain("승인대기 (200)")
    await page.getByRole("button", { name: "승인" }).click()
    await page.getByRole("status").waitFor()
    expect(await textOf(page, "[role=status]")).toContain("승인되었습니다")
    expect(await textOf(page, ".bar")).toContain("발행완료 (300)")
    const info = await h().served.run(Effect.flatMap(Statement, (st) => st.getInfo(SELLER, 123, "F-APPROVE")))
    expect(info.stateCode).toBe(300)
    expect(info.issueDT).toMatch(/^20261122\d{6}$/)

    await page.goto(await h().served.run(Effect.flatMap(Statement, (st) => st.getMailURL(SELLER, 123, "F-APPROVE"))))
    await page.getByRole("button", { name: "수신 확인" }).click()
    await page.getByRole("status").waitFor()
    expect((await h().served.run(Effect.flatMap(Statement, (st) => st.getInfo(SELLER, 123, "F-APPROVE")))).openYN).toBe(true)
    await done()
  })

  it("the certificate pages register the issuing and the tax portal certificates, seen by the certificate operations", async () => {
    const urls = await h().served.run(Effect.gen(function*() {
      return { issuing: yield* Effect.flatMap(Certificate, (c) => c.getTaxCertURL(SELLER)), portal: yield* Effect.flatMap(TaxPortal, (t) => t.getCertificatePopUpURL(SELLER, "cashbill")) }
    }))
    const { page, done } = await watchedPage(h())
    await page.goto(urls.issuing)
    expect(await textOf(page, "main")).toContain("등록된 인증서가 없습니다")
    await page.getByRole("button", { name: "테스트 인증서 등록" }).click()
    await page.getByRole("status").waitFor()
    const expiry = await h().served.run(Effect.flatMap(Certificate, (c) => c.getExpireDate(SELLER)))
    expect(expiry.raw).toMatch(/^20271122\d{6}$/)
    expect(await textOf(page, "[role=status]")).toContain(`${expiry.raw.slice(0, 4)}-${expiry.raw.slice(4, 6)}-${expiry.raw.slice(6, 8)}`)

    await page.goto(urls.portal)
    expect(await textOf(page, "h1")).toBe("홈택스 인증서 등록 (현금영수증 수집용)")
    await page.getByRole("button", { name: "테스트 인증서 등록" }).click()
    await page.getByRole("status").waitFor()
    expect((await h().served.run(Effect.flatMap(TaxPortal, (t) => t.checkCertValidation(SELLER, "cashbill")))).code).toBe(1)
    await done()
  })

  it("PBOX lists the receipts and opens each one's slip and its PDF (GetPDF's bytes); WRITE names a refused field on the page, then issues the receipt", async () => {
    const urls = await h().served.run(Effect.gen(function*() {
      const cb = yield* Cashbill
      const issued = yield* cb.issue(SELLER, receipt("F-BOX-1", SELLER))
      return { box: yield* cb.getURL(SELLER, "PBOX"), write: yield* cb.getURL(SELLER, "WRITE"), confirmNum: issued.confirmNum }
    }))
    const { page, done } = await watchedPage(h())
    await page.goto(urls.box)
    expect(await textOf(page, "table.list")).toContain("F-BOX-1")
    await page.getByRole("link", { name: "보기" }).first().click()
    await page.locator(".sheet").waitFor()
    const slip = await textOf(page, ".sheet")
    for (const fact of ["현금영수증", urls.confirmNum, "소득공제용", "010****1234", "11,000", "발행완료 (300)"]) expect(slip, fact).toContain(fact)
    const pdfLink = new URL((await page.locator("a.pdf").getAttribute("href"))!, page.url()).href
    const pdf = await h().browser.context.request.get(pdfLink)
    expect(pdf.headers()["content-type"]).toBe("application/pdf;charset=utf-8")
    const getPDF = await h().served.run(Effect.flatMap(Cashbill, (cb) => cb.getPDF(SELLER, "F-BOX-1")))
    expect((await pdf.body()).equals(Buffer.from(getPDF))).toBe(true)

    await page.goto(urls.write)
    await page.fill("input[name=mgtKey]", "F-WRITE-1")
    await page.fill("input[name=identityNum]", "12")
    await page.fill("input[name=supplyCost]", "20000")
    await page.fill("input[name=tax]", "2000")
    await page.fill("input[name=totalAmount]", "22000")
    await page.fill("input[name=itemName]", "원두 1kg")
    await page.selectOption("select[name=tradeUsage]", "지출증빙용")
    await page.getByRole("button", { name: "발행" }).click()
    await page.getByRole("alert").waitFor()
    expect(await textOf(page, "label[data-field=identityNum] .field-error")).toMatch(/^identityNum: /)
    // What was typed is still there.
    expect(await page.inputValue("input[name=itemName]")).toBe("원두 1kg")
    expect(await page.inputValue("select[name=tradeUsage]")).toBe("지출증빙용")
    await page.fill("input[name=identityNum]", "1234567891")
    await page.getByRole("button", { name: "발행" }).click()
    await page.getByRole("status").waitFor()
    const info = await h().served.run(Effect.flatMap(Cashbill, (cb) => cb.getInfo(SELLER, "F-WRITE-1")))
    expect(info).toMatchObject({ tradeUsage: "지출증빙용", totalAmount: "22000", itemName: "원두 1kg", stateCode: 300 })
    expect(await textOf(page, "[role=status]")).toContain(info.confirmNum)
    expect(await textOf(page, ".sheet")).toContain("원두 1kg")
    await done()
  })
})
