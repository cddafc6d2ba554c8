/**
 * Cash receipt state of one environment (docs/decisions.md "Cash receipts"): receipts per member (a member sees only its
 * own) and the bulk submissions of each member.
 *
 * Filing (300 → 304/305) and bulk progress (txState 0 → 1 → 2) are derived when read, from the
 * progression policy and the sandbox clock, then frozen once reached, so a later policy change never
 * moves a document back. Every function here changes the state synchronously (Store.ts).
 *
 * Nothing here looks through all receipts: a receipt is found by document ID (per member), by
 * confirmation number (its sequence number, see `confirmNumOf`), its revocations are kept on the
 * original, and the tax-portal collection finds a party's receipts of a date range through
 * `byParty` (seller, and buyer when identified by registration number). A stored receipt is
 * compact (`Receipt`): repeated texts are shared, the item key and confirmation number derived.
 */
import * as Result from "effect/Result"
import * as Kst from "../../core/Kst.js"
import * as Rules from "../../domains/cashbill/Rules.js"
import { CashReceiptIssue, type CashReceiptRevoke } from "../../domains/cashbill/Schemas.js"
import { answersSlot } from "../documents/AnswerCache.js"
import * as Bulk from "../documents/Bulk.js"
import { DayIndex } from "../documents/DayIndex.js"
import { fail, type SandboxFailure } from "../Failure.js"
import { memberView } from "../HandlerContext.js"
import { uuidOf } from "../documents/Identifiers.js"
import { Interner } from "../documents/Interner.js"
import { advance, type Policy } from "../Progression.js"
import { decodeResult } from "../routing/Route.js"
import { slot } from "../Store.js"
import { courseOf, stateCodeOf } from "./Filing.js"
import { Receipt, type ReceiptFields, sequenceOf, type Trade } from "./Stored.js"

/** A stored cash receipt (see `Stored.ts`). */
export type { Receipt } from "./Stored.js"

/** The cash receipts of one member. */
export interface MemberCashbills {
  readonly corpNum: string
  readonly receipts: Map<string, Receipt>
  /** Every receipt the member issued, in issue order (deleted ones included: see `latestOf`). */
  readonly issued: Array<Receipt>
  readonly submissions: Bulk.Submissions<Receipt>
}

/** The cash receipt state of one environment. */
export interface CashbillState {
  readonly members: Map<string, MemberCashbills>
  /** Sequence of everything numbered (confirmation numbers, item keys, receipt IDs). */
  sequence: number
  /** Receipts by sequence number (the confirmation number's source); holes for other numbers. */
  readonly bySequence: Array<Receipt | undefined>
  /** Receipts by party — the seller, and the buyer identified by registration number — and trade day. */
  readonly byParty: { readonly seller: DayIndex<Receipt>; readonly buyer: DayIndex<Receipt> }
  readonly shared: Interner
}

/** The store slot of cash receipts. */
export const cashbillSlot = slot<CashbillState>("cashbill", () => ({
  members: new Map(),
  sequence: 0,
  bySequence: [],
  byParty: { seller: new DayIndex(), buyer: new DayIndex() },
  shared: new Interner(4_096)
}))

/** No receipts of `corpNum`. */
export const emptyMember = (corpNum: string): MemberCashbills => ({ corpNum, receipts: new Map(), issued: [], submissions: Bulk.submissions() })

/** The cash receipts of a member, created empty on first use. */
export const memberOf = (state: CashbillState, corpNum: string): MemberCashbills => {
  let member = state.members.get(corpNum)
  if (member === undefined) state.members.set(corpNum, member = emptyMember(corpNum))
  return member
}

const next = (state: CashbillState): number => ++state.sequence

/** A 36-character identifier shaped like a UUID, unique per sequence number. */
export const identifier = (state: CashbillState, purpose: string): string => uuidOf(`${purpose}/${next(state)}`)

// ── issue and revoke ────────────────────────────────────────────────────────────────────────

/** The buyer a receipt names by registration number (expense proof), if any. */
const buyerOf = (receipt: Receipt): string | undefined => (/^\d{10}$/.test(receipt.identityNum) ? receipt.identityNum : undefined)

/**
 * Files a receipt of `member` under its document ID, in issue order, by sequence number and by
 * party: what issuing does, and what loading a durable sandbox rebuilds (in sequence order).
 */
export const file = (state: CashbillState, member: MemberCashbills, receipt: Receipt): void => {
  member.receipts.set(receipt.mgtKey, receipt)
  member.issued.push(receipt)
  state.bySequence[receipt.sequence] = receipt
  state.byParty.seller.add(receipt.franchiseCorpNum, receipt.tradeDate, receipt)
  const buyer = buyerOf(receipt)
  if (buyer !== undefined) state.byParty.buyer.add(buyer, receipt.tradeDate, receipt)
}

const create = (state: CashbillState, member: MemberCashbills, fields: ReceiptFields, trade: Trade, now: number): Receipt => {
  const receipt = new Receipt(fields, trade, next(state), now, state.shared)
  file(state, member, receipt)
  return receipt
}

/** `true` while the receipt is one of the member's (not deleted). */
const isCurrent = (member: MemberCashbills, receipt: Receipt): boolean => member.receipts.get(receipt.mgtKey) === receipt

/**
 * A member's receipt by its item key: the item key ends with the sequence number modulo 10⁶, so
 * only the receipts numbered alike are looked at.
 */
export const findByItemKey = (state: CashbillState, member: MemberCashbills, itemKey: string): Receipt | undefined => {
  if (!/^\d{18}$/.test(itemKey)) return undefined
  for (let n = Number(itemKey.slice(12)); n < state.bySequence.length; n += 1_000_000) {
    const receipt = state.bySequence[n]
    if (receipt !== undefined && isCurrent(member, receipt) && receipt.itemKey === itemKey) return receipt
  }
  return undefined
}

/** The member's `count` most recently issued receipts (not deleted), newest first. */
export const latestOf = (member: MemberCashbills, count: number): ReadonlyArray<Receipt> => {
  const latest: Array<Receipt> = []
  for (let i = member.issued.length - 1; i >= 0 && latest.length < count; i--) {
    const receipt = member.issued[i]!
    if (isCurrent(member, receipt)) latest.push(receipt)
  }
  return latest
}

/** A member's approval receipt by its confirmation number and trade date (what a revocation names). */
export const findOriginal = (state: CashbillState, member: MemberCashbills, confirmNum: string, tradeDate: string): Receipt | undefined => {
  const n = sequenceOf(confirmNum)
  const receipt = n === undefined ? undefined : state.bySequence[n]
  return receipt !== undefined && receipt.tradeType === "승인거래" && receipt.tradeDate === tradeDate && isCurrent(member, receipt) ? receipt : undefined
}

/**
 * Issues an approval receipt (RegistIssue, or one receipt of a bulk submission). The body is
 * already valid, its tradeDT within the window.
 */
export const issue = (
  state: CashbillState,
  member: MemberCashbills,
  body: CashReceiptIssue,
  now: number
): Result.Result<Receipt, SandboxFailure> => {
  if (member.receipts.has(body.mgtKey)) return Result.fail(fail("CashbillMgtKeyInUse", body.mgtKey))
  return Result.succeed(create(state, member, body, {
    tradeType: body.tradeType,
    tradeDT: body.tradeDT ?? Kst.toDateTime14(now),
    tradeOpt: body.tradeOpt ?? "일반",
    smssendYN: false
  }, now))
}

/**
 * Issues an approval receipt whose body passed the schema: the trade-time window on document time
 * (`CashbillInvalidTradeDT`), then `issue`. The one path of RegistIssue, each receipt of a bulk
 * submission and the portal's WRITE page.
 */
export const issueReceipt = (
  state: CashbillState,
  member: MemberCashbills,
  body: CashReceiptIssue,
  now: number
): Result.Result<Receipt, SandboxFailure> =>
  Rules.tradeDTValid(body.tradeDT, now) ? issue(state, member, body, now) : Result.fail(fail("CashbillInvalidTradeDT", body.tradeDT))

const toNumbers = (a: Rules.Amounts) => [Number(a.supplyCost), Number(a.tax), Number(a.serviceFee), Number(a.totalAmount)] as const

/**
 * The amounts of an original not yet revoked: its amounts less those of its revocations that were
 * not refused by the tax authority.
 */
export const remainingOf = (member: MemberCashbills, original: Receipt): readonly [number, number, number, number] => {
  const left = [...toNumbers(original)] as [number, number, number, number]
  for (const r of original.revocations ?? []) {
    // Deleted revocations (filing failed, then Delete) are gone from the member.
    if (member.receipts.get(r.mgtKey) !== r || stateCodeOf(r) === Rules.StateCode.FilingFailed) continue
    toNumbers(r).forEach((amount, i) => (left[i] = left[i]! - amount))
  }
  return left
}

/**
 * Issues a revocation receipt (docs/decisions.md "Cash receipts"): the original is the member's approval receipt with
 * orgConfirmNum + orgTradeDate; not one whose filing failed; the revocation's trade time is not
 * earlier than the original's; the cumulative revoked amounts stay within the original's (each
 * amount and the total); a full revocation takes what remains.
 */
export const revoke = (
  state: CashbillState,
  member: MemberCashbills,
  body: CashReceiptRevoke,
  filing: Policy,
  now: number
): Result.Result<Receipt, SandboxFailure> => {
  if (member.receipts.has(body.mgtKey)) return Result.fail(fail("CashbillMgtKeyInUse", body.mgtKey))
  const original = findOriginal(state, member, body.orgConfirmNum, body.orgTradeDate)
  if (original === undefined) return Result.fail(fail("CashbillOriginalNotFound", `${body.orgConfirmNum} ${body.orgTradeDate}`))
  advance(original, courseOf(original, filing), now)
  if (stateCodeOf(original) === Rules.StateCode.FilingFailed) {
    return Result.fail(fail("CashbillInvalidState", "the original's filing failed (305); delete it instead"))
  }
  const tradeDT = body.tradeDT ?? Kst.toDateTime14(now)
  if (tradeDT < original.tradeDT) return Result.fail(fail("CashbillRevokeBeforeOriginal", `${tradeDT} < ${original.tradeDT}`))
  const remaining = remainingOf(member, original)
  const part = Rules.partCancelAmounts(body)
  const wanted = part === undefined ? remaining : toNumbers(part)
  if (wanted[3] <= 0 || wanted.some((amount, i) => amount > remaining[i]!)) {
    return Result.fail(fail("CashbillRevokeOverTotal", `remaining total ${Math.max(0, remaining[3])}`))
  }
  const revocation = create(state, member, {
    mgtKey: body.mgtKey,
    tradeUsage: original.tradeUsage,
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
    orgTradeDate: original.tradeDate
  }, { tradeType: "취소거래", tradeDT, tradeOpt: original.tradeOpt, smssendYN: body.smssendYN ?? false }, now)
  ;(original.revocations ??= []).push(revocation)
  return Result.succeed(revocation)
}

/** The given fields of `record` (read through getters too), leaving out those without a value. */
const pick = <A extends object, K extends keyof A>(record: A, keys: ReadonlyArray<K>): { [P in K]?: Exclude<A[P], undefined> } => {
  const out: { [P in K]?: Exclude<A[P], undefined> } = {}
  for (const key of keys) {
    const value = record[key]
    if (value !== undefined) out[key] = value as Exclude<A[K], undefined>
  }
  return out
}

/** Removes a receipt whose filing failed; its document ID can be used again. */
export const remove = (
  state: CashbillState,
  member: MemberCashbills,
  mgtKey: string,
  filing: Policy,
  now: number
): Result.Result<void, SandboxFailure> => {
  const receipt = member.receipts.get(mgtKey)
  if (receipt === undefined) return Result.fail(fail("CashbillNotFound", mgtKey))
  advance(receipt, courseOf(receipt, filing), now)
  const code = stateCodeOf(receipt)
  if (code !== Rules.StateCode.FilingFailed) return Result.fail(fail("CashbillInvalidState", `stateCode ${code}; only 305 can be deleted`))
  member.receipts.delete(mgtKey)
  const at = member.issued.lastIndexOf(receipt)
  if (at >= 0) member.issued.splice(at, 1)
  state.bySequence[receipt.sequence] = undefined
  state.byParty.seller.remove(receipt.franchiseCorpNum, receipt.tradeDate, receipt)
  const buyer = buyerOf(receipt)
  if (buyer !== undefined) state.byParty.buyer.remove(buyer, receipt.tradeDate, receipt)
  return Result.void
}

/**
 * The receipts of every member where `corpNum` is the seller (`SELL`) or the buyer named by
 * registration number (`BUY`), traded from `sDate` to `eDate` (KST days): what the tax authority's
 * collection starts from.
 */
export const receiptsOfParty = (state: CashbillState, side: "SELL" | "BUY", corpNum: string, sDate: string, eDate: string): ReadonlyArray<Receipt> =>
  (side === "SELL" ? state.byParty.seller : state.byParty.buyer).between(corpNum, sDate, eDate)

// ── the member's context ───────────────────────────────────────────────────────────────────

/** What a member's handler works on: its receipts, the time, and the progression policies. */
export interface MemberContext extends Bulk.BulkContext<Receipt> {
  readonly state: CashbillState
  readonly member: MemberCashbills
  readonly filing: Policy
}

/** The single receipt of a bulk submission, validated and issued like RegistIssue at `at`. */
const issueItem = (ctx: MemberContext) => (item: unknown, at: number): Bulk.ItemResult<Receipt> =>
  Bulk.itemResult(
    Bulk.mgtKeyOf(item, "mgtKey"),
    Result.map(Result.flatMap(decodeResult(item, CashReceiptIssue), (body) => issueReceipt(ctx.state, ctx.member, body, at)), (receipt) => ({ mgtKey: receipt.mgtKey, document: receipt }))
  )

/**
 * Runs `f` on a member's receipts in one synchronous step, after completing the member's bulk
 * submissions that are due (so receipts of a completed submission are there). The operations,
 * the portal's pages and the document-kind adapter see the receipts through it.
 */
export const withMemberOf = memberView(cashbillSlot, ({ now, policies, store }, state, environment, corpNum): MemberContext => {
  const member = memberOf(state, corpNum)
  const ctx: MemberContext = {
    state,
    member,
    submissions: member.submissions,
    answers: store.get(answersSlot, environment),
    now,
    filing: policies["cashbill.filing"],
    bulkPolicy: policies["cashbill.bulk"],
    receiptId: (submitID) => identifier(state, `bulk/${submitID}`),
    issue: () => issueItem(ctx)
  }
  return ctx
}, Bulk.settle)
