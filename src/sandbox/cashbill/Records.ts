/**
 * The wire records of stored cash receipts and bulk submissions (docs/service.md "Cash receipts"), typed
 * against the domain's answer schemas so the sandbox answers what the SDK decodes. Fields without a
 * value are sent as `null`, as the live service does.
 *
 * @since 0.1.0
 */
import * as Kst from "../../core/Kst.js"
import type { BulkIssueResult, BulkResult, CashbillDetail, CashbillInfo } from "../../domains/cashbill/Schemas.js"
import type { Bulk, Receipt } from "./State.js"
import { maskIdentityNum } from "./Masking.js"
import { stateCodeOf } from "./Filing.js"

type Language = "ko" | "en"

const dt = (millis: number | undefined): string | null => (millis === undefined ? null : Kst.toDateTime14(millis))

// The fields the status and the detail record share, as issued.
const tradeFields = (r: Receipt) => ({
  mgtKey: r.mgtKey,
  confirmNum: r.confirmNum,
  orgConfirmNum: r.orgConfirmNum ?? null,
  orgTradeDate: r.orgTradeDate ?? null,
  tradeDate: r.tradeDate,
  tradeDT: r.tradeDT,
  tradeType: r.tradeType,
  tradeUsage: r.tradeUsage,
  tradeOpt: r.tradeOpt,
  taxationType: r.taxationType,
  totalAmount: r.totalAmount,
  supplyCost: r.supplyCost,
  tax: r.tax,
  serviceFee: r.serviceFee,
  itemName: r.itemName ?? null,
  customerName: r.customerName ?? null
})

/**
 * The status record (GetInfo, GetInfos): identityNum masked.
 *
 * @since 0.1.0
 * @category combinators
 */
export const statusRecord = (r: Receipt, language: Language): typeof CashbillInfo.Encoded => ({
  ...tradeFields(r),
  itemKey: r.itemKey,
  issueDT: dt(r.issuedAt),
  regDT: dt(r.issuedAt),
  stateDT: dt(r.filing?.at ?? r.issuedAt),
  stateCode: stateCodeOf(r),
  identityNum: maskIdentityNum(r.identityNum),
  ntssendDT: dt(r.filing?.at),
  ntsresultDT: dt(r.filing?.at),
  ntsresultCode: r.filing?.outcome.code ?? null,
  ntsresultMessage: r.filing === undefined ? null : r.filing.outcome[language],
  printYN: false,
  interOPYN: true
})

/**
 * The detail record (GetDetailInfo): the receipt as issued, identityNum in full.
 *
 * @since 0.1.0
 * @category combinators
 */
export const detailRecord = (r: Receipt): typeof CashbillDetail.Encoded => ({
  ...tradeFields(r),
  franchiseCorpNum: r.franchiseCorpNum,
  franchiseTaxRegID: r.franchiseTaxRegID ?? null,
  franchiseCorpName: r.franchiseCorpName ?? null,
  franchiseCEOName: r.franchiseCEOName ?? null,
  franchiseAddr: r.franchiseAddr ?? null,
  franchiseTEL: r.franchiseTEL ?? null,
  identityNum: r.identityNum,
  orderNumber: r.orderNumber ?? null,
  email: r.email ?? null,
  hp: r.hp ?? null,
  cancelType: r.cancelType ?? null,
  printYN: false,
  smssendYN: r.smssendYN,
  faxsendYN: false
})

/**
 * The bulk result record: per-receipt results once txState is 2.
 *
 * @since 0.1.0
 * @category combinators
 */
export const bulkResultRecord = (bulk: Bulk, language: Language): typeof BulkResult.Encoded => {
  const results = bulk.results ?? []
  const issueResult = results.map((item): typeof BulkIssueResult.Encoded => {
    if (item._tag === "Failed") {
      const { body } = item.failure.render(language)
      return { mgtKey: item.mgtKey, code: body.code, message: body.message, confirmNum: null, tradeDate: null, issueDT: null }
    }
    const r = item.receipt
    return {
      mgtKey: r.mgtKey,
      code: 1,
      message: language === "en" ? "Success" : "성공",
      confirmNum: r.confirmNum,
      tradeDate: r.tradeDate,
      issueDT: Kst.toDateTime14(r.issuedAt)
    }
  })
  const successCount = results.filter((item) => item._tag === "Issued").length
  return {
    code: 1,
    message: language === "en" ? "Success" : "성공",
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
