/**
 * The stored form of collection (`Persisted.ts`), as a durable sandbox writes it: one row with a
 * member's portal certificate and department account, one per job (with the snapshot a completed
 * job took, without its index by confirmation number). A data directory written by an earlier
 * taxdoc holds these rows, so their shape is fixed here; loading them rebuilds the jobs by ID.
 */
import { describe, expect, it } from "@effect/vitest"
import { Lazy } from "../../../src/sandbox/durable/Durable.js"
import { taxPortalCodec } from "../../../src/sandbox/taxPortal/Persisted.js"
import type { CollectedReceipt } from "../../../src/sandbox/taxPortal/Records.js"
import * as State from "../../../src/sandbox/taxPortal/State.js"

const MEMBER = "1234567891"
// 2026-11-22 12:00 KST
const NOW = Date.UTC(2026, 10, 22, 3, 0, 0)

const asStored = (value: unknown): unknown => JSON.parse(JSON.stringify(value instanceof Lazy ? value.row() : value))

const collected: CollectedReceipt = {
  ntsconfirmNum: "100048271",
  tradeDate: "20261122",
  tradeDT: "20261122110000",
  tradeType: "승인거래",
  tradeUsage: "소득공제용",
  totalAmount: "11000",
  supplyCost: "10000",
  tax: "1000",
  serviceFee: "0",
  franchiseCorpNum: MEMBER,
  franchiseCorpName: "상점",
  identityNum: "010****1234",
  customerName: "",
  knownAt: NOW - 3_600_000
}

describe("collection as a durable sandbox stores it", () => {
  it("a row of the member's certificate and account, one per job with its snapshot; loading them back rebuilds the jobs by ID", () => {
    const state = State.taxPortalSlot.empty()
    const member = State.memberOf(state, MEMBER)
    State.registerCertificate(member, NOW)
    member.deptUser = { id: "dept01", passwordDigest: State.passwordDigest(MEMBER, "secret-pw") }
    const query = { corpNum: MEMBER, queryType: "SELL", dateType: "T", sDate: "20261101", eDate: "20261122" }
    const done = State.advance(State.register(state, query, "cashbill", undefined, NOW), { _tag: "Immediate" }, NOW, false, (job) => {
      job.receipts = [collected]
    })
    const pending = State.register(state, { ...query, queryType: "BUY" }, "taxinvoice", { code: -11100099, reason: "수집 실패" }, NOW + 1000)

    const rows = new Map(Array.from(taxPortalCodec.rows(state, MEMBER), ([key, value]) => [key, asStored(value)] as const))
    expect([...rows.keys()]).toEqual(["member", "job:00000000", "job:00000001"])
    expect(rows.get("member")).toEqual({
      certificate: { registeredAt: NOW, expiresAt: NOW + State.CERTIFICATE_VALIDITY_MILLIS },
      deptUser: { id: "dept01", passwordDigest: State.passwordDigest(MEMBER, "secret-pw") }
    })
    expect(rows.get("job:00000000")).toEqual({
      ...query,
      jobID: done.jobID,
      kind: "cashbill",
      regAt: NOW,
      polls: 0,
      stage: 2,
      startedAt: NOW,
      completedAt: NOW,
      receipts: [collected]
    })
    expect(rows.get("job:00000001")).toEqual({
      ...query,
      queryType: "BUY",
      jobID: pending.jobID,
      kind: "taxinvoice",
      regAt: NOW + 1000,
      failure: { code: -11100099, reason: "수집 실패" },
      polls: 0,
      stage: 0
    })
    expect(taxPortalCodec.globals(state)).toEqual({ sequence: 2 })

    const loaded = taxPortalCodec.load("test", new Map([[MEMBER, rows]]), { sequence: 2 })
    expect(loaded.members.get(MEMBER)?.jobs.map((job) => job.jobID)).toEqual([done.jobID, pending.jobID])
    expect(loaded.jobs.get(done.jobID)?.receipts).toEqual([collected])
    expect(State.jobRecord(loaded.jobs.get(pending.jobID)!)).toEqual(State.jobRecord(pending))
    expect(loaded.members.get(MEMBER)?.certificate?.expiresAt).toBe(NOW + State.CERTIFICATE_VALIDITY_MILLIS)
  })
})
