/**
 * The e-Tax invoice step of the demo: register a draft, attach a PDF, issue it, watch filing reach
 * 304 (the sandbox's filing moved one step per read for the step), then bulk-issue 250 invoices.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Kst from "../../core/Kst.js"
import type { TaxinvoiceDraft } from "../../domains/taxinvoice/Schemas.js"
import { Taxinvoice } from "../../domains/taxinvoice/Taxinvoice.js"
import { textDocument } from "../../sandbox/documents/Pdf.js"
import { Sandbox } from "../../sandbox/index.js"
import * as Progress from "../progress.js"
import { MEMBER } from "./receipts.js"
import type { Step } from "./steps.js"
import * as Admin from "./admin.js"
import type { TourContext } from "./context.js"

/**
 * Invoices the bulk part of the step issues.
 *
 * @since 0.1.0
 * @category constants
 */
export const INVOICE_BULK_COUNT = 250

/**
 * A draft of the member `corpNum` (the demo's) to a business in business (3333333336 in the status
 * table).
 *
 * @since 0.1.0
 * @category constructors
 */
export const demoDraft = (invoicerMgtKey: string, writeDate: string, corpNum = MEMBER): TaxinvoiceDraft => ({
  issueType: "정발행",
  taxType: "과세",
  chargeDirection: "정과금",
  writeDate,
  purposeType: "영수",
  supplyCostTotal: "1000000",
  taxTotal: "100000",
  totalAmount: "1100000",
  invoicerMgtKey,
  invoicerCorpNum: corpNum,
  invoicerCorpName: "택스독 데모상사",
  invoicerCEOName: "홍길동",
  invoiceeType: "사업자",
  invoiceeCorpNum: "3333333336",
  invoiceeCorpName: "공급받는자 상사",
  invoiceeCEOName: "이대표",
  invoiceeEmail1: "buyer@example.com",
  detailList: [{ serialNum: 1, purchaseDT: writeDate, itemName: "컨설팅", qty: "1", unitCost: "1000000", supplyCost: "1000000", tax: "100000" }]
})

/**
 * The step.
 *
 * @since 0.1.0
 * @category constructors
 */
export const taxinvoiceStep: Step<TourContext> = {
  name: "taxinvoice.lifecycle",
  title: `An e-Tax invoice from draft to filed, then ${INVOICE_BULK_COUNT} in bulk`,
  run: ({ expect, say }) =>
    Effect.gen(function*() {
      const ti = yield* Taxinvoice
      const sandbox = yield* Sandbox.Sandbox
      // writeDate is judged on the SDK's clock (today, KST).
      const today = Kst.toDate8(yield* Clock.currentTimeMillis)
      yield* ti.register(MEMBER, demoDraft("DEMO-INV-0001", today))
      const pdf = textDocument("Quotation", ["Consulting, November", "1,000,000 KRW + 100,000 KRW tax"])
      yield* ti.attachFile(MEMBER, "SELL", "DEMO-INV-0001", { bytes: pdf, fileName: "견적서.pdf", displayName: "견적서" })
      const files = yield* ti.getFiles(MEMBER, "SELL", "DEMO-INV-0001")
      yield* say(`draft DEMO-INV-0001 saved (100) with ${files.length} file: ${files.map((f) => f.displayName).join(", ")}`)
      yield* expect("the PDF is attached", files.map((f) => f.displayName), ["견적서"])
      const issued = yield* ti.issue(MEMBER, "SELL", "DEMO-INV-0001", { memo: "데모 발행" })
      yield* say(`issued: confirmation number ${issued.ntsConfirmNum ?? ""}`)
      yield* expect("a 24-character confirmation number", issued.ntsConfirmNum?.length, 24)
      // For the demo the authority answers one step per read instead of at midnight.
      yield* Admin.setProgression("taxinvoice.filing", { _tag: "AfterPolls", polls: 1 })
      const codes: Array<number> = []
      for (let i = 0; i < 4; i++) codes.push((yield* ti.getInfo(MEMBER, "SELL", "DEMO-INV-0001")).stateCode)
      yield* Admin.setProgression("taxinvoice.filing", { _tag: "EndOfDay" })
      yield* say(`filing: ${codes.join(" → ")}`)
      yield* expect("filing went 301 → 302 → 303 → 304", codes, [301, 302, 303, 304])
      const outbox = yield* sandbox.outbox("test")
      yield* expect("the buyer was notified (sandbox outbox)", outbox.filter((m) => m.document === "DEMO-INV-0001").map((m) => m.receiver), ["buyer@example.com"])

      const drafts = Array.from({ length: INVOICE_BULK_COUNT }, (_, i) => demoDraft(`DEMO-INV-B${String(i).padStart(3, "0")}`, today))
      const display = Progress.make(`issuing ${INVOICE_BULK_COUNT} e-Tax invoices`)
      let submissions = 0
      const results = yield* ti.issueMany(MEMBER, drafts, {
        interval: "50 millis",
        onProgress: (p) => {
          submissions = p.submissions
          return Progress.issueManyReporter(display)(p)
        }
      })
      const ok = results.filter((r) => r.code === 1).length
      yield* display.finish(`${ok} of ${results.length} issued in ${submissions} submissions`)
      yield* say(`${results.length} invoices in ${submissions} submissions of at most 100 (BulkIssue, then GetBulkResult until txState 2)`)
      yield* expect("3 submissions (100 + 100 + 50)", submissions, 3)
      yield* expect(`all ${INVOICE_BULK_COUNT} issued, results in input order`, results.every((r, i) => r.code === 1 && r.invoicerMgtKey === drafts[i]!.invoicerMgtKey), true)
    })
}
