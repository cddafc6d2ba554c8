/**
 * Model-based test of collection jobs: random sequences of request job, advance time, job state,
 * list active jobs and search, run against a fresh sandbox through the SDK and against a model
 * written from the spec and docs/decisions.md (default policy: one stage per state poll):
 *
 * - a job starts pending (1); each state poll moves it one stage, to 3 (completed, errorCode 1);
 * - a job expires 1 hour of document time after registration: its state, search and summary then
 *   answer -11100003, and it leaves the active list;
 * - ListActiveJob lists the member's unexpired jobs of the kind, newest first;
 * - Search before completion answers -11100002; after, its total is the job's collectCount, which
 *   never changes once completed (the snapshot is taken at completion).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as fc from "fast-check"
import { type Kind, TaxPortal } from "../../src/domains/taxPortal/TaxPortal.js"
import { codeOf, CORP, type Real as Run, withSandbox } from "./support.js"

const HOUR = 60 * 60 * 1000

interface ModelJob {
  readonly kind: Kind
  readonly regAt: number
  polls: number
  count: number | undefined
}

interface Model {
  now: number
  readonly jobs: Array<ModelJob>
}

interface Real extends Run {
  /** The IDs of the jobs the real system registered, in order. */
  readonly ids: Array<string>
}

const expired = (model: Model, job: ModelJob) => model.now >= job.regAt + HOUR

class RequestJob implements fc.AsyncCommand<Model, Real> {
  constructor(readonly kind: Kind, readonly side: "SELL" | "BUY") {}
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    const range = { queryType: this.side, from: "20261101", to: "20261122" }
    const exit = await real.run(Effect.flatMap(TaxPortal, (p) =>
      this.kind === "taxinvoice" ? p.requestTaxinvoiceJob(CORP, range) : p.requestCashbillJob(CORP, range)))
    expect(codeOf(exit)).toBe("ok")
    if (Exit.isSuccess(exit)) {
      expect(exit.value).toMatch(/^\d{18}$/)
      expect(real.ids).not.toContain(exit.value)
      real.ids.push(exit.value)
    }
    model.jobs.push({ kind: this.kind, regAt: model.now, polls: 0, count: undefined })
  }
  toString() {
    return `requestJob(${this.kind}, ${this.side})`
  }
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly minutes: number) {}
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    await real.advance(this.minutes * 60_000)
    model.now += this.minutes * 60_000
  }
  toString() {
    return `advance(${this.minutes} min)`
  }
}

const stateOf = (kind: Kind, jobID: string) =>
  Effect.flatMap(TaxPortal, (p) => (kind === "taxinvoice" ? p.getTaxinvoiceJobState(CORP, jobID) : p.getCashbillJobState(CORP, jobID)))

class State implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check(model: Readonly<Model>) {
    return model.jobs.length > 0
  }
  async run(model: Model, real: Real) {
    const i = this.index % model.jobs.length
    const job = model.jobs[i]!
    const exit = await real.run(stateOf(job.kind, real.ids[i]!))
    if (expired(model, job)) {
      expect(codeOf(exit)).toBe(-11100003)
      return
    }
    job.polls += 1
    expect(codeOf(exit)).toBe("ok")
    if (!Exit.isSuccess(exit)) return
    const expected = String(1 + Math.min(2, job.polls))
    expect(exit.value.jobState).toBe(expected)
    if (expected === "3") {
      expect(exit.value.errorCode).toBe(1)
      if (job.count === undefined) job.count = exit.value.collectCount
      expect(exit.value.collectCount).toBe(job.count)
    } else {
      expect(exit.value.jobEndDT).toBe("")
    }
  }
  toString() {
    return `state(#${this.index})`
  }
}

class List implements fc.AsyncCommand<Model, Real> {
  constructor(readonly kind: Kind) {}
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    const exit = await real.run(Effect.flatMap(TaxPortal, (p) =>
      this.kind === "taxinvoice" ? p.listActiveTaxinvoiceJobs(CORP) : p.listActiveCashbillJobs(CORP)))
    expect(codeOf(exit)).toBe("ok")
    if (!Exit.isSuccess(exit)) return
    const expected = model.jobs.flatMap((job, i) => (job.kind === this.kind && !expired(model, job) ? [real.ids[i]!] : [])).reverse()
    expect(exit.value.map((j) => j.jobID)).toEqual(expected)
  }
  toString() {
    return `list(${this.kind})`
  }
}

class Search implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check(model: Readonly<Model>) {
    return model.jobs.length > 0
  }
  async run(model: Model, real: Real) {
    const i = this.index % model.jobs.length
    const job = model.jobs[i]!
    const jobID = real.ids[i]!
    const exit = await real.run(Effect.flatMap(TaxPortal, (p): Effect.Effect<{ readonly total: number }, unknown> =>
      job.kind === "taxinvoice" ? p.searchTaxinvoices(CORP, jobID, {}, { perPage: 1000 }) : p.searchCashbills(CORP, jobID, {}, { perPage: 1000 })))
    if (expired(model, job)) return expect(codeOf(exit)).toBe(-11100003)
    if (job.polls < 2) return expect(codeOf(exit)).toBe(-11100002)
    expect(codeOf(exit)).toBe("ok")
    if (Exit.isSuccess(exit)) expect(exit.value.total).toBe(job.count)
  }
  toString() {
    return `search(#${this.index})`
  }
}

const kind = fc.constantFrom<Kind>("taxinvoice", "cashbill")
const index = fc.integer({ min: 0, max: 7 })
const commands = [
  fc.tuple(kind, fc.constantFrom<"SELL" | "BUY">("SELL", "BUY")).map(([k, s]) => new RequestJob(k, s)),
  fc.constantFrom(5, 25, 40, 60).map((m) => new Advance(m)),
  index.map((i) => new State(i)),
  index.map((i) => new State(i)),
  kind.map((k) => new List(k)),
  index.map((i) => new Search(i))
]

describe("collection jobs, model-based", () => {
  it("the sandbox behaves like the model for any sequence of job operations", async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: "max" }), async (cmds) => {
        // 2026-11-22 12:00 KST
        const start = Date.UTC(2026, 10, 22, 3, 0, 0)
        await withSandbox(start, (run) => fc.asyncModelRun(() => ({ model: { now: start, jobs: [] }, real: { ...run, ids: [] } }), cmds))
      }),
      { numRuns: 40 }
    )
  })
})
