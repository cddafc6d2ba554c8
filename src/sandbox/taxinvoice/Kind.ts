/**
 * e-Tax invoices as the sandbox's pages read them (`DocumentKind.ts`): rows, counts, an invoice's
 * history and detail record, the bulk submissions — the filing as of now, derived, never recorded.
 */
import { type Change, type DocumentKind, type HistoryEvent, inOrder, type Reading, type Row } from "../documents/DocumentKind.js"
import { filingAsOf, stateAt, stateCodeAt, STATES } from "./Filing.js"
import { detailRecord } from "./Records.js"
import { type Invoice, type MemberInvoices, taxinvoiceSlot } from "./Stored.js"

const rowOf = (reading: Reading, invoice: Invoice): Row<Invoice> => {
  const filing = filingAsOf(invoice, reading.policies["taxinvoice.filing"], reading.now)
  return {
    kind: "taxinvoice",
    corpNum: invoice.corpNum,
    itemKey: invoice.itemKey,
    mgtKey: invoice.mgtKey,
    itemCode: undefined,
    date: invoice.draft.writeDate,
    stateCode: stateCodeAt(invoice, filing.reached.length),
    stateAt: stateAt(invoice, filing),
    number: invoice.issued?.ntsconfirmNum,
    buyer: invoice.draft.invoiceeCorpName,
    total: invoice.draft.totalAmount,
    order: invoice.regAt,
    document: invoice
  }
}

const membersOf = (reading: Reading, corpNum: string | undefined): ReadonlyArray<MemberInvoices> => {
  const members = reading.store.get(taxinvoiceSlot, reading.environment).members
  if (corpNum === undefined) return Array.from(members.values())
  const member = members.get(corpNum)
  return member === undefined ? [] : [member]
}

/** The events of the filing steps before the last (301, 302, 303); the last is filed or failed. */
const STEPS: ReadonlyArray<HistoryEvent> = ["waitingToSend", "sending", "sent"]

/** The adapter of e-Tax invoices. */
export const taxinvoiceKind: DocumentKind<Invoice> = {
  name: "taxinvoice",
  states: STATES,
  operations: "Taxinvoice.",
  rows: (reading, corpNum) => membersOf(reading, corpNum).map((member) => Array.from(member.byItemKey.values(), (invoice) => rowOf(reading, invoice)).reverse()),
  find: (reading, corpNum, itemKey) => {
    const invoice = reading.store.get(taxinvoiceSlot, reading.environment).members.get(corpNum)?.byItemKey.get(itemKey)
    return invoice === undefined ? undefined : rowOf(reading, invoice)
  },
  count: (reading, corpNum) => membersOf(reading, corpNum).reduce((n, member) => n + member.byItemKey.size, 0),
  issued: (reading, corpNum) => membersOf(reading, corpNum).flatMap((member) => Array.from(member.byItemKey.values()).flatMap((i) => (i.issued === undefined ? [] : [i.issued.at]))),
  history: (reading, invoice) => {
    const changes: Array<Change> = [{ at: invoice.regAt, event: "saved", stateCode: 100 }]
    for (const file of invoice.files) changes.push({ at: file.regAt, event: "fileAttached", detail: file.displayName })
    if (invoice.issued !== undefined) {
      changes.push({ at: invoice.issued.at, event: "issued", stateCode: 300, detail: invoice.issued.memo, late: invoice.issued.late })
      filingAsOf(invoice, reading.policies["taxinvoice.filing"], reading.now).reached.forEach((at, step) => {
        const stateCode = stateCodeAt(invoice, step + 1)
        changes.push({ at, event: STEPS[step] ?? (stateCode === 304 ? "filed" : "filingFailed"), stateCode })
      })
    }
    if (invoice.openAt !== undefined) changes.push({ at: invoice.openAt, event: "opened" })
    if (invoice.assignedAt !== undefined) changes.push({ at: invoice.assignedAt, event: "assigned", detail: invoice.mgtKey })
    return inOrder(changes)
  },
  detail: (reading, invoice) => detailRecord(invoice, reading.now),
  files: (invoice) => invoice.files,
  submissions: {
    policy: "taxinvoice.bulk",
    all: (reading) =>
      Array.from(reading.store.get(taxinvoiceSlot, reading.environment).members).flatMap(([corpNum, member]) =>
        Array.from(member.submissions.all.values(), (bulk) => [corpNum, bulk] as const)),
    itemKey: (invoice) => invoice.itemKey
  }
}
