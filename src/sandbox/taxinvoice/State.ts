/**
 * e-Tax invoice state of one environment (docs/decisions.md "e-Tax invoices"): invoices per member (a member sees only
 * its own), keyed by document ID kind and ID, and by item key; their files; the bulk submissions.
 * Every function here changes the state synchronously (Store.ts).
 *
 * States: 100 saved → (Issue) 300 issued → 301 waiting to be sent → 302 sending → 303 sent → 304
 * filed or 305 failed. The stored shapes are in `Stored.ts`, the filing steps in `Filing.ts`.
 * Identifiers come from the state's sequence (`Identifiers.ts`): item keys (18 digits),
 * confirmation numbers (KST issue date + 16 of `[0-9a-z]`), path-safe file IDs, bulk receipt IDs.
 *
 * Issued invoices are indexed for the tax-portal collection (`IssuedIndexes.ts`).
 */
import * as Result from "effect/Result"
import * as Kst from "../../core/Kst.js"
import * as Rules from "../../domains/taxinvoice/Rules.js"
import * as Operations from "../../domains/taxinvoice/Operations.js"
import { TaxinvoiceDraft } from "../../domains/taxinvoice/Schemas.js"
import { answersSlot } from "../documents/AnswerCache.js"
import * as Bulk from "../documents/Bulk.js"
import { fail, type SandboxFailure } from "../Failure.js"
import { memberView } from "../HandlerContext.js"
import { base36, itemKeyOf, uuidOf } from "../documents/Identifiers.js"
import { type Mail, outboxSlot, post } from "../Outbox.js"
import { notStarted, type Policy } from "../Progression.js"
import { decodeResult } from "../routing/Route.js"
import { buyerClosed, stateCodeOf } from "./Filing.js"
import { index } from "./IssuedIndexes.js"
import { type Invoice, type Issued, type MemberInvoices, type StoredFile, taxinvoiceSlot, type TaxinvoiceState } from "./Stored.js"

export {
  type DateType,
  type Invoice,
  type Issued,
  type MemberInvoices,
  type StoredFile,
  type TaxinvoiceState,
  taxinvoiceSlot
} from "./Stored.js"

/** The invoices of a member, created empty on first use. */
export const memberOf = (state: TaxinvoiceState, corpNum: string): MemberInvoices => {
  let member = state.members.get(corpNum)
  if (member === undefined) state.members.set(corpNum, member = emptyMember())
  return member
}

/** No invoices. */
export const emptyMember = (): MemberInvoices => ({ byKey: new Map(), byItemKey: new Map(), submissions: Bulk.submissions() })

/** The map key of a document ID of a kind. */
export const keyOf = (mgtKeyType: string, mgtKey: string): string => `${mgtKeyType.toUpperCase()}:${mgtKey}`

const next = (state: TaxinvoiceState): number => ++state.sequence

/** A confirmation number (docs/decisions.md "e-Tax invoices"): the KST issue date `yyyyMMdd` and 16 of `[0-9a-z]`. */
const newNtsConfirmNum = (state: TaxinvoiceState, now: number): string => `${Kst.toDate8(now)}${base36(next(state) * 7_919, 16)}`

/** The receipt ID of a new bulk submission, shaped like a UUID. */
export const newReceiptId = (state: TaxinvoiceState): string => uuidOf(`receipt/${next(state)}`)

// ── register, files, issue ──────────────────────────────────────────────────────────────────

const create = (state: TaxinvoiceState, member: MemberInvoices, corpNum: string, draft: TaxinvoiceDraft, mgtKey: string | undefined, now: number): Invoice => {
  const invoice: Invoice = {
    corpNum,
    draft,
    mgtKeyType: "SELL",
    mgtKey,
    assignedAt: undefined,
    itemKey: itemKeyOf(now, next(state)),
    regAt: now,
    files: [],
    fileSerial: 0,
    issued: undefined,
    progress: notStarted,
    openAt: undefined
  }
  if (mgtKey !== undefined) member.byKey.set(keyOf("SELL", mgtKey), invoice)
  member.byItemKey.set(invoice.itemKey, invoice)
  return invoice
}

/**
 * Saves a draft (state 100) under the seller's document ID. The draft is valid; its seller must be
 * the member and its writeDate not after today.
 */
export const register = (
  state: TaxinvoiceState,
  member: MemberInvoices,
  corpNum: string,
  draft: TaxinvoiceDraft,
  now: number
): Result.Result<Invoice, SandboxFailure> => {
  if (draft.invoicerCorpNum !== corpNum) return Result.fail(fail("TaxinvoiceInvoicerMismatch", draft.invoicerCorpNum))
  if (!Rules.writeDateNotInFuture(draft.writeDate, now)) return Result.fail(fail("TaxinvoiceWriteDateInFuture", draft.writeDate))
  if (member.byKey.has(keyOf("SELL", draft.invoicerMgtKey))) return Result.fail(fail("TaxinvoiceMgtKeyInUse", draft.invoicerMgtKey))
  return Result.succeed(create(state, member, corpNum, draft, draft.invoicerMgtKey, now))
}

/** Finds an invoice of the member by kind and document ID; -11000005 when there is none. */
export const find = (member: MemberInvoices, mgtKeyType: string, mgtKey: string): Result.Result<Invoice, SandboxFailure> => {
  const invoice = member.byKey.get(keyOf(mgtKeyType, mgtKey))
  return invoice === undefined ? Result.fail(fail("TaxinvoiceNotFound", mgtKey)) : Result.succeed(invoice)
}

/** Attaches a file: only while saved, at most 5. */
export const attach = (
  state: TaxinvoiceState,
  invoice: Invoice,
  file: { readonly fileName: string; readonly displayName?: string | undefined; readonly content: Uint8Array },
  now: number
): Result.Result<StoredFile, SandboxFailure> => {
  if (invoice.issued !== undefined) return Result.fail(fail("TaxinvoiceFilesOnlyWhileSaved", `stateCode ${stateCodeOf(invoice)}`))
  if (invoice.files.length >= Rules.Limits.files) return Result.fail(fail("TaxinvoiceTooManyFiles"))
  const stored: StoredFile = {
    serialNum: ++invoice.fileSerial,
    // Path-safe (`[A-Za-z0-9-]`).
    fileId: uuidOf(`file/${next(state)}`).toUpperCase(),
    fileName: file.fileName,
    displayName: file.displayName ?? file.fileName,
    // A copy: the request's buffer is not the sandbox's to keep.
    content: Uint8Array.from(file.content),
    regAt: now
  }
  invoice.files.push(stored)
  return Result.succeed(stored)
}

/** Deletes a file by its ID: only while saved. */
export const deleteFile = (invoice: Invoice, fileId: string): Result.Result<void, SandboxFailure> => {
  if (invoice.issued !== undefined) return Result.fail(fail("TaxinvoiceFilesOnlyWhileSaved", `stateCode ${stateCodeOf(invoice)}`))
  const index = invoice.files.findIndex((f) => f.fileId === fileId)
  if (index < 0) return Result.fail(fail("TaxinvoiceFileNotFound", fileId))
  invoice.files.splice(index, 1)
  return Result.void
}

/** The addresses the buyer notification goes to: the buyer's mail and the extra contacts. */
const buyerAddresses = (draft: TaxinvoiceDraft): ReadonlyArray<string> =>
  [draft.invoiceeEmail1, ...(draft.addContactList ?? []).map((c) => c.email)].filter((a): a is string => a !== undefined && a !== "")

/** The subject of the notification mail about an invoice. */
export const mailSubject = (invoice: Invoice): string =>
  `${invoice.draft.invoicerCorpName}님이 보낸 전자세금계산서입니다.`

/** Records mails about an invoice in the outbox, one per address; `operation` is what sent them. */
export const notify = (outbox: Array<Mail>, invoice: Invoice, to: ReadonlyArray<string>, operation: string, at: number): void => {
  for (const receiver of to) {
    post(outbox, { corpNum: invoice.corpNum, operation, document: invoice.mgtKey ?? invoice.itemKey, receiver, subject: mailSubject(invoice) }, at)
  }
}

/**
 * Issues a saved invoice: the due-date rule (overdue needs `forceIssue` and marks it late), a
 * confirmation number, the buyer notification in the outbox.
 */
export const issue = (
  state: TaxinvoiceState,
  outbox: Array<Mail>,
  invoice: Invoice,
  options: { readonly forceIssue?: boolean | undefined; readonly memo?: string | undefined },
  now: number,
  operation = "Taxinvoice.Issue"
): Result.Result<Issued, SandboxFailure> => {
  if (invoice.issued !== undefined) return Result.fail(fail("TaxinvoiceInvalidState", `stateCode ${stateCodeOf(invoice)}; only a saved invoice (100) can be issued`))
  const late = Rules.isOverdue(invoice.draft.writeDate, now)
  if (late && options.forceIssue !== true) {
    return Result.fail(fail("TaxinvoiceOverdue", `due ${Rules.dueDateOf(invoice.draft.writeDate)}`))
  }
  const issued: Issued = {
    at: now,
    ntsconfirmNum: newNtsConfirmNum(state, now),
    late,
    memo: options.memo,
    filingFails: buyerClosed(invoice.draft, now)
  }
  invoice.issued = issued
  index(state, invoice)
  notify(outbox, invoice, buyerAddresses(invoice.draft), operation, now)
  return Result.succeed(issued)
}

/**
 * The buyer confirms the notification mail (the button of the mail-confirmation page): the first
 * confirmation sets `openYN`/`openDT`; a saved invoice (100) has no mail to confirm.
 */
export const confirmOpened = (invoice: Invoice, now: number): Result.Result<Invoice, SandboxFailure> => {
  if (invoice.issued === undefined) {
    return Result.fail(fail("TaxinvoiceInvalidState", "stateCode 100; the notification mail exists once the invoice is issued"))
  }
  if (invoice.openAt === undefined) invoice.openAt = now
  return Result.succeed(invoice)
}

/**
 * Creates an invoice issued on the web portal, known only by its item key (the sandbox's stand-in
 * for the portal; AssignMgtKey then gives it a document ID).
 */
export const issueOnPortal = (
  state: TaxinvoiceState,
  outbox: Array<Mail>,
  member: MemberInvoices,
  corpNum: string,
  draft: TaxinvoiceDraft,
  now: number
): Invoice => {
  const invoice = create(state, member, corpNum, draft, undefined, now)
  // The portal issues at once; the due date is the portal user's business.
  invoice.issued = { at: now, ntsconfirmNum: newNtsConfirmNum(state, now), late: Rules.isOverdue(draft.writeDate, now), memo: undefined, filingFails: buyerClosed(draft, now) }
  index(state, invoice)
  notify(outbox, invoice, buyerAddresses(draft), "Sandbox.IssueOnPortal", now)
  return invoice
}

/** Gives a portal-issued invoice a document ID of a kind, at `now` (kept for its history). */
export const assignMgtKey = (
  member: MemberInvoices,
  itemKey: string,
  mgtKeyType: Rules.MgtKeyType,
  mgtKey: string,
  now: number
): Result.Result<Invoice, SandboxFailure> => {
  const invoice = member.byItemKey.get(itemKey)
  if (invoice === undefined) return Result.fail(fail("TaxinvoiceItemKeyNotFound", itemKey))
  if (invoice.mgtKey !== undefined) return Result.fail(fail("TaxinvoiceAlreadyAssigned", invoice.mgtKey))
  if (member.byKey.has(keyOf(mgtKeyType, mgtKey))) return Result.fail(fail("TaxinvoiceMgtKeyInUse", mgtKey))
  invoice.mgtKey = mgtKey
  invoice.mgtKeyType = mgtKeyType
  invoice.assignedAt = now
  member.byKey.set(keyOf(mgtKeyType, mgtKey), invoice)
  return Result.succeed(invoice)
}

// ── the member's context ───────────────────────────────────────────────────────────────────

/** What a member's handler works on. */
export interface MemberContext extends Bulk.BulkContext<Invoice> {
  readonly state: TaxinvoiceState
  readonly member: MemberInvoices
  readonly outbox: Array<Mail>
  readonly corpNum: string
  readonly filing: Policy
}

/** One invoice of a bulk submission, registered and issued at `at` (all or nothing). */
export const issueItem = (ctx: MemberContext, forceIssue: boolean) => (item: unknown, at: number): Bulk.ItemResult<Invoice> =>
  Bulk.itemResult(Bulk.mgtKeyOf(item, "invoicerMgtKey"), Result.gen(function*() {
    const draft = yield* decodeResult(item, TaxinvoiceDraft)
    if (Rules.isOverdue(draft.writeDate, at) && !forceIssue) {
      return yield* Result.fail(fail("TaxinvoiceOverdue", `due ${Rules.dueDateOf(draft.writeDate)}`))
    }
    const invoice = yield* register(ctx.state, ctx.member, ctx.corpNum, draft, at)
    yield* issue(ctx.state, ctx.outbox, invoice, { forceIssue }, at, Operations.BulkIssue.name)
    return { mgtKey: draft.invoicerMgtKey, document: invoice }
  }))

/**
 * Runs `f` on a member's invoices in one synchronous step, after completing the member's bulk
 * submissions that are due. The operations, the portal's pages and the document-kind adapter see
 * the invoices through it.
 */
export const withMemberOf = memberView(taxinvoiceSlot, ({ now, policies, store }, state, environment, corpNum): MemberContext => {
  const member = memberOf(state, corpNum)
  const ctx: MemberContext = {
    state,
    member,
    submissions: member.submissions,
    outbox: store.get(outboxSlot, environment),
    answers: store.get(answersSlot, environment),
    corpNum,
    now,
    filing: policies["taxinvoice.filing"],
    bulkPolicy: policies["taxinvoice.bulk"],
    receiptId: () => newReceiptId(state),
    issue: (bulk) => issueItem(ctx, bulk.forceIssue)
  }
  return ctx
}, Bulk.settle)
