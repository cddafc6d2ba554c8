/**
 * What a durable bulk issuance needs to know of the documents it issues: cash receipts or e-Tax
 * invoices — the bulk operations, how a submission's body is made, how its results are keyed and
 * checked, and the rules the documents are validated against before anything is sent (the same as
 * `issueMany`'s, so the same input makes the same submissions and submit IDs).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { ValidationError } from "../core/Errors.js"
import type * as Operation from "../core/Operation.js"
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
export interface ResultRecord {
  readonly code: number
  readonly message?: string | undefined
}

/**
 * A kind of document issued in bulk.
 *
 * @since 0.1.0
 * @category models
 */
export interface Kind<D, R extends ResultRecord> {
  readonly name: KindName
  /** The workflow's name, and so its entity's in the engine. */
  readonly workflow: string
  readonly noun: string
  readonly submit: Operation.Any
  readonly result: Operation.Any
  readonly completed: number
  readonly size: number
  readonly resultSchema: Schema.Codec<R, unknown>
  readonly keyOfDocument: (document: D) => string
  readonly keyOfResult: (result: R) => string | undefined
  /** The body of one submission (before encoding). */
  readonly bodyOf: (documents: ReadonlyArray<D>, options: { readonly forceIssue?: boolean | undefined }) => unknown
  /** Every rule of `issueMany`, checked before anything is sent. */
  readonly validate: (operation: string, corpNum: string, documents: ReadonlyArray<D>, nowMillis: number) => Effect.Effect<unknown, ValidationError>
  /** The result of a document whose submission did not complete, saying why. */
  readonly unresolved: (key: string, code: number, message: string) => R
}

const Member = Schema.Struct({ corpNum: CorpNum })

/**
 * Cash receipts (BulkSubmit, GetBulkResult; 100 per submission).
 *
 * @since 0.1.0
 * @category kinds
 */
export const receipts: Kind<CashReceiptIssue, ReceiptResult> = {
  name: "cashbill",
  workflow: "taxdoc.Cashbill.issueMany",
  noun: "receipt",
  submit: CashbillOperations.BulkSubmit,
  result: CashbillOperations.GetBulkResult,
  completed: RECEIPTS_COMPLETED,
  size: CashbillRules.BULK_MAX,
  resultSchema: ReceiptResult,
  keyOfDocument: (receipt) => receipt.mgtKey,
  keyOfResult: (result) => result.mgtKey,
  bodyOf: (documents) => ({ cashbills: documents }),
  validate: (operation, corpNum, documents, now) =>
    Effect.andThen(validate(operation, Member, { corpNum }), validate(operation, ReceiptListAt(now), { cashbills: documents })),
  unresolved: (mgtKey, code, message) => new ReceiptResult({ mgtKey, code, message })
}

/**
 * e-Tax invoices (BulkIssue, GetBulkResult; 100 per submission; `forceIssue` as `issueMany`).
 *
 * @since 0.1.0
 * @category kinds
 */
export const invoices: Kind<TaxinvoiceDraft, InvoiceResult> = {
  name: "taxinvoice",
  workflow: "taxdoc.Taxinvoice.issueMany",
  noun: "invoice",
  submit: TaxinvoiceOperations.BulkIssue,
  result: TaxinvoiceOperations.GetBulkResult,
  completed: INVOICES_COMPLETED,
  size: TaxinvoiceRules.Limits.bulk,
  resultSchema: InvoiceResult,
  keyOfDocument: (invoice) => invoice.invoicerMgtKey,
  keyOfResult: (result) => result.invoicerMgtKey,
  // As the public clients send it: `forceIssue` first, and only when true.
  bodyOf: (documents, options) => (options.forceIssue === true ? { forceIssue: true, invoices: documents } : { invoices: documents }),
  validate: (operation, corpNum, documents, now) =>
    Effect.andThen(validate(operation, Member, { corpNum }), validate(operation, InvoiceListAt(now), { invoices: documents })),
  unresolved: (invoicerMgtKey, code, message) => new InvoiceResult({ invoicerMgtKey, code, message })
}
