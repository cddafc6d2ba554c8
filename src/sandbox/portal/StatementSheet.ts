/**
 * A statement laid out like the paper forms of its type (거래명세서, 청구서, 견적서, 발주서, 입금표,
 * 영수증 — item codes 121–126): the title with the copy and the statement number, the
 * supplier (sender) and the buyer (receiver), the date of writing and the totals, the item lines,
 * the remarks and the type's extra properties (`propertyBag`); under it the document ID, the state
 * and the times.
 */
import { stateText } from "../documents/DocumentKind.js"
import { stateCodeOf, STATES, type Stored } from "../statement/State.js"
import * as Format from "../pages/Format.js"
import { type Html, html } from "../pages/Html.js"
import { COPY_LABELS, type Copy, footer, parties, partyOf } from "./Sheet.js"

/** The form title of each item code. */
export const STATEMENT_TITLES: Readonly<Record<number, string>> = {
  121: "거래명세서",
  122: "청구서",
  123: "견적서",
  124: "발주서",
  125: "입금표",
  126: "영수증"
}

const MIN_LINES = 4

const lines = (stored: Stored): Html => {
  const items = stored.body.detailList ?? []
  const filled = items.map((item) =>
    html`<tr><td class="center">${Format.dateTime(item.purchaseDT)}</td><td>${item.itemName}</td><td>${item.spec}</td><td class="num">${
      Format.amount(item.qty)
    }</td><td class="num">${Format.amount(item.unitCost)}</td><td class="num">${Format.amount(item.supplyCost)}</td><td class="num">${
      Format.amount(item.tax)
    }</td><td>${item.remark}</td></tr>`
  )
  const blank = Array.from({ length: Math.max(0, MIN_LINES - items.length) }, () => html`<tr class="blank"><td>&nbsp;</td><td></td><td></td><td></td><td></td><td></td><td></td><td></td></tr>`)
  return html`<table class="form lines">
<colgroup><col class="date"><col class="item"><col><col><col><col class="amt"><col class="amt"><col></colgroup>
<thead><tr><th>일자</th><th>품목</th><th>규격</th><th>수량</th><th>단가</th><th>공급가액</th><th>세액</th><th>비고</th></tr></thead>
<tbody>${filled}${blank}</tbody>
</table>`
}

const properties = (stored: Stored): Html => {
  const bag = Object.entries(stored.body.propertyBag ?? {})
  if (bag.length === 0) return html``
  return html`<table class="form properties"><tbody>${bag.map(([key, value]) => html`<tr><th>${key}</th><td>${value}</td></tr>`)}</tbody></table>`
}

/** The total of a statement: the one it carries, or supply value plus tax. */
export const totalOf = (stored: Stored): string => {
  const b = stored.body
  if (b.totalAmount !== undefined) return b.totalAmount
  try {
    return String(BigInt(b.supplyCostTotal) + BigInt(b.taxTotal))
  } catch {
    return ""
  }
}

/** One copy of a statement as a sheet. */
export const statementSheet = (stored: Stored, copy: Copy): Html => {
  const b = stored.body
  const title = STATEMENT_TITLES[b.itemCode] ?? "전자명세서"
  const remarks = [b.remark1, b.remark2, b.remark3].filter((r) => r !== undefined && r !== "").join(" / ")
  return html`<section class="sheet ${copy}" aria-label="${title} ${COPY_LABELS[copy]}">
<table class="form head">
<colgroup><col><col class="h"><col class="confirm"></colgroup>
<tr><td class="title" rowspan="2">${title}<small>(${COPY_LABELS[copy]})</small></td><th>문서번호</th><td class="center">${b.mgtKey}</td></tr>
<tr><th>일련번호</th><td class="center confirm-num">${stored.invoiceNum}</td></tr>
</table>
${
    parties(partyOf("공급자", b, "sender"), partyOf("공급받는자", b, "receiver"))
  }
<table class="form sums">
<thead><tr><th>작성일자</th><th>공급가액</th><th>세액</th><th>합계금액</th></tr></thead>
<tbody><tr><td class="center">${Format.dateTime(b.writeDate)}</td><td class="num">${Format.amount(b.supplyCostTotal)}</td><td class="num">${
    Format.amount(b.taxTotal)
  }</td><td class="num total">${Format.amount(totalOf(stored))}</td></tr>
<tr><th>비고</th><td colspan="3">${remarks}</td></tr></tbody>
</table>
${lines(stored)}
${properties(stored)}
${
    footer(
      [[b.taxType, b.purposeType].filter((t) => t !== undefined).join(" · "), `상태 ${stateText(STATES, stateCodeOf(stored), "ko")}`],
      [
        stored.issuedAt === undefined ? "" : `발행 ${Format.instant(stored.issuedAt)}`,
        stored.openAt === undefined ? "" : `수신확인 ${Format.instant(stored.openAt)}`
      ]
    )
  }
</section>`
}
