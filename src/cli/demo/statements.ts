/**
 * The statement step of the demo: an estimate issued and read back, then — with the member's
 * approval-required preference set — a transaction statement left pending (200) until the sandbox's
 * approval (the admin route `POST /_sandbox/statements/approve`) issues it (300).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Kst from "../../core/Kst.js"
import { ItemCode, StateCode } from "../../domains/statement/Rules.js"
import type { StatementIssue } from "../../domains/statement/Schemas.js"
import { Statement } from "../../domains/statement/Statement.js"
import { Sandbox } from "../../sandbox/index.js"
import { MEMBER } from "./receipts.js"
import type { Step } from "./steps.js"
import type { TourContext } from "./context.js"

/**
 * A statement of `itemCode` sent by the member `corpNum` (the demo's) to a business in business.
 *
 * @since 1.1.0
 * @category constructors
 */
export const document = (itemCode: StatementIssue["itemCode"], mgtKey: string, writeDate: string, corpNum = MEMBER): StatementIssue => ({
  itemCode,
  mgtKey,
  writeDate,
  taxType: "과세",
  purposeType: "청구",
  supplyCostTotal: "1200000",
  taxTotal: "120000",
  totalAmount: "1320000",
  senderCorpNum: corpNum,
  senderCorpName: "데모 상사",
  receiverCorpNum: "6798700433",
  receiverCorpName: "거래처 상사",
  receiverEmail: "buyer@example.com",
  propertyBag: { validUntil: "30 days" },
  detailList: [{ serialNum: 1, itemName: "원두 납품", qty: "12", unitCost: "100000", supplyCost: "1200000", tax: "120000" }]
})

/**
 * The statement step.
 *
 * @since 0.1.0
 * @category steps
 */
export const statementStep: Step<TourContext> = {
  name: "statement.issueAndApprove",
  title: "Statements: an estimate, then a statement approved by its receiver",
  run: ({ expect, say }) =>
    Effect.gen(function*() {
      const statements = yield* Statement
      const sandbox = yield* Sandbox.Sandbox
      const { now } = yield* sandbox.clock
      const today = Kst.toDate8(now)

      const estimate = yield* statements.issue(MEMBER, document(ItemCode.Estimate, "EST-0001", today))
      const info = yield* statements.getInfo(MEMBER, ItemCode.Estimate, "EST-0001")
      yield* say(`estimate EST-0001 issued: invoice number ${estimate.invoiceNum}, state ${info.stateCode}`)
      yield* expect("the estimate is issued at once (300)", info.stateCode, StateCode.Issued)
      const detail = yield* statements.getDetailInfo(MEMBER, ItemCode.Estimate, "EST-0001")
      yield* expect("its detail keeps the propertyBag", detail.propertyBag, { validUntil: "30 days" })

      yield* sandbox.setMemberPreferences("test", MEMBER, { statementApprovalRequired: true })
      yield* statements.issue(MEMBER, document(ItemCode.TransactionStatement, "TS-0001", today))
      const pending = yield* statements.getInfo(MEMBER, ItemCode.TransactionStatement, "TS-0001")
      yield* say(`with approval required, transaction statement TS-0001 waits: state ${pending.stateCode}`)
      yield* expect("the statement waits for approval (200)", pending.stateCode, StateCode.PendingApproval)
      const approved = yield* sandbox.approveStatement("test", MEMBER, ItemCode.TransactionStatement, "TS-0001")
      yield* say(`the receiver approved it (POST /_sandbox/statements/approve): state ${approved.stateCode}`)
      const issued = yield* statements.getInfo(MEMBER, ItemCode.TransactionStatement, "TS-0001")
      yield* expect("after approval it is issued (300)", issued.stateCode, StateCode.Issued)
      const mails = yield* sandbox.outbox("test")
      yield* expect("both notification mails are in the sandbox outbox", mails.map((m) => m.document), ["123/EST-0001", "121/TS-0001"])
      yield* sandbox.setMemberPreferences("test", MEMBER, { statementApprovalRequired: null })
    })
}
