import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { BAD_CSV, fixtures, JOIN, MEMBER, RECEIPT, type Running, start, taxdoc } from "./support.js"

const dir = fixtures({ "join.json": JSON.stringify(JOIN), "receipt.json": JSON.stringify(RECEIPT), "bad.csv": BAD_CSV })
const file = (name: string) => path.join(dir, name)

let server: Running
let url = ""
let secret = ""
let stopped = false

beforeAll(async () => {
  server = start(["sandbox", "serve", "--port", "0", "--host", "127.0.0.1"])
  secret = (await server.waitFor(/partner TESTER secret (\S+)/))[1]!
  url = (await server.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!
}, 60_000)

afterAll(async () => {
  if (!stopped) await server.stop("SIGKILL")
  fs.rmSync(dir, { recursive: true, force: true })
})

const target = () => ["--sandbox-url", url, "--corp-num", MEMBER]

const stats = async () => (await (await fetch(`${url}/_sandbox/stats`)).json()) as { calls: Record<string, number> }

describe("operation commands against `taxdoc sandbox serve` on 127.0.0.1", () => {
  it("member join signs the member up with the printed TESTER secret", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["member", "join", "--sandbox-url", url, "--secret", secret, "--file", file("join.json"), "--json"])
    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ code: 1 })
  })

  it("a bad CSV names each bad field by line and column, exits 2, and nothing reaches the sandbox", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["cashbill", "bulk", ...target(), "--file", file("bad.csv")], { env: { TAXDOC_SECRET_KEY: secret } })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`Cashbill.issueMany: invalid input in ${file("bad.csv")}, nothing was sent`)
    expect(run.stderr).toContain("line 3, column identityNum:")
    expect(run.stderr).toContain("line 4, column tradeUsage:")
    expect(run.stderr).toContain("line 4, column franchiseCorpNum:")
    const calls = (await stats()).calls
    expect(Object.keys(calls).filter((route) => route.startsWith("Cashbill."))).toEqual([])
  })

  it("cashbill issue, then the clock moves past midnight and the receipt is filed", { timeout: 60_000 }, async () => {
    const issued = await taxdoc(["cashbill", "issue", ...target(), "--file", file("receipt.json")], { env: { TAXDOC_SECRET_KEY: secret } })
    expect(issued.code).toBe(0)
    expect(issued.stdout).toMatch(/^confirmNum\s+\d{9}$/m)
    // Run again (a job rerun after a crash): the same receipt answers as the first run did.
    const again = await taxdoc(["cashbill", "issue", ...target(), "--file", file("receipt.json")], { env: { TAXDOC_SECRET_KEY: secret } })
    expect(again.stderr).toBe("")
    expect(again.code).toBe(0)
    expect(again.stdout.match(/^confirmNum\s+(\d{9})$/m)?.[1]).toBe(issued.stdout.match(/^confirmNum\s+(\d{9})$/m)?.[1])

    const clock = await taxdoc(["sandbox", "clock", "--sandbox-url", url, "--advance", "1 day", "--json"])
    expect(clock.code).toBe(0)
    expect((JSON.parse(clock.stdout) as { offset: number }).offset).toBe(86_400_000)

    const info = await taxdoc(["cashbill", "info", ...target(), RECEIPT.mgtKey, "--json"], { env: { TAXDOC_SECRET_KEY: secret } })
    expect(info.code).toBe(0)
    expect(JSON.parse(info.stdout)).toMatchObject({ mgtKey: RECEIPT.mgtKey, stateCode: 304, ntsresultCode: "0000" })
    // The second run was refused as in use, then read back.
    expect((await stats()).calls["Cashbill.RegistIssue"]).toBe(2)
  })

  it("cashbill url: a receipt's page by --kind, several IDs one mass-print page, a menu without IDs; member url: the member's pages", { timeout: 60_000 }, async () => {
    const env = { env: { TAXDOC_SECRET_KEY: secret } }
    const print = await taxdoc(["cashbill", "url", ...target(), "--kind", "PRINT", RECEIPT.mgtKey, "--json"], env)
    expect(print.stderr).toBe("")
    const printed = JSON.parse(print.stdout) as { kind: string; url: string; validity: string }
    expect(printed).toMatchObject({ kind: "PRINT", validity: "valid for 30 seconds" })
    const page = await fetch(printed.url)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(RECEIPT.mgtKey)
    const mass = await taxdoc(["cashbill", "url", ...target(), RECEIPT.mgtKey, RECEIPT.mgtKey, "--json"], env)
    expect(JSON.parse(mass.stdout)).toMatchObject({ kind: "MASSPRINT" })
    const box = await taxdoc(["cashbill", "url", ...target(), "--json"], env)
    expect(JSON.parse(box.stdout)).toMatchObject({ menu: "PBOX" })
    const confused = await taxdoc(["cashbill", "url", ...target(), "--menu", "WRITE", RECEIPT.mgtKey], env)
    expect(confused.code).toBe(2)
    expect(confused.stderr).toContain("--menu is for the member's menus")
    const use = await taxdoc(["member", "url", ...target(), "--page", "USEHISTORY"], env)
    expect(use.code).toBe(0)
    const address = use.stdout.split("\n")[0]!
    expect(address).toMatch(/\/portal\/[0-9a-f]{32}$/)
    expect(await (await fetch(address)).text()).toContain("사용 내역")
    expect((await stats()).calls["Cashbill.GetPrintURL"]).toBe(1)
  })

  it("sandbox clock --set reads a time without a zone, or 14 digits, in KST whatever this machine's zone", { timeout: 60_000 }, async () => {
    const inNewYork = { env: { TZ: "America/New_York" } }
    // The answer is the sandbox time as it answers: the instant set, and the moments since.
    const setTo = async (value: string) => {
      const run = await taxdoc(["sandbox", "clock", "--sandbox-url", url, "--set", value, "--json"], inNewYork)
      expect(run.code).toBe(0)
      return JSON.parse(run.stdout) as { readonly now: number; readonly kst: string }
    }
    const zoneless = await setTo("2031-01-02T09:00")
    expect(zoneless.now - Date.UTC(2031, 0, 2, 0, 0)).toBeGreaterThanOrEqual(0)
    expect(zoneless.now - Date.UTC(2031, 0, 2, 0, 0)).toBeLessThan(60_000)
    expect(zoneless.kst.slice(0, 12)).toBe("203101020900")
    expect((await setTo("20310103000000")).kst.slice(0, 12)).toBe("203101030000")
    expect((await setTo("2031-01-02T09:00:00Z")).kst.slice(0, 12)).toBe("203101021800")
    const wrong = await taxdoc(["sandbox", "clock", "--sandbox-url", url, "--set", "next tuesday"])
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain("is not an ISO date and time, nor 14 digits yyyyMMddHHmmss")
  })

  it("stops cleanly on SIGTERM", { timeout: 60_000 }, async () => {
    const finished = await server.stop("SIGTERM")
    stopped = true
    expect(finished.signal).toBeNull()
    expect(finished.code).toBe(0)
  })
})
