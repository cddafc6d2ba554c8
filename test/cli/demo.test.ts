import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Effect } from "effect"
import * as Cassette from "../../src/recordings/Cassette.js"
import { GOOD_IDENTITY, JOIN, REFUSED } from "../../src/cli/demo/receipts.js"
import { demoDraft } from "../../src/cli/demo/taxinvoice.js"
import { TESTER_SECRET } from "../../src/sandbox/Partners.js"
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

  it("--record writes a cassette of the tour that holds none of its identity numbers, phones, e-mails or persons' names, and cassettes verify replays it without drift", { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-demo-record-"))
    const cassettePath = path.join(dir, "demo.cassette.json")
    const run = await taxdoc(["demo", "--json", "--out-dir", dir, "--record", cassettePath])
    expect(run.code).toBe(0)
    expect((JSON.parse(run.stdout) as { ok: boolean }).ok).toBe(true)
    const text = fs.readFileSync(cassettePath, "utf8")
    const cassette = await Effect.runPromise(Cassette.decode(text, cassettePath))
    // Every step of the tour went through the recorder: sign-up, receipts, bulk, statements,
    // e-Tax invoices and collection.
    const paths = cassette.interactions.map((i) => i.request.path.toLowerCase())
    for (const part of ["/join", "/cashbill", "/statement/", "/taxinvoice", "/taxportal/"]) {
      expect(paths.some((p) => p.includes(part)), part).toBe(true)
    }
    const draft = demoDraft("DEMO-INV-0001", "20260101")
    // The buyer numbers chosen for the sandbox's tax authority to refuse are no one's: they stay, so
    // that a replay refuses the same receipts.
    for (const refused of Object.values(REFUSED)) expect(text.includes(`"identityNum": "${refused.identityNum}"`), refused.identityNum).toBe(true)
    const used = [
      GOOD_IDENTITY,
      JOIN.ContactEmail,
      JOIN.ContactTEL,
      JOIN.ContactName,
      JOIN.CEOName,
      JOIN.Password,
      draft.invoiceeEmail1 ?? "",
      draft.invoicerCEOName,
      draft.invoiceeCEOName,
      TESTER_SECRET
    ]
    for (const value of used) expect(text.includes(value), value).toBe(false)
    // Nor anything shaped like one: an e-mail address, a mobile or dashed phone number.
    expect(text.match(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g)).toBeNull()
    expect(text.match(/\b01[016789]\d{7,8}\b/g)).toBeNull()
    expect(text.match(/\b0\d{1,2}-\d{3,4}-\d{4}\b/g)).toBeNull()
    // The placeholders keep the shape of the traffic: one identity placeholder per distinct number.
    expect(text).toContain("<identity-1>")
    expect(text).toContain("<email-1>")
    // The recording replays against a fresh sandbox as the tour ran: its clock and progressions are
    // in it, each call finds the token of its scope.
    const verify = await taxdoc(["cassettes", "verify", "--sandbox", cassettePath])
    expect(verify.stdout + verify.stderr).toContain("no drift")
    expect(verify.code).toBe(0)
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
