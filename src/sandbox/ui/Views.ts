/**
 * The documents as the sandbox's pages show them, read through each kind's adapter
 * (`DocumentKind.ts`) without changing anything: lists filtered by member, document ID, state and
 * date and paged, counts per state. States that are derived when read (filing, which moves with
 * document time) are derived the same way but not recorded: opening a page changes nothing, so a
 * later policy change acts on the documents exactly as if nobody had looked.
 */
import type { DocumentKind, Reading, Row } from "../documents/DocumentKind.js"

/** The filters of a list; absent means any. */
export interface Filter {
  readonly corpNum?: string | undefined
  /** Part of the document ID, or the whole item key or confirmation number. */
  readonly id?: string | undefined
  readonly state?: number | undefined
  /** `yyyyMMdd`, inclusive. */
  readonly from?: string | undefined
  readonly to?: string | undefined
}

/** One page of a list. */
export interface Page<A> {
  readonly rows: ReadonlyArray<A>
  /** How many match in all. */
  readonly total: number
  /** 1-based, within 1 … `pages`. */
  readonly page: number
  readonly pages: number
  readonly perPage: number
}

/** The state codes of a kind, in their order. */
export const stateCodes = (kind: DocumentKind<unknown>): ReadonlyArray<number> => Object.keys(kind.states).map(Number)

/** Every document of a kind (of one member, when `corpNum` is given), newest first. */
export const rowsOf = (reading: Reading, kind: DocumentKind<unknown>, corpNum?: string): ReadonlyArray<Row> => {
  const perMember = kind.rows(reading, corpNum)
  // Each member's documents are newest first already.
  return perMember.length === 1 ? perMember[0]! : perMember.flat().sort((a, b) => b.order - a.order)
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

/** A page of the documents of a kind that pass `filter`, newest first. */
export const listOf = (reading: Reading, kind: DocumentKind<unknown>, filter: Filter, page: number, perPage: number): Page<Row> =>
  paged(rowsOf(reading, kind, filter.corpNum).filter((row) => matches(row, filter)), page, perPage)

/** One page of `all`. */
export const paged = <A>(all: ReadonlyArray<A>, page: number, perPage: number): Page<A> => {
  const pages = Math.max(1, Math.ceil(all.length / perPage))
  const at = Math.min(Math.max(1, Math.floor(page) || 1), pages)
  return { rows: all.slice((at - 1) * perPage, at * perPage), total: all.length, page: at, pages, perPage }
}

/** How many documents of a kind are in each state (every state of the kind listed, 0 included). */
export const countsOf = (reading: Reading, kind: DocumentKind<unknown>): ReadonlyMap<number, number> => {
  const counts = new Map<number, number>(stateCodes(kind).map((code) => [code, 0]))
  // Counted member by member: no order across members is needed.
  for (const rows of kind.rows(reading)) for (const row of rows) counts.set(row.stateCode, (counts.get(row.stateCode) ?? 0) + 1)
  return counts
}
