/**
 * Remakes the portal screenshots shown in the README (`docs/images/*.png`) with the same headless
 * Chromium as the browser tests: a sandbox served on 127.0.0.1, e-Tax invoices issued through the
 * SDK on a fixed document date, then the view page of one and the mass-print page of four.
 *
 *   npx tsx scripts/screenshots.ts
 *
 * The browser is the one `test/support/chromium.ts` finds: `TAXDOC_CHROMIUM`, else the system's
 * `/usr/bin/chromium` with the machine's fonts, else the dev dependency's, with its own Korean font.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Effect } from "effect"
import type { TaxinvoiceDraft } from "../src/domains/taxinvoice/Schemas.js"
import { Taxinvoice } from "../src/domains/taxinvoice/Taxinvoice.js"
import { launch } from "../test/support/browser.js"
import { serve } from "../test/support/served.js"

const SELLER = "1234567891"
const BUYER = "3333333336"
// 2026-11-25 10:00 KST
const DOCUMENT_TIME = Date.UTC(2026, 10, 25, 1, 0, 0)
const OUT = path.join(import.meta.dirname, "..", "docs", "images")

const ITEMS = [
  { itemName: "클라우드 서버 임대 (11월)", spec: "vCPU 8 / 32GB", qty: "2", unitCost: "450000" },
  { itemName: "데이터베이스 관리 서비스", spec: "월 정액", qty: "1", unitCost: "300000" },
  { itemName: "보안 관제", spec: "24시간", qty: "1", unitCost: "250000" },
  { itemName: "기술 지원", spec: "시간", qty: "6", unitCost: "50000" }
]

const invoice = (n: number): TaxinvoiceDraft => {
  const lines = ITEMS.slice(0, 1 + (n % ITEMS.length)).map((item, i) => {
    const supply = Number(item.qty) * Number(item.unitCost)
    return { serialNum: i + 1, purchaseDT: "20261125", ...item, supplyCost: String(supply), tax: String(supply / 10) }
  })
  const supply = lines.reduce((sum, line) => sum + Number(line.supplyCost), 0)
  return {
    issueType: "정발행",
    taxType: "과세",
    chargeDirection: "정과금",
    writeDate: "20261125",
    purposeType: n % 2 === 0 ? "청구" : "영수",
    supplyCostTotal: String(supply),
    taxTotal: String(supply / 10),
    totalAmount: String(supply + supply / 10),
    credit: String(supply + supply / 10),
    invoicerMgtKey: `INV-2026-11-${String(n).padStart(3, "0")}`,
    invoicerCorpNum: SELLER,
    invoicerCorpName: "(주)한빛클라우드",
    invoicerCEOName: "김하늘",
    invoicerAddr: "서울특별시 강남구 테헤란로 152, 12층",
    invoicerBizType: "정보통신업",
    invoicerBizClass: "클라우드 서비스",
    invoicerContactName: "박세무",
    invoicerTEL: "02-555-0100",
    invoicerEmail: "tax@hanbit-cloud.example",
    invoiceeType: "사업자",
    invoiceeCorpNum: BUYER,
    invoiceeCorpName: "바다물산 주식회사",
    invoiceeCEOName: "이바다",
    invoiceeAddr: "부산광역시 해운대구 센텀중앙로 79",
    invoiceeBizType: "도매 및 소매업",
    invoiceeBizClass: "수산물 유통",
    invoiceeContactName1: "최구매",
    invoiceeEmail1: "buyer@bada.example",
    remark1: "11월 사용분",
    detailList: lines
  }
}

const main = async () => {
  const served = await serve([{ corpNum: SELLER }])
  const browser = await launch({ locale: "ko-KR" })
  try {
    await served.setClock(DOCUMENT_TIME)
    const keys = [1, 2, 3, 4].map((n) => invoice(n).invoicerMgtKey)
    const urls = await served.run(Effect.gen(function*() {
      const ti = yield* Taxinvoice
      for (const n of [1, 2, 3, 4]) {
        yield* ti.register(SELLER, invoice(n))
        yield* ti.issue(SELLER, "SELL", invoice(n).invoicerMgtKey)
      }
      return {
        view: yield* ti.getURL(SELLER, "SELL", keys[2]!, "VIEW"),
        massPrint: yield* ti.getMassPrintURL(SELLER, "SELL", keys)
      }
    }))
    fs.mkdirSync(OUT, { recursive: true })
    const page = await browser.context.newPage()
    await page.setViewportSize({ width: 900, height: 600 })
    await page.goto(urls.view)
    await page.screenshot({ path: path.join(OUT, "taxinvoice-view.png"), fullPage: true })
    await page.setViewportSize({ width: 900, height: 1000 })
    await page.goto(urls.massPrint)
    await page.screenshot({ path: path.join(OUT, "mass-print.png"), fullPage: false })
    console.log(`wrote ${path.join(OUT, "taxinvoice-view.png")} and ${path.join(OUT, "mass-print.png")} with ${browser.chromium.executablePath} (${browser.chromium.source})`)
  } finally {
    await browser.close()
    await served.close()
  }
}

await main()
