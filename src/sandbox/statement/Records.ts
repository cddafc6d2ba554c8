/**
 * The wire records of stored statements (docs/service.md "Statements": the status and detail records),
 * typed against the domain's answer schemas so the sandbox answers what the SDK decodes. Fields
 * without a value are sent as `null`, as the live service does; times are KST `yyyyMMddHHmmss`.
 *
 * @since 0.1.0
 */
import * as Kst from "../../core/Kst.js"
import type { DetailLine, StatementDetail, StatementInfo } from "../../domains/statement/Schemas.js"
import type { Stored } from "./State.js"

const dt = (millis: number | undefined): string | null => (millis === undefined ? null : Kst.toDateTime14(millis))

/**
 * The status record (GetInfo, GetInfos).
 *
 * @since 0.1.0
 * @category combinators
 */
export const statusRecord = (s: Stored): typeof StatementInfo.Encoded => ({
  itemCode: s.body.itemCode,
  itemKey: s.itemKey,
  invoiceNum: s.invoiceNum,
  mgtKey: s.body.mgtKey,
  taxType: s.body.taxType ?? null,
  writeDate: s.body.writeDate,
  regDT: Kst.toDateTime14(s.registeredAt),
  senderCorpName: s.body.senderCorpName ?? null,
  senderCorpNum: s.body.senderCorpNum,
  senderPrintYN: s.senderPrintYN,
  receiverCorpName: s.body.receiverCorpName ?? null,
  receiverCorpNum: s.body.receiverCorpNum ?? null,
  receiverPrintYN: s.receiverPrintYN,
  supplyCostTotal: s.body.supplyCostTotal,
  taxTotal: s.body.taxTotal,
  purposeType: s.body.purposeType,
  issueDT: dt(s.issuedAt),
  stateCode: s.stateCode,
  stateDT: Kst.toDateTime14(s.stateAt),
  stateMemo: s.stateMemo ?? null,
  openYN: s.openYN,
  openDT: dt(s.openAt)
})

const line = (item: NonNullable<Stored["body"]["detailList"]>[number]): typeof DetailLine.Encoded => ({
  serialNum: item.serialNum ?? null,
  purchaseDT: item.purchaseDT ?? null,
  itemName: item.itemName ?? null,
  spec: item.spec ?? null,
  qty: item.qty ?? null,
  unitCost: item.unitCost ?? null,
  supplyCost: item.supplyCost ?? null,
  tax: item.tax ?? null,
  remark: item.remark ?? null,
  spare1: item.spare1 ?? null,
  spare2: item.spare2 ?? null,
  spare3: item.spare3 ?? null,
  spare4: item.spare4 ?? null,
  spare5: item.spare5 ?? null
})

/**
 * The detail record (GetDetailInfo): the statement as issued, with its lines and `propertyBag`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const detailRecord = (s: Stored): typeof StatementDetail.Encoded => {
  const b = s.body
  return {
    itemCode: b.itemCode,
    mgtKey: b.mgtKey,
    invoiceNum: s.invoiceNum,
    formCode: b.formCode ?? null,
    writeDate: b.writeDate,
    taxType: b.taxType ?? null,
    purposeType: b.purposeType,
    serialNum: b.serialNum ?? null,
    supplyCostTotal: b.supplyCostTotal,
    taxTotal: b.taxTotal,
    totalAmount: b.totalAmount ?? null,
    remark1: b.remark1 ?? null,
    remark2: b.remark2 ?? null,
    remark3: b.remark3 ?? null,
    senderCorpNum: b.senderCorpNum,
    senderTaxRegID: b.senderTaxRegID ?? null,
    senderCorpName: b.senderCorpName ?? null,
    senderCEOName: b.senderCEOName ?? null,
    senderAddr: b.senderAddr ?? null,
    senderBizType: b.senderBizType ?? null,
    senderBizClass: b.senderBizClass ?? null,
    senderContactName: b.senderContactName ?? null,
    senderDeptName: b.senderDeptName ?? null,
    senderTEL: b.senderTEL ?? null,
    senderHP: b.senderHP ?? null,
    senderFAX: b.senderFAX ?? null,
    senderEmail: b.senderEmail ?? null,
    receiverCorpNum: b.receiverCorpNum ?? null,
    receiverTaxRegID: b.receiverTaxRegID ?? null,
    receiverCorpName: b.receiverCorpName ?? null,
    receiverCEOName: b.receiverCEOName ?? null,
    receiverAddr: b.receiverAddr ?? null,
    receiverBizType: b.receiverBizType ?? null,
    receiverBizClass: b.receiverBizClass ?? null,
    receiverContactName: b.receiverContactName ?? null,
    receiverDeptName: b.receiverDeptName ?? null,
    receiverTEL: b.receiverTEL ?? null,
    receiverHP: b.receiverHP ?? null,
    receiverFAX: b.receiverFAX ?? null,
    receiverEmail: b.receiverEmail ?? null,
    propertyBag: b.propertyBag ?? null,
    detailList: b.detailList === undefined ? null : b.detailList.map(line),
    memo: b.memo ?? null,
    emailSubject: b.emailSubject ?? null,
    stateCode: s.stateCode
  }
}
