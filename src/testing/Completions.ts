/**
 * The cross-field rules of each document, made to hold on values drawn from its fields
 * (`Derive.ts`): the member's own number where the document names its sender, amounts that add up,
 * a buyer number of the buyer's kind, conditional fields present exactly when required, dates in
 * the window the rules allow. Each completion decides with the rules module's own predicates and
 * constants, so a rule changed there changes what is generated.
 *
 * @since 0.1.0
 */
import type * as SchemaAST from "effect/SchemaAST"
import * as Gen from "../core/Gen.js"
import * as Kst from "../core/Kst.js"
import { corpNumValues, isAnswerKey } from "../core/Schemas.js"
import * as CashbillRules from "../domains/cashbill/Rules.js"
import * as CashbillSchemas from "../domains/cashbill/Schemas.js"
import * as StatementRules from "../domains/statement/Rules.js"
import * as StatementSchemas from "../domains/statement/Schemas.js"
import * as TaxinvoiceRules from "../domains/taxinvoice/Rules.js"
import * as TaxinvoiceSchemas from "../domains/taxinvoice/Schemas.js"
import * as TaxPortalRules from "../domains/taxPortal/Rules.js"
import * as TaxPortalSchemas from "../domains/taxPortal/Schemas.js"
import type { Completion, Completions, Context } from "./Derive.js"

type Fields = Record<string, unknown>

const completion = <E>(extra: Gen.Gen<E>, complete: (value: Fields, extra: E, context: Context) => Fields): Completion<unknown> =>
  ({ extra, complete }) as Completion<unknown>

const without = (value: Fields, keys: ReadonlyArray<string>): Fields =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)))

const AMOUNT_PARTS = ["supplyCost", "tax", "serviceFee"] as const

/** The parts as drawn, the total their sum; a total of 0 made positive through the supply cost. */
const addedUp = (value: Fields): Fields => {
  const parts = AMOUNT_PARTS.map((key) => Number(value[key] ?? 0))
  const supply = parts[0]! + (parts.every((n) => n === 0) ? 1000 : 0)
  return { ...value, supplyCost: String(supply), tax: String(parts[1]), serviceFee: String(parts[2]), totalAmount: String(supply + parts[1]! + parts[2]!) }
}

/** A trade time within the window `tradeDTValid` allows at `now`: today or the previous day, KST. */
const tradeTime = (value: Fields, offset: number, now: number): Fields => {
  if (value["tradeDT"] === undefined) return value
  const earliest = Kst.parse(Kst.addDays(Kst.toDate8(now), -1))
  const tradeDT = Kst.toDateTime14(earliest + (offset % (now - earliest + 1)))
  return CashbillRules.tradeDTValid(tradeDT, now) ? { ...value, tradeDT } : without(value, ["tradeDT"])
}

/** An offset into the trade-time window (two days of milliseconds, taken modulo the window). */
const offset = Gen.integer(0, 2 * 24 * 60 * 60 * 1000)

const cashReceipt = completion(offset, (value, offset, { corpNum, now }) => {
  const allowed = (usage: unknown) => CashbillRules.identityNumAllowed(String(usage), String(value["identityNum"]))
  const usage = allowed(value["tradeUsage"]) ? value["tradeUsage"] : CashbillRules.TRADE_USAGES.find(allowed)
  return tradeTime(addedUp({ ...value, franchiseCorpNum: corpNum, tradeUsage: usage }), offset, now)
})

const AMOUNT_FIELDS = [...AMOUNT_PARTS, "totalAmount"]

// All four amounts for a partial revocation (`partCancelRules`), none otherwise.
const cashReceiptRevocation = completion(offset, (value, offset, { now }) =>
  tradeTime(value["isPartCancel"] === true ? addedUp(value) : without(value, AMOUNT_FIELDS), offset, now))

/** A list's items with the document IDs under `key` made distinct (later repeats dropped). */
const distinct = (listKey: string, key: string) =>
  completion(Gen.constant(undefined), (value) => {
    const items = (value[listKey] as ReadonlyArray<Fields>) ?? []
    const seen = new Set<unknown>()
    return { ...value, [listKey]: items.filter((item) => !seen.has(item[key]) && seen.add(item[key]) !== undefined) }
  })

const statement = completion(Gen.constantFrom(...StatementRules.TAX_TYPES), (value, taxType, { corpNum }) => {
  const code = value["itemCode"]
  const needsTaxType = StatementRules.isItemCode(code) && StatementRules.TAX_TYPE_REQUIRED.has(code)
  const bag = value["propertyBag"] as Readonly<Record<string, string>> | undefined
  const completed: Fields = { ...value, senderCorpNum: corpNum, ...(needsTaxType && value["taxType"] === undefined ? { taxType } : {}) }
  return bag === undefined ? completed : { ...completed, propertyBag: Object.fromEntries(Object.entries(bag).filter(([key]) => isAnswerKey(key))) }
})

/** Days before today a draft is written on (the draft may not be dated after today). */
const WRITE_DAYS_BACK = 40

interface Buyer {
  readonly invoiceeType: string | undefined
  readonly corpNum: string | undefined
}

const buyers: Gen.Gen<Buyer> = Gen.oneOf<Buyer>(
  Gen.constant({ invoiceeType: undefined, corpNum: undefined }),
  ...TaxinvoiceRules.INVOICEE_TYPES.map((invoiceeType) =>
    Gen.tuple([corpNumValues, Gen.digits(13)], ([business, resident]): Buyer => ({
      invoiceeType,
      corpNum: [business, resident, TaxinvoiceRules.FOREIGNER_CORP_NUM].find((n) => TaxinvoiceRules.invoiceeCorpNumValid(invoiceeType, n))
    }))
  )
)

/** Totals that agree with the detail lines (`totalsRule`): each total the sum of its lines, when there are lines. */
const totals = (value: Fields): Fields => {
  const lines = (value["detailList"] as ReadonlyArray<Fields> | undefined) ?? []
  const sum = (key: string, fallback: unknown) =>
    lines.length > 0 ? lines.reduce((n, line) => n + Number(line[key] ?? 0), 0) : Number(fallback)
  const numbered = lines.map((line) => ({ ...line, supplyCost: String(line["supplyCost"] ?? "0"), tax: String(line["tax"] ?? "0") }))
  const supply = sum("supplyCost", value["supplyCostTotal"])
  const tax = sum("tax", value["taxTotal"])
  return {
    ...value,
    ...(lines.length > 0 ? { detailList: numbered } : {}),
    supplyCostTotal: String(supply),
    taxTotal: String(tax),
    totalAmount: String(supply + tax)
  }
}

const taxinvoice = completion(
  Gen.tuple([buyers, Gen.integer(0, WRITE_DAYS_BACK)], (pair) => pair),
  (value, [buyer, daysBack], { corpNum, now }) => {
    const revised = value["modifyCode"] !== undefined && value["orgNTSConfirmNum"] !== undefined
    const draft: Fields = {
      ...(revised ? value : without(value, ["modifyCode", "orgNTSConfirmNum"])),
      invoicerCorpNum: corpNum,
      writeDate: Kst.addDays(Kst.toDate8(now), -daysBack),
      ...(buyer.corpNum === undefined ? {} : { invoiceeCorpNum: buyer.corpNum })
    }
    return totals(buyer.invoiceeType === undefined ? without(draft, ["invoiceeType"]) : { ...draft, invoiceeType: buyer.invoiceeType })
  }
)

/** A range from SDate to at most `rangeWithinLimit`'s bound, never reversed. */
const range = completion(Gen.integer(0, 120), (value, length) => {
  const sDate = String(value["SDate"])
  let eDate = Kst.addDays(sDate, length)
  while (!TaxPortalRules.rangeWithinLimit(sDate, eDate)) eDate = Kst.addDays(eDate, -1)
  return TaxPortalRules.rangeOrdered(sDate, eDate) ? { ...value, EDate: eDate } : { ...value, EDate: sDate }
})

const entries: ReadonlyArray<readonly [SchemaAST.AST, Completion<unknown>]> = [
  [CashbillSchemas.CashReceiptIssue.ast, cashReceipt],
  [CashbillSchemas.CashReceiptRevoke.ast, cashReceiptRevocation],
  [CashbillSchemas.BulkIssueBody.ast, distinct("cashbills", "mgtKey")],
  [StatementSchemas.StatementIssue.ast, statement],
  [TaxinvoiceSchemas.TaxinvoiceDraft.ast, taxinvoice],
  [TaxinvoiceSchemas.BulkIssueBody.ast, distinct("invoices", "invoicerMgtKey")],
  [TaxPortalSchemas.TaxinvoiceJobParams.ast, range],
  [TaxPortalSchemas.CashbillJobParams.ast, range]
]

/**
 * Every document's completion, by the AST of its schema.
 *
 * @since 0.1.0
 * @category constants
 */
export const completions: Completions = new Map(entries)
