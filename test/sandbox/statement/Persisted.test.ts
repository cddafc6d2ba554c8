/**
 * The stored form of statements (`Persisted.statementCodec`), as a durable sandbox writes it: one row
 * per statement (its body as decoded, item key, invoice number, times, state and flags). A data
 * directory written by an earlier taxdoc holds these rows, so their shape is fixed here.
 */
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { StatementIssue } from "../../../src/domains/statement/Schemas.js"
import { Lazy } from "../../../src/sandbox/durable/Durable.js"
import type { Mail } from "../../../src/sandbox/Outbox.js"
import { decodeResult } from "../../../src/sandbox/routing/Route.js"
import { statementCodec } from "../../../src/sandbox/statement/Persisted.js"
import * as State from "../../../src/sandbox/statement/State.js"
import { statement } from "../../support/statements.js"

const MEMBER = "1234567891"
// 2026-11-22 10:00 KST
const NOW = Date.UTC(2026, 10, 22, 1, 0, 0)

const asStored = (value: unknown): unknown => JSON.parse(JSON.stringify(value instanceof Lazy ? value.row() : value))

describe("statements as a durable sandbox stores them", () => {
  it("one row per statement, in the stored format; loading them back keeps them in issue order", () => {
    const state = State.statementSlot.empty()
    const outbox: Array<Mail> = []
    const body = (mgtKey: string) =>
      Result.getOrThrow(decodeResult({ ...statement(121, mgtKey, MEMBER), remark1: null, senderTaxRegID: "", recieverTaxRegID: "0001" }, StatementIssue))
    const issued = Result.getOrThrow(State.issue(state, MEMBER, body("S-1"), false, outbox, NOW))
    const pending = Result.getOrThrow(State.issue(state, MEMBER, body("S-2"), true, outbox, NOW + 1000))
    Result.getOrThrow(State.cancel(state.members.get(MEMBER)!, 121, "S-1", "취소", NOW + 2000))

    const rows = new Map(Array.from(statementCodec.rows(state, MEMBER), ([key, value]) => [key, asStored(value)] as const))
    expect([...rows.keys()]).toEqual(["121/S-1", "121/S-2"])
    expect(rows.get("121/S-1")).toEqual({
      // The body as decoded: absent values (null, "") and fields the schema does not know are no key.
      body: asStored(statement(121, "S-1", MEMBER)),
      itemKey: issued.itemKey,
      invoiceNum: issued.invoiceNum,
      registeredAt: NOW,
      issuedAt: NOW,
      stateCode: 600,
      stateAt: NOW + 2000,
      stateMemo: "취소",
      senderPrintYN: false,
      receiverPrintYN: false,
      openYN: false
    })
    expect(rows.get("121/S-2")).toMatchObject({ itemKey: pending.itemKey, stateCode: 200, registeredAt: NOW + 1000 })
    expect(rows.get("121/S-2")).not.toHaveProperty("issuedAt")
    expect(statementCodec.globals(state)).toEqual({ sequence: 2 })

    const loaded = statementCodec.load("test", new Map([[MEMBER, new Map([...rows].reverse())]]), { sequence: 2 })
    const member = loaded.members.get(MEMBER)!
    expect([...member.keys()]).toEqual(["121/S-1", "121/S-2"])
    const reloaded = new Map(Array.from(statementCodec.rows(loaded, MEMBER), ([key, value]) => [key, asStored(value)] as const))
    expect(reloaded.get("121/S-1")).toEqual(rows.get("121/S-1"))
    expect(Result.isSuccess(State.approve(member, MEMBER, 121, "S-2", [], NOW + 3000))).toBe(true)
  })
})
