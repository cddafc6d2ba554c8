/**
 * Generated inputs for property tests, as fast-check 4 arbitraries (`fast-check` is installed beside
 * taxdoc for this entry): the input of every catalogue operation, derived from its schemas and
 * cross-field rules — `valid` inputs the SDK and the service accept, `invalid` ones that break
 * exactly one rule, labelled with the path and rule the `ValidationError` names — and named
 * documents (`cashReceipt`, `taxinvoice`, `statement(itemCode)`, `corpNum`, …). The same
 * generators as Effect 4 `Arbitrary` values, for `@effect/vitest`'s `it.prop`: `taxdoc/testing`.
 *
 * @since 1.0.0
 */
// First, so that an older Node is told which it needs before any dependency loads.
import "../core/NodeVersion.js"
import type * as fc from "fast-check"
import type * as Operation from "../core/Operation.js"
import type { ItemCode } from "../domains/statement/Rules.js"
import type * as Cashbill from "../domains/cashbill/Operations.js"
import type * as Member from "../domains/member/Operations.js"
import type * as Statement from "../domains/statement/Operations.js"
import type * as Taxinvoice from "../domains/taxinvoice/Operations.js"
import * as Documents from "./Documents.js"
import { type Described, type Invalid, invalidGen, type Options, validGen } from "./Inputs.js"
import * as Pieces from "./Pieces.js"
import { toFastCheck } from "./ToFastCheck.js"

export type {
  /**
   * @since 1.0.0
   * @category models
   */
  DocumentOf,
  /**
   * @since 1.0.0
   * @category models
   */
  DocumentOptions
} from "./Documents.js"

export type {
  /**
   * @since 1.0.0
   * @category models
   */
  Fixed,
  /**
   * @since 1.0.0
   * @category models
   */
  Invalid,
  /**
   * @since 1.0.0
   * @category models
   */
  Options
} from "./Inputs.js"

const read = <A>({ gen, now }: Described<A>): fc.Arbitrary<A> => toFastCheck(gen, now)

// The pieces hold no time: the moment they are read at is never used.
const piece = <A>(gen: Described<A>["gen"]): fc.Arbitrary<A> => toFastCheck(gen, 0)

/**
 * Inputs of `operation` (`{ corpNum, params, body }`, what `TaxdocClient.call` takes) that the SDK's
 * validation and the service accept: every field within its rules, the cross-field rules kept, the
 * member's own number where the document names its sender.
 *
 * @since 1.0.0
 * @category constructors
 */
export const valid = <O extends Operation.Any>(operation: O, options: Options<O> = {}): fc.Arbitrary<Operation.Input<O>> =>
  read(validGen(operation, options))

/**
 * Inputs of `operation` that break exactly one rule — of a field, or across fields — each with the
 * path and rule the SDK's `ValidationError` reports (the service refuses them with `{code,
 * message}`). Operations without parameters or body have none: `invalid` throws for them.
 *
 * @since 1.0.0
 * @category constructors
 */
export const invalid = <O extends Operation.Any>(operation: O, options: Options<O> = {}): fc.Arbitrary<Invalid<O>> =>
  read(invalidGen(operation, options))

/**
 * A cash receipt to issue (`Cashbill.issue`): amounts adding up, an identification number of a
 * kind its usage allows, a trade time today or yesterday (KST) when present.
 *
 * @since 1.0.0
 * @category constructors
 */
export const cashReceipt = (options: Documents.DocumentOptions = {}): fc.Arbitrary<Documents.DocumentOf<typeof Cashbill.RegistIssue>> =>
  read(Documents.cashReceiptGen(options))

/**
 * A revocation of a cash receipt (`Cashbill.revoke`): the four amounts exactly when partial.
 *
 * @since 1.0.0
 * @category constructors
 */
export const cashReceiptRevocation = (options: Documents.DocumentOptions = {}): fc.Arbitrary<Documents.DocumentOf<typeof Cashbill.RevokeRegistIssue>> =>
  read(Documents.cashReceiptRevocationGen(options))

/**
 * An e-Tax invoice draft (`Taxinvoice.register`): totals matching the lines, a buyer number of
 * the buyer's kind, a write date not after today, the revision pair together or not at all.
 *
 * @since 1.0.0
 * @category constructors
 */
export const taxinvoice = (options: Documents.DocumentOptions = {}): fc.Arbitrary<Documents.DocumentOf<typeof Taxinvoice.Register>> =>
  read(Documents.taxinvoiceGen(options))

/**
 * A statement (`Statement.issue`) of `itemCode` (any type when absent), with the tax type its
 * type requires.
 *
 * @since 1.0.0
 * @category constructors
 */
export const statement = (itemCode?: ItemCode, options: Documents.DocumentOptions = {}): fc.Arbitrary<Documents.DocumentOf<typeof Statement.RegistIssue>> =>
  read(Documents.statementGen(itemCode, options))

/**
 * A member's sign-up (`Member.joinMember`): an ID and a password within their rules.
 *
 * @since 1.0.0
 * @category constructors
 */
export const joinMember = (options: Documents.DocumentOptions = {}): fc.Arbitrary<Documents.DocumentOf<typeof Member.JoinMember>> =>
  read(Documents.joinMemberGen(options))

/**
 * A business registration number whose tenth digit is its check digit.
 *
 * @since 1.0.0
 * @category constructors
 */
export const corpNum: fc.Arbitrary<string> = piece(Pieces.corpNum)

/**
 * A buyer identification number of every accepted kind: registration (10 digits), mobile (10–11),
 * resident (13), card (13–19), and the voluntary-issuance constant.
 *
 * @since 1.0.0
 * @category constructors
 */
export const identityNum: fc.Arbitrary<string> = piece(Pieces.identityNum)

/**
 * A text of `length` digits.
 *
 * @since 1.0.0
 * @category constructors
 */
export const digits = (length: number): fc.Arbitrary<string> => piece(Pieces.digits(length))

/**
 * A KST calendar date `yyyyMMdd` within `before` days before and `after` days after `now`'s day.
 *
 * @since 1.0.0
 * @category constructors
 */
export const date8Near = (now: number, before: number, after: number): fc.Arbitrary<string> => piece(Pieces.date8Near(now, before, after))

/**
 * A KST date-time `yyyyMMddHHmmss` from the start of `before` days before `now`'s day up to `now`.
 *
 * @since 1.0.0
 * @category constructors
 */
export const dateTime14Until = (now: number, before: number): fc.Arbitrary<string> => piece(Pieces.dateTime14Until(now, before))

/**
 * A text of `min` to `max` characters of `alphabet` (shrinking towards its first character).
 *
 * @since 1.0.0
 * @category constructors
 */
export const textOf = (alphabet: string, min: number, max: number): fc.Arbitrary<string> => piece(Pieces.textOf(alphabet, min, max))
