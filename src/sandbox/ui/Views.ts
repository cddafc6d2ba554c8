/**
 * The documents as the sandbox's pages show them, read from the store without changing it: a row
 * per document (its member, IDs, date, state as of now, last change), lists filtered by member,
 * document ID, state and date and paged, counts per state, and one document found by its item key.
 * States that are derived when read (filing, which moves with document time) are derived here the
 * same way (`filingAsOf`) but not recorded: opening a page changes nothing, so a later policy
 * change acts on the documents exactly as if nobody had looked.
 *
 * @since 1.1.0
 */
import type * as Cashbill from "../cashbill/State.js"
import { cashbillSlot, findByItemKey } from "../cashbill/State.js"
import { filingAsOf as receiptFilingAsOf, stateCodeOfFiling } from "../cashbill/Filing.js"
import { STATE_NAMES } from "../portal/Format.js"
import type { Kind, Policy } from "../Progression.js"
import * as Statement from "../statement/State.js"
import type { Environment, SandboxStoreShape } from "../Store.js"
import { filingAsOf as invoiceFilingAsOf, stateCodeAt } from "../taxinvoice/Filing.js"
import { type Invoice, taxinvoiceSlot } from "../taxinvoice/Stored.js"
import type { DocumentKind } from "./Texts.js"

/**
 * The kinds of documents, in the order of the pages.
 *
 * @since 1.1.0
 * @category constants
 */
export const DOCUMENT_KINDS: ReadonlyArray<DocumentKind> = ["cashbill", "taxinvoice", "statement"]

/**
 * The state codes of each kind, in their order.
 *
 * @since 1.1.0
 * @category constants
 */
export const STATE_CODES: Readonly<Record<DocumentKind, ReadonlyArray<number>>> = {
  cashbill: Object.keys(STATE_NAMES.cashbill).map(Number),
  taxinvoice: Object.keys(STATE_NAMES.taxinvoice).map(Number),
  statement: Object.keys(STATE_NAMES.statement).map(Number)
}

/**
 * What the rows are read with: the store, the environment, document time and the policies.
 *
 * @since 1.1.0
 * @category models
 */
export interface Reading {
  readonly store: SandboxStoreShape
  readonly environment: Environment
  readonly now: number
  readonly policies: Readonly<Record<Kind, Policy>>
}

/**
 * A stored document of any kind.
 *
 * @since 1.1.0
 * @category models
 */
export type Stored =
  | { readonly kind: "cashbill"; readonly receipt: Cashbill.Receipt }
  | { readonly kind: "taxinvoice"; readonly invoice: Invoice }
  | { readonly kind: "statement"; readonly statement: Statement.Stored }

/**
 * A document as the lists show it.
 *
 * @since 1.1.0
 * @category models
 */
export interface Row {
  readonly kind: DocumentKind
  readonly corpNum: string
  readonly itemKey: string
  /** The document ID; a portal-issued e-Tax invoice has none until AssignMgtKey. */
  readonly mgtKey: string | undefined
  /** A statement's type (121 …). */
  readonly itemCode: number | undefined
  /** Trade date (cash receipts) or date of writing, `yyyyMMdd`. */
  readonly date: string
  readonly stateCode: number
  /** When the document last changed state (document time). */
  readonly stateAt: number
  /** The confirmation number (cash receipts, e-Tax invoices) or the statement number. */
  readonly number: string | undefined
  readonly buyer: string | undefined
  readonly total: string
  readonly stored: Stored
}

/**
 * The filters of a list; absent means any.
 *
 * @since 1.1.0
 * @category models
 */
export interface Filter {
  readonly corpNum?: string | undefined
  /** Part of the document ID, or the whole item key or confirmation number. */
  readonly id?: string | undefined
  readonly state?: number | undefined
  /** `yyyyMMdd`, inclusive. */
  readonly from?: string | undefined
  readonly to?: string | undefined
}

/**
 * One page of a list.
 *
 * @since 1.1.0
 * @category models
 */
export interface Page<A> {
  readonly rows: ReadonlyArray<A>
  /** How many match in all. */
  readonly total: number
  /** 1-based, within 1 … `pages`. */
  readonly page: number
  readonly pages: number
  readonly perPage: number
}

/** A receipt's row: its item key and confirmation number (derived, formatted) only when read. */
class ReceiptRow implements Row {
  readonly kind = "cashbill"
  readonly itemCode = undefined
  readonly stateCode: number
  readonly stateAt: number
  readonly stored: Stored
  constructor(readonly corpNum: string, readonly receipt: Cashbill.Receipt, reading: Reading) {
    const filing = receiptFilingAsOf(receipt, reading.policies["cashbill.filing"], reading.now)
    this.stateCode = stateCodeOfFiling(filing)
    this.stateAt = filing?.at ?? receipt.issuedAt
    this.stored = { kind: "cashbill", receipt }
  }
  get itemKey(): string {
    return this.receipt.itemKey
  }
  get mgtKey(): string {
    return this.receipt.mgtKey
  }
  get date(): string {
    return this.receipt.tradeDate
  }
  get number(): string {
    return this.receipt.confirmNum
  }
  get buyer(): string | undefined {
    return this.receipt.customerName
  }
  get total(): string {
    return this.receipt.totalAmount
  }
}

const invoiceRow = (reading: Reading, invoice: Invoice): Row => {
  const filing = invoiceFilingAsOf(invoice, reading.policies["taxinvoice.filing"], reading.now)
  return {
    kind: "taxinvoice",
    corpNum: invoice.corpNum,
    itemKey: invoice.itemKey,
    mgtKey: invoice.mgtKey,
    itemCode: undefined,
    date: invoice.draft.writeDate,
    stateCode: stateCodeAt(invoice, filing.stage),
    stateAt: filing.times.at(-1) ?? invoice.issued?.at ?? invoice.regAt,
    number: invoice.issued?.ntsconfirmNum,
    buyer: invoice.draft.invoiceeCorpName,
    total: invoice.draft.totalAmount,
    stored: { kind: "taxinvoice", invoice }
  }
}

const statementRow = (corpNum: string, statement: Statement.Stored): Row => ({
  kind: "statement",
  corpNum,
  itemKey: statement.itemKey,
  mgtKey: statement.body.mgtKey,
  itemCode: statement.body.itemCode,
  date: statement.body.writeDate,
  stateCode: statement.stateCode,
  stateAt: statement.stateAt,
  number: statement.invoiceNum,
  buyer: statement.body.receiverCorpName,
  total: statement.body.totalAmount ?? statement.body.supplyCostTotal,
  stored: { kind: "statement", statement }
})

/** The members of a kind that have documents, or the one asked for. */
const membersOf = <M>(members: ReadonlyMap<string, M>, corpNum: string | undefined): ReadonlyArray<readonly [string, M]> => {
  if (corpNum === undefined) return Array.from(members)
  const member = members.get(corpNum)
  return member === undefined ? [] : [[corpNum, member]]
}

/** Newest first across members: each member's documents are in issue order already. */
const newestFirst = (perMember: ReadonlyArray<ReadonlyArray<Row>>, order: (row: Row) => number): ReadonlyArray<Row> => {
  if (perMember.length === 1) return perMember[0]!
  return perMember.flat().sort((a, b) => order(b) - order(a))
}

/** Each member's documents of a kind (the one member asked for, when given), newest first, and the order across members. */
const perMember = (reading: Reading, kind: DocumentKind, corpNum: string | undefined): {
  readonly rows: ReadonlyArray<ReadonlyArray<Row>>
  readonly order: (row: Row) => number
} => {
  switch (kind) {
    case "cashbill": {
      const state = reading.store.get(cashbillSlot, reading.environment)
      return {
        rows: membersOf(state.members, corpNum).map(([member, receipts]) => {
          const rows: Array<Row> = []
          for (let i = receipts.issued.length - 1; i >= 0; i--) {
            const receipt = receipts.issued[i]!
            // Deleted receipts stay in the issue order; they are no longer the member's.
            if (receipts.receipts.get(receipt.mgtKey) === receipt) rows.push(new ReceiptRow(member, receipt, reading))
          }
          return rows
        }),
        order: (row) => (row as ReceiptRow).receipt.sequence
      }
    }
    case "taxinvoice": {
      const state = reading.store.get(taxinvoiceSlot, reading.environment)
      return {
        rows: membersOf(state.members, corpNum).map(([, invoices]) => Array.from(invoices.byItemKey.values(), (invoice) => invoiceRow(reading, invoice)).reverse()),
        order: (row) => (row.stored as { readonly invoice: Invoice }).invoice.regAt
      }
    }
    case "statement": {
      const state = reading.store.get(Statement.statementSlot, reading.environment)
      return {
        rows: membersOf(state.members, corpNum).map(([member, statements]) => Array.from(statements.values(), (s) => statementRow(member, s)).reverse()),
        order: (row) => (row.stored as { readonly statement: Statement.Stored }).statement.registeredAt
      }
    }
  }
}

/**
 * Every document of a kind (of one member, when `corpNum` is given), newest first.
 *
 * @since 1.1.0
 * @category combinators
 */
export const rowsOf = (reading: Reading, kind: DocumentKind, corpNum?: string): ReadonlyArray<Row> => {
  const { order, rows } = perMember(reading, kind, corpNum)
  return newestFirst(rows, order)
}

const matches = (row: Row, filter: Filter): boolean => {
  if (filter.state !== undefined && row.stateCode !== filter.state) return false
  if (filter.from !== undefined && row.date < filter.from) return false
  if (filter.to !== undefined && row.date > filter.to) return false
  if (filter.id !== undefined) {
    const id = filter.id.toLowerCase()
    const byKey = row.mgtKey !== undefined && row.mgtKey.toLowerCase().includes(id)
    if (!byKey && row.itemKey !== filter.id && row.number !== filter.id) return false
  }
  return true
}

/**
 * A page of the documents of a kind that pass `filter`, newest first.
 *
 * @since 1.1.0
 * @category combinators
 */
export const listOf = (reading: Reading, kind: DocumentKind, filter: Filter, page: number, perPage: number): Page<Row> =>
  paged(rowsOf(reading, kind, filter.corpNum).filter((row) => matches(row, filter)), page, perPage)

/**
 * One page of `all`.
 *
 * @since 1.1.0
 * @category combinators
 */
export const paged = <A>(all: ReadonlyArray<A>, page: number, perPage: number): Page<A> => {
  const pages = Math.max(1, Math.ceil(all.length / perPage))
  const at = Math.min(Math.max(1, Math.floor(page) || 1), pages)
  return { rows: all.slice((at - 1) * perPage, at * perPage), total: all.length, page: at, pages, perPage }
}

/**
 * How many documents of a kind are in each state (every state of the kind listed, 0 included).
 *
 * @since 1.1.0
 * @category combinators
 */
export const countsOf = (reading: Reading, kind: DocumentKind): ReadonlyMap<number, number> => {
  const counts = new Map<number, number>(STATE_CODES[kind].map((code) => [code, 0]))
  // Counted member by member: no order across members is needed.
  for (const rows of perMember(reading, kind, undefined).rows) {
    for (const row of rows) counts.set(row.stateCode, (counts.get(row.stateCode) ?? 0) + 1)
  }
  return counts
}

/**
 * A member's document of a kind by its item key.
 *
 * @since 1.1.0
 * @category combinators
 */
export const findRow = (reading: Reading, kind: DocumentKind, corpNum: string, itemKey: string): Row | undefined => {
  switch (kind) {
    case "cashbill": {
      const state = reading.store.get(cashbillSlot, reading.environment)
      const member = state.members.get(corpNum)
      const receipt = member === undefined ? undefined : findByItemKey(state, member, itemKey)
      return receipt === undefined ? undefined : new ReceiptRow(corpNum, receipt, reading)
    }
    case "taxinvoice": {
      const invoice = reading.store.get(taxinvoiceSlot, reading.environment).members.get(corpNum)?.byItemKey.get(itemKey)
      return invoice === undefined ? undefined : invoiceRow(reading, invoice)
    }
    case "statement": {
      const member = reading.store.get(Statement.statementSlot, reading.environment).members.get(corpNum)
      const statement = member === undefined ? undefined : Statement.findByItemKeys(member, [itemKey])[0]
      return statement === undefined ? undefined : statementRow(corpNum, statement)
    }
  }
}

/**
 * How many documents of a kind the environment holds (counted, not read).
 *
 * @since 1.1.0
 * @category combinators
 */
export const totalOf = (reading: Reading, kind: DocumentKind): number => {
  let total = 0
  switch (kind) {
    case "cashbill":
      for (const member of reading.store.get(cashbillSlot, reading.environment).members.values()) total += member.receipts.size
      return total
    case "taxinvoice":
      for (const member of reading.store.get(taxinvoiceSlot, reading.environment).members.values()) total += member.byItemKey.size
      return total
    case "statement":
      for (const member of reading.store.get(Statement.statementSlot, reading.environment).members.values()) total += member.size
      return total
  }
}

/**
 * How many documents of each kind a member has.
 *
 * @since 1.1.0
 * @category combinators
 */
export const documentCounts = (reading: Reading, corpNum: string): Readonly<Record<DocumentKind, number>> => {
  const receipts = reading.store.get(cashbillSlot, reading.environment).members.get(corpNum)
  const invoices = reading.store.get(taxinvoiceSlot, reading.environment).members.get(corpNum)
  const statements = reading.store.get(Statement.statementSlot, reading.environment).members.get(corpNum)
  return {
    cashbill: receipts === undefined ? 0 : receipts.receipts.size,
    taxinvoice: invoices === undefined ? 0 : invoices.byItemKey.size,
    statement: statements === undefined ? 0 : statements.size
  }
}
