/** One sample statement factory for the tests. */
import type { ItemCode } from "../../src/domains/statement/Rules.js"
import type { StatementIssue } from "../../src/domains/statement/Schemas.js"

export const statement = (itemCode: ItemCode, mgtKey: string, sender: string, extra: Partial<StatementIssue> = {}): StatementIssue => ({
  itemCode,
  mgtKey,
  writeDate: "20261122",
  taxType: "과세",
  purposeType: "영수",
  supplyCostTotal: "100000",
  taxTotal: "10000",
  totalAmount: "110000",
  senderCorpNum: sender,
  senderCorpName: "공급자 상사",
  senderCEOName: "김공급",
  receiverCorpNum: "6798700433",
  receiverCorpName: "공급받는자 상사",
  receiverEmail: "buyer@example.com",
  propertyBag: { Balance: "15000", Deposit: "5000", CBalance: "20000" },
  detailList: [
    { serialNum: 1, purchaseDT: "20261122", itemName: "원두", spec: "1kg", qty: "2", unitCost: "50000", supplyCost: "100000", tax: "10000" }
  ],
  ...extra
})
