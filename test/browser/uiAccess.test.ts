/**
 * The admin rules on the sandbox's pages, in headless Chromium: on a sandbox listening on a
 * non-loopback address every page and every action answers 401 with the sign-in form and nothing
 * of the state until the admin token is entered — once, in a form, kept in an HttpOnly,
 * SameSite=Strict cookie that does not hold the token, never in a URL; and a form of another site
 * posted to any of the pages' actions of a loopback sandbox (which needs no token) is refused and
 * changes nothing, even carrying the pages' form token.
 */
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import { type Browser, launch } from "../support/browser.js"
import { receipt } from "../support/receipts.js"
import { serve, type Served } from "../support/served.js"
import { SELLER } from "./harness.js"

/** Every page of the pages, and every action with the fields it takes. */
const PAGES = ["", "/members", `/members/${SELLER}`, "/cashbill", "/taxinvoice", "/statement", "/jobs", "/faults", "/snapshots", "/outbox", "/events?since=0"]
const ACTIONS: ReadonlyArray<readonly [string, Readonly<Record<string, string>>]> = [
  ["clock", { advance: "1", unit: "days" }],
  ["clock", { set: "2030-01-01T00:00" }],
  ["faults", { route: "Cashbill.GetInfo", kind: "reset" }],
  ["faults/remove", {}],
  ["progressions", { kind: "cashbill.filing", policy: "Immediate" }],
  ["snapshots", {}],
  ["snapshots/restore", { id: "x" }],
  ["snapshots/forget", { id: "x" }],
  ["sign-out", {}]
]

/** A page of another site: `http://localhost:<port>/` serving `body`. */
const serveOtherSite = async (): Promise<{ readonly url: string; readonly set: (body: string) => void; readonly close: () => Promise<void> }> => {
  let body = ""
  const server = Http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" })
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    set: (next) => void (body = next),
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

let guarded: Served | undefined
let loopback: Served | undefined
let browser: Browser | undefined
let confirmNum = ""

beforeAll(async () => {
  // The one on 0.0.0.0 needs its admin token; both are reached at 127.0.0.1.
  ;[guarded, loopback, browser] = await Promise.all([serve([{ corpNum: SELLER }], { host: "0.0.0.0" }), serve([{ corpNum: SELLER }]), launch({ locale: "ko-KR" })])
  confirmNum = (await guarded.run(Effect.flatMap(Cashbill, (cb) => cb.issue(SELLER, receipt("GUARDED-1", SELLER))))).confirmNum
}, 60_000)

afterAll(async () => {
  await Promise.all([guarded?.close(), loopback?.close(), browser?.close()])
})

const formBody = (fields: Readonly<Record<string, string>>) => new URLSearchParams(fields).toString()

describe("the admin rules on the sandbox's pages", () => {
  it("on a non-loopback address, without the token every page and every action answers 401 and shows nothing of the state", async () => {
    const { url } = guarded!
    const adminToken = guarded!.adminToken!
    const answers = [
      ...PAGES.map((path) => fetch(`${url}/_sandbox/ui${path}`)),
      ...PAGES.map((path) => fetch(`${url}/production/_sandbox/ui${path}`)),
      ...ACTIONS.map(([action, fields]) =>
        fetch(`${url}/_sandbox/ui/${action}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: formBody(fields) })
      )
    ]
    for (const answer of await Promise.all(answers)) {
      const text = await answer.text()
      expect(answer.status, answer.url).toBe(401)
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8")
      expect(text).toContain(`name="token"`)
      // The form sends the visitor back to the address asked for (which may name a member): the rest is the form alone.
      const shown = text.replace(/name="back" value="[^"]*"/, "")
      for (const secret of [SELLER, "GUARDED-1", confirmNum, adminToken, "Cashbill"]) expect(shown, `${answer.url} shows ${secret}`).not.toContain(secret)
    }
    // Nothing was done: the state is as it was (read with the token through the JSON route).
    const clock = await fetch(`${url}/_sandbox/clock`, { headers: { authorization: `Bearer ${adminToken}` } })
    expect(await clock.json()).toMatchObject({ offset: 0 })
    // A made-up cookie is no token either.
    const forged = await fetch(`${url}/_sandbox/ui`, { headers: { cookie: `taxdoc_sandbox_admin=${adminToken}` } })
    expect(forged.status).toBe(401)
  })

  it("the token entered once in the form is kept in an HttpOnly, SameSite=Strict cookie without the token; it never appears in a URL", async () => {
    const { url } = guarded!
    const adminToken = guarded!.adminToken!
    const page = await browser!.context.newPage()
    const urls: Array<string> = []
    page.on("request", (request) => urls.push(request.url()))
    const first = await page.goto(`${url}/_sandbox/ui/cashbill`)
    expect(first?.status()).toBe(401)
    await page.getByLabel("관리자 토큰").fill("not the token")
    await page.getByRole("button", { name: "로그인" }).click()
    expect(await page.getByRole("alert").innerText()).toContain("관리자 토큰이 아닙니다")
    await page.getByLabel("관리자 토큰").fill(adminToken)
    await page.getByRole("button", { name: "로그인" }).click()
    // Back on the page asked for, which shows the state now.
    await page.waitForURL(`${url}/_sandbox/ui/cashbill`)
    expect(await page.locator("[data-live=list]").innerText()).toContain("GUARDED-1")
    await page.getByRole("link", { name: "GUARDED-1" }).click()
    expect(await page.locator("[data-live=facts]").innerText()).toContain(confirmNum)

    const cookies = await page.context().cookies(url)
    expect(cookies).toHaveLength(1)
    expect(cookies[0]).toMatchObject({ name: "taxdoc_sandbox_admin", httpOnly: true, sameSite: "Strict", path: "/" })
    expect(cookies[0]!.value).not.toContain(adminToken)
    expect(await page.evaluate(() => document.cookie)).toBe("")
    expect(urls.filter((u) => u.includes(adminToken) || u.includes(encodeURIComponent(adminToken)))).toEqual([])

    // The JSON admin routes still want the bearer: the pages' cookie opens the pages only.
    expect((await page.context().request.get(`${url}/_sandbox/stats`)).status()).toBe(401)

    await page.goto(`${url}/_sandbox/ui`)
    await page.getByRole("button", { name: "로그아웃" }).click()
    await page.waitForURL(`${url}/_sandbox/ui`)
    expect(await page.getByLabel("관리자 토큰").count()).toBe(1)
    expect(await page.context().cookies(url)).toEqual([])
    await page.close()
  })

  it("a form of another site posted to any action of a loopback sandbox is refused and changes nothing, even with the pages' form token", async () => {
    const served = loopback!
    await served.run(Effect.flatMap(Cashbill, (cb) => cb.issue(SELLER, receipt("CROSS-1", SELLER))))
    const other = await serveOtherSite()
    const page = await browser!.context.newPage()
    try {
      await page.goto(`${served.url}/_sandbox/ui/faults`)
      const formToken = await page.locator("input[name=form]").first().getAttribute("value")
      expect(formToken).toMatch(/^[0-9a-f]{32}$/)
      const state = () =>
        Promise.all(["clock", "faults", "progressions", "snapshots", "stats"].map((route) => fetch(`${served.url}/_sandbox/${route}`).then((r) => r.json())))
          // Time passes: the clock's offset is what a form would have moved.
          .then(([clock, ...rest]) => [(clock as { readonly offset: number }).offset, ...rest])
      const before = await state()

      for (const [action, fields] of ACTIONS) {
        const inputs = Object.entries({ ...fields, form: formToken!, back: "/_sandbox/ui" })
          .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`).join("")
        other.set(`<!doctype html><html lang="en"><head><title>another site</title></head><body><form method="post" action="${served.url}/_sandbox/ui/${action}">${inputs}<button type="submit">send</button></form></body></html>`)
        await page.goto(other.url)
        const [answer] = await Promise.all([page.waitForResponse((r) => r.url() === `${served.url}/_sandbox/ui/${action}`), page.getByRole("button", { name: "send" }).click()])
        expect(answer.status(), action).toBe(403)
        expect(await answer.text()).toContain("다른 사이트에서 온 요청")
      }

      expect(await state()).toEqual(before)
      // The sandbox's own page still works: the refusal was the other site's, not the form's.
      await page.goto(`${served.url}/_sandbox/ui/snapshots`)
      await page.getByRole("button", { name: "스냅샷 만들기" }).click()
      await page.waitForURL(`${served.url}/_sandbox/ui/snapshots`)
      expect(await page.getByRole("button", { name: "복원" }).count()).toBe(1)
    } finally {
      await page.close()
      await other.close()
    }
  })
})
