/**
 * Named generators of the documents a user's code builds: a cash receipt, its revocation, an e-Tax
 * invoice draft, a statement of a given type, a member's sign-up — each the body of the catalogue
 * operation that sends it, drawn as `valid` draws it (so every rule of that operation holds).
 *
 * @since 0.1.0
 */
import * as Gen from "../core/Gen.js"
import type * as Operation from "../core/Operation.js"
import * as Cashbill from "../domains/cashbill/Operations.js"
import * as Member from "../domains/member/Operations.js"
import * as Statement from "../domains/statement/Operations.js"
import type { ItemCode } from "../domains/statement/Rules.js"
import * as Taxinvoice from "../domains/taxinvoice/Operations.js"
import type { Described } from "./Described.js"
import { type Fixed, valid } from "./Inputs.js"

/**
 * Options of a named document: the member sending it (its registration number appears in the
 * document as the seller's or sender's), and the moment it is judged at.
 *
 * @since 0.1.0
 * @category models
 */
export interface DocumentOptions {
  readonly corpNum?: string
  readonly now?: number
}

/**
 * The document an operation sends, as the SDK's services take it (the decoded side of its body
 * schema).
 *
 * @since 0.1.0
 * @category models
 */
export type DocumentOf<O extends Operation.Any> = O["body"] extends { readonly schema: infer S extends Operation.AnyCodec } ? S["Type"] : never

// A generated body is a value of both sides of its schema: its enumerations are drawn from their
// literals and its optional fields are present with a value or left out, never `null` or `""`.
const bodyOf = <O extends Operation.Any>(operation: O, options: DocumentOptions, body?: Readonly<Record<string, unknown>>): Described<DocumentOf<O>> => {
  const fixed: Fixed<O> = {
    ...(options.corpNum === undefined ? {} : { corpNum: options.corpNum }),
    ...(body === undefined ? {} : { body: body as NonNullable<Fixed<O>["body"]> })
  }
  const { gen, now } = valid(operation, { ...(options.now === undefined ? {} : { now: options.now }), fixed })
  return { now, gen: Gen.map(gen, (input) => input.body as DocumentOf<O>) }
}

/**
 * A cash receipt to issue (`Cashbill.issue`): amounts adding up, an identification number of a
 * kind its usage allows, a trade time today or yesterday (KST) when present.
 *
 * @since 0.1.0
 * @category constructors
 */
export const cashReceipt = (options: DocumentOptions = {}): Described<DocumentOf<typeof Cashbill.RegistIssue>> =>
  bodyOf(Cashbill.RegistIssue, options)

/**
 * A revocation of a cash receipt (`Cashbill.revoke`): the four amounts exactly when partial.
 *
 * @since 0.1.0
 * @category constructors
 */
export const cashReceiptRevocation = (options: DocumentOptions = {}): Described<DocumentOf<typeof Cashbill.RevokeRegistIssue>> =>
  bodyOf(Cashbill.RevokeRegistIssue, options)

/**
 * An e-Tax invoice draft (`Taxinvoice.register`): totals matching the lines, a buyer number of
 * the buyer's kind, a write date not after today, the revision pair together or not at all.
 *
 * @since 0.1.0
 * @category constructors
 */
export const taxinvoice = (options: DocumentOptions = {}): Described<DocumentOf<typeof Taxinvoice.Register>> =>
  bodyOf(Taxinvoice.Register, options)

/**
 * A statement (`Statement.issue`) of `itemCode` (any type when absent), with the tax type its
 * type requires.
 *
 * @since 0.1.0
 * @category constructors
 */
export const statement = (itemCode?: ItemCode, options: DocumentOptions = {}): Described<DocumentOf<typeof Statement.RegistIssue>> =>
  bodyOf(Statement.RegistIssue, options, itemCode === undefined ? undefined : { itemCode })

/**
 * A member's sign-up (`Member.joinMember`): an ID and a password within their rules.
 *
 * @since 0.1.0
 * @category constructors
 */
export const joinMember = (options: DocumentOptions = {}): Described<DocumentOf<typeof Member.JoinMember>> =>
  bodyOf(Member.JoinMember, options, options.corpNum === undefined ? undefined : { CorpNum: options.corpNum })
