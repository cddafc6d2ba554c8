/**
 * The sandbox's own pages (`/_sandbox/ui`) in headless Chromium against a served sandbox, the
 * documents made through the SDK: the overview, following links to a receipt's page (its
 * confirmation number and state), the clock advanced a day with the form and the filing result in
 * the state history, a fault added with the form that the next SDK call meets, a snapshot taken
 * and restored with the forms, the page following a change live, and no serious or critical
 * accessibility violations (axe-core) on the overview and a document's page.
 */
import * as fs from "node:fs"
import { createRequire } from "node:module"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { Page } from "playwright-core"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import { Taxinvoice } from "../../src/domains/taxinvoice/Taxinvoice.js"
import { draft } from "../support/invoices.js"
import { receipt } from "../support/receipts.js"
import { perFile, SELLER, textOf, TODAY, watchedPage } from "./harness.js"

const h = perFile()
const ui = (path = "") => `${h().served.url}/_sandbox/ui${path}`

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

interface Violation {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly nodes: ReadonlyArray<{ readonly target: ReadonlyArray<string> }>
}

const issueInvoice = (mgtKey: string) =>
  Effect.flatMap(Taxinvoice, (ti) => Effect.andThen(ti.register(SELLER, draft(mgtKey, SELLER, TODAY)), ti.issue(SELLER, "SELL", mgtKey)))

/**
 * The serious and critical violations axe-core finds on the page: its script evaluated by the test
 * (through the debugging protocol, which the page's policy does not govern: the page allows no
 * script but its own).
 */
const seriousViolations = async (page: Page): Promise<ReadonlyArray<string>> => {
  await page.evaluate(AXE)
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: ReadonlyArray<Violation> }> } }).axe
    return (await axe.run(document, { resultTypes: ["violations"] })).violations
  }) as ReadonlyArray<Violation>
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)
}

describe("the sandbox's pages in Chromium", () => {
  it("the overview links to the receipt's page, which shows its confirmation number and state; a day later by the clock form its filing is in the history", async () => {
    const issued = await h().served.run(Effect.gen(function*() {
      const receiptIssued = yield* Effect.flatMap(Cashbill, (cb) => cb.issue(SELLER, receipt("UI-R-1", SELLER)))
      yield* issueInvoice("UI-T-1")
      return receiptIssued
    }))
    const { page, done } = await watchedPage(h())
    await page.goto(ui())
    expect(await page.title()).toContain("개요")
    const byState = await textOf(page, "[data-live=by-state]")
    expect(byState).toContain("현금영수증")
    expect(byState).toContain("전자세금계산서")
    expect(await textOf(page, "[data-live=statistics]")).toContain("Cashbill.RegistIssue")

    // Overview → the cash receipts issued (300) → the receipt's page.
    await page.locator("[data-live=by-state] .card", { hasText: "현금영수증" }).getByRole("link", { name: "1", exact: true }).click()
    await page.getByRole("link", { name: "UI-R-1" }).click()
    await page.getByRole("heading", { name: "현금영수증 UI-R-1" }).waitFor()
    const facts = await textOf(page, "[data-live=facts]")
    expect(facts).toContain(issued.confirmNum)
    expect(facts).toContain("발행완료 (300)")
    expect(await textOf(page, "[data-live=calls]")).toContain("Cashbill.RegistIssue")
    expect(await textOf(page, "[data-live=history]")).not.toContain("국세청")

    // The clock form of the overview: one day later the receipt is filed (end of its day, KST).
    await page.goto(ui())
    await page.getByRole("button", { name: "+1일" }).click()
    await page.waitForURL(ui())
    await page.goto(page.url().replace(/\/_sandbox\/ui$/, `/_sandbox/ui/cashbill?id=UI-R-1`))
    await page.getByRole("link", { name: "UI-R-1" }).click()
    const history = await textOf(page, "[data-live=history]")
    expect(history).toContain("국세청 신고 완료")
    expect(history).toContain("국세청 전송완료 (304)")
    expect(history).toContain("0000 정상 처리")
    expect(history).toContain("2026-11-23 00:00:00")
    expect(await textOf(page, "[data-live=facts]")).toContain("국세청 전송완료 (304)")
    expect((await h().served.run(Effect.flatMap(Cashbill, (cb) => cb.getInfo(SELLER, "UI-R-1")))).stateCode).toBe(304)
    await done()
  })

  it("a fault added with the form meets the next SDK call, and the receipt's page shows that call", async () => {
    await h().served.run(Effect.flatMap(Cashbill, (cb) => cb.issue(SELLER, receipt("UI-R-F", SELLER))))
    const { page, done } = await watchedPage(h())
    await page.goto(ui("/faults"))
    const add = page.getByRole("form", { name: "장애 추가" })
    await add.getByLabel("경로").selectOption("Cashbill.GetInfo")
    await add.getByLabel("오류 코드").selectOption("-10000001")
    await add.getByLabel("남은 호출").fill("1")
    await add.getByRole("button", { name: "추가" }).click()
    await page.waitForURL(ui("/faults"))
    expect(await textOf(page, "[data-live=faults-list]")).toContain("Cashbill.GetInfo")

    const met = await h().served.run(Effect.flip(Effect.flatMap(Cashbill, (cb) => cb.getInfo(SELLER, "UI-R-F"))))
    expect(met).toMatchObject({ _tag: "ApiError", code: -10000001 })
    // The fault was for one call: the next one is answered.
    expect((await h().served.run(Effect.flatMap(Cashbill, (cb) => cb.getInfo(SELLER, "UI-R-F")))).stateCode).toBe(300)

    await page.goto(ui("/cashbill?id=UI-R-F"))
    await page.getByRole("link", { name: "UI-R-F" }).click()
    const calls = await textOf(page, "[data-live=calls]")
    expect(calls).toContain("Cashbill.GetInfo 400")
    expect(calls).toContain("Cashbill.GetInfo 200")
    await done()
  })

  it("a snapshot taken with the form, another receipt issued, the snapshot restored with the form: the list no longer shows it", async () => {
    await h().served.run(Effect.flatMap(Cashbill, (cb) => cb.issue(SELLER, receipt("UI-R-KEPT", SELLER))))
    const { page, done } = await watchedPage(h())
    await page.goto(ui("/snapshots"))
    await page.getByRole("button", { name: "스냅샷 만들기" }).click()
    await page.waitForURL(ui("/snapshots"))
    expect(await page.getByRole("button", { name: "복원" }).count()).toBe(1)

    await h().served.run(Effect.flatMap(Cashbill, (cb) => cb.issue(SELLER, receipt("UI-R-AFTER", SELLER))))
    await page.goto(ui("/cashbill"))
    expect(await textOf(page, "[data-live=list]")).toContain("UI-R-AFTER")

    await page.goto(ui("/snapshots"))
    await page.getByRole("button", { name: "복원" }).click()
    await page.waitForURL(ui("/snapshots"))
    await page.goto(ui("/cashbill"))
    const list = await textOf(page, "[data-live=list]")
    expect(list).toContain("UI-R-KEPT")
    expect(list).not.toContain("UI-R-AFTER")
    await done()
  })

  it("a page follows the sandbox live: a receipt issued through the SDK appears in the open list without reloading it", async () => {
    const { page, done } = await watchedPage(h())
    await page.goto(ui("/cashbill"))
    // The page's own script, never a reload: a marker set on the document survives the update.
    await page.evaluate(() => document.documentElement.setAttribute("data-marker", "kept"))
    await h().served.run(Effect.flatMap(Cashbill, (cb) => cb.issue(SELLER, receipt("UI-R-LIVE", SELLER))))
    await page.locator("[data-live=list]", { hasText: "UI-R-LIVE" }).waitFor()
    expect(await page.evaluate(() => document.documentElement.getAttribute("data-marker"))).toBe("kept")
    await done()
  })

  it("the pages speak English to an English browser", async () => {
    const page = await h().browser.context.newPage()
    // The context speaks Korean; this page asks for English.
    await page.route("**/*", (route) => route.continue({ headers: { ...route.request().headers(), "accept-language": "en-US,en;q=0.9" } }))
    await page.goto(ui())
    expect(await page.locator("html").getAttribute("lang")).toBe("en")
    expect(await textOf(page, "h1")).toBe("Overview")
    expect(await textOf(page, "[data-live=by-state]")).toContain("Cash receipts")
    await page.close()
  })

  it("axe-core finds no serious or critical violation on the overview and on a document's page", async () => {
    await h().served.run(issueInvoice("UI-T-AXE"))
    const { page, done } = await watchedPage(h())
    await page.goto(ui())
    expect(await seriousViolations(page)).toEqual([])
    await page.goto(ui("/taxinvoice?id=UI-T-AXE"))
    await page.getByRole("link", { name: "UI-T-AXE" }).click()
    await page.getByRole("heading", { name: /UI-T-AXE/ }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.goto(ui("/cashbill"))
    await page.getByRole("link", { name: "UI-R-1" }).click()
    expect(await seriousViolations(page)).toEqual([])
    await done()
  })
})
