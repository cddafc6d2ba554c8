/**
 * The documents of the demo: one receipt to follow through its life, and 250 for bulk issuance, two
 * of which the tax authority will refuse (the sandbox's filing rule, `filingOutcome` in `sandbox/cashbill/Filing.ts`).
 *
 * @since 0.1.0
 */
import type { CashReceiptIssue } from "../../domains/cashbill/Schemas.js"

/**
 * The member the demo signs up (it passes the check digit; "in business" in the status table).
 *
 * @since 0.1.0
 * @category constants
 */
export const MEMBER = "1234567891"

/**
 * The sign-up of the demo member.
 *
 * @since 0.1.0
 * @category constants
 */
export const JOIN = {
  ID: "demo-manager",
  Password: "TaxdocDemo1!",
  CorpNum: MEMBER,
  CEOName: "홍길동",
  CorpName: "택스독 데모상사",
  Addr: "서울특별시 중구 세종대로 110",
  BizType: "도소매",
  BizClass: "전자상거래",
  ContactName: "김담당",
  ContactEmail: "demo@example.com",
  ContactTEL: "02-1234-5678"
} as const

/**
 * A buyer's mobile number the authority accepts.
 *
 * @since 0.1.0
 * @category constants
 */
export const GOOD_IDENTITY = "01012345678"

/**
 * Buyer numbers the authority refuses: an 11-digit mobile number not starting with 0 (TS1) and a
 * 17-digit card number (TS2), by document ID.
 *
 * @since 0.1.0
 * @category constants
 */
export const REFUSED: Readonly<Record<string, { readonly identityNum: string; readonly code: string }>> = {
  "BULK-042": { identityNum: "11012345678", code: "TS1" },
  "BULK-177": { identityNum: "94105012345678901", code: "TS2" }
}

/**
 * How many receipts the demo issues in bulk.
 *
 * @since 0.1.0
 * @category constants
 */
export const BULK_COUNT = 250

/**
 * A receipt for `supply` won plus 10 % VAT, no service fee, of the member `corpNum` (the demo's).
 *
 * @since 0.1.0
 * @category constructors
 */
export const receipt = (mgtKey: string, supply: number, identityNum = GOOD_IDENTITY, corpNum = MEMBER): CashReceiptIssue => ({
  mgtKey,
  tradeType: "승인거래",
  tradeUsage: "소득공제용",
  taxationType: "과세",
  supplyCost: String(supply),
  tax: String(supply / 10),
  serviceFee: "0",
  totalAmount: String(supply + supply / 10),
  franchiseCorpNum: corpNum,
  franchiseCorpName: JOIN.CorpName,
  identityNum,
  customerName: "이고객",
  itemName: "데모 상품"
})

/**
 * The document ID of bulk receipt `i` (0-based).
 *
 * @since 0.1.0
 * @category constructors
 */
export const bulkKey = (i: number): string => `BULK-${String(i + 1).padStart(3, "0")}`

/**
 * The 250 bulk receipts, in order.
 *
 * @since 0.1.0
 * @category constants
 */
export const bulkReceipts = (): ReadonlyArray<CashReceiptIssue> =>
  Array.from({ length: BULK_COUNT }, (_, i) => {
    const key = bulkKey(i)
    return receipt(key, 1000 * ((i % 20) + 1), REFUSED[key]?.identityNum)
  })
