/**
 * How cash receipts are kept by a durable sandbox (`Durable.ts`): each member is a part; each of its
 * receipts (the fields it was issued with, its trade, sequence number, issue instant, polls and
 * filing) and each bulk submission is a row. The indexes — by sequence number, by party and day,
 * the issue order, an original's revocations — and the shared texts are rebuilt on load.
 */
import * as Bulk from "../documents/Bulk.js"
import { codec, Lazy, memberRows } from "../durable/Durable.js"
import { filingOf, type Filing } from "./Filing.js"
import { type CashbillState, cashbillSlot, emptyMember, file, type MemberCashbills } from "./State.js"
import { Receipt, type ReceiptFields, sequenceOf, type Trade } from "./Stored.js"

/** A receipt as stored on disk. */
interface ReceiptRow {
  readonly fields: ReceiptFields
  readonly trade: Trade
  readonly sequence: number
  readonly issuedAt: number
  readonly polls: number
  readonly filing?: Filing
}

interface IssuedRow {
  readonly _tag: "Issued"
  readonly mgtKey: string
  readonly sequence: number
  readonly receipt?: ReceiptRow
}

const OPTIONAL_FIELDS = [
  "franchiseTaxRegID", "franchiseCorpName", "franchiseCEOName", "franchiseAddr", "franchiseTEL", "customerName", "itemName",
  "orderNumber", "email", "hp", "memo", "emailSubject", "orgConfirmNum", "orgTradeDate", "cancelType"
] as const

const fieldsOf = (r: Receipt): ReceiptFields => {
  const fields: Record<string, unknown> = {
    mgtKey: r.mgtKey,
    tradeUsage: r.tradeUsage,
    taxationType: r.taxationType,
    totalAmount: r.totalAmount,
    supplyCost: r.supplyCost,
    tax: r.tax,
    serviceFee: r.serviceFee,
    franchiseCorpNum: r.franchiseCorpNum,
    identityNum: r.identityNum
  }
  for (const key of OPTIONAL_FIELDS) if (r[key] !== undefined) fields[key] = r[key]
  return fields as unknown as ReceiptFields
}

const rowOf = (r: Receipt): ReceiptRow => {
  const filing = filingOf(r)
  return {
    fields: fieldsOf(r),
    trade: { tradeType: r.tradeType, tradeDT: r.tradeDT, tradeOpt: r.tradeOpt, smssendYN: r.smssendYN },
    sequence: r.sequence,
    issuedAt: r.issuedAt,
    polls: r.progress.polls,
    ...(filing === undefined ? {} : { filing })
  }
}

const receiptOf = (state: CashbillState, row: ReceiptRow): Receipt => {
  const receipt = new Receipt(row.fields, row.trade, row.sequence, row.issuedAt, state.shared)
  if (row.polls > 0 || row.filing !== undefined) receipt.progress = { polls: row.polls, reached: row.filing === undefined ? [] : [row.filing.at] }
  return receipt
}

const isCurrent = (member: MemberCashbills, receipt: Receipt): boolean => member.receipts.get(receipt.mgtKey) === receipt

const RECEIPT = "r:"
const BULK = "b:"

/** The codec of cash receipts. */
export const cashbillCodec = codec({
  slot: cashbillSlot,
  parts: (state) => state.members.keys(),
  rows: (state, corpNum) =>
    memberRows(state.members, corpNum, (member, rows) => {
      for (const receipt of member.receipts.values()) rows.push([`${RECEIPT}${String(receipt.sequence).padStart(12, "0")}`, new Lazy(receipt, () => rowOf(receipt))])
      for (const bulk of member.submissions.all.values()) {
        // A bulk result names its receipt by sequence number; one deleted since is kept whole.
        rows.push([`${BULK}${bulk.submitID}`, Bulk.rowOf(bulk, ({ document, mgtKey }): IssuedRow => ({
          _tag: "Issued",
          mgtKey,
          sequence: document.sequence,
          ...(isCurrent(member, document) ? {} : { receipt: rowOf(document) })
        }), false)])
      }
    }),
  globals: (state) => ({ sequence: state.sequence }),
  load: (_environment, parts, globals): CashbillState => {
    const state = cashbillSlot.empty()
    state.sequence = (globals as { readonly sequence?: number } | undefined)?.sequence ?? 0
    const receipts: Array<{ readonly member: MemberCashbills; readonly receipt: Receipt }> = []
    for (const [corpNum, rows] of parts) {
      const member = emptyMember(corpNum)
      state.members.set(corpNum, member)
      for (const [key, row] of rows) if (key.startsWith(RECEIPT)) receipts.push({ member, receipt: receiptOf(state, row as ReceiptRow) })
    }
    // Filed in issue order, as they were issued: the indexes list them in that order.
    receipts.sort((a, b) => a.receipt.sequence - b.receipt.sequence)
    for (const { member, receipt } of receipts) file(state, member, receipt)
    for (const { member, receipt } of receipts) {
      if (receipt.orgConfirmNum === undefined) continue
      const n = sequenceOf(receipt.orgConfirmNum)
      const original = n === undefined ? undefined : state.bySequence[n]
      if (original !== undefined && isCurrent(member, original)) (original.revocations ??= []).push(receipt)
    }
    for (const [corpNum, rows] of parts) {
      Bulk.loadInto<Receipt, IssuedRow>(state.members.get(corpNum)!.submissions, rows, BULK, (result, submitID) => {
        const receipt = result.receipt === undefined ? state.bySequence[result.sequence] : receiptOf(state, result.receipt)
        if (receipt === undefined) throw new Error(`bulk ${submitID} names receipt ${result.sequence}, which is not stored`)
        return receipt
      })
    }
    return state
  }
})
