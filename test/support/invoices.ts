/** Sample e-Tax invoices for tests. */
import type { TaxinvoiceDraft } from "../../src/domains/taxinvoice/Schemas.js"

/** A business buyer in business (company-status table). */
export const BUYER = "3333333336"
/** A business buyer that is closed (company-status table): filing fails (305). */
export const CLOSED_BUYER = "1111111119"

export const draft = (invoicerMgtKey: string, seller: string, writeDate: string, overrides: Partial<TaxinvoiceDraft> = {}): TaxinvoiceDraft => ({
  issueType: "정발행",
  taxType: "과세",
  chargeDirection: "정과금",
  writeDate,
  purposeType: "영수",
  supplyCostTotal: "100000",
  taxTotal: "10000",
  totalAmount: "110000",
  invoicerMgtKey,
  invoicerCorpNum: seller,
  invoicerCorpName: "공급자 상사",
  invoicerCEOName: "김대표",
  invoicerEmail: "seller@example.com",
  invoiceeType: "사업자",
  invoiceeCorpNum: BUYER,
  invoiceeCorpName: "공급받는자 상사",
  invoiceeCEOName: "이대표",
  invoiceeEmail1: "buyer@example.com",
  detailList: [{ serialNum: 1, purchaseDT: writeDate, itemName: "컨설팅", qty: "1", unitCost: "100000", supplyCost: "100000", tax: "10000" }],
  ...overrides
})
