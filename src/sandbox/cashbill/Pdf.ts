/**
 * GetPDF of the sandbox: the receipt as a one-page PDF (`../Pdf.ts`). Text is ASCII: Korean values
 * are shown by their English meaning.
 */
import { stateLine, textDocument } from "../documents/Pdf.js"
import { STATES, stateCodeOf } from "./Filing.js"
import { maskIdentityNum } from "./Masking.js"
import type { Receipt } from "./Stored.js"

const ENGLISH: Readonly<Record<string, string>> = {
  승인거래: "approval",
  취소거래: "revocation",
  소득공제용: "income deduction",
  지출증빙용: "proof of purchase",
  일반: "general",
  도서공연: "books and performances",
  대중교통: "public transport",
  과세: "taxable",
  비과세: "tax-exempt"
}

const english = (value: string): string => ENGLISH[value] ?? value

/**
 * The PDF of a receipt: document ID, confirmation number, trade date, type, usage, amounts, the
 * masked identityNum and the state.
 */
export const receiptDocument = (r: Receipt): Uint8Array =>
  textDocument("Cash receipt", [
    `Document ID (mgtKey): ${r.mgtKey}`,
    `Confirmation number: ${r.confirmNum}`,
    `Trade date: ${r.tradeDate}`,
    `Trade time: ${r.tradeDT}`,
    `Trade type: ${english(r.tradeType)}`,
    `Trade usage: ${english(r.tradeUsage)}`,
    `Taxation: ${english(r.taxationType)}`,
    `Total amount: ${r.totalAmount} KRW`,
    `Supply cost: ${r.supplyCost} KRW  Tax: ${r.tax} KRW  Service fee: ${r.serviceFee} KRW`,
    `Identity number: ${maskIdentityNum(r.identityNum)}`,
    `Seller registration number: ${r.franchiseCorpNum}`,
    ...(r.orgConfirmNum === undefined ? [] : [`Original: ${r.orgConfirmNum} of ${r.orgTradeDate ?? ""}`]),
    `State: ${stateLine(STATES, stateCodeOf(r))}`
  ])
