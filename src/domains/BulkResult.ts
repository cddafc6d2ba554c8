/**
 * The result record of a bulk submission (GetBulkResult), one shape for every kind of document
 * issued in bulk — cash receipts and e-Tax invoices (docs/decisions.md "e-Tax invoices") — told
 * apart only by the result of one document: txState 0 submitted, 1 in progress, 2 completed; the
 * per-document results arrive once txState is 2. Each domain declares its record as a class of
 * these fields, under its own schema identifier (`BulkResult`, `TaxinvoiceBulkResult`).
 *
 * @since 2.0.0
 */
import * as Schema from "effect/Schema"
import { LenientNumber, nullable } from "../core/Schemas.js"

/**
 * The txState of a completed bulk submission.
 *
 * @since 0.1.0
 * @category constants
 */
export const TX_STATE_COMPLETED = 2

/**
 * The fields of the result record whose per-document results are `item`s.
 *
 * @since 2.0.0
 * @category schemas
 */
export const bulkResultFields = <Item extends Schema.Top>(item: Item) => ({
  code: LenientNumber,
  message: nullable(Schema.String),
  submitID: Schema.String,
  submitCount: LenientNumber,
  successCount: LenientNumber,
  failCount: LenientNumber,
  txState: LenientNumber,
  txResultCode: nullable(LenientNumber),
  txStartDT: nullable(Schema.String),
  txEndDT: nullable(Schema.String),
  receiptDT: nullable(Schema.String),
  receiptID: nullable(Schema.String),
  issueResult: nullable(Schema.Array(item))
})

/**
 * The record as it travels (what the sandbox answers), its per-document results `Item`s.
 *
 * @since 2.0.0
 * @category models
 */
export type BulkResultEncoded<Item> =
  & Omit<Schema.Struct<ReturnType<typeof bulkResultFields<Schema.Top>>>["Encoded"], "issueResult">
  & { readonly issueResult?: ReadonlyArray<Item> | null }
