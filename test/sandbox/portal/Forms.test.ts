/**
 * The portal's forms in process, their state changes seen through the SDK: the mail confirmation
 * (openYN/openDT of e-Tax invoices and statements), the statement approval (200 → 300), the two
 * certificate pages, the cash receipt box and the issue form (RegistIssue's rules, refused fields
 * named on the page). Form tokens: single use, bound to their page.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Cashbill } from "../../../src/domains/cashbill/Cashbill.js"
import { Certificate } from "../../../src/domains/certificate/Certificate.js"
import { Statement } from "../../../src/domains/statement/Statement.js"
import { Taxinvoice } from "../../../src/domains/taxinvoice/Taxinvoice.js"
import { TaxPortal } from "../../../src/domains/taxPortal/TaxPortal.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import { draft } from "../../support/invoices.js"
import { receipt } from "../../support/receipts.js"
import * as Sdk from "../../support/sdk.js"
import { statement } from "../../support/statements.js"
import { open, post, tokenOf } from "./support.js"

const CORP = Sdk.MEMBER
// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const TODAY = "20261122"
const seeded = { sandbox: { members: [{ corpNum: CORP }] } }

describe("portal forms", () => {
  it.effect("the mail page's button confirms the e-Tax invoice's mail: openYN/openDT through GetInfo; the token works once", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const ti = yield* Taxinvoice
      yield* ti.register(CORP, draft("M-1", CORP, TODAY))
      yield* ti.issue(CORP, "SELL", "M-1")
      const url = yield* ti.getURL(CORP, "SELL", "M-1", "MAIL")
      const page = yield* open(url)
      expect(page.text).toContain("수신 확인</button>")
      expect(page.text).toContain("공급받는자 보관용")
      // Opening the page confirms nothing yet.
      expect((yield* ti.getInfo(CORP, "SELL", "M-1")).openYN).toBe(false)
      yield* TestClock.adjust("5 seconds")
      const done = yield* post(url, { token: tokenOf(page) })
      expect(done.status).toBe(200)
      expect(done.text).toContain("수신 확인되었습니다")
      expect(done.text).toContain("2026-11-22 10:00:05")
      expect(done.text).not.toContain("수신 확인</button>")
      const info = yield* ti.getInfo(CORP, "SELL", "M-1")
      expect(info.openYN).toBe(true)
      expect(info.openDT).toBe("20261122100005")
      const twice = yield* post(url, { token: tokenOf(page) })
      expect(twice.status).toBe(410)
      expect(twice.text).toContain("이미 한 번 제출되었습니다")
      // A later mail link shows the confirmation, without a button.
      const later = yield* open(yield* ti.getURL(CORP, "SELL", "M-1", "MAIL"))
      expect(later.text).not.toContain("<form")
      expect(later.text).toContain("수신확인</b>2026-11-22 10:00:05")
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("a form token is bound to its page: another page's URL, none, or a made-up one is 403 and changes nothing", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const ti = yield* Taxinvoice
      yield* ti.register(CORP, draft("M-2", CORP, TODAY))
      yield* ti.issue(CORP, "SELL", "M-2")
      const first = yield* ti.getURL(CORP, "SELL", "M-2", "MAIL")
      const second = yield* ti.getURL(CORP, "SELL", "M-2", "MAIL")
      const token = tokenOf(yield* open(first))
      yield* open(second)
      for (const [url, fields] of [[second, { token }], [first, {}], [first, { token: "0".repeat(32) }]] as const) {
        const refused = yield* post(url, fields)
        expect(refused.status).toBe(403)
        expect(refused.text).toContain("이 페이지에서 발급된 것이 아닙니다")
      }
      expect((yield* ti.getInfo(CORP, "SELL", "M-2")).openYN).toBe(false)
      // The token still works on its own page.
      expect((yield* post(first, { token })).status).toBe(200)
      expect((yield* ti.getInfo(CORP, "SELL", "M-2")).openYN).toBe(true)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("a pending statement's mail page approves it (200 → 300); then its mail page confirms it (openYN); a cancelled one is refused", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const sandbox = yield* Sandbox
      const st = yield* Statement
      yield* sandbox.setMemberPreferences("test", CORP, { statementApprovalRequired: true })
      yield* st.issue(CORP, statement(121, "A-1", CORP))
      yield* st.issue(CORP, statement(121, "A-2", CORP))
      expect((yield* st.getInfo(CORP, 121, "A-1")).stateCode).toBe(200)
      const approval = yield* st.getMailURL(CORP, 121, "A-1")
      const page = yield* open(approval)
      expect(page.text).toContain("승인</button>")
      expect(page.text).toContain("승인대기 (200)")
      const approved = yield* post(approval, { token: tokenOf(page) })
      expect(approved.status).toBe(200)
      expect(approved.text).toContain("승인되었습니다")
      const info = yield* st.getInfo(CORP, 121, "A-1")
      expect(info.stateCode).toBe(300)
      expect(info.issueDT).toBe("20261122100000")
      const mail = yield* st.getMailURL(CORP, 121, "A-1")
      const confirm = yield* open(mail)
      expect(confirm.text).toContain("수신 확인</button>")
      expect((yield* post(mail, { token: tokenOf(confirm) })).status).toBe(200)
      expect(yield* st.getInfo(CORP, 121, "A-1")).toMatchObject({ openYN: true, openDT: "20261122100000" })
      // Cancelled after the page was opened: the state function refuses, the page says why.
      const late = yield* st.getMailURL(CORP, 121, "A-2")
      const latePage = yield* open(late)
      yield* st.cancel(CORP, 121, "A-2")
      const refused = yield* post(late, { token: tokenOf(latePage) })
      expect(refused.status).toBe(400)
      expect(refused.text).toContain("-12")
      expect((yield* st.getInfo(CORP, 121, "A-2")).stateCode).toBe(600)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("the certificate pages register the issuing certificate and the tax portal certificate, seen by the certificate operations", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cert = yield* Certificate
      const portal = yield* TaxPortal
      expect((yield* Effect.flip(cert.getExpireDate(CORP)))._tag).toBe("ApiError")
      const url = yield* cert.getTaxCertURL(CORP)
      const page = yield* open(url)
      expect(page.text).toContain("등록된 인증서가 없습니다")
      const done = yield* post(url, { token: tokenOf(page) })
      expect(done.text).toContain("인증서가 등록되었습니다")
      expect((yield* cert.getExpireDate(CORP)).raw).toBe("20271122100000")
      expect((yield* cert.checkValidation(CORP)).code).toBe(1)
      expect((yield* cert.getInfo(CORP)).subjectDN).toContain(CORP)

      expect((yield* Effect.flip(portal.getCertificateExpireDate(CORP, "cashbill")))._tag).toBe("ApiError")
      const popup = yield* portal.getCertificatePopUpURL(CORP, "cashbill")
      const popupPage = yield* open(popup)
      expect(popupPage.text).toContain("홈택스 인증서 등록")
      yield* post(popup, { token: tokenOf(popupPage) })
      expect((yield* portal.getCertificateExpireDate(CORP, "cashbill")).certificateExpiration).toBe("20271122100000")
      // The page shows the registered certificate next time.
      expect((yield* open(yield* portal.getCertificatePopUpURL(CORP, "cashbill"))).text).toContain("만료: 2027-11-22 10:00:00")
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("WRITE issues a receipt by RegistIssue's rules: refused fields named on the page (400), then issued and seen through GetInfo", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cb = yield* Cashbill
      yield* cb.issue(CORP, receipt("TAKEN", CORP))
      const url = yield* cb.getURL(CORP, "WRITE")
      const form = yield* open(url)
      expect(form.text).toContain(`name="franchiseCorpNum" value="${CORP}"`)
      const fields = {
        token: tokenOf(form),
        tradeType: "승인거래",
        mgtKey: "W-1",
        tradeUsage: "지출증빙용",
        tradeOpt: "일반",
        taxationType: "과세",
        identityNum: "010-000-1234",
        supplyCost: "10000",
        tax: "1000",
        serviceFee: "0",
        totalAmount: "12000",
        franchiseCorpNum: CORP,
        itemName: "<b>원두</b>"
      }
      const refused = yield* post(url, fields)
      expect(refused.status).toBe(400)
      expect(refused.text).toContain('<span class="field-error">identityNum: ')
      expect(refused.text).toContain('<span class="field-error">totalAmount: ')
      // What was typed stays in the form, escaped.
      expect(refused.text).toContain(`value="&lt;b&gt;원두&lt;/b&gt;"`)
      const inUse = yield* post(url, { ...fields, token: tokenOf(refused), identityNum: "01012341234", totalAmount: "11000", mgtKey: "TAKEN" })
      expect(inUse.status).toBe(400)
      expect(inUse.text).toContain('<span class="field-error">mgtKey: ')
      expect(inUse.text).toContain("TAKEN")
      const lateTrade = yield* post(url, { ...fields, token: tokenOf(inUse), identityNum: "01012341234", totalAmount: "11000", tradeDT: "20261120100000" })
      expect(lateTrade.status).toBe(400)
      expect(lateTrade.text).toContain('<span class="field-error">tradeDT: ')
      const issued = yield* post(url, { ...fields, token: tokenOf(lateTrade), identityNum: "01012341234", totalAmount: "11000" })
      expect(issued.status).toBe(200)
      expect(issued.text).toContain("현금영수증이 발행되었습니다")
      const info = yield* cb.getInfo(CORP, "W-1")
      expect(info).toMatchObject({ mgtKey: "W-1", tradeUsage: "지출증빙용", totalAmount: "11000", stateCode: 300, itemName: "<b>원두</b>" })
      expect(issued.text).toContain(info.confirmNum)
      // The form is used up with the issue.
      expect((yield* post(url, { ...fields, token: tokenOf(lateTrade) })).status).toBe(410)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("PBOX lists the member's receipts newest first, each opening its slip (identityNum masked) once, with GetPDF's PDF", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const cb = yield* Cashbill
      yield* cb.issue(CORP, receipt("B-1", CORP))
      yield* TestClock.adjust("1 minute")
      yield* cb.issue(CORP, receipt("B-2", CORP, { customerName: "<img src=x onerror=alert(1)>" }))
      const box = yield* open(yield* cb.getURL(CORP, "PBOX"))
      expect(box.text.indexOf(">B-2<")).toBeLessThan(box.text.indexOf(">B-1<"))
      expect(box.text).toContain("최근 2건 / 전체 2건")
      const links = [...box.text.matchAll(/href="(\/portal\/[0-9a-f]{32})"/g)].map((m) => m[1]!)
      expect(links.length).toBe(2)
      const slip = yield* open(`http://sandbox.taxdoc.local${links[0]}`)
      expect(slip.status).toBe(200)
      expect(slip.text).toContain("현금영수증")
      expect(slip.text).toContain("010****1234")
      expect(slip.text).not.toContain("01012341234")
      expect(slip.text).toContain("&lt;img src=x onerror=alert(1)&gt;")
      expect(slip.text).not.toContain("<img")
      expect((yield* open(`http://sandbox.taxdoc.local${links[0]}`)).status).toBe(410)
      // The slip's PDF link answers the bytes GetPDF answers.
      const pdfLink = /<a href="(\/portal\/[0-9a-f]{32})" class="pdf">/.exec(slip.text)?.[1]
      const pdf = yield* open(`http://sandbox.taxdoc.local${pdfLink}`)
      expect(pdf.headers["content-type"]).toBe("application/pdf;charset=utf-8")
      expect(Buffer.from(pdf.bytes).equals(Buffer.from(yield* cb.getPDF(CORP, "B-2")))).toBe(true)
    }).pipe(Effect.provide(Sdk.layer(seeded))))
})
