/**
 * Every e-Tax invoice and certificate operation end to end: SDK → in-process sandbox, with the
 * TestClock driving time and polls.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Kst from "../../../src/core/Kst.js"
import { Certificate } from "../../../src/domains/certificate/Certificate.js"
import { Taxinvoice } from "../../../src/domains/taxinvoice/Taxinvoice.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import { SandboxStore } from "../../../src/sandbox/Store.js"
import { stateCodeOf } from "../../../src/sandbox/taxinvoice/Filing.js"
import { issuedInvoices } from "../../../src/sandbox/taxinvoice/IssuedIndexes.js"
import { taxinvoiceSlot } from "../../../src/sandbox/taxinvoice/Stored.js"
import { CLOSED_BUYER, draft } from "../../support/invoices.js"
import * as Sdk from "../../support/sdk.js"
import { driven } from "../../support/clock.js"

const CORP = Sdk.MEMBER
const OTHER = "6798700433"
const seeded = { sandbox: { members: [{ corpNum: CORP }, { corpNum: OTHER }] } }
// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)
const TODAY = "20261122"
const DAY = 24 * 60 * 60 * 1000

const atStart = TestClock.setTime(START)


const bytes = (text: string) => new TextEncoder().encode(text)

describe("Taxinvoice, end to end through the in-process sandbox", () => {
  it.effect("register → attach (bytes and path) → files → delete file → issue → filing 300…304, with every query", () =>
    Effect.gen(function*() {
      yield* atStart
      const sandbox = yield* Sandbox
      yield* sandbox.setProgression("taxinvoice.filing", { _tag: "AfterPolls", polls: 1 })
      const ti = yield* Taxinvoice
      expect((yield* ti.register(CORP, draft("T-001", CORP, TODAY))).code).toBe(1)
      const info0 = yield* ti.getInfo(CORP, "SELL", "T-001")
      expect(info0.stateCode).toBe(100)
      expect(info0.itemKey).toMatch(/^\d{18}$/)
      expect(info0.regDT).toBe("20261122100000")

      const pdf = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0d, 0x0a, 0x2d, 0x2d])
      yield* ti.attachFile(CORP, "SELL", "T-001", { bytes: pdf, fileName: "dir/견적서.pdf", displayName: "견적서" })
      const dir = mkdtempSync(join(tmpdir(), "taxdoc-ti-"))
      writeFileSync(join(dir, "계약서.txt"), "contract")
      yield* ti.attachFile(CORP, "SELL", "T-001", { path: join(dir, "계약서.txt") })
      rmSync(dir, { recursive: true, force: true })
      const files = yield* ti.getFiles(CORP, "SELL", "T-001")
      expect(files.map((f) => [f.serialNum, f.displayName])).toEqual([[1, "견적서"], [2, "계약서.txt"]])
      expect(files.every((f) => /^[A-Za-z0-9-]+$/.test(f.attachedFile))).toBe(true)
      yield* ti.deleteFile(CORP, "SELL", "T-001", files[1]!.attachedFile)
      expect((yield* ti.getFiles(CORP, "SELL", "T-001")).length).toBe(1)

      const issued = yield* ti.issue(CORP, "SELL", "T-001", { memo: "발행", forceIssue: false })
      expect(issued.ntsConfirmNum).toMatch(new RegExp(`^${TODAY}[0-9a-z]{16}$`))
      // Files only while saved.
      const late = yield* Effect.flip(ti.attachFile(CORP, "SELL", "T-001", { bytes: pdf, fileName: "x.pdf" }))
      expect(late._tag === "ApiError" && late.isFilesOnlyWhileSaved).toBe(true)

      // Each read moves filing one step under AfterPolls(1): 301, 302, 303, 304.
      const codes: Array<number> = []
      for (let i = 0; i < 4; i++) codes.push((yield* ti.getInfo(CORP, "SELL", "T-001")).stateCode)
      expect(codes).toEqual([301, 302, 303, 304])
      const info = yield* ti.getInfo(CORP, "SELL", "T-001")
      expect(info).toMatchObject({ stateCode: 304, ntsconfirmNum: issued.ntsConfirmNum, lateIssueYN: false, closeDownState: 1, invoicerMgtKey: "T-001" })
      expect(info.ntssendDT).toMatch(/^\d{14}$/)
      expect(info.ntsresultDT).toMatch(/^\d{14}$/)

      const detail = yield* ti.getDetailInfo(CORP, "SELL", "T-001")
      expect(detail.ntsconfirmNum).toBe(issued.ntsConfirmNum)
      expect(detail.detailList?.[0]?.itemName).toBe("컨설팅")

      // The buyer notification was recorded; SendEmail adds to the outbox.
      yield* ti.sendEmail(CORP, "SELL", "T-001", "again@example.com")
      const outbox = yield* sandbox.outbox("test")
      expect(outbox.map((m) => [m.document, m.receiver, m.operation])).toEqual([["T-001", "buyer@example.com", "Taxinvoice.Issue"], ["T-001", "again@example.com", "Taxinvoice.SendEmail"]])
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("due date: overdue needs forceIssue and is marked late; a closed buyer's invoice fails filing (305)", () =>
    Effect.gen(function*() {
      yield* atStart
      const ti = yield* Taxinvoice
      // Written in September: due 10 October, so overdue on 22 November.
      yield* ti.register(CORP, draft("T-LATE", CORP, "20260915"))
      const refused = yield* Effect.flip(ti.issue(CORP, "SELL", "T-LATE"))
      expect(refused._tag === "ApiError" && refused.isOverdue).toBe(true)
      yield* ti.issue(CORP, "SELL", "T-LATE", { forceIssue: true })
      expect((yield* ti.getInfo(CORP, "SELL", "T-LATE")).lateIssueYN).toBe(true)

      yield* ti.register(CORP, draft("T-CLOSED", CORP, TODAY, { invoiceeCorpNum: CLOSED_BUYER }))
      yield* ti.issue(CORP, "SELL", "T-CLOSED")
      expect((yield* ti.getInfo(CORP, "SELL", "T-CLOSED")).stateCode).toBe(300)
      // Filed at the end of the KST day under the default policy.
      yield* TestClock.adjust(DAY)
      const [closed, ok] = yield* ti.getInfos(CORP, "SELL", ["T-CLOSED", "NOPE", "T-LATE"])
      expect(closed).toMatchObject({ stateCode: 305, ntssendErrCode: "SERR01", closeDownState: 2 })
      expect(ok).toMatchObject({ stateCode: 304, invoicerMgtKey: "T-LATE" })

      // The collection's read of issued invoices (saved drafts are not sent to the authority).
      yield* ti.register(CORP, draft("T-SAVED", CORP, TODAY))
      const collected = yield* Effect.flatMap(Sandbox, (s) => s.use(Effect.map(SandboxStore, (store) => issuedInvoices(store.get(taxinvoiceSlot, "test")))))
      expect(collected.map((c) => [c.issued?.ntsconfirmNum.length, stateCodeOf(c), c.draft.detailList?.[0]?.itemName])).toEqual([[24, 304, "컨설팅"], [24, 305, "컨설팅"]])
      expect(collected[1]!.draft).toMatchObject({ invoiceeCorpNum: CLOSED_BUYER, writeDate: TODAY, totalAmount: "110000" })
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("errors: unknown ID -11000005, ID in use, wrong state, more than 5 files, members isolated", () =>
    Effect.gen(function*() {
      yield* atStart
      const ti = yield* Taxinvoice
      const missing = yield* Effect.flip(ti.getInfo(CORP, "SELL", "NOPE"))
      expect(missing._tag === "ApiError" && missing.code).toBe(-11000005)
      yield* ti.register(CORP, draft("T-1", CORP, TODAY))
      const again = yield* Effect.flip(ti.register(CORP, { ...draft("T-1", CORP, TODAY), purposeType: "청구" }))
      expect(again._tag === "ApiError" && again.isDocumentIdInUse).toBe(true)
      for (let i = 0; i < 5; i++) yield* ti.attachFile(CORP, "SELL", "T-1", { bytes: bytes(`file ${i}`), fileName: `f${i}.txt` })
      const sixth = yield* Effect.flip(ti.attachFile(CORP, "SELL", "T-1", { bytes: bytes("6"), fileName: "f6.txt" }))
      expect(sixth._tag === "ApiError" && sixth.isTooManyFiles).toBe(true)
      const mail = yield* Effect.flip(ti.sendEmail(CORP, "SELL", "T-1", "a@example.com"))
      expect(mail._tag === "ApiError" && mail.isInvalidState).toBe(true)
      const issued = yield* ti.issue(CORP, "SELL", "T-1")
      // Issued twice: the sandbox refuses (wrong state), and the SDK answers the rerun as the first run.
      expect((yield* ti.issue(CORP, "SELL", "T-1")).ntsConfirmNum).toBe(issued.ntsConfirmNum)
      expect((yield* Effect.flatMap(Sandbox, (s) => s.stats)).calls["Taxinvoice.Issue"]).toBe(2)
      // Another member does not see it.
      const other = yield* Effect.flip(ti.getInfo(OTHER, "SELL", "T-1"))
      expect(other._tag === "ApiError" && other.code).toBe(-11000005)
      // Mass print: more than 100 IDs is refused before sending.
      const many = yield* Effect.flip(ti.getMassPrintURL(CORP, "SELL", Array.from({ length: 101 }, (_, i) => `K${i}`)))
      expect(many._tag).toBe("ValidationError")
      // writeDate after today: refused by the SDK with the path.
      const future = yield* Effect.flip(ti.register(CORP, draft("T-F", CORP, "20261123")))
      expect(future._tag === "ValidationError" && future.paths).toEqual(["writeDate"])
      // A file ID of "." or ".." would be removed from the URL as a dot segment: refused before sending.
      for (const dot of [".", ".."]) {
        const refused = yield* Effect.flip(ti.deleteFile(CORP, "SELL", "T-1", dot))
        expect(refused._tag === "ValidationError" && refused.paths, dot).toEqual(["FileID"])
      }
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("URL operations answer sandbox portal URLs; AssignMgtKey names a portal invoice", () =>
    Effect.gen(function*() {
      yield* atStart
      const ti = yield* Taxinvoice
      const sandbox = yield* Sandbox
      yield* ti.register(CORP, draft("T-U", CORP, TODAY))
      yield* ti.issue(CORP, "SELL", "T-U")
      for (const kind of ["POPUP", "VIEW", "PRINT", "EPRINT", "PDF", "MAIL"] as const) {
        expect(yield* ti.getURL(CORP, "SELL", "T-U", kind)).toMatch(/\/portal\/[0-9a-f]{32}$/)
      }
      expect(yield* ti.getMassPrintURL(CORP, "SELL", ["T-U"])).toMatch(/\/portal\/[0-9a-f]{32}$/)

      const portal = yield* sandbox.issueOnPortal("test", CORP, {})
      expect(portal.itemKey).toMatch(/^\d{18}$/)
      yield* ti.assignMgtKey(CORP, portal.itemKey, "SELL", "FROM-PORTAL")
      const info = yield* ti.getInfo(CORP, "SELL", "FROM-PORTAL")
      expect(info).toMatchObject({ itemKey: portal.itemKey, ntsconfirmNum: portal.ntsconfirmNum, stateCode: 300 })
      const twice = yield* Effect.flip(ti.assignMgtKey(CORP, portal.itemKey, "SELL", "OTHER"))
      expect(twice._tag).toBe("ApiError")
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("issueMany: 250 invoices land as 3 submissions with results in input order, the TestClock driving the polls", () =>
    Effect.gen(function*() {
      yield* atStart
      const ti = yield* Taxinvoice
      const invoices = Array.from({ length: 250 }, (_, i) => draft(`B-${String(249 - i).padStart(4, "0")}`, CORP, TODAY))
      const results = yield* driven(ti.issueMany(CORP, invoices))
      expect(results.map((r) => r.invoicerMgtKey)).toEqual(invoices.map((d) => d.invoicerMgtKey))
      expect(results.every((r) => r.code === 1 && /^\d{8}[0-9a-z]{16}$/.test(r.ntsconfirmNum ?? ""))).toBe(true)
      const stats = yield* Effect.flatMap(Sandbox, (s) => s.stats)
      expect(stats.calls["Taxinvoice.BulkIssue"]).toBe(3)
      expect(stats.calls["Taxinvoice.GetBulkResult"]).toBe(6)
      const infos = yield* ti.getInfos(CORP, "SELL", invoices.map((d) => d.invoicerMgtKey))
      expect(infos.map((i) => i.invoicerMgtKey)).toEqual(invoices.map((d) => d.invoicerMgtKey))

      // Partial failures: an overdue invoice without forceIssue fails alone.
      const mixed = [draft("M-1", CORP, TODAY), draft("M-2", CORP, "20260901"), draft("M-3", CORP, TODAY)]
      const response = yield* ti.bulkIssue(CORP, "SUBMIT-1", mixed)
      const result = yield* driven(ti.awaitBulkResult(CORP, "SUBMIT-1"))
      expect(result).toMatchObject({ submitCount: 3, successCount: 2, failCount: 1, txState: 2, receiptID: response.receiptID })
      expect(result.issueResult?.map((r) => [r.invoicerMgtKey, r.code])).toEqual([["M-1", 1], ["M-2", -11000014], ["M-3", 1]])
    }).pipe(Effect.provide(Sdk.layer(seeded))))
})

describe("Certificate, end to end through the in-process sandbox", () => {
  it.effect("none registered → documented code; registered → expiry (raw 14 digits and a Date), check, record; expired → check fails", () =>
    Effect.gen(function*() {
      yield* atStart
      const cert = yield* Certificate
      const sandbox = yield* Sandbox
      const none = yield* Effect.flip(cert.getExpireDate(CORP))
      expect(none._tag === "ApiError" && none.isCertificateMissing).toBe(true)
      expect(yield* cert.getTaxCertURL(CORP)).toMatch(/\/portal\/[0-9a-f]{32}$/)
      yield* sandbox.registerCertificate("test", CORP, { expireDT: "20261231235959" })
      const expiry = yield* cert.getExpireDate(CORP)
      expect(expiry.raw).toBe("20261231235959")
      expect(expiry.expiresAt.getTime()).toBe(Kst.parse("20261231235959"))
      expect((yield* cert.checkValidation(CORP)).code).toBe(1)
      expect((yield* cert.getInfo(CORP)).expireDT).toBe("20261231235959")
      yield* TestClock.adjust(60 * DAY)
      const expired = yield* Effect.flip(cert.checkValidation(CORP))
      expect(expired._tag === "ApiError" && expired.isCertificateMissing).toBe(true)
    }).pipe(Effect.provide(Sdk.layer(seeded))))
})
