/**
 * Model-based test of the e-Tax invoice lifecycle: random sequences of register, attach, delete a
 * file, issue (with and without forceIssue), send mail, "a day passes" and query, run against a
 * fresh sandbox through the SDK and against a model written from the spec and docs/decisions.md (not from
 * the sandbox's code):
 *
 * - a document ID is unique per member (ID in use otherwise); unknown IDs are -11000005;
 * - files only while saved (100), at most 5;
 * - issue only from 100; after the 10th of the month following writeDate it needs forceIssue and
 *   is then late (lateIssueYN);
 * - issued invoices are 300 until the end of their KST day (default filing policy), then 304, or
 *   305 when the buyer is a closed business;
 * - the buyer notification is one mail on issue, one more per SendEmail (only once issued).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as fc from "fast-check"
import * as Kst from "../../src/core/Kst.js"
import { Taxinvoice } from "../../src/domains/taxinvoice/Taxinvoice.js"
import { Sandbox } from "../../src/sandbox/Sandbox.js"
import { CLOSED_BUYER, draft } from "../support/invoices.js"
import { codeOf, CORP, DAY, type Real, withSandbox } from "./support.js"

const KEYS = ["I1", "I2", "I3", "I4"] as const
// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)

interface ModelInvoice {
  state: "saved" | "issued" | "filed" | "failed"
  files: number
  readonly writeDate: string
  readonly closedBuyer: boolean
  late: boolean
  mails: number
}

interface Model {
  day: string
  readonly invoices: Map<string, ModelInvoice>
}

/** The spec's due date, written out: the 10th of the month after writeDate. */
const overdue = (writeDate: string, today: string): boolean => {
  const y = Number(writeDate.slice(0, 4))
  const m = Number(writeDate.slice(4, 6))
  const due = m === 12 ? `${y + 1}0110` : `${y}${String(m + 1).padStart(2, "0")}10`
  return today > due
}

const NOT_FOUND = -11000005
const INVALID_STATE = -11000010
const ID_IN_USE = -11000011
const FILES_ONLY_WHILE_SAVED = -11000012
const TOO_MANY_FILES = -11000013
const OVERDUE = -11000014
const FILE_NOT_FOUND = -11000015

class Register implements fc.AsyncCommand<Model, Real> {
  constructor(readonly key: string, readonly old: boolean, readonly closedBuyer: boolean) {}
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    const writeDate = this.old ? "20260915" : model.day
    const exit = await real.run(Effect.flatMap(Taxinvoice, (t) =>
      t.register(CORP, draft(this.key, CORP, writeDate, this.closedBuyer ? { invoiceeCorpNum: CLOSED_BUYER } : {}))))
    if (model.invoices.has(this.key)) return expect(codeOf(exit)).toBe(ID_IN_USE)
    expect(codeOf(exit)).toBe("ok")
    model.invoices.set(this.key, { state: "saved", files: 0, writeDate, closedBuyer: this.closedBuyer, late: false, mails: 0 })
  }
  toString() {
    return `register(${this.key}${this.old ? ", written 20260915" : ""}${this.closedBuyer ? ", closed buyer" : ""})`
  }
}

class Attach implements fc.AsyncCommand<Model, Real> {
  constructor(readonly key: string) {}
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    const exit = await real.run(Effect.flatMap(Taxinvoice, (t) =>
      t.attachFile(CORP, "SELL", this.key, { bytes: new TextEncoder().encode("file"), fileName: "견적서.pdf" })))
    const found = model.invoices.get(this.key)
    if (found === undefined) return expect(codeOf(exit)).toBe(NOT_FOUND)
    if (found.state !== "saved") return expect(codeOf(exit)).toBe(FILES_ONLY_WHILE_SAVED)
    if (found.files >= 5) return expect(codeOf(exit)).toBe(TOO_MANY_FILES)
    expect(codeOf(exit)).toBe("ok")
    found.files += 1
  }
  toString() {
    return `attach(${this.key})`
  }
}

class DeleteFile implements fc.AsyncCommand<Model, Real> {
  constructor(readonly key: string) {}
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    const found = model.invoices.get(this.key)
    const exit = await real.run(Effect.gen(function*(this: DeleteFile) {
      const t = yield* Taxinvoice
      const files = found === undefined ? [] : yield* t.getFiles(CORP, "SELL", this.key)
      return yield* t.deleteFile(CORP, "SELL", this.key, files[0]?.attachedFile ?? "NO-SUCH-FILE")
    }.bind(this)))
    if (found === undefined) return expect(codeOf(exit)).toBe(NOT_FOUND)
    if (found.state !== "saved") return expect(codeOf(exit)).toBe(FILES_ONLY_WHILE_SAVED)
    if (found.files === 0) return expect(codeOf(exit)).toBe(FILE_NOT_FOUND)
    expect(codeOf(exit)).toBe("ok")
    found.files -= 1
  }
  toString() {
    return `deleteFile(${this.key})`
  }
}

class Issue implements fc.AsyncCommand<Model, Real> {
  constructor(readonly key: string, readonly force: boolean) {}
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    const exit = await real.run(Effect.flatMap(Taxinvoice, (t) => t.issue(CORP, "SELL", this.key, { forceIssue: this.force })))
    const found = model.invoices.get(this.key)
    if (found === undefined) return expect(codeOf(exit)).toBe(NOT_FOUND)
    if (found.state !== "saved") return expect(codeOf(exit)).toBe(INVALID_STATE)
    const late = overdue(found.writeDate, model.day)
    if (late && !this.force) return expect(codeOf(exit)).toBe(OVERDUE)
    expect(codeOf(exit)).toBe("ok")
    if (Exit.isSuccess(exit)) expect(exit.value.ntsConfirmNum).toMatch(new RegExp(`^${model.day}[0-9a-z]{16}$`))
    found.state = "issued"
    found.late = late
    found.mails += 1
  }
  toString() {
    return `issue(${this.key}${this.force ? ", forceIssue" : ""})`
  }
}

class SendEmail implements fc.AsyncCommand<Model, Real> {
  constructor(readonly key: string) {}
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    const exit = await real.run(Effect.flatMap(Taxinvoice, (t) => t.sendEmail(CORP, "SELL", this.key, "again@example.com")))
    const found = model.invoices.get(this.key)
    if (found === undefined) return expect(codeOf(exit)).toBe(NOT_FOUND)
    if (found.state === "saved") return expect(codeOf(exit)).toBe(INVALID_STATE)
    expect(codeOf(exit)).toBe("ok")
    found.mails += 1
  }
  toString() {
    return `sendEmail(${this.key})`
  }
}

class Query implements fc.AsyncCommand<Model, Real> {
  constructor(readonly key: string) {}
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    const key = this.key
    const exit = await real.run(Effect.gen(function*() {
      const t = yield* Taxinvoice
      const info = yield* t.getInfo(CORP, "SELL", key)
      const files = yield* t.getFiles(CORP, "SELL", key)
      const outbox = yield* Effect.flatMap(Sandbox, (s) => s.outbox("test"))
      return { info, files: files.length, mails: outbox.filter((m) => m.document === key).length }
    }))
    const found = model.invoices.get(this.key)
    if (found === undefined) return expect(codeOf(exit)).toBe(NOT_FOUND)
    expect(Exit.isSuccess(exit)).toBe(true)
    if (!Exit.isSuccess(exit)) return
    const code = { saved: 100, issued: 300, filed: 304, failed: 305 }[found.state]
    expect(exit.value.info.stateCode).toBe(code)
    expect(exit.value.info.lateIssueYN).toBe(found.late)
    expect(exit.value.files).toBe(found.files)
    expect(exit.value.mails).toBe(found.mails)
    if (found.state !== "saved") expect(exit.value.info.ntsconfirmNum).toHaveLength(24)
  }
  toString() {
    return `query(${this.key})`
  }
}

class NextDay implements fc.AsyncCommand<Model, Real> {
  check() {
    return true
  }
  async run(model: Model, real: Real) {
    await real.advance(DAY)
    model.day = Kst.addDays(model.day, 1)
    for (const invoice of model.invoices.values()) {
      if (invoice.state === "issued") invoice.state = invoice.closedBuyer ? "failed" : "filed"
    }
  }
  toString() {
    return "nextDay()"
  }
}

const key = fc.constantFrom(...KEYS)
const commands = [
  fc.tuple(key, fc.boolean(), fc.boolean()).map(([k, old, closed]) => new Register(k, old, closed)),
  key.map((k) => new Attach(k)),
  key.map((k) => new DeleteFile(k)),
  fc.tuple(key, fc.boolean()).map(([k, force]) => new Issue(k, force)),
  key.map((k) => new SendEmail(k)),
  key.map((k) => new Query(k)),
  fc.constant(new NextDay())
]

describe("e-Tax invoice lifecycle, model-based", () => {
  it("the sandbox behaves like the model for any sequence of operations", async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: "max" }), async (cmds) => {
        await withSandbox(START, (real) => fc.asyncModelRun(() => ({ model: { day: Kst.toDate8(START), invoices: new Map() }, real }), cmds))
      }),
      { numRuns: 40 }
    )
  })
})
