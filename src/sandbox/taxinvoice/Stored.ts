/**
 * What the sandbox stores of e-Tax invoices (docs/decisions.md "e-Tax invoices"): invoices, their files and issue, bulk
 * submissions, each member's invoices and the environment's indexes. The functions that change
 * them are in `State.ts`; the filing steps, identifiers and indexes read these shapes.
 */
import type * as Rules from "../../domains/taxinvoice/Rules.js"
import type { TaxinvoiceDraft } from "../../domains/taxinvoice/Schemas.js"
import type * as Bulk from "../documents/Bulk.js"
import { DayIndex } from "../documents/DayIndex.js"
import type { Progress } from "../Progression.js"
import { slot } from "../Store.js"

/** An attached file. */
export interface StoredFile {
  readonly serialNum: number
  readonly fileId: string
  readonly fileName: string
  readonly displayName: string
  readonly content: Uint8Array
  readonly regAt: number
}

/** The issue of an invoice, once it happened. */
export interface Issued {
  readonly at: number
  readonly ntsconfirmNum: string
  readonly late: boolean
  readonly memo: string | undefined
  /** Decided at issue: the buyer (사업자) is closed per the company-status table. */
  readonly filingFails: boolean
}

/** An invoice as stored. */
export interface Invoice {
  readonly corpNum: string
  readonly draft: TaxinvoiceDraft
  mgtKeyType: Rules.MgtKeyType
  /** `undefined` for an invoice issued on the portal until AssignMgtKey gives it one. */
  mgtKey: string | undefined
  /** When AssignMgtKey gave a portal-issued invoice its document ID (document time). */
  assignedAt: number | undefined
  readonly itemKey: string
  readonly regAt: number
  readonly files: Array<StoredFile>
  fileSerial: number
  issued: Issued | undefined
  /** Its filing after the issue: four steps, 301 … 304/305. */
  progress: Progress
  openAt: number | undefined
}

/** The invoices of one member. */
export interface MemberInvoices {
  /** By `${MgtKeyType}:${mgtKey}`. */
  readonly byKey: Map<string, Invoice>
  readonly byItemKey: Map<string, Invoice>
  readonly submissions: Bulk.Submissions<Invoice>
}

/** The e-Tax invoice state of one environment. */
export interface TaxinvoiceState {
  readonly members: Map<string, MemberInvoices>
  /** Sequence of everything numbered (item keys, confirmation numbers, file and receipt IDs). */
  sequence: number
  /** Issued invoices by confirmation number. */
  readonly byConfirmNum: Map<string, Invoice>
  /** Issued invoices by party (seller, buyer) and day: W write date, I issue date, S filing date. */
  readonly byDay: Readonly<Record<DateType, DayIndex<Invoice>>>
}

/**
 * The date types a collection ranges over: W write date, I issue date, S filing date (the day it
 * was sent to the authority; the issue day until then).
 */
export type DateType = "W" | "I" | "S"

/** The store slot of e-Tax invoices. */
export const taxinvoiceSlot = slot<TaxinvoiceState>("taxinvoice", () => ({
  members: new Map(),
  sequence: 0,
  byConfirmNum: new Map(),
  byDay: { W: new DayIndex(), I: new DayIndex(), S: new DayIndex() }
}))
