/**
 * Remakes the screenshots of the sandbox's own pages shown in docs/sandbox.md
 * (`docs/images/sandbox-overview.png`, `docs/images/sandbox-document.png`) with the same headless
 * Chromium as the browser tests: a sandbox served on 127.0.0.1, cash receipts, e-Tax invoices and
 * statements made through the SDK on a fixed document date, a day passed on the clock, then the
 * overview and an e-Tax invoice's page.
 *
 *   npx tsx scripts/sandbox-pages-screenshots.ts
 *
 * The browser is the one `test/support/chromium.ts` finds: `TAXDOC_CHROMIUM`, else the system's
 * `/usr/bin/chromium` with the machine's fonts, else the dev dependency's, with its own Korean font.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Effect } from "effect"
import { Cashbill } from "../src/domains/cashbill/Cashbill.js"
import { Statement } from "../src/domains/statement/Statement.js"
import { Taxinvoice } from "../src/domains/taxinvoice/Taxinvoice.js"
import { launch } from "../test/support/browser.js"
import { draft } from "../test/support/invoices.js"
import { FAILS_FILING, receipt } from "../test/support/receipts.js"
import { serve } from "../test/support/served.js"
import { statement } from "../test/support/statements.js"

const SELLER = "1234567891"
const OTHER = "3333333336"
// 2026-11-25 10:00 KST
const DOCUMENT_TIME = Date.UTC(2026, 10, 25, 1, 0, 0)
const DAY = "20261125"
const OUT = path.join(import.meta.dirname, "..", "docs", "images")

const main = async () => {
  const served = await serve([{ corpNum: SELLER }, { corpNum: OTHER }])
  const browser = await launch({ locale: "ko-KR" })
  try {
    await served.setClock(DOCUMENT_TIME)
    await served.run(Effect.gen(function*() {
      const cb = yield* Cashbill
      const ti = yield* Taxinvoice
      const st = yield* Statement
      for (let n = 1; n <= 12; n++) {
        yield* cb.issue(SELLER, receipt(`CB-2026-${String(n).padStart(4, "0")}`, SELLER, n % 5 === 0 ? { identityNum: FAILS_FILING } : {}))
      }
      for (let n = 1; n <= 3; n++) yield* cb.issue(OTHER, receipt(`SHOP-${n}`, OTHER))
      for (let n = 1; n <= 4; n++) {
        const mgtKey = `INV-2026-11-${String(n).padStart(3, "0")}`
        yield* ti.register(SELLER, draft(mgtKey, SELLER, DAY, { invoiceeCorpName: "바다물산 주식회사" }))
        if (n === 2) yield* ti.attachFile(SELLER, "SELL", mgtKey, { bytes: new TextEncoder().encode("견적서"), fileName: "quote.pdf", displayName: "견적서" })
        if (n !== 4) yield* ti.issue(SELLER, "SELL", mgtKey)
      }
      yield* ti.getURL(SELLER, "SELL", "INV-2026-11-002", "MAIL")
      for (let n = 1; n <= 2; n++) yield* st.issue(SELLER, statement(121, `EST-${n}`, SELLER))
      yield* cb.getInfo(SELLER, "CB-2026-0001")
    }))
    // A day later: the receipts and the invoices issued are filed (one receipt's filing fails).
    await served.advance(24 * 60 * 60 * 1000)
    fs.mkdirSync(OUT, { recursive: true })
    const page = await browser.context.newPage()
    await page.setViewportSize({ width: 1100, height: 900 })
    await page.goto(`${served.url}/_sandbox/ui`)
    await page.screenshot({ path: path.join(OUT, "sandbox-overview.png"), fullPage: true })
    await page.goto(`${served.url}/_sandbox/ui/taxinvoice?id=INV-2026-11-002`)
    await page.getByRole("link", { name: "INV-2026-11-002" }).click()
    await page.getByRole("heading", { name: /INV-2026-11-002/ }).waitFor()
    await page.screenshot({ path: path.join(OUT, "sandbox-document.png"), fullPage: false })
    console.log(`wrote ${path.join(OUT, "sandbox-overview.png")} and ${path.join(OUT, "sandbox-document.png")} with ${browser.chromium.executablePath} (${browser.chromium.source})`)
  } finally {
    await browser.close()
    await served.close()
  }
}

await main()
