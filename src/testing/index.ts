/**
 * Generated inputs for property tests: the input of every catalogue operation, derived from its
 * schemas and cross-field rules — `valid` inputs the SDK and the service accept, `invalid` ones that
 * break exactly one rule, labelled with the path and rule the `ValidationError` names — and named
 * documents (`cashReceipt`, `taxinvoice`, `statement(itemCode)`, `corpNum`, …). Each is a
 * description (`Described`), made once and read by either engine: `toArbitrary` gives the Effect 4
 * `Arbitrary` that `@effect/vitest`'s `it.prop` and `Arbitrary.checkEffect` take, with nothing more
 * to install; `toFastCheck` of `taxdoc/testing/fast-check` gives the fast-check 4 arbitrary.
 *
 * @since 0.1.0
 */
// First, so that an older Node is told which it needs before any dependency loads.
import "../core/NodeVersion.js"

export {
  /**
   * @since 1.0.0
   * @category models
   */
  type Described
} from "./Described.js"

export {
  cashReceipt,
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
  joinMember,
  statement,
  taxinvoice
} from "./Documents.js"

export {
  /**
   * @since 0.1.0
   * @category models
   */
  type Fixed,
  invalid,
  /**
   * @since 0.1.0
   * @category models
   */
  type Invalid,
  /**
   * @since 0.1.0
   * @category models
   */
  type Options,
  valid
} from "./Inputs.js"

export { corpNum, date8Near, dateTime14Until, digits, identityNum, textOf } from "./Pieces.js"

export { toArbitrary } from "./ToArbitrary.js"
