/**
 * The answers of the e-Tax invoice operations (docs/service.md "e-Tax invoices"), decoded tolerantly
 * (docs/service.md "Answers"): unknown fields ignored, `null` for absent values, booleans and numbers in
 * their string forms too. Re-exported by `Schemas.ts`.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import { LenientBoolean, LenientNumber, nullable } from "../../core/Schemas.js"
import { bulkResultFields } from "../BulkResult.js"

/**
 * The answer of Issue: the confirmation number of the tax authority (24 characters).
 *
 * @since 0.1.0
 * @category schemas
 */
export class IssueResponse extends Schema.Class<IssueResponse>("TaxinvoiceIssueResponse")({
  code: LenientNumber,
  message: Schema.String,
  ntsConfirmNum: nullable(Schema.String),
  issueDT: nullable(Schema.String)
}) {}

/**
 * An attached file record (GetFiles).
 *
 * @since 0.1.0
 * @category schemas
 */
export class AttachedFile extends Schema.Class<AttachedFile>("AttachedFile")({
  serialNum: LenientNumber,
  attachedFile: Schema.String,
  displayName: nullable(Schema.String),
  regDT: nullable(Schema.String)
}) {}

/**
 * The status record (GetInfo; GetInfos returns an array of them).
 *
 * @since 0.1.0
 * @category schemas
 */
export class TaxinvoiceInfo extends Schema.Class<TaxinvoiceInfo>("TaxinvoiceInfo")({
  itemKey: nullable(Schema.String),
  taxType: nullable(Schema.String),
  writeDate: nullable(Schema.String),
  regDT: nullable(Schema.String),
  issueType: nullable(Schema.String),
  supplyCostTotal: nullable(Schema.String),
  taxTotal: nullable(Schema.String),
  purposeType: nullable(Schema.String),
  issueDT: nullable(Schema.String),
  lateIssueYN: nullable(LenientBoolean),
  openYN: nullable(LenientBoolean),
  openDT: nullable(Schema.String),
  stateMemo: nullable(Schema.String),
  stateCode: LenientNumber,
  stateDT: nullable(Schema.String),
  ntsconfirmNum: nullable(Schema.String),
  ntsresult: nullable(Schema.String),
  ntssendDT: nullable(Schema.String),
  ntsresultDT: nullable(Schema.String),
  ntssendErrCode: nullable(Schema.String),
  modifyCode: nullable(LenientNumber),
  interOPYN: nullable(LenientBoolean),
  invoicerCorpName: nullable(Schema.String),
  invoicerCorpNum: nullable(Schema.String),
  invoicerMgtKey: nullable(Schema.String),
  invoicerPrintYN: nullable(LenientBoolean),
  invoiceeCorpName: nullable(Schema.String),
  invoiceeCorpNum: nullable(Schema.String),
  invoiceePrintYN: nullable(LenientBoolean),
  trusteePrintYN: nullable(LenientBoolean),
  closeDownState: nullable(LenientNumber),
  closeDownStateDate: nullable(Schema.String)
}) {}

const DetailLineAnswer = Schema.Struct({
  serialNum: nullable(LenientNumber),
  purchaseDT: nullable(Schema.String),
  itemName: nullable(Schema.String),
  spec: nullable(Schema.String),
  qty: nullable(Schema.String),
  unitCost: nullable(Schema.String),
  supplyCost: nullable(Schema.String),
  tax: nullable(Schema.String),
  remark: nullable(Schema.String)
})

const ContactAnswer = Schema.Struct({
  serialNum: nullable(LenientNumber),
  contactName: nullable(Schema.String),
  email: nullable(Schema.String)
})

const text = nullable(Schema.String)

/**
 * The detail record (GetDetailInfo): the invoice as written, its confirmation number and the
 * buyer's business status.
 *
 * @since 0.1.0
 * @category schemas
 */
export class TaxinvoiceDetail extends Schema.Class<TaxinvoiceDetail>("TaxinvoiceDetail")({
  ntsconfirmNum: text,
  issueType: text,
  taxType: text,
  chargeDirection: text,
  serialNum: text,
  kwon: nullable(LenientNumber),
  ho: nullable(LenientNumber),
  writeDate: text,
  purposeType: text,
  supplyCostTotal: text,
  taxTotal: text,
  totalAmount: text,
  cash: text,
  chkBill: text,
  credit: text,
  note: text,
  remark1: text,
  remark2: text,
  remark3: text,
  invoicerMgtKey: text,
  invoicerCorpNum: text,
  invoicerTaxRegID: text,
  invoicerCorpName: text,
  invoicerCEOName: text,
  invoicerAddr: text,
  invoicerBizType: text,
  invoicerBizClass: text,
  invoicerContactName: text,
  invoicerDeptName: text,
  invoicerTEL: text,
  invoicerHP: text,
  invoicerEmail: text,
  invoiceeType: text,
  invoiceeCorpNum: text,
  invoiceeTaxRegID: text,
  invoiceeCorpName: text,
  invoiceeCEOName: text,
  invoiceeAddr: text,
  invoiceeBizType: text,
  invoiceeBizClass: text,
  invoiceeContactName1: text,
  invoiceeDeptName1: text,
  invoiceeTEL1: text,
  invoiceeHP1: text,
  invoiceeEmail1: text,
  closeDownState: nullable(LenientNumber),
  modifyCode: nullable(LenientNumber),
  orgNTSConfirmNum: text,
  detailList: nullable(Schema.Array(DetailLineAnswer)),
  addContactList: nullable(Schema.Array(ContactAnswer))
}) {}

/**
 * The answer of BulkIssue.
 *
 * @since 0.1.0
 * @category schemas
 */
export class BulkSubmitResponse extends Schema.Class<BulkSubmitResponse>("TaxinvoiceBulkSubmitResponse")({
  code: LenientNumber,
  message: Schema.String,
  receiptID: Schema.String
}) {}

/**
 * The result of one invoice of a bulk submission; ntsconfirmNum and issueDT are absent when it
 * failed (code is then the failure code).
 *
 * @since 0.1.0
 * @category schemas
 */
export class BulkIssueResult extends Schema.Class<BulkIssueResult>("TaxinvoiceBulkIssueResult")({
  invoicerMgtKey: nullable(Schema.String),
  code: LenientNumber,
  message: nullable(Schema.String),
  ntsconfirmNum: nullable(Schema.String),
  issueDT: nullable(Schema.String)
}) {}

/**
 * The bulk result record, the cash receipt one's shape (`domains/BulkResult.ts`, docs/decisions.md
 * "e-Tax invoices"): txState 0 submitted, 1 in progress, 2 completed; per-invoice results once
 * txState is 2.
 *
 * @since 0.1.0
 * @category schemas
 */
export class BulkResult extends Schema.Class<BulkResult>("TaxinvoiceBulkResult")(bulkResultFields(BulkIssueResult)) {}

export {
  /**
   * The txState of a completed bulk submission.
   *
   * @since 0.1.0
   * @category constants
   */
  TX_STATE_COMPLETED
} from "../BulkResult.js"
