/**
 * The wire records of stored e-Tax invoices and files (docs/service.md "e-Tax invoices"), typed
 * against the domain's answer schemas so the sandbox answers what the SDK decodes.
 */
import * as Kst from "../../core/Kst.js"
import type { AttachedFile, BulkIssueResult, TaxinvoiceDetail, TaxinvoiceInfo } from "../../domains/taxinvoice/Schemas.js"
import type { ItemResult } from "../documents/Bulk.js"
import { companyStatusOf } from "../companyStatus/Table.js"
import { dateTime as dt, orNulls } from "../documents/Records.js"
import { successMessage } from "../routing/Route.js"
import { stateAt, stateCodeOf } from "./Filing.js"
import type { Invoice, StoredFile } from "./State.js"

/** The buyer's business status (a business buyer only), judged at `now`. */
const closeDown = (invoice: Invoice, now: number): { readonly state: number | null; readonly date: string | null } => {
  if ((invoice.draft.invoiceeType ?? "사업자") !== "사업자") return { state: null, date: null }
  const status = companyStatusOf(invoice.draft.invoiceeCorpNum, now)
  return { state: status.state === null ? null : Number(status.state), date: status.stateDate }
}


/** The filing error code of an invoice whose filing failed (buyer closed). */
export const FILING_ERROR_CODE = "SERR01"

/** The status record (GetInfo, GetInfos). */
export const statusRecord = (invoice: Invoice, now: number): typeof TaxinvoiceInfo.Encoded => {
  const d = invoice.draft
  const code = stateCodeOf(invoice)
  // ntssendDT: when the invoice was sent (303); ntsresultDT: when the result came (304/305).
  const [, , sent, result] = invoice.progress.reached
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
    ntssendDT: dt(sent),
    ntsresultDT: dt(result),
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

/** The detail record (GetDetailInfo): the invoice as written. */
export const detailRecord = (invoice: Invoice, now: number): typeof TaxinvoiceDetail.Encoded => {
  const d = invoice.draft
  return {
    ntsconfirmNum: invoice.issued?.ntsconfirmNum ?? null,
    issueType: d.issueType,
    taxType: d.taxType,
    chargeDirection: d.chargeDirection,
    ...orNulls(d, ["serialNum", "kwon", "ho", "writeDate", "purposeType", "supplyCostTotal", "taxTotal", "totalAmount", "cash", "chkBill", "credit", "note"]),
    ...orNulls(d, ["remark1", "remark2", "remark3"]),
    invoicerMgtKey: invoice.mgtKey ?? null,
    ...orNulls(d, ["invoicerCorpNum", "invoicerTaxRegID", "invoicerCorpName", "invoicerCEOName", "invoicerAddr", "invoicerBizType", "invoicerBizClass"]),
    ...orNulls(d, ["invoicerContactName", "invoicerDeptName", "invoicerTEL", "invoicerHP", "invoicerEmail"]),
    invoiceeType: d.invoiceeType ?? "사업자",
    ...orNulls(d, ["invoiceeCorpNum", "invoiceeTaxRegID", "invoiceeCorpName", "invoiceeCEOName", "invoiceeAddr", "invoiceeBizType", "invoiceeBizClass"]),
    ...orNulls(d, ["invoiceeContactName1", "invoiceeDeptName1", "invoiceeTEL1", "invoiceeHP1", "invoiceeEmail1"]),
    closeDownState: closeDown(invoice, now).state,
    ...orNulls(d, ["modifyCode", "orgNTSConfirmNum"]),
    detailList: (d.detailList ?? []).map((line, i) => ({
      serialNum: line.serialNum ?? i + 1,
      ...orNulls(line, ["purchaseDT", "itemName", "spec", "qty", "unitCost", "supplyCost", "tax", "remark"])
    })),
    addContactList: (d.addContactList ?? []).map((c, i) => ({ serialNum: c.serialNum ?? i + 1, contactName: c.contactName ?? null, email: c.email }))
  }
}

/** An attached file record (GetFiles). */
export const fileRecord = (file: StoredFile): typeof AttachedFile.Encoded => ({
  serialNum: file.serialNum,
  attachedFile: file.fileId,
  displayName: file.displayName,
  regDT: Kst.toDateTime14(file.regAt)
})

/** One invoice's line of a bulk result. */
export const bulkItemRecord = (item: ItemResult<Invoice>, language: "ko" | "en"): typeof BulkIssueResult.Encoded => {
  if (item._tag === "Failed") {
    const { body } = item.failure.render(language)
    return { invoicerMgtKey: item.mgtKey, code: body.code, message: body.message, ntsconfirmNum: null, issueDT: null }
  }
  const issued = item.document.issued
  return { invoicerMgtKey: item.mgtKey, code: 1, message: successMessage(language), ntsconfirmNum: issued?.ntsconfirmNum ?? null, issueDT: dt(issued?.at) }
}
