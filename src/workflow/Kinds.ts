/**
 * What a durable bulk issuance needs to know of the documents it issues: cash receipts or e-Tax
 * invoices — the bulk issuance engine's `Bulk.Kind` (the operations, how a submission's body is
 * made, how documents and results are keyed; the same as `issueMany`'s, so the same input makes
 * the same submissions and submit IDs), the schema its per-document results are kept in, and the
 * rules the documents are validated against before anything is sent.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Bulk from "../core/Bulk.js"
import type { ValidationError } from "../core/Errors.js"
import { CorpNum } from "../core/Schemas.js"
import { validate } from "../core/Validation.js"
import * as CashbillOperations from "../domains/cashbill/Operations.js"
import * as CashbillRules from "../domains/cashbill/Rules.js"
import { BulkIssueResult as ReceiptResult, type CashReceiptIssue, ReceiptListAt, TX_STATE_COMPLETED as RECEIPTS_COMPLETED } from "../domains/cashbill/Schemas.js"
import { BulkIssueResult as InvoiceResult, TX_STATE_COMPLETED as INVOICES_COMPLETED } from "../domains/taxinvoice/Answers.js"
import * as TaxinvoiceOperations from "../domains/taxinvoice/Operations.js"
import * as TaxinvoiceRules from "../domains/taxinvoice/Rules.js"
import { InvoiceListAt, type TaxinvoiceDraft } from "../domains/taxinvoice/Schemas.js"
import type { Kind as KindName } from "./Journal.js"

/**
 * The per-document result of a submission, as the service answers it (`code` 1: issued).
 *
 * @since 0.1.0
 * @category models
 */
export type ResultRecord = Bulk.ItemResult

/**
 * Options that shape a submission's body (`forceIssue` for e-Tax invoices, as `issueMany`'s).
 *
 * @since 1.0.0
 * @category models
 */
export interface BodyOptions {
  readonly forceIssue?: boolean | undefined
}

/**
 * A kind of document issued durably.
 *
 * @since 0.1.0
 * @category models
 */
export interface Kind<D, R extends ResultRecord> {
  readonly name: KindName
  /** The workflow's name, and so its entity's in the engine. */
  readonly workflow: string
  /** The engine's kind for the body options of one execution. */
  readonly bulk: (options: BodyOptions) => Bulk.Kind<D, R>
  /** How a per-document result is kept in the journal and the workflow's history. */
  readonly resultSchema: Schema.Codec<R, unknown>
  /** Every rule of `issueMany`, checked before anything is sent; answers the documents as decoded. */
  readonly validate: (operation: string, corpNum: string, documents: ReadonlyArray<D>, nowMillis: number) => Effect.Effect<ReadonlyArray<D>, ValidationError>
}

const Member = Schema.Struct({ corpNum: CorpNum })

/** The code of a document its completed submission's result does not mention (as `issueMany`'s). */
const MISSING_CODE = -99999999

const receiptsKind = Bulk.kind({
  operation: "Cashbill.issueMany",
  submit: CashbillOperations.BulkSubmit,
  result: CashbillOperations.GetBulkResult,
  completed: RECEIPTS_COMPLETED,
  size: CashbillRules.BULK_MAX,
  bodyOf: (documents: ReadonlyArray<CashReceiptIssue>) => ({ cashbills: documents }),
  keyOfDocument: (receipt: CashReceiptIssue) => receipt.mgtKey,
  keyOfResult: (result: ReceiptResult) => result.mgtKey,
  missing: (mgtKey: string) => new ReceiptResult({ mgtKey, code: MISSING_CODE, message: "the bulk result does not mention this receipt" })
})

/**
 * Cash receipts (BulkSubmit, GetBulkResult; 100 per submission).
 *
 * @since 0.1.0
 * @category kinds
 */
export const receipts: Kind<CashReceiptIssue, ReceiptResult> = {
  name: "cashbill",
  workflow: "taxdoc.Cashbill.issueMany",
  bulk: () => receiptsKind,
  resultSchema: ReceiptResult,
  validate: (operation, corpNum, documents, now) =>
    Effect.andThen(validate(operation, Member, { corpNum }), Effect.map(validate(operation, ReceiptListAt(now), { cashbills: documents }), (body) => body.cashbills))
}

const invoicesKind = Bulk.kind({
  operation: "Taxinvoice.issueMany",
  submit: TaxinvoiceOperations.BulkIssue,
  result: TaxinvoiceOperations.GetBulkResult,
  completed: INVOICES_COMPLETED,
  size: TaxinvoiceRules.Limits.bulk,
  bodyOf: (documents: ReadonlyArray<TaxinvoiceDraft>) => ({ invoices: documents }),
  keyOfDocument: (invoice: TaxinvoiceDraft) => invoice.invoicerMgtKey,
  keyOfResult: (result: InvoiceResult) => result.invoicerMgtKey,
  missing: (invoicerMgtKey: string) => new InvoiceResult({ invoicerMgtKey, code: MISSING_CODE, message: "the bulk result does not mention this invoice" })
})

/**
 * e-Tax invoices (BulkIssue, GetBulkResult; 100 per submission; `forceIssue` as `issueMany`: sent
 * first, and only when true).
 *
 * @since 0.1.0
 * @category kinds
 */
export const invoices: Kind<TaxinvoiceDraft, InvoiceResult> = {
  name: "taxinvoice",
  workflow: "taxdoc.Taxinvoice.issueMany",
  bulk: (options) => options.forceIssue === true ? { ...invoicesKind, bodyOf: (documents) => ({ forceIssue: true, invoices: documents }) } : invoicesKind,
  resultSchema: InvoiceResult,
  validate: (operation, corpNum, documents, now) =>
    Effect.andThen(validate(operation, Member, { corpNum }), Effect.map(validate(operation, InvoiceListAt(now), { invoices: documents }), (body) => body.invoices))
}
