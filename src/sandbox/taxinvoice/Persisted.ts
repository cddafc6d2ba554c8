/**
 * How e-Tax invoices are kept by a durable sandbox (`Durable.ts`): each member is a part; each of
 * its invoices (draft, document ID, item key, files without their bytes, issue, filing, reads,
 * confirmation), each file's bytes and each bulk submission is a row. The identifiers handed out,
 * the maps by document ID and item key, and the indexes by confirmation number and by party and day
 * are rebuilt on load.
 */
import * as Bulk from "../documents/Bulk.js"
import { codec, Lazy, memberRows } from "../durable/Durable.js"
import { index } from "./IssuedIndexes.js"
import { emptyMember, keyOf } from "./State.js"
import { type Invoice, type MemberInvoices, type StoredFile, taxinvoiceSlot, type TaxinvoiceState } from "./Stored.js"

type FileRow = Omit<StoredFile, "content">

/** An invoice as stored (the format of taxdoc 1.0: its filing as `filingStage`, `filingTimes`, `polls`). */
type InvoiceRow = Omit<Invoice, "files" | "progress"> & {
  readonly files: ReadonlyArray<FileRow>
  readonly filingStage: number
  readonly filingTimes: ReadonlyArray<number>
  readonly polls: number
}

interface IssuedRow {
  readonly _tag: "Issued"
  readonly mgtKey: string
  readonly itemKey: string
}

const INVOICE = "i:"
const FILE = "f:"
const BULK = "b:"

const rowOf = ({ progress, ...invoice }: Invoice): InvoiceRow => ({
  ...invoice,
  files: invoice.files.map(({ content: _content, ...file }) => file),
  filingStage: progress.reached.length,
  filingTimes: progress.reached,
  polls: progress.polls
})

/** Issue order: the issue instant, then registration, then item key. */
const byIssue = (a: Invoice, b: Invoice): number =>
  a.issued!.at - b.issued!.at || a.regAt - b.regAt || (a.itemKey < b.itemKey ? -1 : a.itemKey > b.itemKey ? 1 : 0)

const loadMember = (rows: ReadonlyMap<string, unknown>): MemberInvoices => {
  const member = emptyMember()
  const invoices: Array<Invoice> = []
  for (const [key, row] of rows) {
    if (!key.startsWith(INVOICE)) continue
    const { filingStage: _stage, filingTimes, polls, ...stored } = row as InvoiceRow
    const files = stored.files.map((file): StoredFile => {
      const content = rows.get(`${FILE}${file.fileId}`)
      if (!(content instanceof Uint8Array)) throw new Error(`invoice ${stored.itemKey}: the bytes of file ${file.fileId} are not stored`)
      return { ...file, content }
    })
    invoices.push({ ...stored, files, progress: { polls, reached: filingTimes } })
  }
  invoices.sort((a, b) => a.regAt - b.regAt || (a.itemKey < b.itemKey ? -1 : 1))
  for (const invoice of invoices) {
    member.byItemKey.set(invoice.itemKey, invoice)
    if (invoice.mgtKey !== undefined) member.byKey.set(keyOf(invoice.mgtKeyType, invoice.mgtKey), invoice)
  }
  Bulk.loadInto<Invoice, IssuedRow>(member.submissions, rows, BULK, (result, submitID) => {
    const invoice = member.byItemKey.get(result.itemKey)
    if (invoice === undefined) throw new Error(`bulk ${submitID} names invoice ${result.itemKey}, which is not stored`)
    return invoice
  })
  return member
}

/** The codec of e-Tax invoices. */
export const taxinvoiceCodec = codec({
  slot: taxinvoiceSlot,
  parts: (state) => state.members.keys(),
  rows: (state, corpNum) =>
    memberRows(state.members, corpNum, (member, rows) => {
      for (const invoice of member.byItemKey.values()) {
        rows.push([`${INVOICE}${invoice.itemKey}`, new Lazy(invoice, () => rowOf(invoice))])
        // The same bytes every time: a file is written once.
        for (const file of invoice.files) rows.push([`${FILE}${file.fileId}`, file.content])
      }
      for (const bulk of member.submissions.all.values()) {
        rows.push([`${BULK}${bulk.submitID}`, Bulk.rowOf(bulk, ({ document, mgtKey }): IssuedRow => ({ _tag: "Issued", mgtKey, itemKey: document.itemKey }), true)])
      }
    }),
  globals: (state) => ({ sequence: state.sequence }),
  load: (_environment, parts, globals): TaxinvoiceState => {
    const state = taxinvoiceSlot.empty()
    state.sequence = (globals as { readonly sequence?: number } | undefined)?.sequence ?? 0
    for (const [corpNum, rows] of parts) state.members.set(corpNum, loadMember(rows))
    const issued: Array<Invoice> = []
    for (const member of state.members.values()) for (const invoice of member.byItemKey.values()) if (invoice.issued !== undefined) issued.push(invoice)
    for (const invoice of issued.sort(byIssue)) index(state, invoice)
    return state
  }
})
