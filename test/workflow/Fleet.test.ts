/**
 * The fleet's claims, with several processes of the built package against a socket sandbox and the
 * suite's PostgreSQL: tokens shared (one issuance per member for four cold processes; with the
 * database unreachable, each process's own tokens and one warning), and a
 * durable issuance of 10,000 receipts finished by the other runners after one is SIGKILLed at about
 * 40 % — through the library's runners, and through the command run again after it was killed —
 * and one that waits while the database is stopped and resumes when it is back.
 * Every wait is on a process's output or exit.
 */
import { Effect, Redacted } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Cashbill } from "../../src/domains/cashbill/Cashbill.js"
import type { CashReceiptIssue } from "../../src/domains/cashbill/Schemas.js"
import * as BulkIssuance from "../../src/workflow/BulkIssuance.js"
import * as Engine from "../../src/workflow/Engine.js"
import { freshDatabase, relay } from "../support/postgres.js"
import { receipt } from "../support/receipts.js"
import { type Served, serve } from "../support/served.js"
import { type Child, ROOT, script, taxdoc } from "./support.js"

const SELLER = "1234567891"
const MEMBERS = Array.from({ length: 20 }, (_, i) => `12345679${String(i).padStart(2, "0")}`)

let served: Served
let secret: string

beforeAll(async () => {
  served = await serve([SELLER, ...MEMBERS].map((corpNum) => ({ corpNum })))
  secret = served.secret
})
afterAll(() => served.close())

const stats = async () =>
  (await fetch(`${served.url}/_sandbox/stats`).then((r) => r.json())) as {
    readonly calls: Record<string, number>
    readonly totalTokens: number
    readonly tokensIssued: ReadonlyArray<{ readonly corpNum: string; readonly count: number }>
  }

/** 10,000 receipts whose amounts differ, so each one's content can be checked. */
const receipts = (prefix: string, count: number): ReadonlyArray<CashReceiptIssue> =>
  Array.from({ length: count }, (_, i) =>
    receipt(`${prefix}-${i}`, SELLER, { supplyCost: String(1000 + i), tax: String(100 + (i % 100)), totalAmount: String(1100 + i + (i % 100)) }))

/** Every receipt read back from the service: exactly the ones sent, once each, with their amounts. */
const expectIssuedOnce = async (sent: ReadonlyArray<CashReceiptIssue>) => {
  const infos = await served.run(Cashbill.use((c) => c.getInfos(SELLER, sent.map((r) => r.mgtKey))))
  expect(infos.map((i) => i.mgtKey)).toEqual(sent.map((r) => r.mgtKey))
  expect(infos.map((i) => i.totalAmount)).toEqual(sent.map((r) => r.totalAmount))
  expect(new Set(infos.map((i) => i.confirmNum)).size).toBe(sent.length)
}

/**
 * `count` processes of `coldCalls.mjs` sharing tokens through `store`, started cold together, each
 * making `calls` concurrent calls for every member; what each reports.
 */
const coldFleet = async (store: string, count: number, calls: number) => {
  const env = {
    TAXDOC_LINK_ID: "TESTER",
    TAXDOC_SECRET_KEY: secret,
    TAXDOC_AUTH_URL: served.url,
    TAXDOC_API_URL: served.url,
    TAXDOC_TOKEN_STORE: store,
    MEMBERS: MEMBERS.join(","),
    CALLS: String(calls)
  }
  const processes = Array.from({ length: count }, () => script(path.join(ROOT, "test/workflow/coldCalls.mjs"), env))
  await Promise.all(processes.map((p) => p.waitFor(/^ready$/m)))
  for (const p of processes) p.write("go\n")
  const done = await Promise.all(processes.map((p) => p.waitFor(/^done (\d+) (\d+) (\d+) (\d+)$/m)))
  await Promise.all(processes.map((p) => p.exited))
  return done.map((m, i) => ({
    ok: Number(m[1]),
    failed: Number(m[2]),
    issued: Number(m[3]),
    warnings: (processes[i]!.stdout() + processes[i]!.stderr()).match(/token store is unreachable/g)?.length ?? 0
  }))
}

const runnerArgs = (journal: string) => ["runner", "--journal", journal, "--sandbox-url", served.url, "--secret", secret, "--lease", "3 seconds"]

/** Calls `act` with the runner that reports the `at`-th completed submission. */
const whenCompleted = (runners: ReadonlyArray<Child>, at: number, act: (runner: Child) => void) => {
  let completed = 0
  for (const runner of runners) {
    runner.onLine((line) => {
      if (!/submission \d+ completed/.test(line)) return
      completed++
      if (completed === at) act(runner)
    })
  }
}

// Each test starts processes and a database of its own: one limit for all, well above what they take under load.
describe("a fleet of processes", { timeout: 240_000 }, () => {
  it("4 processes × 50 concurrent cold calls for each of 20 members: 20 token issuances", async () => {
    const before = (await stats()).totalTokens
    const done = await coldFleet(await freshDatabase("fleet_tokens"), 4, 50)
    expect(done.map((d) => d.ok)).toEqual([1000, 1000, 1000, 1000])
    expect(done.map((d) => d.failed)).toEqual([0, 0, 0, 0])
    // Issued by the processes together: one per member.
    expect(done.map((d) => d.issued).reduce((a, b) => a + b, 0)).toBe(20)
    const after = await stats()
    expect(after.totalTokens - before).toBe(20)
    expect(MEMBERS.map((m) => after.tokensIssued.find((t) => t.corpNum === m)?.count)).toEqual(MEMBERS.map(() => 1))
  })

  it("the database unreachable: every call succeeds on the process's own tokens, one warning each", async () => {
    const gate = await relay(await freshDatabase("fleet_down"))
    try {
      await gate.cut()
      const before = (await stats()).totalTokens
      const done = await coldFleet(gate.url, 2, 10)
      expect(done.map((d) => d.ok)).toEqual([200, 200])
      expect(done.map((d) => d.failed)).toEqual([0, 0])
      expect(done.map((d) => d.issued)).toEqual([20, 20])
      expect((await stats()).totalTokens - before).toBe(40)
      expect(done.map((d) => d.warnings)).toEqual([1, 1])
    } finally {
      await gate.close()
    }
  })

  it("10,000 receipts, 3 runners, one SIGKILLed at about 40 %: issued once each, results in input order", async () => {
    const journal = await freshDatabase("fleet_runners")
    const runners = [1, 2, 3].map(() => taxdoc(runnerArgs(journal)))
    try {
      await Promise.all(runners.map((r) => r.waitFor(/listening at/)))
      const killed: Array<Child> = []
      whenCompleted(runners, 40, (runner) => {
        killed.push(runner)
        void runner.kill("SIGKILL")
      })
      const sent = receipts("F", 10_000)
      const client = Engine.layerClient({ url: Redacted.make(journal), lease: "3 seconds" })
      const results = await Effect.runPromise(
        BulkIssuance.issueReceipts({ executionId: "fleet-10k", corpNum: SELLER, documents: sent, pollInterval: "20 millis" }).pipe(
          Effect.provide(client),
          Effect.scoped
        )
      )
      expect(killed).toHaveLength(1)
      expect((await killed[0]!.exited).signal).toBe("SIGKILL")
      expect(results.map((r) => r.key)).toEqual(sent.map((r) => r.mgtKey))
      expect(results.every((r) => r.status === "Issued")).toBe(true)
      // The work went on elsewhere after the kill.
      const survivors = runners.filter((r) => r !== killed[0])
      expect(survivors.some((r) => /submission \d+ completed/.test(r.stderr()))).toBe(true)
      await expectIssuedOnce(sent)
      // A submission repeated by the runner that took over carries its first submit ID: at most the
      // ones in flight at the kill (4 at a time) are sent twice, and the service recognises them.
      const submits = (await stats()).calls["Cashbill.BulkSubmit"] ?? 0
      expect(submits).toBeGreaterThanOrEqual(100)
    } finally {
      await Promise.all(runners.map((r) => r.kill("SIGTERM")))
    }
  })

  it("the database stopped at about 40 % and back: the runners wait, resume, and issue each receipt once", async () => {
    const gate = await relay(await freshDatabase("fleet_down_runners"))
    const runners = [1, 2].map(() => taxdoc(runnerArgs(gate.url)))
    try {
      await Promise.all(runners.map((r) => r.waitFor(/listening at/)))
      let stopped = false
      const complaints: Array<string> = []
      let complained: () => void = () => {}
      const firstComplaint = new Promise<void>((resolve) => (complained = resolve))
      // After the cut, the first error a runner logs about its storage: the database is missed.
      for (const runner of runners) {
        runner.onLine((line) => {
          if (!stopped || !/ERROR|WARN/.test(line)) return
          complaints.push(line)
          complained()
        })
      }
      whenCompleted(runners, 8, () => {
        void gate.cut().then(() => {
          stopped = true
        })
      })
      void firstComplaint.then(() => gate.restore())
      const sent = receipts("S", 2_000)
      const client = Engine.layerClient({ url: Redacted.make(gate.url), lease: "3 seconds" })
      const results = await Effect.runPromise(
        BulkIssuance.issueReceipts({ executionId: "fleet-down", corpNum: SELLER, documents: sent, pollInterval: "20 millis" }).pipe(
          // This process reads the journal too: while the database is away it starts again, same ID and input.
          Effect.retry({ while: (e) => e._tag === "JournalUnavailable" }),
          Effect.provide(client),
          Effect.scoped
        )
      )
      expect(stopped).toBe(true)
      expect(complaints.length).toBeGreaterThan(0)
      expect(results.map((r) => r.key)).toEqual(sent.map((r) => r.mgtKey))
      expect(results.every((r) => r.status === "Issued")).toBe(true)
      await expectIssuedOnce(sent)
    } finally {
      await Promise.all(runners.map((r) => r.kill("SIGTERM")))
      await gate.close()
    }
  })

  it("the command: killed at about 40 %, then the same command again finishes the same execution", async () => {
    const journal = await freshDatabase("fleet_command")
    const sent = receipts("C", 10_000)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-fleet-"))
    const file = path.join(dir, "receipts.json")
    fs.writeFileSync(file, JSON.stringify(sent))
    const args = ["cashbill", "bulk", "--file", file, "--corp-num", SELLER, "--durable", "--journal", journal, "--execution-id", "payroll", "--sandbox-url", served.url, "--secret", secret, "--interval", "20ms", "--lease", "3 seconds"]
    try {
      const first = taxdoc(args)
      await first.waitFor(/issuing payroll: (4\d{3}|[5-9]\d{3})\/10000/)
      expect((await first.kill("SIGKILL")).signal).toBe("SIGKILL")
      const again = taxdoc([...args, "--json"])
      const exited = await again.exited
      expect(exited.code).toBe(0)
      const report = JSON.parse(again.stdout()) as { readonly total: number; readonly issued: number; readonly results: ReadonlyArray<{ readonly mgtKey: string; readonly code: number }> }
      expect(report).toMatchObject({ total: 10_000, issued: 10_000 })
      expect(report.results.map((r) => r.mgtKey)).toEqual(sent.map((r) => r.mgtKey))
      await expectIssuedOnce(sent)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
