/**
 * What a durable bulk issuance needs to know of the documents it issues: cash receipts or e-Tax
 * invoices — the domain's `bulkKind` for core's bulk issuance engine (the operations, how a
 * submission's body is made, how documents and results are keyed: `issueMany`'s own, so the same
 * input makes the same submissions and submit IDs), the schema its per-document results are kept
 * in, and the rules `issueMany` validates the documents against before anything is sent.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as BulkSubmission from "../core/BulkSubmission.js"
import type { ValidationError } from "../core/Errors.js"
import { CorpNum } from "../core/Schemas.js"
import { validate } from "../core/Validation.js"
import * as Cashbill from "../domains/cashbill/Cashbill.js"
import { BulkIssueResult as ReceiptResult, type CashReceiptIssue, ReceiptListAt } from "../domains/cashbill/Schemas.js"
import { BulkIssueResult as InvoiceResult } from "../domains/taxinvoice/Answers.js"
import { InvoiceListAt, type TaxinvoiceDraft } from "../domains/taxinvoice/Schemas.js"
import * as Taxinvoice from "../domains/taxinvoice/Taxinvoice.js"
import type { Kind as KindName } from "./Journal.js"

/**
 * The per-document result of a submission, as the service answers it (`code` 1: issued).
 *
 * @since 0.1.0
 * @category models
 */
export type ResultRecord = BulkSubmission.ItemResult

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
  readonly bulk: (options: BodyOptions) => BulkSubmission.Kind<D, R>
  /** How a per-document result is kept in the journal and the workflow's history. */
  readonly resultSchema: Schema.Codec<R, unknown>
  /** Every rule of `issueMany`, checked before anything is sent; answers the documents as decoded. */
  readonly validate: (operation: string, corpNum: string, documents: ReadonlyArray<D>, nowMillis: number) => Effect.Effect<ReadonlyArray<D>, ValidationError>
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
  bulk: () => Cashbill.bulkKind,
  resultSchema: ReceiptResult,
  validate: (operation, corpNum, documents, now) =>
    Effect.andThen(validate(operation, Member, { corpNum }), Effect.map(validate(operation, ReceiptListAt(now), { cashbills: documents }), (body) => body.cashbills))
}

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
  bulk: (options) => Taxinvoice.bulkKind(options),
  resultSchema: InvoiceResult,
  validate: (operation, corpNum, documents, now) =>
    Effect.andThen(validate(operation, Member, { corpNum }), Effect.map(validate(operation, InvoiceListAt(now), { invoices: documents }), (body) => body.invoices))
}
