/**
 * The stored form of e-Tax invoices (`Persisted.ts`), as a durable sandbox writes it: one row per
 * invoice (its draft as decoded, document ID, item key, files without their bytes, issue, filing
 * steps, reads), one per file's bytes, one per bulk submission (its results naming invoices by item
 * key). A data directory written by an earlier taxdoc holds these rows, so their shape is fixed
 * here; loading them rebuilds the maps by document ID and item key, the identifiers in use and the
 * indexes by confirmation number and by party and day.
 */
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { TaxinvoiceDraft } from "../../../src/domains/taxinvoice/Schemas.js"
import { AnswerCache } from "../../../src/sandbox/documents/AnswerCache.js"
import * as Bulk from "../../../src/sandbox/documents/Bulk.js"
import { Lazy } from "../../../src/sandbox/durable/Durable.js"
import type { Mail } from "../../../src/sandbox/Outbox.js"
import { notStarted } from "../../../src/sandbox/Progression.js"
import { decodeResult } from "../../../src/sandbox/routing/Route.js"
import { advanceFiling, issuedOfParty } from "../../../src/sandbox/taxinvoice/IssuedIndexes.js"
import { taxinvoiceCodec } from "../../../src/sandbox/taxinvoice/Persisted.js"
import * as State from "../../../src/sandbox/taxinvoice/State.js"
import { BUYER, draft } from "../../support/invoices.js"

const MEMBER = "1234567891"
// 2026-11-22 12:00 KST
const NOW = Date.UTC(2026, 10, 22, 3, 0, 0)
const FILE = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff])

const rowsOf = (state: State.TaxinvoiceState) =>
  new Map(Array.from(taxinvoiceCodec.rows(state, MEMBER), ([key, value]) => [key, value instanceof Lazy ? value.row() : value] as const))

/** What a JSON row looks like once stored and read back (bytes are stored as they are). */
const asStored = (value: unknown): unknown => (value instanceof Uint8Array ? value : JSON.parse(JSON.stringify(value)))

describe("e-Tax invoices as a durable sandbox stores them", () => {
  it("one row per invoice, per file's bytes and per bulk submission; loading them back gives the same state", () => {
    const state = State.taxinvoiceSlot.empty()
    const member = State.memberOf(state, MEMBER)
    const outbox: Array<Mail> = []
    const ctx: State.MemberContext = {
      state,
      member,
      submissions: member.submissions,
      outbox,
      answers: new AnswerCache(),
      corpNum: MEMBER,
      now: NOW,
      filing: { _tag: "Immediate" },
      bulkPolicy: { _tag: "Immediate" },
      receiptId: () => State.newReceiptId(state),
      issue: () => State.issueItem(ctx, false)
    }
    const decoded = (mgtKey: string) => Result.getOrThrow(decodeResult(draft(mgtKey, MEMBER, "20261122", { remark1: "" }), TaxinvoiceDraft))

    const saved = Result.getOrThrow(State.register(state, member, MEMBER, decoded("SAVED-1"), NOW))
    const file = Result.getOrThrow(State.attach(state, saved, { fileName: "견적서.pdf", displayName: "견적서", content: FILE }, NOW))
    const issued = Result.getOrThrow(State.register(state, member, MEMBER, decoded("ISSUED-1"), NOW))
    const issue = Result.getOrThrow(State.issue(state, outbox, issued, { memo: "발행" }, NOW))
    advanceFiling(state, issued, { _tag: "Immediate" }, NOW + 1000)
    const bulk: Bulk.Submission<State.Invoice> = {
      submitID: "S-1",
      receiptID: ctx.receiptId("S-1"),
      digest: "d",
      receivedAt: NOW,
      forceIssue: false,
      submitCount: 2,
      items: [draft("BULK-1", MEMBER, "20261122"), { invoicerMgtKey: "BROKEN" }],
      progress: notStarted,
      results: undefined
    }
    member.submissions.all.set("S-1", bulk)
    member.submissions.pending.add(bulk)
    Bulk.settle(ctx)

    const rows = rowsOf(state)
    const bulkItem = member.byKey.get(State.keyOf("SELL", "BULK-1"))!
    expect([...rows.keys()]).toEqual([`i:${saved.itemKey}`, `f:${file.fileId}`, `i:${issued.itemKey}`, `i:${bulkItem.itemKey}`, "b:S-1"])
    expect(asStored(rows.get(`i:${saved.itemKey}`))).toEqual({
      corpNum: MEMBER,
      // The draft as decoded: absent values ("" and null) are no key.
      draft: asStored(draft("SAVED-1", MEMBER, "20261122")),
      mgtKeyType: "SELL",
      mgtKey: "SAVED-1",
      itemKey: saved.itemKey,
      regAt: NOW,
      files: [{ serialNum: 1, fileId: file.fileId, fileName: "견적서.pdf", displayName: "견적서", regAt: NOW }],
      fileSerial: 1,
      filingStage: 0,
      filingTimes: [],
      polls: 0
    })
    expect(rows.get(`f:${file.fileId}`)).toEqual(FILE)
    expect(asStored(rows.get(`i:${issued.itemKey}`))).toMatchObject({
      mgtKey: "ISSUED-1",
      issued: { at: NOW, ntsconfirmNum: issue.ntsconfirmNum, late: false, memo: "발행", filingFails: false },
      filingStage: 4,
      filingTimes: [NOW, NOW, NOW, NOW]
    })
    expect(asStored(rows.get("b:S-1"))).toMatchObject({
      submitID: "S-1",
      forceIssue: false,
      submitCount: 2,
      stage: 2,
      completedAt: NOW,
      results: [
        { _tag: "Issued", mgtKey: "BULK-1", itemKey: bulkItem.itemKey },
        { _tag: "Failed", mgtKey: "BROKEN", failure: { entry: { code: -10000002 }, detail: expect.stringContaining("required") } }
      ]
    })
    expect(taxinvoiceCodec.globals(state)).toEqual({ sequence: state.sequence })

    const loaded = taxinvoiceCodec.load("test", new Map([[MEMBER, new Map(Array.from(rows, ([key, value]) => [key, asStored(value)] as const))]]), asStored(taxinvoiceCodec.globals(state)))
    expect(new Map(Array.from(rowsOf(loaded), ([key, value]) => [key, asStored(value)] as const))).toEqual(new Map(Array.from(rows, ([key, value]) => [key, asStored(value)] as const)))
    // Identifiers come from the sequence, loaded back: the next ones are new.
    expect(loaded.sequence).toBe(state.sequence)
    const used = new Set([saved.itemKey, issued.itemKey, bulkItem.itemKey, file.fileId, issue.ntsconfirmNum, bulk.receiptID])
    expect(used.has(State.newReceiptId(loaded))).toBe(false)
    expect(loaded.byConfirmNum.get(issue.ntsconfirmNum)?.mgtKey).toBe("ISSUED-1")
    expect(issuedOfParty(loaded, BUYER, "S", "20261122", "20261122").map((i) => i.mgtKey).sort()).toEqual(["BULK-1", "ISSUED-1"])
    const loadedMember = loaded.members.get(MEMBER)!
    expect(loadedMember.byKey.get(State.keyOf("SELL", "SAVED-1"))?.files[0]?.content).toEqual(FILE)
    expect(loadedMember.submissions.all.get("S-1")?.results?.[0]).toMatchObject({ _tag: "Issued", document: { mgtKey: "BULK-1" } })
  })
})
