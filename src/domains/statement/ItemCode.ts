/**
 * The six statement types (docs/decisions.md "Statements"), in a module of their own so that
 * the statement service can name them without loading its rules.
 *
 * @since 0.1.0
 */

/**
 * The statement types by name (docs/decisions.md "Statements"). The item code is the path's
 * `{ItemCode}` and the token scope of every call about a statement of that type.
 *
 * @since 0.1.0
 * @category constants
 */
export const ItemCode = {
  /** 121 거래명세서 */
  TransactionStatement: 121,
  /** 122 청구서 */
  Bill: 122,
  /** 123 견적서 */
  Estimate: 123,
  /** 124 발주서 */
  PurchaseOrder: 124,
  /** 125 입금표 */
  DepositSlip: 125,
  /** 126 영수증 */
  Receipt: 126
} as const

/**
 * An item code: 121 to 126.
 *
 * @since 0.1.0
 * @category models
 */
export type ItemCode = typeof ItemCode[keyof typeof ItemCode]

/**
 * The name of an item code (`Estimate`).
 *
 * @since 0.1.0
 * @category models
 */
export type ItemCodeName = keyof typeof ItemCode

/**
 * Every item code, in order.
 *
 * @since 0.1.0
 * @category constants
 */
export const ITEM_CODES: readonly [ItemCode, ...Array<ItemCode>] = [121, 122, 123, 124, 125, 126]
