/**
 * The wire records of stored cash receipts (docs/service.md "Cash receipts"), typed against the
 * domain's answer schemas so the sandbox answers what the SDK decodes.
 */
import * as Kst from "../../core/Kst.js"
import type { BulkIssueResult, CashbillDetail, CashbillInfo } from "../../domains/cashbill/Schemas.js"
import type { ItemResult } from "../documents/Bulk.js"
import { dateTime, orNulls } from "../documents/Records.js"
import { successMessage } from "../routing/Route.js"
import { filingOf, stateCodeOf } from "./Filing.js"
import { maskIdentityNum } from "./Masking.js"
import type { Receipt } from "./Stored.js"

// The fields the status and the detail record share, as issued.
const tradeFields = (r: Receipt) => ({
  ...orNulls(r, ["mgtKey", "confirmNum", "orgConfirmNum", "orgTradeDate", "tradeDate", "tradeDT", "tradeType", "tradeUsage", "tradeOpt", "taxationType"]),
  ...orNulls(r, ["totalAmount", "supplyCost", "tax", "serviceFee", "itemName", "customerName"])
})

/** The status record (GetInfo, GetInfos): identityNum masked. */
export const statusRecord = (r: Receipt, language: "ko" | "en"): typeof CashbillInfo.Encoded => {
  const filing = filingOf(r)
  return {
    ...tradeFields(r),
    itemKey: r.itemKey,
    issueDT: dateTime(r.issuedAt),
    regDT: dateTime(r.issuedAt),
    stateDT: dateTime(filing?.at ?? r.issuedAt),
    stateCode: stateCodeOf(r),
    identityNum: maskIdentityNum(r.identityNum),
    ntssendDT: dateTime(filing?.at),
    ntsresultDT: dateTime(filing?.at),
    ntsresultCode: filing?.outcome.code ?? null,
    ntsresultMessage: filing === undefined ? null : filing.outcome[language],
    printYN: false,
    interOPYN: true
  }
}

/** The detail record (GetDetailInfo): the receipt as issued, identityNum in full. */
export const detailRecord = (r: Receipt): typeof CashbillDetail.Encoded => ({
  ...tradeFields(r),
  ...orNulls(r, ["franchiseCorpNum", "franchiseTaxRegID", "franchiseCorpName", "franchiseCEOName", "franchiseAddr", "franchiseTEL"]),
  ...orNulls(r, ["identityNum", "orderNumber", "email", "hp", "cancelType"]),
  printYN: false,
  smssendYN: r.smssendYN,
  faxsendYN: false
})

/** One receipt's line of a bulk result. */
export const bulkItemRecord = (item: ItemResult<Receipt>, language: "ko" | "en"): typeof BulkIssueResult.Encoded => {
  if (item._tag === "Failed") {
    const { body } = item.failure.render(language)
    return { mgtKey: item.mgtKey, code: body.code, message: body.message, confirmNum: null, tradeDate: null, issueDT: null }
  }
  const r = item.document
  return { mgtKey: r.mgtKey, code: 1, message: successMessage(language), confirmNum: r.confirmNum, tradeDate: r.tradeDate, issueDT: Kst.toDateTime14(r.issuedAt) }
}
