import { afterAll, describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { fixtures, MEMBER, taxdoc } from "./support.js"

// Each command runs against its own fresh in-process sandbox (--sandbox), the member signed up.
const ESTIMATE = {
  mgtKey: "EST-0101",
  writeDate: "20261122",
  purposeType: "청구",
  taxType: "과세",
  supplyCostTotal: "100000",
  taxTotal: "10000",
  senderCorpNum: MEMBER,
  propertyBag: { validUntil: "20261231" }
}
const dir = fixtures({
  "estimate.json": JSON.stringify(ESTIMATE),
  "bad-statement.json": JSON.stringify({ ...ESTIMATE, itemCode: 121, mgtKey: "NO SPACES!", writeDate: "20261131", taxTotal: "1,000" })
})
const file = (name: string) => path.join(dir, name)
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe("taxdoc statement against --sandbox", () => {
  it("issue from a file, the item code given by name", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["statement", "issue", "--sandbox", "--corp-num", MEMBER, "--item-code", "Estimate", "--file", file("estimate.json"), "--json"])
    expect(run.code).toBe(0)
    const answer = JSON.parse(run.stdout) as Record<string, unknown>
    expect(answer).toMatchObject({ itemCode: 123, mgtKey: "EST-0101", code: 1 })
    expect(answer["invoiceNum"]).toMatch(/^\d{8}123[0-9a-z]{13}$/)
  })

  it("a bad statement names every bad field, exits 2 and sends nothing", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["statement", "issue", "--sandbox", "--corp-num", MEMBER, "--file", file("bad-statement.json")])
    expect(run.code).toBe(2)
    for (const field of ["mgtKey", "writeDate", "taxTotal"]) expect(run.stderr).toMatch(new RegExp(`- ${field}: `))
  })

  it("an unknown item code is refused with the names; an unknown document is -12000004", { timeout: 60_000 }, async () => {
    const bad = await taxdoc(["statement", "info", "--sandbox", "--corp-num", MEMBER, "--item-code", "Invoice", "X"])
    expect(bad.code).not.toBe(0)
    expect(bad.stdout + bad.stderr).toContain("123 Estimate")
    const missing = await taxdoc(["statement", "url", "--sandbox", "--corp-num", MEMBER, "--item-code", "126", "--kind", "MAIL", "NO-SUCH"])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain("-12000004")
  })
})
