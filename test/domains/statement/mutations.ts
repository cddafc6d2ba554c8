/** Single-rule mutations of a valid statement, shared by the schema and the sandbox properties. */
import type { StatementIssue } from "../../../src/domains/statement/Schemas.js"

export type Mutation = readonly [name: string, mutate: (s: StatementIssue) => Record<string, unknown>, path: string, rule: string]

export const set = (key: string, value: unknown) => (s: StatementIssue) => ({ ...s, [key]: value })
export const without = (key: string) => (s: StatementIssue) => {
  const copy: Record<string, unknown> = { ...s }
  delete copy[key]
  return copy
}

/** Each mutation breaks exactly one rule of a valid statement. */
export const mutations: ReadonlyArray<Mutation> = [
  ["item code 127", set("itemCode", 127), "itemCode", "itemCode"],
  ["item code 120", set("itemCode", 120), "itemCode", "itemCode"],
  ["empty mgtKey", set("mgtKey", ""), "mgtKey", "required"],
  ["long mgtKey", set("mgtKey", "K".repeat(25)), "mgtKey", "maxLength(24)"],
  ["mgtKey charset", set("mgtKey", "a b"), "mgtKey", "mgtKeyCharset"],
  ["long formCode", set("formCode", "F".repeat(9)), "formCode", "maxLength(8)"],
  ["writeDate not a date", set("writeDate", "20261131"), "writeDate", "date(yyyyMMdd)"],
  ["writeDate with hyphens", set("writeDate", "2026-11-22"), "writeDate", "date(yyyyMMdd)"],
  ["taxType", set("taxType", "비과세"), "taxType", "taxType"],
  ["taxType missing on a tax-bearing type", (s) => ({ ...without("taxType")(s), itemCode: 121 }), "taxType", "taxTypeRequired"],
  ["purposeType", set("purposeType", "기타"), "purposeType", "purposeType"],
  ["long serialNum", set("serialNum", "1".repeat(31)), "serialNum", "maxLength(30)"],
  ["decimal taxTotal", set("taxTotal", "10.5"), "taxTotal", "signedAmount"],
  ["taxTotal with commas", set("taxTotal", "1,000"), "taxTotal", "signedAmount"],
  ["long supplyCostTotal", set("supplyCostTotal", "1".repeat(19)), "supplyCostTotal", "maxLength(18)"],
  ["plus-signed totalAmount", set("totalAmount", "+100"), "totalAmount", "signedAmount"],
  ["long remark2", set("remark2", "r".repeat(151)), "remark2", "maxLength(150)"],
  ["senderCorpNum", set("senderCorpNum", "123-45-67890"), "senderCorpNum", "corpNum"],
  ["senderTaxRegID", set("senderTaxRegID", "12"), "senderTaxRegID", "taxRegID"],
  ["long senderCorpName", set("senderCorpName", "x".repeat(201)), "senderCorpName", "maxLength(200)"],
  ["long senderAddr", set("senderAddr", "x".repeat(301)), "senderAddr", "maxLength(300)"],
  ["long senderDeptName", set("senderDeptName", "x".repeat(41)), "senderDeptName", "maxLength(40)"],
  ["long senderTEL", set("senderTEL", "1".repeat(21)), "senderTEL", "maxLength(20)"],
  ["long senderEmail", set("senderEmail", "x".repeat(101)), "senderEmail", "maxLength(100)"],
  ["receiverCorpNum", set("receiverCorpNum", "12345"), "receiverCorpNum", "corpNum"],
  ["long receiverCEOName", set("receiverCEOName", "x".repeat(101)), "receiverCEOName", "maxLength(100)"],
  ["long receiverFAX", set("receiverFAX", "1".repeat(21)), "receiverFAX", "maxLength(20)"],
  ["propertyBag with a number", set("propertyBag", { Balance: 15000 }), "propertyBag.Balance", "type(a string)"],
  ["propertyBag key with a space", set("propertyBag", { "due date": "30 days" }), "propertyBag.due date", "answerKey"],
  ["propertyBag key with a leading digit", set("propertyBag", { "2nd": "x" }), "propertyBag.2nd", "answerKey"],
  ["detail line date", set("detailList", [{ serialNum: 1, purchaseDT: "20261340" }]), "detailList[0].purchaseDT", "date(yyyyMMdd)"],
  ["detail line amount", set("detailList", [{ serialNum: 1, supplyCost: "1.5" }]), "detailList[0].supplyCost", "signedAmount"],
  ["long memo", set("memo", "m".repeat(201)), "memo", "maxLength(200)"],
  ["long emailSubject", set("emailSubject", "s".repeat(301)), "emailSubject", "maxLength(300)"],
  ["unknown field", set("unknownField", "x"), "unknownField", "unknownField"]
]
