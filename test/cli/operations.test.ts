import { afterAll, describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { fixtures, GOOD_CSV, MEMBER, RECEIPT, taxdoc } from "./support.js"

// Each command runs against its own fresh in-process sandbox (--sandbox), the member signed up.
const dir = fixtures({
  "receipt.json": JSON.stringify(RECEIPT),
  "bad-receipt.json": JSON.stringify({ ...RECEIPT, mgtKey: "NO SPACES!", tradeUsage: "소득공제", identityNum: "12", franchiseCorpNum: "123-45-67890" }),
  "receipts.csv": GOOD_CSV,
  // Line 3 leaves taxationType and identityNum empty, and its total is not the sum of its amounts.
  "short.csv": GOOD_CSV.split("\n").slice(0, 2).join("\n") + "\nCSV-9,승인거래,소득공제용,,1000,100,0,1200,1234567891,,tea\n",
  "broken-cassette.json": "{\"interactions\": ["
})
const file = (name: string) => path.join(dir, name)
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe("operation commands against --sandbox", () => {
  it("cashbill issue --json answers the confirmation", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["cashbill", "issue", "--sandbox", "--corp-num", MEMBER, "--file", file("receipt.json"), "--json"])
    expect(run.code).toBe(0)
    const answer = JSON.parse(run.stdout) as Record<string, unknown>
    expect(answer["mgtKey"]).toBe(RECEIPT.mgtKey)
    expect(answer["code"]).toBe(1)
    expect(answer["confirmNum"]).toMatch(/^\d{9}$/)
    expect(answer["tradeDate"]).toMatch(/^\d{8}$/)
  })

  it("cashbill bulk from CSV shows progress on stderr and one result per row", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["cashbill", "bulk", "--sandbox", "--corp-num", MEMBER, "--file", file("receipts.csv"), "--json"])
    expect(run.code).toBe(0)
    const answer = JSON.parse(run.stdout) as { total: number; issued: number; results: ReadonlyArray<{ mgtKey: string; code: number }> }
    expect(answer.total).toBe(3)
    expect(answer.issued).toBe(3)
    expect(answer.results.map((r) => r.mgtKey)).toEqual(["CSV-1", "CSV-2", "CSV-3"])
    expect(run.stderr).toContain("issuing: 3/3 (100%)")
    expect(run.stderr).toContain("issuing: 3 receipts: 3 issued, 0 refused")
  })

  it("a bad input file names every bad field, exits 2 and sends nothing", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["cashbill", "issue", "--sandbox", "--corp-num", MEMBER, "--file", file("bad-receipt.json")])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe("")
    expect(run.stderr).toContain(`Cashbill.issue: invalid input in ${file("bad-receipt.json")}, nothing was sent`)
    for (const field of ["mgtKey", "tradeUsage", "identityNum", "franchiseCorpNum"]) expect(run.stderr).toMatch(new RegExp(`- ${field}: `))
    expect(run.stderr).toContain("hint: fix every field listed above")
  })

  it("cashbill bulk names every bad field of a row at once: the missing ones and the amounts' sum", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["cashbill", "bulk", "--sandbox", "--corp-num", MEMBER, "--file", file("short.csv")])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`Cashbill.issueMany: invalid input in ${file("short.csv")}, nothing was sent`)
    for (const column of ["taxationType", "identityNum", "totalAmount"]) expect(run.stderr).toContain(`line 3, column ${column}:`)
    expect(run.stderr).toContain("must equal supplyCost + tax + serviceFee")
    expect(run.stderr).not.toContain("line 2,")
  })

  it("company-status prints a table of states in the order asked", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["company-status", "--sandbox", "--corp-num", MEMBER, "1111111119", "1234567891", "1234567890"])
    expect(run.code).toBe(0)
    const rows = run.stdout.trim().split("\n").slice(2)
    expect(rows.map((row) => row.split(/\s{2,}/).slice(0, 2))).toEqual([
      ["1111111119", "2 closed"],
      ["1234567891", "1 in business"],
      ["1234567890", "0 unregistered"]
    ])
  })

  it("a refusal of the service prints its code, message and a hint, and exits 1", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["cashbill", "info", "--sandbox", "--corp-num", MEMBER, "NO-SUCH-DOC"])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("error: -14000003 CashbillNotFound (HTTP 404) in Cashbill.getInfo")
    expect(run.stderr).toContain("hint: check the document ID")
  })

  it("cassettes check reports a broken cassette and exits 1", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["cassettes", "check", file("broken-cassette.json")])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(`${file("broken-cassette.json")}: invalid: not JSON`)
  })
})
