/**
 * What the sandbox's pages, the portal and the PDFs know of a kind of document (cash receipts,
 * e-Tax invoices, statements), each domain answering it with an adapter of its own
 * (`<domain>/Kind.ts`, listed in `DocumentKinds.ts` as routes and codecs are): its state names in
 * both languages, its documents as rows — a member's or every member's, one by item key — their
 * counts, a document's state history and detail record, and the bulk submissions of the kind. An
 * adapter reads the state as of now without changing it: progress that is due is derived, never
 * recorded (`Progression.asOf`).
 */
import type { Submission } from "./Bulk.js"
import type { Kind, Policy } from "../Progression.js"
import type { Environment, SandboxStoreShape } from "../Store.js"

/** The kinds of documents. */
export type DocumentKindName = "cashbill" | "taxinvoice" | "statement"

/** The names of a kind's state codes in both languages, in the order of the codes. */
export type StateNames = Readonly<Record<number, { readonly ko: string; readonly en: string }>>

/** A state code with its name: `발행완료 (300)`. */
export const stateText = (names: StateNames, code: number, language: "ko" | "en"): string => {
  const name = names[code]
  return name === undefined ? String(code) : `${name[language]} (${code})`
}

/** What the documents are read with: the store, the environment, document time and the policies. */
export interface Reading {
  readonly store: SandboxStoreShape
  readonly environment: Environment
  readonly now: number
  readonly policies: Readonly<Record<Kind, Policy>>
}

/** A document as the lists show it, its state as of now. */
export interface Row<D = unknown> {
  readonly kind: DocumentKindName
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
  /** Newer documents have larger ones (the order across members). */
  readonly order: number
  readonly document: D
}

/** The events of a document's state history. */
export type HistoryEvent =
  | "saved"
  | "fileAttached"
  | "issued"
  | "issuedRevocation"
  | "pendingApproval"
  | "approved"
  | "waitingToSend"
  | "sending"
  | "sent"
  | "filed"
  | "filingFailed"
  | "revoked"
  | "cancelled"
  | "opened"
  | "assigned"

/** One change of a document. */
export interface Change {
  readonly at: number
  readonly event: HistoryEvent
  /** The state code the document reached, when the change moved it. */
  readonly stateCode?: number | undefined
  /** What else there is to say: the tax authority's result, a memo, a file name. */
  readonly detail?: string | undefined
  /** Another document the change names (a revocation, the original it revokes): its item key. */
  readonly related?: { readonly itemKey: string; readonly label: string } | undefined
  /** Issued after the due date (e-Tax invoices). */
  readonly late?: boolean | undefined
}

/** A kind of document, as the pages read it. */
export interface DocumentKind<D> {
  readonly name: DocumentKindName
  readonly states: StateNames
  /** The prefix of its operations' names (`Cashbill.`): the calls that touched a document. */
  readonly operations: string
  /** Each member's documents (the one member's, when given), each list newest first. */
  readonly rows: (reading: Reading, corpNum?: string) => ReadonlyArray<ReadonlyArray<Row<D>>>
  /** A member's document by its item key. */
  readonly find: (reading: Reading, corpNum: string, itemKey: string) => Row<D> | undefined
  /** How many documents a member holds (every member's, when none is given). */
  readonly count: (reading: Reading, corpNum?: string) => number
  /** When each document of a member was issued (those deleted since included). */
  readonly issued: (reading: Reading, corpNum: string) => Iterable<number>
  // Methods (not function properties), so a list of adapters of different kinds is a list of
  // `DocumentKind<unknown>`, as with `Durable.Codec`.
  /** The changes of a document, in the order they happened. */
  history(reading: Reading, document: D, language: "ko" | "en"): ReadonlyArray<Change>
  /** Its fields as the service's detail record answers them. */
  detail(reading: Reading, document: D): object
  /** Its attached files, when the kind has them. */
  files?(document: D): ReadonlyArray<{ readonly fileId: string; readonly fileName: string; readonly displayName: string; readonly content: Uint8Array; readonly regAt: number }>
  /** Its bulk submissions with their members, when the kind has bulk issue. */
  readonly submissions?: {
    readonly policy: Kind
    readonly all: (reading: Reading) => Iterable<readonly [string, Submission<D>]>
    itemKey(document: D): string
  }
}

/** `changes` in the order they happened (changes of one instant in the order given). */
export const inOrder = (changes: ReadonlyArray<Change>): ReadonlyArray<Change> =>
  changes.map((change, i) => [change, i] as const).sort((a, b) => a[0].at - b[0].at || a[1] - b[1]).map(([change]) => change)
