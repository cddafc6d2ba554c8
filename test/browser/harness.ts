/**
 * What the browser tests share: a sandbox served on 127.0.0.1 with the SDK against it, one headless
 * Chromium per test file, and a page per test that records what would show a broken page — a
 * dialog (script ran), a console error (e.g. the page policy refused the stylesheet), a request
 * that left the sandbox's origin, an uncaught page error.
 */
import { afterAll, beforeAll, expect } from "@effect/vitest"
import type { Page } from "playwright-core"
import { type Browser, launch } from "../support/browser.js"
import { type Served, serve } from "../support/served.js"

export const SELLER = "1234567891"
// 2026-11-22 10:00 KST: the document date of every test.
export const START = Date.UTC(2026, 10, 22, 1, 0, 0)
export const TODAY = "20261122"

export interface Harness {
  readonly served: Served
  readonly browser: Browser
}

export const start = async (): Promise<Harness> => {
  const [served, browser] = await Promise.all([serve([{ corpNum: SELLER }]), launch({ locale: "ko-KR" })])
  await served.setClock(START)
  return { served, browser }
}

export const stop = async (harness: Harness | undefined): Promise<void> => {
  await Promise.all([harness?.browser.close(), harness?.served.close()])
}

/** The harness of a test file: started before its tests, stopped after them. */
export const perFile = (): (() => Harness) => {
  let harness: Harness | undefined
  beforeAll(async () => {
    harness = await start()
  }, 60_000)
  afterAll(() => stop(harness))
  return () => harness!
}

export interface Watched {
  readonly page: Page
  /** Asserts that nothing went wrong on the page so far, then closes it. */
  readonly done: () => Promise<void>
}

/** A new page whose dialogs, console errors, page errors and foreign requests are recorded. */
export const watchedPage = async (harness: Harness): Promise<Watched> => {
  const page = await harness.browser.context.newPage()
  const problems: Array<string> = []
  page.on("dialog", (dialog) => {
    problems.push(`dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
  page.on("console", (message) => {
    // A 410/404 page is a failed resource load in the console's eyes: that is the page under test.
    if (message.type() === "error" && !/status of 4(04|10|03|00)/.test(message.text())) problems.push(`console: ${message.text()}`)
  })
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`))
  page.on("request", (request) => {
    if (!request.url().startsWith(harness.served.url)) problems.push(`request outside the sandbox: ${request.url()}`)
  })
  return {
    page,
    done: async () => {
      expect(problems).toEqual([])
      await page.close()
    }
  }
}

/** The text of a page's first element matching `selector`, whitespace collapsed. */
export const textOf = async (page: Page, selector: string): Promise<string> =>
  (await page.locator(selector).first().innerText()).replace(/\s+/g, " ").trim()

/** How many PDF pages `page.pdf()` prints. */
export const printedPages = async (page: Page): Promise<number> => {
  const pdf = (await page.pdf({ format: "A4" })).toString("latin1")
  return (pdf.match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length
}
