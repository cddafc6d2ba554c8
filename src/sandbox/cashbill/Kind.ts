/**
 * Cash receipts as the sandbox's pages read them (`DocumentKind.ts`): rows, counts, a receipt's
 * history and detail record, the bulk submissions — the filing as of now, derived, never recorded.
 */
import { asOf, type Progress } from "../Progression.js"
import { type Change, type DocumentKind, inOrder, type Reading, type Row } from "../documents/DocumentKind.js"
import { courseOf, filingOf, STATES, stateCodeOf } from "./Filing.js"
import { detailRecord } from "./Records.js"
import { cashbillSlot, findByItemKey, type MemberCashbills } from "./State.js"
import type { Receipt } from "./Stored.js"

/** A receipt's filing as of now, under the reading's policy. */
const filingNow = (reading: Reading, receipt: Receipt): Progress => asOf(receipt.progress, courseOf(receipt, reading.policies["cashbill.filing"]), reading.now)

/** A receipt's row: its item key and confirmation number (derived, formatted) only when read. */
class ReceiptRow implements Row<Receipt> {
  readonly kind = "cashbill"
  readonly itemCode = undefined
  readonly stateCode: number
  readonly stateAt: number
  constructor(readonly corpNum: string, readonly document: Receipt, reading: Reading) {
    const progress = filingNow(reading, document)
    this.stateCode = stateCodeOf(document, progress)
    this.stateAt = progress.reached[0] ?? document.issuedAt
  }
  get itemKey(): string {
    return this.document.itemKey
  }
  get mgtKey(): string {
    return this.document.mgtKey
  }
  get date(): string {
    return this.document.tradeDate
  }
  get number(): string {
    return this.document.confirmNum
  }
  get buyer(): string | undefined {
    return this.document.customerName
  }
  get total(): string {
    return this.document.totalAmount
  }
  get order(): number {
    return this.document.sequence
  }
}

const membersOf = (reading: Reading, corpNum: string | undefined): ReadonlyArray<MemberCashbills> => {
  const members = reading.store.get(cashbillSlot, reading.environment).members
  if (corpNum === undefined) return Array.from(members.values())
  const member = members.get(corpNum)
  return member === undefined ? [] : [member]
}

/** The adapter of cash receipts. */
export const cashbillKind: DocumentKind<Receipt> = {
  name: "cashbill",
  states: STATES,
  operations: "Cashbill.",
  rows: (reading, corpNum) =>
    membersOf(reading, corpNum).map((member) => {
      const rows: Array<Row<Receipt>> = []
      for (let i = member.issued.length - 1; i >= 0; i--) {
        const receipt = member.issued[i]!
        // Deleted receipts stay in the issue order; they are no longer the member's.
        if (member.receipts.get(receipt.mgtKey) === receipt) rows.push(new ReceiptRow(member.corpNum, receipt, reading))
      }
      return rows
    }),
  find: (reading, corpNum, itemKey) => {
    const state = reading.store.get(cashbillSlot, reading.environment)
    const member = state.members.get(corpNum)
    const receipt = member === undefined ? undefined : findByItemKey(state, member, itemKey)
    return receipt === undefined ? undefined : new ReceiptRow(corpNum, receipt, reading)
  },
  count: (reading, corpNum) => membersOf(reading, corpNum).reduce((n, member) => n + member.receipts.size, 0),
  issued: (reading, corpNum) => membersOf(reading, corpNum).flatMap((member) => member.issued.map((receipt) => receipt.issuedAt)),
  history: (reading, r, language) => {
    const revocation = r.tradeType === "취소거래"
    const changes: Array<Change> = [{
      at: r.issuedAt,
      event: revocation ? "issuedRevocation" : "issued",
      stateCode: 300,
      detail: revocation ? `${r.orgConfirmNum ?? ""} ${r.orgTradeDate ?? ""}`.trim() : undefined
    }]
    const progress = filingNow(reading, r)
    const filing = filingOf(r, progress)
    if (filing !== undefined) {
      const stateCode = stateCodeOf(r, progress)
      changes.push({ at: filing.at, event: stateCode === 304 ? "filed" : "filingFailed", stateCode, detail: `${filing.outcome.code} ${filing.outcome[language]}` })
    }
    for (const by of r.revocations ?? []) changes.push({ at: by.issuedAt, event: "revoked", detail: by.totalAmount, related: { itemKey: by.itemKey, label: by.mgtKey } })
    return inOrder(changes)
  },
  detail: (_reading, receipt) => detailRecord(receipt),
  submissions: {
    policy: "cashbill.bulk",
    all: (reading) => membersOf(reading, undefined).flatMap((member) => Array.from(member.submissions.all.values(), (bulk) => [member.corpNum, bulk] as const)),
    itemKey: (receipt) => receipt.itemKey
  }
}
