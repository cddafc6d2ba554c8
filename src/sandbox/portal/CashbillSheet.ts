/**
 * A cash receipt laid out like the printed slip (현금영수증): the confirmation number and trade
 * time, the kind of trade and its use, the buyer's identification (masked, as the status query
 * shows it), the merchant (가맹점) block, the amounts, the original of a revocation, and the filing
 * to the tax authority.
 */
import { maskIdentityNum } from "../cashbill/Masking.js"
import { filingOf, STATES, stateCodeOf } from "../cashbill/Filing.js"
import { stateText } from "../documents/DocumentKind.js"
import type { Receipt } from "../cashbill/State.js"
import * as Format from "../pages/Format.js"
import { type Html, html } from "../pages/Html.js"
import type { Copy } from "./Sheet.js"

/** The label of a receipt's copy: the merchant's (가맹점) or the customer's (고객). */
export const RECEIPT_COPY_LABELS: Readonly<Record<Copy, string>> = { supplier: "가맹점 보관용", buyer: "고객 보관용" }

/**
 * A receipt as a sheet (its filing already brought up to date by the caller); with `copy`, the
 * sheet says whose copy it is.
 */
export const cashbillSheet = (receipt: Receipt, copy?: Copy): Html => {
  const revocation = receipt.tradeType === "취소거래"
  const filing = filingOf(receipt)
  const row = (label: string, value: string | undefined, className = "") =>
    html`<tr><th>${label}</th><td class="${className}">${value}</td></tr>`
  return html`<section class="sheet plain slip${copy === undefined ? "" : ` ${copy}`}" aria-label="현금영수증 ${receipt.mgtKey}${copy === undefined ? "" : ` ${RECEIPT_COPY_LABELS[copy]}`}">
<table class="form">
<colgroup><col class="h2"><col></colgroup>
<tr><td class="title" colspan="2">현금영수증${revocation ? " (취소)" : ""}<small>${copy === undefined ? "Cash receipt" : `(${RECEIPT_COPY_LABELS[copy]})`}</small></td></tr>
${row("승인번호", receipt.confirmNum, "center confirm-num")}
${row("거래일시", Format.dateTime(receipt.tradeDT), "center")}
${row("거래구분", receipt.tradeType)}
${row("거래용도", receipt.tradeUsage)}
${row("거래유형", receipt.tradeOpt)}
${row("과세형태", receipt.taxationType)}
${row("식별번호", maskIdentityNum(receipt.identityNum))}
${row("고객명", receipt.customerName)}
${row("품목", receipt.itemName)}
${row("주문번호", receipt.orderNumber)}
${revocation ? html`${row("원승인번호", receipt.orgConfirmNum)}${row("원거래일자", Format.dateTime(receipt.orgTradeDate))}` : ""}
<tr><th colspan="2">가맹점</th></tr>
${row("상호", receipt.franchiseCorpName)}
${row("사업자번호", Format.partyNumber(receipt.franchiseCorpNum))}
${row("대표자", receipt.franchiseCEOName)}
${row("주소", receipt.franchiseAddr)}
${row("전화", receipt.franchiseTEL)}
<tr><th colspan="2">금액</th></tr>
${row("공급가액", Format.amount(receipt.supplyCost), "num")}
${row("부가세", Format.amount(receipt.tax), "num")}
${row("봉사료", Format.amount(receipt.serviceFee), "num")}
${row("합계", Format.amount(receipt.totalAmount), "num total")}
<tr><th colspan="2">국세청 전송</th></tr>
${row("상태", stateText(STATES, stateCodeOf(receipt), "ko"))}
${filing === undefined ? "" : row("결과", `${filing.outcome.code} ${filing.outcome.ko} (${Format.instant(filing.at)})`)}
</table>
<p class="state"><span>문서번호 ${receipt.mgtKey}</span><span>발행 ${Format.instant(receipt.issuedAt)}</span></p>
</section>`
}
