/** Single-rule mutations of a valid e-Tax invoice draft, shared by the schema and sandbox properties. */
import type { TaxinvoiceDraft } from "../../../src/domains/taxinvoice/Schemas.js"

export type Mutation = readonly [name: string, mutate: (d: TaxinvoiceDraft, tomorrow: string) => Record<string, unknown>, path: string, rule: string]

const set = (key: string, value: unknown) => (d: TaxinvoiceDraft) => ({ ...d, [key]: value })
const without = (key: string) => (d: TaxinvoiceDraft) => {
  const copy: Record<string, unknown> = { ...d }
  delete copy[key]
  return copy
}
const unrevised = (d: TaxinvoiceDraft): Record<string, unknown> => {
  const copy: Record<string, unknown> = { ...d }
  delete copy["modifyCode"]
  delete copy["orgNTSConfirmNum"]
  return copy
}
const noLines = (d: TaxinvoiceDraft): Record<string, unknown> => {
  const copy: Record<string, unknown> = { ...d }
  delete copy["detailList"]
  return copy
}

/** Each mutation breaks exactly one rule of a valid draft. */
export const mutations: ReadonlyArray<Mutation> = [
  ["missing invoicerMgtKey", without("invoicerMgtKey"), "invoicerMgtKey", "required"],
  ["invoicerMgtKey charset", set("invoicerMgtKey", "a b"), "invoicerMgtKey", "mgtKeyCharset"],
  ["issueType", set("issueType", "역발행"), "issueType", "issueType"],
  ["taxType", set("taxType", "부가"), "taxType", "taxType"],
  ["chargeDirection", set("chargeDirection", "역과금"), "chargeDirection", "chargeDirection"],
  ["purposeType", set("purposeType", "기타"), "purposeType", "purposeType"],
  ["writeDate calendar", set("writeDate", "20261131"), "writeDate", "date(yyyyMMdd)"],
  ["writeDate tomorrow", (d, tomorrow) => ({ ...d, writeDate: tomorrow }), "writeDate", "writeDate(notAfterToday)"],
  ["decimal supplyCostTotal", set("supplyCostTotal", "12.5"), "supplyCostTotal", "signedAmount"],
  ["long taxTotal", set("taxTotal", "1".repeat(19)), "taxTotal", "maxLength(18)"],
  ["totalAmount off by one", (d) => ({ ...d, totalAmount: String(Number(d.totalAmount) + 1) }), "totalAmount", "totalsConsistent"],
  ["supplyCostTotal against the lines", (d) => ({
    ...d,
    detailList: [{ serialNum: 1, supplyCost: String(Number(d.supplyCostTotal) + 1), tax: d.taxTotal }]
  }), "supplyCostTotal", "totalsConsistent"],
  ["invoicerCorpNum", set("invoicerCorpNum", "123-45-67890"), "invoicerCorpNum", "corpNum"],
  ["empty invoicerCorpName", set("invoicerCorpName", ""), "invoicerCorpName", "required"],
  ["invoicerCEOName", set("invoicerCEOName", "x".repeat(101)), "invoicerCEOName", "maxLength(100)"],
  ["invoicerTaxRegID", set("invoicerTaxRegID", "12"), "invoicerTaxRegID", "taxRegID"],
  ["invoiceeType", set("invoiceeType", "법인"), "invoiceeType", "invoiceeType"],
  ["foreigner with a registration number", (d) => ({ ...d, invoiceeType: "외국인", invoiceeCorpNum: "1234567891" }), "invoiceeCorpNum", "invoiceeCorpNumForType"],
  ["individual with a registration number", (d) => ({ ...d, invoiceeType: "개인", invoiceeCorpNum: "1234567891" }), "invoiceeCorpNum", "invoiceeCorpNumForType"],
  ["business with 13 digits", (d) => ({ ...d, invoiceeType: "사업자", invoiceeCorpNum: "1234567890123" }), "invoiceeCorpNum", "invoiceeCorpNumForType"],
  ["modifyCode alone", (d) => ({ ...unrevised(d), modifyCode: 1 }), "orgNTSConfirmNum", "revisionPair"],
  ["orgNTSConfirmNum alone", (d) => ({ ...unrevised(d), orgNTSConfirmNum: "20261101abcdefgh12345678" }), "modifyCode", "revisionPair"],
  ["modifyCode 7", (d) => ({ ...d, modifyCode: 7, orgNTSConfirmNum: "20261101abcdefgh12345678" }), "modifyCode", "modifyCode"],
  ["short orgNTSConfirmNum", (d) => ({ ...d, modifyCode: 2, orgNTSConfirmNum: "20261101abcdefgh1234567" }), "orgNTSConfirmNum", "ntsConfirmNum"],
  ["100 detail lines", (d) => ({ ...noLines(d), detailList: Array.from({ length: 100 }, (_, i) => ({ serialNum: (i % 99) + 1, itemName: "x" })) }), "detailList", "maxItems(99)"],
  ["6 extra contacts", (d) => ({ ...d, addContactList: Array.from({ length: 6 }, () => ({ email: "a@example.com" })) }), "addContactList", "maxItems(5)"],
  ["remark1", set("remark1", "x".repeat(151)), "remark1", "maxLength(150)"],
  ["kwon", set("kwon", 12345), "kwon", "bookNumber"],
  ["memo", set("memo", "x".repeat(201)), "memo", "maxLength(200)"]
]
