/**
 * The wire records of stored statements (docs/service.md "Statements": the status and detail records),
 * typed against the domain's answer schemas so the sandbox answers what the SDK decodes. Fields
 * without a value are sent as `null`, as the live service does; times are KST `yyyyMMddHHmmss`.
 */
import * as Kst from "../../core/Kst.js"
import type { DetailLine, StatementDetail, StatementInfo } from "../../domains/statement/Schemas.js"
import { dateTime as dt, orNulls } from "../documents/Records.js"
import { stateAtOf, stateCodeOf, type Stored } from "./State.js"

/** The status record (GetInfo, GetInfos). */
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
  stateCode: stateCodeOf(s),
  stateDT: Kst.toDateTime14(stateAtOf(s)),
  stateMemo: s.stateMemo ?? null,
  openYN: s.openYN,
  openDT: dt(s.openAt)
})

const line = (item: NonNullable<Stored["body"]["detailList"]>[number]): typeof DetailLine.Encoded =>
  orNulls(item, ["serialNum", "purchaseDT", "itemName", "spec", "qty", "unitCost", "supplyCost", "tax", "remark", "spare1", "spare2", "spare3", "spare4", "spare5"])

/** The detail record (GetDetailInfo): the statement as issued, with its lines and `propertyBag`. */
export const detailRecord = (s: Stored): typeof StatementDetail.Encoded => {
  const b = s.body
  return {
    itemCode: b.itemCode,
    mgtKey: b.mgtKey,
    invoiceNum: s.invoiceNum,
    ...orNulls(b, ["formCode", "writeDate", "taxType", "purposeType", "serialNum", "supplyCostTotal", "taxTotal", "totalAmount", "remark1", "remark2", "remark3"]),
    ...orNulls(b, ["senderCorpNum", "senderTaxRegID", "senderCorpName", "senderCEOName", "senderAddr", "senderBizType", "senderBizClass"]),
    ...orNulls(b, ["senderContactName", "senderDeptName", "senderTEL", "senderHP", "senderFAX", "senderEmail"]),
    ...orNulls(b, ["receiverCorpNum", "receiverTaxRegID", "receiverCorpName", "receiverCEOName", "receiverAddr", "receiverBizType", "receiverBizClass"]),
    ...orNulls(b, ["receiverContactName", "receiverDeptName", "receiverTEL", "receiverHP", "receiverFAX", "receiverEmail", "propertyBag"]),
    detailList: b.detailList === undefined ? null : b.detailList.map(line),
    ...orNulls(b, ["memo", "emailSubject"]),
    stateCode: stateCodeOf(s)
  }
}
