/**
 * The wire records of stored e-Tax invoices, files and bulk submissions (docs/service.md "e-Tax invoices"),
 * typed against the domain's answer schemas so the sandbox answers what the SDK decodes. Fields
 * without a value are `null`, as the live service sends them.
 *
 * @since 0.1.0
 */
import * as Kst from "../../core/Kst.js"
import type { AttachedFile, BulkIssueResult, BulkResult, TaxinvoiceDetail, TaxinvoiceInfo } from "../../domains/taxinvoice/Schemas.js"
import { companyStatusOf } from "../companyStatus/Table.js"
import { stateAt, stateCodeOf } from "./Filing.js"
import type { Bulk, Invoice, StoredFile } from "./State.js"

type Language = "ko" | "en"

const dt = (millis: number | undefined): string | null => (millis === undefined ? null : Kst.toDateTime14(millis))

/** The buyer's business status (a business buyer only), judged at `now`. */
const closeDown = (invoice: Invoice, now: number): { readonly state: number | null; readonly date: string | null } => {
  if ((invoice.draft.invoiceeType ?? "사업자") !== "사업자") return { state: null, date: null }
  const status = companyStatusOf(invoice.draft.invoiceeCorpNum, now)
  return { state: status.state === null ? null : Number(status.state), date: status.stateDate }
}

/** ntssendDT: when the invoice was sent (303); ntsresultDT: when the result came (304/305). */
const filingTimes = (invoice: Invoice) => ({ sent: invoice.filingTimes[2], result: invoice.filingTimes[3] })

/**
 * The filing error code of an invoice whose filing failed (buyer closed).
 *
 * @since 0.1.0
 * @category constants
 */
export const FILING_ERROR_CODE = "SERR01"

/**
 * The status record (GetInfo, GetInfos).
 *
 * @since 0.1.0
 * @category combinators
 */
export const statusRecord = (invoice: Invoice, now: number): typeof TaxinvoiceInfo.Encoded => {
  const d = invoice.draft
  const code = stateCodeOf(invoice)
  const times = filingTimes(invoice)
  const buyer = closeDown(invoice, now)
  return {
    itemKey: invoice.itemKey,
    taxType: d.taxType,
    writeDate: d.writeDate,
    regDT: Kst.toDateTime14(invoice.regAt),
    issueType: d.issueType,
    supplyCostTotal: d.supplyCostTotal,
    taxTotal: d.taxTotal,
    purposeType: d.purposeType,
    issueDT: dt(invoice.issued?.at),
    lateIssueYN: invoice.issued?.late ?? false,
    openYN: invoice.openAt !== undefined,
    openDT: dt(invoice.openAt),
    stateMemo: invoice.issued?.memo ?? d.memo ?? null,
    stateCode: code,
    stateDT: Kst.toDateTime14(stateAt(invoice)),
    ntsconfirmNum: invoice.issued?.ntsconfirmNum ?? null,
    ntsresult: code === 304 ? "성공" : code === 305 ? "실패" : null,
    ntssendDT: dt(times.sent),
    ntsresultDT: dt(times.result),
    ntssendErrCode: code === 305 ? FILING_ERROR_CODE : null,
    modifyCode: d.modifyCode ?? null,
    interOPYN: true,
    invoicerCorpName: d.invoicerCorpName,
    invoicerCorpNum: d.invoicerCorpNum,
    invoicerMgtKey: invoice.mgtKey ?? null,
    invoicerPrintYN: false,
    invoiceeCorpName: d.invoiceeCorpName,
    invoiceeCorpNum: d.invoiceeCorpNum,
    invoiceePrintYN: false,
    trusteePrintYN: false,
    closeDownState: buyer.state,
    closeDownStateDate: buyer.date
  }
}

const orNull = <A>(value: A | undefined): A | null => value ?? null

/**
 * The detail record (GetDetailInfo): the invoice as written.
 *
 * @since 0.1.0
 * @category combinators
 */
export const detailRecord = (invoice: Invoice, now: number): typeof TaxinvoiceDetail.Encoded => {
  const d = invoice.draft
  return {
    ntsconfirmNum: invoice.issued?.ntsconfirmNum ?? null,
    issueType: d.issueType,
    taxType: d.taxType,
    chargeDirection: d.chargeDirection,
    serialNum: orNull(d.serialNum),
    kwon: orNull(d.kwon),
    ho: orNull(d.ho),
    writeDate: d.writeDate,
    purposeType: d.purposeType,
    supplyCostTotal: d.supplyCostTotal,
    taxTotal: d.taxTotal,
    totalAmount: d.totalAmount,
    cash: orNull(d.cash),
    chkBill: orNull(d.chkBill),
    credit: orNull(d.credit),
    note: orNull(d.note),
    remark1: orNull(d.remark1),
    remark2: orNull(d.remark2),
    remark3: orNull(d.remark3),
    invoicerMgtKey: invoice.mgtKey ?? null,
    invoicerCorpNum: d.invoicerCorpNum,
    invoicerTaxRegID: orNull(d.invoicerTaxRegID),
    invoicerCorpName: d.invoicerCorpName,
    invoicerCEOName: d.invoicerCEOName,
    invoicerAddr: orNull(d.invoicerAddr),
    invoicerBizType: orNull(d.invoicerBizType),
    invoicerBizClass: orNull(d.invoicerBizClass),
    invoicerContactName: orNull(d.invoicerContactName),
    invoicerDeptName: orNull(d.invoicerDeptName),
    invoicerTEL: orNull(d.invoicerTEL),
    invoicerHP: orNull(d.invoicerHP),
    invoicerEmail: orNull(d.invoicerEmail),
    invoiceeType: d.invoiceeType ?? "사업자",
    invoiceeCorpNum: d.invoiceeCorpNum,
    invoiceeTaxRegID: orNull(d.invoiceeTaxRegID),
    invoiceeCorpName: d.invoiceeCorpName,
    invoiceeCEOName: d.invoiceeCEOName,
    invoiceeAddr: orNull(d.invoiceeAddr),
    invoiceeBizType: orNull(d.invoiceeBizType),
    invoiceeBizClass: orNull(d.invoiceeBizClass),
    invoiceeContactName1: orNull(d.invoiceeContactName1),
    invoiceeDeptName1: orNull(d.invoiceeDeptName1),
    invoiceeTEL1: orNull(d.invoiceeTEL1),
    invoiceeHP1: orNull(d.invoiceeHP1),
    invoiceeEmail1: orNull(d.invoiceeEmail1),
    closeDownState: closeDown(invoice, now).state,
    modifyCode: orNull(d.modifyCode),
    orgNTSConfirmNum: orNull(d.orgNTSConfirmNum),
    detailList: (d.detailList ?? []).map((line, i) => ({
      serialNum: line.serialNum ?? i + 1,
      purchaseDT: orNull(line.purchaseDT),
      itemName: orNull(line.itemName),
      spec: orNull(line.spec),
      qty: orNull(line.qty),
      unitCost: orNull(line.unitCost),
      supplyCost: orNull(line.supplyCost),
      tax: orNull(line.tax),
      remark: orNull(line.remark)
    })),
    addContactList: (d.addContactList ?? []).map((c, i) => ({ serialNum: c.serialNum ?? i + 1, contactName: orNull(c.contactName), email: c.email }))
  }
}

/**
 * An attached file record (GetFiles).
 *
 * @since 0.1.0
 * @category combinators
 */
export const fileRecord = (file: StoredFile): typeof AttachedFile.Encoded => ({
  serialNum: file.serialNum,
  attachedFile: file.fileId,
  displayName: file.displayName,
  regDT: Kst.toDateTime14(file.regAt)
})

/**
 * The bulk result record: per-invoice results once txState is 2.
 *
 * @since 0.1.0
 * @category combinators
 */
export const bulkResultRecord = (bulk: Bulk, language: Language): typeof BulkResult.Encoded => {
  const ok = language === "en" ? "Success" : "성공"
  const results = bulk.results ?? []
  const issueResult = results.map((item): typeof BulkIssueResult.Encoded => {
    if (item._tag === "Failed") {
      const { body } = item.failure.render(language)
      return { invoicerMgtKey: item.mgtKey, code: body.code, message: body.message, ntsconfirmNum: null, issueDT: null }
    }
    const issued = item.invoice.issued
    return {
      invoicerMgtKey: item.mgtKey,
      code: 1,
      message: ok,
      ntsconfirmNum: issued?.ntsconfirmNum ?? null,
      issueDT: dt(issued?.at)
    }
  })
  const successCount = results.filter((item) => item._tag === "Issued").length
  return {
    code: 1,
    message: ok,
    submitID: bulk.submitID,
    submitCount: bulk.submitCount,
    successCount,
    failCount: results.length - successCount,
    txState: bulk.stage,
    txResultCode: bulk.results === undefined ? null : 1,
    txStartDT: dt(bulk.startedAt),
    txEndDT: dt(bulk.completedAt),
    receiptDT: Kst.toDateTime14(bulk.receivedAt),
    receiptID: bulk.receiptID,
    issueResult
  }
}
