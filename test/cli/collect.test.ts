import { describe, expect, it } from "@effect/vitest"
import { taxdoc } from "./support.js"

describe("taxdoc collect", () => {
  it("cashbill --json: progress on stderr, one document with the job, every result and the summary", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["collect", "cashbill", "--sandbox", "--corp-num", "1234567891", "--sell", "--from", "20261101", "--to", "20261110", "--json"])
    expect(run.stderr).not.toContain("error:")
    expect(run.code).toBe(0)
    const out = JSON.parse(run.stdout) as {
      job: { jobState: string; collectCount: number }
      summary: { count: number; amountTotal: number }
      list: ReadonlyArray<{ ntsconfirmNum: string; totalAmount: string; tradeDate: string }>
    }
    expect(out.job.jobState).toBe("3")
    expect(out.list).toHaveLength(out.job.collectCount)
    expect(out.summary.count).toBe(out.list.length)
    expect(out.summary.amountTotal).toBe(out.list.reduce((s, r) => s + Number(r.totalAmount), 0))
    expect(out.list.every((r) => r.tradeDate >= "20261101" && r.tradeDate <= "20261110")).toBe(true)
    expect(run.stderr).toMatch(/collecting \(job \d{18}\): 3\/3 \(100%\) completed/)
  })

  it("a range over 3 months is refused before sending (exit 2); no side chosen is a usage error", { timeout: 60_000 }, async () => {
    const long = await taxdoc(["collect", "taxinvoice", "--sandbox", "--corp-num", "1234567891", "--buy", "--from", "20260101", "--to", "20260501"])
    expect(long.code).toBe(2)
    expect(long.stderr).toContain("EDate: must be at most 3 months after SDate")
    const none = await taxdoc(["collect", "taxinvoice", "--sandbox", "--corp-num", "1234567891", "--from", "20261101", "--to", "20261110"])
    expect(none.code).toBe(2)
    expect(none.stderr).toContain("choose exactly one side")
  })

  it("the portal certificate and department account, on the tax invoice collection's calls by default or the cash receipt ones with --kind", { timeout: 60_000 }, async () => {
    const member = ["--sandbox", "--corp-num", "1234567891"]
    const registered = await taxdoc(["collect", "dept-user", "register", ...member, "--id", "dept01", "--password", "dept-pass-1", "--json"])
    expect(registered.stderr).toBe("")
    expect(registered.code).toBe(0)
    expect(JSON.parse(registered.stdout)).toMatchObject({ code: 1 })
    expect(registered.stdout).not.toContain("dept-pass-1")
    // Each --sandbox run starts a fresh sandbox, with its samples: the account dept01, a certificate
    // registered 2026-11-02 for a year.
    const check = await taxdoc(["collect", "dept-user", "check", ...member, "--kind", "cashbill", "--json"])
    expect(check.code).toBe(0)
    expect(check.stdout).toContain("dept01")
    const expiry = await taxdoc(["collect", "certificate", "expiry", ...member])
    expect(expiry.code).toBe(0)
    expect(expiry.stdout).toContain("2027-11-02")
    const url = await taxdoc(["collect", "certificate", "url", ...member, "--kind", "taxinvoice", "--json"])
    expect(url.code).toBe(0)
    expect(JSON.parse(url.stdout)).toMatchObject({ url: expect.stringMatching(/^http/) })
  })
})
