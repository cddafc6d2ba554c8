/**
 * Single-rule breakages of an input: for each field of a params or body schema and each of its
 * named rules, a value that breaks that rule and keeps every other check of the field (chosen among
 * a few candidates by the field's own checks); a required field left out; and
 * each cross-field rule of a document broken through the fields it relates. Each breakage is
 * labelled with the path and the rule a `ValidationError` reports.
 *
 * @since 0.1.0
 */
import * as SchemaAST from "effect/SchemaAST"
import * as Kst from "../core/Kst.js"
import * as Rule from "../core/Rule.js"
import * as CashbillRules from "../domains/cashbill/Rules.js"
import * as CashbillSchemas from "../domains/cashbill/Schemas.js"
import * as StatementSchemas from "../domains/statement/Schemas.js"
import * as TaxinvoiceRules from "../domains/taxinvoice/Rules.js"
import * as TaxinvoiceSchemas from "../domains/taxinvoice/Schemas.js"
import * as TaxPortalRules from "../domains/taxPortal/Rules.js"
import * as TaxPortalSchemas from "../domains/taxPortal/Schemas.js"
import { checksOf, type Context, encodedField, isOptionalField, listOf, passes, structOf } from "./Derive.js"

type Fields = Record<string, unknown>

/**
 * One way to break a value: where, which rule, and how.
 *
 * @since 0.1.0
 * @category models
 */
export interface Breakage {
  /** The path as `ValidationError` renders it (`totalAmount`, `cashbills[1].mgtKey`, `[0]`). */
  readonly path: string
  /** The rule's name as `ValidationError` reports it (`maxLength(24)`, `amountSum`, `required`). */
  readonly rule: string
  readonly apply: (value: unknown, context: Context) => unknown
}

// The values a breaking value is chosen among, first fit: one past each length the field's rules
// name, then texts and numbers that each break some rule of the catalogue (a space in an ID, a
// decimal amount, a hyphenated registration number, a 31st of November, a password missing a
// kind of character, a quote in a file name, an item code out of range).
const candidatesFor = (rules: ReadonlyArray<string>): ReadonlyArray<unknown> => {
  const lengths = rules.flatMap((rule) => {
    const match = /(\d+)\)$/.exec(rule)
    return match === null ? [] : [Number(match[1])]
  })
  const long = lengths.flatMap((n) => ["1".repeat(n + 1), "x".repeat(n + 1)])
  return [
    ...long,
    "", "a b", "1.5", "-1", "0", "12", "+100", "123-45-67890", "20261131", "20261301000000", "2026-13-01", "abc", "-abcdef",
    "abcdefgh", "12345678", "abcdefg1", "abcdef1!", "가나다라마바사!1", "\"quoted\"", "12345", "not-an-email", "ZZ", "X,Y",
    0, -1, 7, 12345, 127, 1.5, 100
  ]
}

const baseAccepts = (base: SchemaAST.AST, value: unknown): boolean =>
  base._tag === "String" ? typeof value === "string" : base._tag === "Number" ? typeof value === "number" : false

/**
 * The breakages of one field: each named rule in turn, broken by a value that keeps every other
 * check of the field (the SDK reports every broken check of a field, so exactly one may break).
 */
const fieldBreakages = (name: string, ast: SchemaAST.AST): ReadonlyArray<Breakage> => {
  const own = encodedField(ast)
  const checks = checksOf(own)
  const optional = isOptionalField(ast)
  const candidates = candidatesFor(checks.flatMap((check) => Rule.nameOf(check) ?? []))
    .filter((c) => !optional || (c !== "" && c !== null))
  const out: Array<Breakage> = []
  checks.forEach((target, i) => {
    const rule = Rule.nameOf(target)
    if (rule === undefined) return
    const value = candidates.find((c) =>
      baseAccepts(own, c) && !passes(target, c, own) && checks.every((check, j) => j === i || passes(check, c, own)))
    if (value !== undefined) out.push({ path: name, rule, apply: (input) => ({ ...(input as Fields), [name]: value }) })
  })
  if (!optional) out.push({ path: name, rule: "required", apply: (input) => without(input as Fields, [name]) })
  return out
}

const without = (value: Fields, keys: ReadonlyArray<string>): Fields =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)))

const set = (path: string, rule: string, change: (value: Fields, context: Context) => Fields): Breakage => ({
  path,
  rule,
  apply: (value, context) => change(value as Fields, context)
})

const today = (context: Context) => Kst.toDate8(context.now)

/** The cross-field rules of each document, broken one at a time. */
const crossBreakages: ReadonlyArray<readonly [SchemaAST.AST, ReadonlyArray<Breakage>]> = [
  [CashbillSchemas.CashReceiptIssue.ast, [
    set("totalAmount", "amountSum", (r) => ({ ...r, totalAmount: String(Number(r["totalAmount"]) + 1) })),
    set("identityNum", "identityNumForUsage", (r) => ({ ...r, tradeUsage: CashbillRules.TRADE_USAGES[1], identityNum: CashbillRules.VOLUNTARY_IDENTITY_NUM })),
    set("tradeDT", "tradeDT(todayOrPreviousDay)", (r, c) => ({ ...r, tradeDT: `${Kst.addDays(today(c), -3)}120000` }))
  ]],
  [CashbillSchemas.CashReceiptRevoke.ast, [
    set("supplyCost", "requiredWhenPartCancel", (r) => ({ ...without(r, ["supplyCost"]), isPartCancel: true, tax: "0", serviceFee: "0", totalAmount: "1000" })),
    set("supplyCost", "omittedUnlessPartCancel", (r) => ({ ...without(r, ["isPartCancel", "tax", "serviceFee", "totalAmount"]), supplyCost: "1000" })),
    set("totalAmount", "amountSum", (r) => ({ ...r, isPartCancel: true, supplyCost: "1000", tax: "0", serviceFee: "0", totalAmount: "1001" }))
  ]],
  [CashbillSchemas.BulkIssueBody.ast, [
    set("cashbills[1].mgtKey", "uniqueMgtKey", (r) => {
      const [first] = r["cashbills"] as ReadonlyArray<Fields>
      return { ...r, cashbills: [first, first] }
    })
  ]],
  [StatementSchemas.StatementIssue.ast, [
    set("taxType", "taxTypeRequired", (r) => ({ ...without(r, ["taxType"]), itemCode: 121 })),
    set("propertyBag.due date", "answerKey", (r) => ({ ...r, propertyBag: { "due date": "30" } }))
  ]],
  [TaxinvoiceSchemas.TaxinvoiceDraft.ast, [
    set("invoiceeCorpNum", "invoiceeCorpNumForType", (r) => ({ ...r, invoiceeType: TaxinvoiceRules.INVOICEE_TYPES[2], invoiceeCorpNum: "1234567891" })),
    set("orgNTSConfirmNum", "revisionPair", (r) => ({ ...without(r, ["orgNTSConfirmNum"]), modifyCode: 1 })),
    set("totalAmount", "totalsConsistent", (r) => ({ ...r, totalAmount: String(Number(r["totalAmount"]) + 1) })),
    set("writeDate", "writeDate(notAfterToday)", (r, c) => ({ ...r, writeDate: Kst.addDays(today(c), 1) }))
  ]],
  [TaxinvoiceSchemas.BulkIssueBody.ast, [
    set("invoices[1].invoicerMgtKey", "uniqueMgtKey", (r) => {
      const [first] = r["invoices"] as ReadonlyArray<Fields>
      return { ...r, invoices: [first, first] }
    })
  ]],
  ...[TaxPortalSchemas.TaxinvoiceJobParams.ast, TaxPortalSchemas.CashbillJobParams.ast].map((ast) =>
    [ast, [
      set("EDate", "dateOrder", (r) => ({ ...r, EDate: Kst.addDays(String(r["SDate"]), -1) })),
      set("EDate", "rangeMax(3 months)", (r) => ({ ...r, EDate: Kst.addDays(TaxPortalRules.addMonths(String(r["SDate"]), TaxPortalRules.RANGE_MONTHS_MAX), 1) }))
    ]] as const
  )
]

const crossOf = new Map(crossBreakages)

/**
 * Every single-rule breakage of values of `ast` (a params or body schema).
 *
 * @since 0.1.0
 * @category constructors
 */
export const breakages = (ast: SchemaAST.AST): ReadonlyArray<Breakage> => {
  const cross = crossOf.get(ast) ?? []
  const struct = structOf(ast)
  if (struct !== undefined) {
    return [...struct.propertySignatures.flatMap((p) => fieldBreakages(String(p.name), p.type)), ...cross]
  }
  const list = listOf(ast)
  if (list === undefined) return cross
  const items = fieldBreakages("[0]", list.element).filter((b) => b.rule !== "required").map((b): Breakage => ({
    ...b,
    apply: (value, context) => [(b.apply({}, context) as Fields)["[0]"]].concat((value as ReadonlyArray<unknown>).slice(1))
  }))
  const refusesEmpty = list.checks.find((check) => !passes(check, [], ast))
  const rule = refusesEmpty === undefined ? undefined : Rule.nameOf(refusesEmpty)
  const empty: ReadonlyArray<Breakage> = rule === undefined ? [] : [{ path: "", rule, apply: () => [] }]
  return [...items, ...empty, ...cross]
}
