/**
 * Generated inputs for property tests: fast-check arbitraries (through `effect/FastCheck`) of the
 * input of every catalogue operation, derived from its schemas and cross-field rules — `valid`
 * inputs the SDK and the service accept, `invalid` ones that break exactly one rule, labelled with
 * the path and rule the `ValidationError` names — and named documents (`cashReceipt`,
 * `taxinvoice`, `statement(itemCode)`, `corpNum`, …).
 *
 * @since 0.1.0
 */

export {
  /**
   * @since 0.1.0
   * @category models
   */
  type Fixed,
  /**
   * @since 0.1.0
   * @category models
   */
  type Invalid,
  /**
   * @since 0.1.0
   * @category constructors
   */
  invalid,
  /**
   * @since 0.1.0
   * @category models
   */
  type Options,
  /**
   * @since 0.1.0
   * @category constructors
   */
  valid
} from "./Inputs.js"

export {
  /**
   * @since 0.1.0
   * @category constructors
   */
  cashReceipt,
  /**
   * @since 0.1.0
   * @category constructors
   */
  cashReceiptRevocation,
  /**
   * @since 0.1.0
   * @category models
   */
  type DocumentOf,
  /**
   * @since 0.1.0
   * @category models
   */
  type DocumentOptions,
  /**
   * @since 0.1.0
   * @category constructors
   */
  joinMember,
  /**
   * @since 0.1.0
   * @category constructors
   */
  statement,
  /**
   * @since 0.1.0
   * @category constructors
   */
  taxinvoice
} from "./Documents.js"

export {
  /**
   * @since 0.1.0
   * @category constructors
   */
  corpNum,
  /**
   * @since 0.1.0
   * @category constructors
   */
  date8Near,
  /**
   * @since 0.1.0
   * @category constructors
   */
  dateTime14Until,
  /**
   * @since 0.1.0
   * @category constructors
   */
  digits,
  /**
   * @since 0.1.0
   * @category constructors
   */
  identityNum,
  /**
   * @since 0.1.0
   * @category constructors
   */
  textOf
} from "./RuleValues.js"
