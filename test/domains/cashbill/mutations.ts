/** Single-rule mutations of a valid cash receipt, shared by the schema and the sandbox properties. */
import type { CashReceiptIssue } from "../../../src/domains/cashbill/Schemas.js"

export type Mutation = readonly [name: string, mutate: (r: CashReceiptIssue) => Record<string, unknown>, path: string, rule: string]

export const set = (key: string, value: unknown) => (r: CashReceiptIssue) => ({ ...r, [key]: value })
export const without = (key: string) => (r: CashReceiptIssue) => {
  const copy: Record<string, unknown> = { ...r }
  delete copy[key]
  return copy
}

/** Each mutation breaks exactly one rule of a valid receipt. */
export const mutations: ReadonlyArray<Mutation> = [
  ["empty mgtKey", set("mgtKey", ""), "mgtKey", "required"],
  ["long mgtKey", set("mgtKey", "K".repeat(25)), "mgtKey", "maxLength(24)"],
  ["mgtKey charset", set("mgtKey", "a b"), "mgtKey", "mgtKeyCharset"],
  ["missing mgtKey", without("mgtKey"), "mgtKey", "required"],
  ["tradeType", set("tradeType", "취소거래"), "tradeType", "tradeType"],
  ["tradeUsage", set("tradeUsage", "기타"), "tradeUsage", "tradeUsage"],
  ["tradeOpt", set("tradeOpt", "특별"), "tradeOpt", "tradeOpt"],
  ["taxationType", set("taxationType", "영세"), "taxationType", "taxationType"],
  ["tradeDT calendar", set("tradeDT", "20261301000000"), "tradeDT", "dateTime(yyyyMMddHHmmss)"],
  ["zero total", (r) => ({ ...r, totalAmount: "0" }), "totalAmount", "positive"],
  ["total off by one", (r) => ({ ...r, totalAmount: String(Number(r.totalAmount) + (Number(r.totalAmount) < 999_999_999 ? 1 : -1)) }), "totalAmount", "amountSum"],
  ["decimal supply cost", set("supplyCost", "1.5"), "supplyCost", "amount"],
  ["negative tax", set("tax", "-1"), "tax", "amount"],
  ["long service fee", set("serviceFee", "1234567890"), "serviceFee", "maxLength(9)"],
  ["franchiseCorpNum", set("franchiseCorpNum", "123-45-67890"), "franchiseCorpNum", "corpNum"],
  ["franchiseTaxRegID", set("franchiseTaxRegID", "12"), "franchiseTaxRegID", "taxRegID"],
  ["franchiseCorpName", set("franchiseCorpName", "x".repeat(201)), "franchiseCorpName", "maxLength(200)"],
  ["franchiseCEOName", set("franchiseCEOName", "x".repeat(101)), "franchiseCEOName", "maxLength(100)"],
  ["franchiseAddr", set("franchiseAddr", "x".repeat(401)), "franchiseAddr", "maxLength(400)"],
  ["franchiseTEL", set("franchiseTEL", "1".repeat(21)), "franchiseTEL", "maxLength(20)"],
  ["identityNum 12 digits", set("identityNum", "123456789012"), "identityNum", "identityNum"],
  ["identityNum 20 digits", set("identityNum", "1".repeat(20)), "identityNum", "maxLength(19)"],
  ["constant for 지출증빙용", (r) => ({ ...r, tradeUsage: "지출증빙용", identityNum: "010-000-1234" }), "identityNum", "identityNumForUsage"],
  ["customerName", set("customerName", "x".repeat(71)), "customerName", "maxLength(70)"],
  ["itemName", set("itemName", "x".repeat(71)), "itemName", "maxLength(70)"],
  ["orderNumber", set("orderNumber", "x".repeat(201)), "orderNumber", "maxLength(200)"],
  ["email", set("email", "x".repeat(101)), "email", "maxLength(100)"],
  ["hp", set("hp", "1".repeat(21)), "hp", "maxLength(20)"],
  ["memo", set("memo", "x".repeat(201)), "memo", "maxLength(200)"],
  ["emailSubject", set("emailSubject", "x".repeat(301)), "emailSubject", "maxLength(300)"],
  ["unknown field", set("unknownField", "x"), "unknownField", "unknownField"]
]

