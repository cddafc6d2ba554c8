/**
 * An e-Tax invoice laid out like the statutory form (전자세금계산서): the title with the copy and
 * the confirmation number, the supplier and the buyer, the date of writing, supply value and tax,
 * the remarks, the item lines (month, day, item, spec, quantity, unit price, supply value, tax,
 * remark; four lines at least, as printed), the total with the payment methods and "이 금액을 영수/
 * 청구 함"; under it the document ID, the state and the times. A tax-exempt invoice is titled
 * 전자계산서, a revised one 수정전자세금계산서.
 */
import { stateText } from "../documents/DocumentKind.js"
import { STATES } from "../taxinvoice/Filing.js"
import type { Invoice } from "../taxinvoice/State.js"
import * as Format from "../pages/Format.js"
import { type Html, html } from "../pages/Html.js"
import { COPY_LABELS, type Copy, footer, parties, partyOf } from "./Sheet.js"

const MIN_LINES = 4

const titleOf = (invoice: Invoice): string => {
  const base = invoice.draft.taxType === "면세" ? "전자계산서" : "전자세금계산서"
  return invoice.draft.modifyCode === undefined ? base : `수정${base}`
}

const MODIFY_REASONS: Readonly<Record<number, string>> = {
  1: "기재사항 착오·정정",
  2: "공급가액 변동",
  3: "환입",
  4: "계약의 해제",
  5: "내국신용장 사후개설",
  6: "착오에 의한 이중발급"
}

const lines = (invoice: Invoice): Html => {
  const items = invoice.draft.detailList ?? []
  const filled = items.map((item) => {
    const [month, day] = Format.monthDay(item.purchaseDT)
    return html`<tr><td class="center">${month}</td><td class="center">${day}</td><td>${item.itemName}</td><td>${item.spec}</td><td class="num">${
      Format.amount(item.qty)
    }</td><td class="num">${Format.amount(item.unitCost)}</td><td class="num">${Format.amount(item.supplyCost)}</td><td class="num">${
      Format.amount(item.tax)
    }</td><td>${item.remark}</td></tr>`
  })
  const blank = Array.from({ length: Math.max(0, MIN_LINES - items.length) }, () => html`<tr class="blank"><td>&nbsp;</td><td></td><td></td><td></td><td></td><td></td><td></td><td></td><td></td></tr>`)
  return html`<table class="form lines">
<colgroup><col class="d"><col class="d"><col class="item"><col><col><col><col class="amt"><col class="amt"><col></colgroup>
<thead><tr><th>월</th><th>일</th><th>품목</th><th>규격</th><th>수량</th><th>단가</th><th>공급가액</th><th>세액</th><th>비고</th></tr></thead>
<tbody>${filled}${blank}</tbody>
</table>`
}

/** One copy of an e-Tax invoice as a sheet, with its state code. */
export const taxinvoiceSheet = (invoice: Invoice, stateCode: number, copy: Copy): Html => {
  const d = invoice.draft
  const remarks = [d.remark1, d.remark2, d.remark3].filter((r) => r !== undefined && r !== "").join(" / ")
  const modify = d.modifyCode === undefined ? "" : `${d.modifyCode} ${MODIFY_REASONS[d.modifyCode] ?? ""}`.trim()
  return html`<section class="sheet ${copy}" aria-label="${titleOf(invoice)} ${COPY_LABELS[copy]}">
<table class="form head">
<colgroup><col><col class="h"><col class="confirm"></colgroup>
<tr><td class="title" rowspan="2">${titleOf(invoice)}<small>(${COPY_LABELS[copy]})</small></td><th>승인번호</th><td class="center confirm-num">${invoice.issued?.ntsconfirmNum}</td></tr>
<tr><th>관리번호</th><td class="center">${invoice.mgtKey ?? invoice.itemKey}</td></tr>
</table>
${
    parties(partyOf("공급자", d, "invoicer"), partyOf("공급받는자", d, "invoicee", "1"))
  }
<table class="form sums">
<thead><tr><th>작성일자</th><th>공급가액</th><th>세액</th><th>수정사유</th></tr></thead>
<tbody><tr><td class="center">${Format.dateTime(d.writeDate)}</td><td class="num">${Format.amount(d.supplyCostTotal)}</td><td class="num">${
    Format.amount(d.taxTotal)
  }</td><td class="center">${modify}</td></tr>
<tr><th>비고</th><td colspan="3">${remarks}</td></tr></tbody>
</table>
${lines(invoice)}
<table class="form totals">
<thead><tr><th>합계금액</th><th>현금</th><th>수표</th><th>어음</th><th>외상미수금</th><td rowspan="2" class="center purpose">이 금액을 <b>${d.purposeType === "없음" ? "" : d.purposeType}</b> 함</td></tr></thead>
<tbody><tr><td class="num total">${Format.amount(d.totalAmount)}</td><td class="num">${Format.amount(d.cash)}</td><td class="num">${Format.amount(d.chkBill)}</td><td class="num">${
    Format.amount(d.note)
  }</td><td class="num">${Format.amount(d.credit)}</td></tr></tbody>
</table>
${
    footer(
      [`${d.taxType} · ${d.issueType} · ${d.chargeDirection}`, `상태 ${stateText(STATES, stateCode, "ko")}`],
      [
        invoice.issued === undefined ? "" : `발행 ${Format.instant(invoice.issued.at)}${invoice.issued.late ? " (지연발행)" : ""}`,
        invoice.openAt === undefined ? "" : `수신확인 ${Format.instant(invoice.openAt)}`
      ]
    )
  }
</section>`
}
