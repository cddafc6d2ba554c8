/**
 * The token scopes of the collection operations (docs/decisions.md "Tax authority collection").
 *
 * @since 0.1.0
 */

/**
 * The token scope of tax invoice collection.
 *
 * @since 0.1.0
 * @category constants
 */
export const TAXINVOICE_SCOPE = "111"

/**
 * The token scope of cash receipt collection.
 *
 * @since 0.1.0
 * @category constants
 */
export const CASHBILL_SCOPE = "141"
