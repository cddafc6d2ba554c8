import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { taxdoc } from "./support.js"

describe("taxdoc demo --json", () => {
  it("exits 0 with one JSON document reporting every step passed and the expected counts", { timeout: 120_000 }, async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-demo-test-"))
    const run = await taxdoc(["demo", "--json", "--out-dir", outDir])
    expect(run.stderr).not.toContain("error:")
    expect(run.code).toBe(0)
    // Nothing but the one document on stdout (progress goes to stderr).
    const demo = JSON.parse(run.stdout) as {
      ok: boolean
      steps: ReadonlyArray<{ name: string; passed: boolean; checks: ReadonlyArray<{ passed: boolean }> }>
      bulk: { results: number; submissions: number; issued: number }
      filing: Record<string, number>
      reusedId: string | null
      pdf: string
      summary: { documentsByState: Record<string, number>; calls: { total: number }; tokens: { issued: number }; elapsedMillis: number }
    }
    expect(demo.ok).toBe(true)
    expect(demo.steps.map((s) => s.name)).toEqual([
      "member.join",
      "tokens.reuse",
      "cashbill.issue",
      "cashbill.getInfo",
      "cashbill.getPDF",
      "cashbill.revoke",
      "cashbill.issueMany",
      "sandbox.advanceClock",
      "cashbill.deleteAndReuse",
      "statement.issueAndApprove",
      "companyStatus.checkMany",
      "taxinvoice.lifecycle",
      "taxPortal.collect",
      "summary"
    ])
    expect(demo.steps.every((s) => s.passed && s.checks.length > 0 && s.checks.every((c) => c.passed))).toBe(true)
    expect(demo.bulk).toEqual({ results: 250, submissions: 3, issued: 250, refused: 0 })
    expect(demo.filing["304"]).toBeGreaterThan(0)
    expect(demo.filing["305"]).toBe(2)
    expect(demo.reusedId).toBe("BULK-042")
    expect(demo.summary.documentsByState).toEqual({ "300": 1, "304": 250, "305": 1 })
    expect(demo.summary.calls.total).toBeGreaterThan(0)
    expect(demo.summary.tokens.issued).toBeGreaterThan(0)
    expect(path.dirname(demo.pdf)).toBe(outDir)
    expect(fs.readFileSync(demo.pdf).subarray(0, 5).toString("latin1")).toBe("%PDF-")
    // Without a terminal, progress is plain status lines on stderr.
    expect(run.stderr).toContain("issuing 250 receipts: 250/250 (100%)")
    fs.rmSync(outDir, { recursive: true, force: true })
  })
})
