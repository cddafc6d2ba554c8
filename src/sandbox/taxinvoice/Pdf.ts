/**
 * The PDF of an e-Tax invoice behind GetPDFURL's link: the invoice as a one-page PDF (`../Pdf.ts`,
 * as GetPDF of cash receipts). Text is ASCII: Korean values are shown by their English meaning,
 * names and addresses as `?` where they are not ASCII.
 */
import { stateLine, textDocument } from "../documents/Pdf.js"
import { STATES, stateCodeOf } from "./Filing.js"
import type { Invoice } from "./State.js"

const ENGLISH: Readonly<Record<string, string>> = {
  과세: "taxable",
  영세: "zero-rated",
  면세: "tax-exempt",
  영수: "receipt",
  청구: "claim",
  없음: "none"
}

const english = (value: string): string => ENGLISH[value] ?? value

/** Item lines that fit on the page with the rest (up to 99 exist). */
const MAX_LINES = 30

/**
 * The PDF of an invoice: document ID, confirmation number, date of writing, the parties' numbers,
 * amounts, items and the state.
 */
export const invoiceDocument = (invoice: Invoice): Uint8Array => {
  const d = invoice.draft
  const code = stateCodeOf(invoice)
  return textDocument("e-Tax invoice", [
    `Document ID (invoicerMgtKey): ${invoice.mgtKey ?? ""}`,
    `Item key: ${invoice.itemKey}`,
    `Confirmation number: ${invoice.issued?.ntsconfirmNum ?? "(not issued)"}`,
    `Write date: ${d.writeDate}`,
    `Tax type: ${english(d.taxType)}  Purpose: ${english(d.purposeType)}`,
    `Supplier: ${d.invoicerCorpNum} ${d.invoicerCorpName}`,
    `Buyer: ${d.invoiceeCorpNum} ${d.invoiceeCorpName}`,
    `Supply cost: ${d.supplyCostTotal} KRW  Tax: ${d.taxTotal} KRW  Total: ${d.totalAmount} KRW`,
    ...(d.detailList ?? []).slice(0, MAX_LINES).map((line) =>
      `Item ${line.serialNum ?? ""}: ${line.itemName ?? ""} ${line.qty ?? ""} x ${line.unitCost ?? ""} = ${line.supplyCost ?? ""} + ${line.tax ?? ""}`
    ),
    ...((d.detailList?.length ?? 0) > MAX_LINES ? [`... and ${(d.detailList?.length ?? 0) - MAX_LINES} more items`] : []),
    `State: ${stateLine(STATES, code)}`
  ])
}
