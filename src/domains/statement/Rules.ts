/**
 * Pure rules of statements (docs/service.md "Statements", "Limits"; docs/decisions.md "Statements"): the six item codes and
 * their names, the states, the list limits, and the condition under which `taxType` is required.
 *
 * @since 0.1.0
 */
import { crossRule, fieldRule, type CrossRule } from "../../core/CrossRule.js"
import { isAnswerKey } from "../../core/Schemas.js"
import { ITEM_CODES, ItemCode, type ItemCodeName } from "./ItemCode.js"

export {
  /**
   * The statement types by name (`ItemCode.Estimate` = 123).
   *
   * @since 0.1.0
   * @category constants
   */
  ItemCode,
  /**
   * Every item code, in order.
   *
   * @since 0.1.0
   * @category constants
   */
  ITEM_CODES,
  /**
   * The name of an item code (`Estimate`).
   *
   * @since 0.1.0
   * @category models
   */
  type ItemCodeName
} from "./ItemCode.js"

/**
 * The token scopes of statements: the six item codes, requested together, as the live clients do.
 *
 * @since 0.1.0
 * @category constants
 */
export const SCOPES: ReadonlyArray<string> = ITEM_CODES.map(String)

/**
 * `true` for 121 to 126.
 *
 * @since 0.1.0
 * @category rules
 */
export const isItemCode = (value: unknown): value is ItemCode => (ITEM_CODES as ReadonlyArray<unknown>).includes(value)

/**
 * The item code for a name (`Estimate`) or a number (`123`, `"123"`); `undefined` otherwise.
 *
 * @since 0.1.0
 * @category combinators
 */
export const parseItemCode = (text: string): ItemCode | undefined => {
  const byName = Object.entries(ItemCode).find(([name]) => name.toLowerCase() === text.trim().toLowerCase())
  if (byName !== undefined) return byName[1]
  const n = Number(text)
  return isItemCode(n) ? n : undefined
}

/**
 * The name of an item code.
 *
 * @since 0.1.0
 * @category combinators
 */
export const nameOf = (itemCode: ItemCode): ItemCodeName =>
  (Object.keys(ItemCode) as Array<ItemCodeName>).find((name) => ItemCode[name] === itemCode)!

/**
 * Tax types: taxable, zero-rated, exempt.
 *
 * @since 0.1.0
 * @category constants
 */
export const TAX_TYPES = ["과세", "영세", "면세"] as const

/**
 * Purpose types: receipt (paid), claim (to be paid), none.
 *
 * @since 0.1.0
 * @category constants
 */
export const PURPOSE_TYPES = ["영수", "청구", "없음"] as const

/**
 * The item codes whose statements must state `taxType` (the spec says only "conditional"). Decision
 * (docs/decisions.md): every type that bills a supply carries a tax column — transaction
 * statement, bill, estimate, purchase order and receipt; a deposit slip (125) only records money
 * received, so its tax type is optional.
 *
 * @since 0.1.0
 * @category constants
 */
export const TAX_TYPE_REQUIRED: ReadonlySet<ItemCode> = new Set([121, 122, 123, 124, 126])

/**
 * `taxType` is present where the item code requires it.
 *
 * @since 0.1.0
 * @category rules
 */
export const taxTypeRule: CrossRule<{ readonly itemCode: ItemCode; readonly taxType?: string | undefined }> = fieldRule(
  ["taxType"],
  "taxTypeRequired",
  ["itemCode", "taxType"],
  (s) => !TAX_TYPE_REQUIRED.has(s.itemCode) || s.taxType !== undefined,
  "is required for item codes 121, 122, 123, 124 and 126 (all but the deposit slip, 125)"
)

/**
 * Every key of `propertyBag` is one an answer may carry (letters, digits and `_`, not starting with
 * a digit): the detail record answers the bag back, and one client turns answers into named tuples.
 *
 * @since 0.1.0
 * @category rules
 */
export const propertyBagKeysRule: CrossRule<{ readonly propertyBag?: Readonly<Record<string, string>> | undefined }> = crossRule(
  "answerKey",
  "must start with a letter or '_' and hold only letters, digits and '_' (no space, no '-'): the key comes back in the answer",
  ["propertyBag"],
  (s) => Object.keys(s.propertyBag ?? {}).filter((key) => !isAnswerKey(key)).map((key) => ({ path: ["propertyBag", key] }))
)

/**
 * Document IDs per GetInfos request (docs/service.md "Limits").
 *
 * @since 0.1.0
 * @category constants
 */
export const INFOS_MAX = 1000

/**
 * Document IDs per GetMassPrintURL request (docs/service.md "Limits").
 *
 * @since 0.1.0
 * @category constants
 */
export const MASS_PRINT_MAX = 100

/**
 * How long a returned URL is valid (docs/service.md "Limits"; MAIL URLs do not expire).
 *
 * @since 0.1.0
 * @category constants
 */
export const URL_VALIDITY_MILLIS = 30_000

/**
 * The states of a statement (docs/decisions.md "Statements"): 200 pending approval, 300 issued, 600 cancelled.
 *
 * @since 0.1.0
 * @category constants
 */
export const StateCode = {
  PendingApproval: 200,
  Issued: 300,
  Cancelled: 600
} as const

/**
 * The `TG` selector of each document URL operation.
 *
 * @since 0.1.0
 * @category constants
 */
export const URL_KINDS = ["POPUP", "VIEW", "PRINT", "EPRINT", "MAIL"] as const

/**
 * A document URL kind.
 *
 * @since 0.1.0
 * @category models
 */
export type UrlKind = typeof URL_KINDS[number]
