/**
 * Cash receipt state of one environment (DESIGN.md §6): receipts per member (a member sees only its
 * own) and the bulk submissions of each member.
 *
 * Filing (300 → 304/305) and bulk progress (txState 0 → 1 → 2) are derived when read, from the
 * progression policy and the sandbox clock, then frozen once reached, so a later policy change never
 * moves a document back. Every function here changes the state synchronously (Store.ts).
 *
 * @since 0.1.0
 */
import { Either } from "effect"
import { createHash } from "node:crypto"
import * as Kst from "../../core/Kst.js"
import * as Rules from "../../domains/cashbill/Rules.js"
import type { CashReceiptIssue, CashReceiptRevoke } from "../../domains/cashbill/Schemas.js"
import { fail, type SandboxFailure } from "../Failure.js"
import * as BulkSubmission from "../BulkSubmission.js"
import { type Policy, stageOf, stageReachedAt } from "../Progression.js"
import { slot } from "../Store.js"
import { type FilingOutcome, filingOutcome } from "./Filing.js"

/**
 * The filing of a receipt to the tax authority, once it happened.
 *
 * @since 0.1.0
 * @category models
 */
export interface Filing {
  readonly at: number
  readonly outcome: FilingOutcome
}

/**
 * A receipt as stored: the issue body's fields (a revocation copies the original's), plus what
 * the service assigns.
 *
 * @since 0.1.0
 * @category models
 */
export interface Receipt extends Omit<CashReceiptIssue, "tradeType" | "tradeDT" | "tradeOpt"> {
  readonly tradeType: "승인거래" | "취소거래"
  readonly tradeDT: string
  readonly tradeDate: string
  readonly tradeOpt: string
  readonly itemKey: string
  readonly confirmNum: string
  readonly issuedAt: number
  readonly orgConfirmNum?: string
  readonly orgTradeDate?: string
  readonly cancelType?: number
  readonly smssendYN: boolean
  /** Reads of the receipt, for the `AfterPolls` filing policy. */
  polls: number
  filing: Filing | undefined
}

/**
 * The result of one receipt of a bulk submission.
 *
 * @since 0.1.0
 * @category models
 */
export type BulkItemResult =
  | { readonly _tag: "Issued"; readonly mgtKey: string; readonly receipt: Receipt }
  | { readonly _tag: "Failed"; readonly mgtKey: string | null; readonly failure: SandboxFailure }

/**
 * A bulk submission.
 *
 * @since 0.1.0
 * @category models
 */
export type Bulk = BulkSubmission.Submission<BulkItemResult>

/**
 * The cash receipts of one member.
 *
 * @since 0.1.0
 * @category models
 */
export interface MemberCashbills {
  readonly receipts: Map<string, Receipt>
  readonly bulks: Map<string, Bulk>
  /** The submissions still without results: every request advances these, not all of `bulks`. */
  readonly pendingBulks: Set<Bulk>
}

/**
 * The cash receipt state of one environment.
 *
 * @since 0.1.0
 * @category models
 */
export interface CashbillState {
  readonly members: Map<string, MemberCashbills>
  /** Sequence of everything numbered (confirmation numbers, item keys, receipt IDs). */
  sequence: number
}

/**
 * The store slot of cash receipts.
 *
 * @since 0.1.0
 * @category constants
 */
export const cashbillSlot = slot<CashbillState>("cashbill", () => ({ members: new Map(), sequence: 0 }))

/**
 * The cash receipts of a member, created empty on first use.
 *
 * @since 0.1.0
 * @category combinators
 */
export const memberOf = (state: CashbillState, corpNum: string): MemberCashbills => {
  let member = state.members.get(corpNum)
  if (member === undefined) {
    member = { receipts: new Map(), bulks: new Map(), pendingBulks: new Set() }
    state.members.set(corpNum, member)
  }
  return member
}

const next = (state: CashbillState): number => ++state.sequence

/** 9 digits, distinct for the first 900 million numbers (48271 is coprime with 9·10⁸). */
const confirmNumOf = (n: number): string => String(100_000_000 + ((n * 48_271) % 900_000_000))

const hex = (text: string): string => createHash("sha1").update(text).digest("hex")

/**
 * A 36-character identifier shaped like a UUID, unique per sequence number.
 *
 * @since 0.1.0
 * @category constructors
 */
export const identifier = (state: CashbillState, purpose: string): string => {
  const h = hex(`${purpose}/${next(state)}`)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`
}

// ── filing ──────────────────────────────────────────────────────────────────────────────────

/**
 * Files the receipt if the filing policy says it is due (one step: 300 → 304 or 305).
 *
 * @since 0.1.0
 * @category combinators
 */
export const settle = (receipt: Receipt, policy: Policy, now: number): Receipt => {
  if (receipt.filing !== undefined) return receipt
  if (stageOf(policy, { startedAt: receipt.issuedAt, now, polls: receipt.polls, stages: 1 }) < 1) return receipt
  receipt.filing = { at: stageReachedAt(policy, receipt.issuedAt, 1) ?? now, outcome: filingOutcome(receipt.identityNum) }
  return receipt
}

/**
 * The status code: 300 issued, 304 filed, 305 filing failed.
 *
 * @since 0.1.0
 * @category combinators
 */
export const stateCodeOf = (receipt: Receipt): number =>
  receipt.filing === undefined
    ? Rules.StateCode.Issued
    : receipt.filing.outcome.code === "0000" ? Rules.StateCode.Filed : Rules.StateCode.FilingFailed

// ── issue and revoke ────────────────────────────────────────────────────────────────────────

const create = (
  state: CashbillState,
  member: MemberCashbills,
  fields: Omit<Receipt, "tradeDate" | "itemKey" | "confirmNum" | "issuedAt" | "polls" | "filing">,
  now: number
): Receipt => {
  const n = next(state)
  const receipt: Receipt = {
    ...fields,
    tradeDate: fields.tradeDT.slice(0, 8),
    itemKey: `${Kst.toDateTime14(now).slice(2)}${String(n % 1_000_000).padStart(6, "0")}`,
    confirmNum: confirmNumOf(n),
    issuedAt: now,
    polls: 0,
    filing: undefined
  }
  member.receipts.set(receipt.mgtKey, receipt)
  return receipt
}

/**
 * Issues an approval receipt (RegistIssue, or one receipt of a bulk submission). The body is
 * already valid, its tradeDT within the window.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issue = (
  state: CashbillState,
  member: MemberCashbills,
  body: CashReceiptIssue,
  now: number
): Either.Either<Receipt, SandboxFailure> => {
  if (member.receipts.has(body.mgtKey)) return Either.left(fail("CashbillMgtKeyInUse", body.mgtKey))
  return Either.right(create(state, member, {
    ...body,
    tradeDT: body.tradeDT ?? Kst.toDateTime14(now),
    tradeOpt: body.tradeOpt ?? "일반",
    smssendYN: false
  }, now))
}

/**
 * Issues an approval receipt whose body passed the schema: the trade-time window on document time
 * (`CashbillInvalidTradeDT`), then `issue`. The one path of RegistIssue, each receipt of a bulk
 * submission and the portal's WRITE page.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issueReceipt = (
  state: CashbillState,
  member: MemberCashbills,
  body: CashReceiptIssue,
  now: number
): Either.Either<Receipt, SandboxFailure> =>
  Rules.tradeDTValid(body.tradeDT, now) ? issue(state, member, body, now) : Either.left(fail("CashbillInvalidTradeDT", body.tradeDT))

const toNumbers = (a: Rules.Amounts) => [Number(a.supplyCost), Number(a.tax), Number(a.serviceFee), Number(a.totalAmount)] as const

/**
 * The amounts of an original not yet revoked: its amounts less those of its revocations that were
 * not refused by the tax authority.
 *
 * @since 0.1.0
 * @category combinators
 */
export const remainingOf = (member: MemberCashbills, original: Receipt): readonly [number, number, number, number] => {
  const left = [...toNumbers(original)] as [number, number, number, number]
  for (const r of member.receipts.values()) {
    if (r.tradeType !== "취소거래" || r.orgConfirmNum !== original.confirmNum || r.orgTradeDate !== original.tradeDate) continue
    if (stateCodeOf(r) === Rules.StateCode.FilingFailed) continue
    toNumbers(r).forEach((amount, i) => (left[i] = left[i]! - amount))
  }
  return left
}

/**
 * Issues a revocation receipt (DESIGN.md §6): the original is the member's approval receipt with
 * orgConfirmNum + orgTradeDate; not one whose filing failed; the revocation's trade time is not
 * earlier than the original's; the cumulative revoked amounts stay within the original's (each
 * amount and the total); a full revocation takes what remains.
 *
 * @since 0.1.0
 * @category combinators
 */
export const revoke = (
  state: CashbillState,
  member: MemberCashbills,
  body: CashReceiptRevoke,
  filing: Policy,
  now: number
): Either.Either<Receipt, SandboxFailure> => {
  if (member.receipts.has(body.mgtKey)) return Either.left(fail("CashbillMgtKeyInUse", body.mgtKey))
  const original = [...member.receipts.values()].find((r) =>
    r.tradeType === "승인거래" && r.confirmNum === body.orgConfirmNum && r.tradeDate === body.orgTradeDate
  )
  if (original === undefined) return Either.left(fail("CashbillOriginalNotFound", `${body.orgConfirmNum} ${body.orgTradeDate}`))
  if (stateCodeOf(settle(original, filing, now)) === Rules.StateCode.FilingFailed) {
    return Either.left(fail("CashbillInvalidState", "the original's filing failed (305); delete it instead"))
  }
  const tradeDT = body.tradeDT ?? Kst.toDateTime14(now)
  if (tradeDT < original.tradeDT) return Either.left(fail("CashbillRevokeBeforeOriginal", `${tradeDT} < ${original.tradeDT}`))
  const remaining = remainingOf(member, original)
  const part = Rules.partCancelAmounts(body)
  const wanted = part === undefined ? remaining : toNumbers(part)
  if (wanted[3] <= 0 || wanted.some((amount, i) => amount > remaining[i]!)) {
    return Either.left(fail("CashbillRevokeOverTotal", `remaining total ${Math.max(0, remaining[3])}`))
  }
  return Either.right(create(state, member, {
    mgtKey: body.mgtKey,
    tradeDT,
    tradeType: "취소거래",
    tradeUsage: original.tradeUsage,
    tradeOpt: original.tradeOpt,
    taxationType: original.taxationType,
    supplyCost: String(wanted[0]),
    tax: String(wanted[1]),
    serviceFee: String(wanted[2]),
    totalAmount: String(wanted[3]),
    franchiseCorpNum: original.franchiseCorpNum,
    identityNum: original.identityNum,
    ...pick(original, ["franchiseTaxRegID", "franchiseCorpName", "franchiseCEOName", "franchiseAddr", "franchiseTEL", "customerName", "itemName", "orderNumber", "email", "hp"]),
    ...pick(body, ["memo", "emailSubject", "cancelType"]),
    orgConfirmNum: original.confirmNum,
    orgTradeDate: original.tradeDate,
    smssendYN: body.smssendYN ?? false
  }, now))
}

const pick = <A extends object, K extends keyof A>(record: A, keys: ReadonlyArray<K>): Partial<Pick<A, K>> => {
  const out: Partial<Pick<A, K>> = {}
  for (const key of keys) if (record[key] !== undefined) out[key] = record[key]
  return out
}

/**
 * Removes a receipt whose filing failed; its document ID can be used again.
 *
 * @since 0.1.0
 * @category combinators
 */
export const remove = (member: MemberCashbills, mgtKey: string, filing: Policy, now: number): Either.Either<void, SandboxFailure> => {
  const receipt = member.receipts.get(mgtKey)
  if (receipt === undefined) return Either.left(fail("CashbillNotFound", mgtKey))
  const code = stateCodeOf(settle(receipt, filing, now))
  if (code !== Rules.StateCode.FilingFailed) return Either.left(fail("CashbillInvalidState", `stateCode ${code}; only 305 can be deleted`))
  member.receipts.delete(mgtKey)
  return Either.right(undefined)
}

// ── bulk ────────────────────────────────────────────────────────────────────────────────────

/**
 * Advances a bulk submission under its policy (txState 0 → 1 → 2), processing each receipt on
 * completion (`BulkSubmission.advance`).
 *
 * @since 0.1.0
 * @category combinators
 */
export const advance: (
  bulk: Bulk,
  policy: Policy,
  now: number,
  poll: boolean,
  process: (item: unknown, at: number) => BulkItemResult
) => Bulk = BulkSubmission.advance
