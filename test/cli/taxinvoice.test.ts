import { afterAll, describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import * as Kst from "../../src/core/Kst.js"
import { draft } from "../support/invoices.js"
import { fixtures, MEMBER, taxdoc } from "./support.js"

// The commands run on the real clock: write the drafts today (KST).
const today = Kst.toDate8(Date.now())
const dir = fixtures({
  "invoice.json": JSON.stringify(draft("CLI-INV-1", MEMBER, today)),
  "bad-invoice.json": JSON.stringify({ ...draft("CLI-INV-2", MEMBER, today), invoiceeType: "외국인", totalAmount: "1" }),
  "invoices.json": JSON.stringify([1, 2, 3].map((i) => draft(`CLI-B-${i}`, MEMBER, today)))
})
const file = (name: string) => path.join(dir, name)
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe("taxinvoice commands against --sandbox", () => {
  it("taxinvoice register --json saves the draft; a bad draft names every bad field and exits 2", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["taxinvoice", "register", "--sandbox", "--corp-num", MEMBER, "--file", file("invoice.json"), "--json"])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ code: 1 })
    const bad = await taxdoc(["taxinvoice", "register", "--sandbox", "--corp-num", MEMBER, "--file", file("bad-invoice.json")])
    expect(bad.code).toBe(2)
    for (const field of ["invoiceeCorpNum", "totalAmount"]) expect(bad.stderr).toMatch(new RegExp(`- ${field}: `))
  })

  it("taxinvoice bulk from JSON shows progress on stderr and one result per invoice", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["taxinvoice", "bulk", "--sandbox", "--corp-num", MEMBER, "--file", file("invoices.json"), "--json"])
    expect(run.code).toBe(0)
    const answer = JSON.parse(run.stdout) as { total: number; issued: number; results: ReadonlyArray<{ invoicerMgtKey: string; ntsconfirmNum: string }> }
    expect(answer).toMatchObject({ total: 3, issued: 3 })
    expect(answer.results.map((r) => r.invoicerMgtKey)).toEqual(["CLI-B-1", "CLI-B-2", "CLI-B-3"])
    expect(answer.results.every((r) => r.ntsconfirmNum.length === 24)).toBe(true)
    expect(run.stderr).toContain("issuing: 3 invoices: 3 issued, 0 refused")
  })
})
