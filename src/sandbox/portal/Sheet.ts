/**
 * Building blocks shared by the statutory forms (`TaxinvoiceSheet.ts`, `StatementSheet.ts`,
 * `CashbillSheet.ts`): which copy a sheet is (the supplier's in red, the buyer's in blue, as on the
 * paper forms), the two party blocks side by side, and the line of facts under a form.
 */
import { type Html, html } from "../pages/Html.js"
import * as Format from "../pages/Format.js"

/** Which copy of a document a sheet is. */
export type Copy = "supplier" | "buyer"

/** The label of a copy on the form. */
export const COPY_LABELS: Readonly<Record<Copy, string>> = { supplier: "공급자 보관용", buyer: "공급받는자 보관용" }

/** A party of a document as the forms print it. */
export interface Party {
  /** `공급자`, `공급받는자`. */
  readonly role: string
  readonly corpNum: string | undefined
  readonly taxRegID: string | undefined
  readonly corpName: string | undefined
  readonly ceoName: string | undefined
  readonly addr: string | undefined
  readonly bizType: string | undefined
  readonly bizClass: string | undefined
  /** Contact line (name, department, phone), when the document carries one. */
  readonly contact: string | undefined
  readonly email: string | undefined
}

const side = (role: string): Html => html`<th rowspan="6" class="side" scope="rowgroup">${role.split("").map((c) => html`${c}<br>`)}</th>`

const rowsOf = (party: Party): ReadonlyArray<Html> => [
  html`${side(party.role)}<th>등록번호</th><td class="center">${Format.partyNumber(party.corpNum)}</td><th>종사업장</th><td class="center">${party.taxRegID}</td>`,
  html`<th>상호</th><td>${party.corpName}</td><th>성명</th><td>${party.ceoName}</td>`,
  html`<th>사업장</th><td colspan="3">${party.addr}</td>`,
  html`<th>업태</th><td>${party.bizType}</td><th>종목</th><td>${party.bizClass}</td>`,
  html`<th>담당자</th><td colspan="3">${party.contact}</td>`,
  html`<th>이메일</th><td colspan="3">${party.email}</td>`
]

/** The supplier and the buyer side by side, six rows each. */
export const parties = (supplier: Party, buyer: Party): Html => {
  const left = rowsOf(supplier)
  const right = rowsOf(buyer)
  return html`<table class="form parties">
<colgroup><col class="s"><col class="h"><col><col class="k"><col class="n"><col class="s"><col class="h"><col><col class="k"><col class="n"></colgroup>
<tbody>${left.map((row, i) => html`<tr>${row}${right[i]}</tr>`)}</tbody>
</table>`
}

/**
 * A party as a document's fields name it — `invoicerCorpNum`, `invoicerCorpName`, …: the fields
 * of `prefix` (`invoicer`, `sender`), those of a contact ending in `suffix` (`invoiceeTEL1`).
 */
export const partyOf = (role: string, fields: object, prefix: string, suffix = ""): Party => {
  const field = (name: string): string | undefined => (fields as Readonly<Record<string, string | undefined>>)[`${prefix}${name}`]
  const contact = [field(`ContactName${suffix}`), field(`DeptName${suffix}`), field(`TEL${suffix}`)].filter((p) => p !== undefined && p !== "")
  return {
    role,
    corpNum: field("CorpNum"),
    taxRegID: field("TaxRegID"),
    corpName: field("CorpName"),
    ceoName: field("CEOName"),
    addr: field("Addr"),
    bizType: field("BizType"),
    bizClass: field("BizClass"),
    contact: contact.length === 0 ? undefined : contact.join(" · "),
    email: field(`Email${suffix}`)
  }
}

/** The facts under a form: left (document ID, state), right (times). */
export const footer = (left: ReadonlyArray<string>, right: ReadonlyArray<string>): Html =>
  html`<p class="state"><span>${left.filter((t) => t !== "").join(" · ")}</span><span>${right.filter((t) => t !== "").join(" · ")}</span></p>`
