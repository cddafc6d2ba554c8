import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Tokens } from "../../../src/core/Tokens.js"
import * as Rules from "../../../src/domains/statement/Rules.js"
import { ItemCode, Statement } from "../../../src/domains/statement/Statement.js"
import { Sandbox } from "../../../src/sandbox/Sandbox.js"
import * as Sdk from "../../support/sdk.js"
import { statement } from "../../support/statements.js"

const CORP = Sdk.MEMBER
const OTHER = "6798700433"
const seeded = { sandbox: { members: [{ corpNum: CORP }, { corpNum: OTHER }] } }
// 2026-11-22 10:00 KST
const START = Date.UTC(2026, 10, 22, 1, 0, 0)

const codeOf = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null && "code" in error ? (error as { code: number }).code : undefined

describe("Statement, end to end through the in-process sandbox", () => {
  for (const [name, itemCode] of Object.entries(ItemCode)) {
    it.effect(`${name} (${itemCode}): every operation, from issue to delete and reuse of the ID`, () =>
      Effect.gen(function*() {
        yield* TestClock.setTime(START)
        const statements = yield* Statement
        const sandbox = yield* Sandbox
        const issued = yield* statements.issue(CORP, statement(itemCode, "S-001", CORP))
        expect(issued.code).toBe(1)
        expect(issued.invoiceNum).toMatch(new RegExp(`^20261122${itemCode}[0-9a-z]{13}$`))

        const info = yield* statements.getInfo(CORP, itemCode, "S-001")
        expect(info).toMatchObject({
          itemCode,
          mgtKey: "S-001",
          invoiceNum: issued.invoiceNum,
          stateCode: 300,
          regDT: "20261122100000",
          issueDT: "20261122100000",
          stateDT: "20261122100000",
          senderCorpNum: CORP,
          receiverCorpNum: "6798700433",
          supplyCostTotal: "100000",
          taxTotal: "10000",
          purposeType: "영수",
          taxType: "과세",
          senderPrintYN: false,
          receiverPrintYN: false,
          openYN: false
        })
        expect(info.itemKey).toMatch(/^\d{18}$/)

        const detail = yield* statements.getDetailInfo(CORP, itemCode, "S-001")
        expect(detail).toMatchObject({ itemCode, mgtKey: "S-001", invoiceNum: issued.invoiceNum, totalAmount: "110000", senderCEOName: "김공급" })
        expect(detail.propertyBag).toEqual({ Balance: "15000", Deposit: "5000", CBalance: "20000" })
        expect(detail.detailList?.[0]).toMatchObject({ serialNum: 1, itemName: "원두", supplyCost: "100000" })

        yield* statements.issue(CORP, statement(itemCode, "S-002", CORP))
        const infos = yield* statements.getInfos(CORP, itemCode, ["S-002", "S-MISSING", "S-001"])
        expect(infos.map((i) => i.mgtKey)).toEqual(["S-002", "S-001"])

        for (const get of [statements.getPopUpURL, statements.getViewURL, statements.getPrintURL, statements.getEPrintURL, statements.getMailURL]) {
          expect(yield* get(CORP, itemCode, "S-001")).toMatch(/^http:\/\/.+\/portal\/[0-9a-f]{32}$/)
        }
        expect((yield* statements.getInfo(CORP, itemCode, "S-001")).senderPrintYN).toBe(true)
        expect(yield* statements.getMassPrintURL(CORP, itemCode, ["S-001", "S-002"])).toMatch(/\/portal\/[0-9a-f]{32}$/)
        expect((yield* statements.getInfo(CORP, itemCode, "S-002")).senderPrintYN).toBe(true)

        yield* statements.sendEmail(CORP, itemCode, "S-001", "again@example.com")
        const mails = yield* sandbox.outbox("test")
        expect(mails.map((m) => [m.operation, m.receiver])).toEqual([
          ["Statement.RegistIssue", "buyer@example.com"],
          ["Statement.RegistIssue", "buyer@example.com"],
          ["Statement.SendEmail", "again@example.com"]
        ])

        // Delete before cancel: wrong state.
        const early = yield* Effect.flip(statements.delete(CORP, itemCode, "S-001"))
        expect(early._tag === "ApiError" && early.isInvalidState).toBe(true)
        yield* TestClock.adjust("1 hour")
        expect((yield* statements.cancel(CORP, itemCode, "S-001", "주문 취소")).code).toBe(1)
        expect(yield* statements.getInfo(CORP, itemCode, "S-001")).toMatchObject({ stateCode: 600, stateMemo: "주문 취소", stateDT: "20261122110000" })
        const again = yield* Effect.flip(statements.cancel(CORP, itemCode, "S-001"))
        expect(codeOf(again)).toBe(-12000010)
        expect((yield* statements.delete(CORP, itemCode, "S-001")).code).toBe(1)
        const gone = yield* Effect.flip(statements.getInfo(CORP, itemCode, "S-001"))
        expect(gone._tag === "ApiError" && gone.isNotFound && gone.code === -12000004).toBe(true)
        // The document ID is free again.
        const reissued = yield* statements.issue(CORP, statement(itemCode, "S-001", CORP))
        expect(reissued.invoiceNum).not.toBe(issued.invoiceNum)
        const inUse = yield* Effect.flip(statements.issue(CORP, { ...statement(itemCode, "S-001", CORP), purposeType: "청구" }))
        expect(inUse._tag === "ApiError" && inUse.isDocumentIdInUse && inUse.code === -12001012).toBe(true)
        // The same statement again is a rerun: answered as its first run.
        expect((yield* statements.issue(CORP, statement(itemCode, "S-001", CORP))).invoiceNum).toBe(reissued.invoiceNum)
      }).pipe(Effect.provide(Sdk.layer(seeded))))
  }

  it.effect("pending approval when the member asks for it; approved through the admin operation; cancellable while pending", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const statements = yield* Statement
      const sandbox = yield* Sandbox
      yield* sandbox.setMemberPreferences("test", CORP, { statementApprovalRequired: true })
      yield* statements.issue(CORP, statement(ItemCode.TransactionStatement, "P-001", CORP))
      yield* statements.issue(CORP, statement(ItemCode.TransactionStatement, "P-002", CORP))
      const pending = yield* statements.getInfo(CORP, ItemCode.TransactionStatement, "P-001")
      expect(pending.stateCode).toBe(200)
      expect(pending.issueDT).toBeUndefined()
      expect(pending.invoiceNum).toHaveLength(24)
      expect(yield* sandbox.outbox("test")).toEqual([])

      yield* TestClock.adjust("5 minutes")
      const approved = yield* sandbox.approveStatement("test", CORP, 121, "P-001")
      expect(approved).toMatchObject({ stateCode: 300, issueDT: "20261122100500" })
      expect((yield* sandbox.outbox("test")).map((m) => m.document)).toEqual(["121/P-001"])
      const twice = yield* Effect.flip(sandbox.approveStatement("test", CORP, 121, "P-001"))
      expect(twice.entry.code).toBe(-12000010)

      yield* statements.cancel(CORP, ItemCode.TransactionStatement, "P-002")
      expect((yield* statements.getInfo(CORP, ItemCode.TransactionStatement, "P-002")).stateCode).toBe(600)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("document IDs are per item code and per member; members are isolated", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const statements = yield* Statement
      yield* statements.issue(CORP, statement(ItemCode.Estimate, "SAME", CORP))
      yield* statements.issue(CORP, statement(ItemCode.Bill, "SAME", CORP))
      yield* statements.issue(OTHER, statement(ItemCode.Estimate, "SAME", OTHER))
      expect((yield* statements.getInfo(CORP, ItemCode.Bill, "SAME")).itemCode).toBe(122)
      expect((yield* statements.getInfo(OTHER, ItemCode.Estimate, "SAME")).senderCorpNum).toBe(OTHER)
      const missing = yield* Effect.flip(statements.getInfo(OTHER, ItemCode.Bill, "SAME"))
      expect(codeOf(missing)).toBe(-12000004)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("one token carries member and all six item codes", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const statements = yield* Statement
      for (const itemCode of Rules.ITEM_CODES) yield* statements.issue(CORP, statement(itemCode, `T-${itemCode}`, CORP))
      for (const itemCode of Rules.ITEM_CODES) yield* statements.getInfo(CORP, itemCode, `T-${itemCode}`)
      expect((yield* (yield* Tokens).stats).issued).toBe(1)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("GetInfos takes any number of IDs (requests of 1,000), in input order", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const statements = yield* Statement
      const sandbox = yield* Sandbox
      const keys = Array.from({ length: 12 }, (_, i) => `M-${i}`)
      for (const key of keys) yield* statements.issue(CORP, statement(ItemCode.Receipt, key, CORP))
      const asked = [...keys.slice(6), ...Array.from({ length: 2400 }, (_, i) => `U-${i}`), ...keys.slice(0, 6)]
      const infos = yield* statements.getInfos(CORP, ItemCode.Receipt, asked)
      expect(infos.map((i) => i.mgtKey)).toEqual([...keys.slice(6), ...keys.slice(0, 6)])
      expect((yield* sandbox.stats).calls["Statement.GetInfos"]).toBe(3)
    }).pipe(Effect.provide(Sdk.layer(seeded))))

  it.effect("refused before sending: mass print over 100, an item code outside 121–126, a broken body", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const statements = yield* Statement
      const sandbox = yield* Sandbox
      const tooMany = yield* Effect.flip(statements.getMassPrintURL(CORP, ItemCode.Bill, Array.from({ length: 101 }, (_, i) => `K-${i}`)))
      expect(tooMany._tag).toBe("ValidationError")
      expect(tooMany._tag === "ValidationError" && tooMany.issues.map((i) => [i.path, i.rule])).toContainEqual(["mgtKeys", "maxItems(100)"])
      const badCode = yield* Effect.flip(statements.getInfo(CORP, 127 as Rules.ItemCode, "X"))
      expect(badCode._tag === "ValidationError" && badCode.paths).toEqual(["itemCode"])
      const { taxType: _bill, ...bill } = statement(ItemCode.Bill, "X", CORP)
      const noTaxType = yield* Effect.flip(statements.issue(CORP, bill))
      expect(noTaxType._tag === "ValidationError" && noTaxType.issues.map((i) => [i.path, i.rule])).toEqual([["taxType", "taxTypeRequired"]])
      // A deposit slip needs no tax type.
      const { taxType: _, ...slip } = statement(ItemCode.DepositSlip, "X", CORP)
      expect((yield* statements.issue(CORP, slip)).code).toBe(1)
      expect(Object.keys((yield* sandbox.stats).calls).filter((n) => n.startsWith("Statement."))).toEqual(["Statement.RegistIssue"])
    }).pipe(Effect.provide(Sdk.layer(seeded))))
})
