/** Sample cash receipts for tests. */
import type { CashReceiptIssue, CashReceiptRevoke } from "../../src/domains/cashbill/Schemas.js"

export const receipt = (mgtKey: string, seller: string, overrides: Partial<CashReceiptIssue> = {}): CashReceiptIssue => ({
  mgtKey,
  tradeType: "승인거래",
  tradeUsage: "소득공제용",
  taxationType: "과세",
  totalAmount: "11000",
  supplyCost: "10000",
  tax: "1000",
  serviceFee: "0",
  franchiseCorpNum: seller,
  identityNum: "01012341234",
  itemName: "커피 원두",
  customerName: "고객",
  ...overrides
})

/** An 11-digit mobile number not starting with 0: the sandbox's authority fails its filing (TS1). */
export const FAILS_FILING = "11012341234"

/** A partial revocation of half of `receipt`'s amounts (cancelType 1), of the original as issued. */
export const halfRevocation = (mgtKey: string, original: { readonly confirmNum: string; readonly tradeDate: string }): CashReceiptRevoke => ({
  mgtKey,
  orgConfirmNum: original.confirmNum,
  orgTradeDate: original.tradeDate,
  isPartCancel: true,
  cancelType: 1,
  supplyCost: "5000",
  tax: "500",
  serviceFee: "0",
  totalAmount: "5500"
})
