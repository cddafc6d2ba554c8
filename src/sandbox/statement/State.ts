/**
 * Statement state of one environment (docs/decisions.md "Statements"): the statements of each
 * member (a member sees only its own), keyed by item code and document ID. 300 issued, or 200
 * pending approval when the member's `statementApprovalRequired` preference is set; approval
 * 200 → 300; Cancel 200/300 → 600; Delete only in 600, after which the document ID is free again.
 * The state code is derived from these facts (`stateCodeOf`). Every function here changes the
 * state synchronously (Store.ts).
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Kst from "../../core/Kst.js"
import * as Rules from "../../domains/statement/Rules.js"
import type { StatementIssue } from "../../domains/statement/Schemas.js"
import { type AnswerCache, answersSlot } from "../documents/AnswerCache.js"
import type { StateNames } from "../documents/DocumentKind.js"
import { fail, type SandboxFailure } from "../Failure.js"
import { memberView } from "../HandlerContext.js"
import { base36, itemKeyOf } from "../documents/Identifiers.js"
import { type Mail, outboxSlot, post } from "../Outbox.js"
import type { RouteContext } from "../routing/Route.js"
import { type Environment, slot } from "../Store.js"

/** The member preference that makes new statements wait for approval (200). */
export const APPROVAL_PREFERENCE = "statementApprovalRequired"

/** A statement as stored: the issue body, plus what the service assigns. */
export interface Stored {
  readonly body: StatementIssue
  readonly itemKey: string
  readonly invoiceNum: string
  readonly registeredAt: number
  /** When it was issued: at once, or once approved (200 until then). */
  issuedAt: number | undefined
  /** When it was cancelled (600). */
  cancelledAt: number | undefined
  stateMemo: string | undefined
  senderPrintYN: boolean
  receiverPrintYN: boolean
  openYN: boolean
  openAt: number | undefined
}

/** The statement state of one environment. */
export interface StatementState {
  readonly members: Map<string, Map<string, Stored>>
  /** Sequence of everything numbered (item keys, invoice numbers). */
  sequence: number
}

/** The store slot of statements. */
export const statementSlot = slot<StatementState>("statement", () => ({ members: new Map(), sequence: 0 }))

/** The statements of a member, created empty on first use. */
export const memberOf = (state: StatementState, corpNum: string): Map<string, Stored> => {
  let member = state.members.get(corpNum)
  if (member === undefined) state.members.set(corpNum, member = new Map())
  return member
}

/** The names of the states of a statement, for the pages and the portal. */
export const STATES: StateNames = {
  [Rules.StateCode.PendingApproval]: { ko: "승인대기", en: "Pending approval" },
  [Rules.StateCode.Issued]: { ko: "발행완료", en: "Issued" },
  [Rules.StateCode.Cancelled]: { ko: "취소", en: "Cancelled" }
}

/** The state code: 200 pending approval, 300 issued, 600 cancelled. */
export const stateCodeOf = (stored: Stored): number =>
  stored.cancelledAt !== undefined
    ? Rules.StateCode.Cancelled
    : stored.issuedAt === undefined ? Rules.StateCode.PendingApproval : Rules.StateCode.Issued

/** When the statement last changed state. */
export const stateAtOf = (stored: Stored): number => stored.cancelledAt ?? stored.issuedAt ?? stored.registeredAt

/** A statement's key within its member: a document ID is unique per item code. */
export const keyOf = (itemCode: number, mgtKey: string): string => `${itemCode}/${mgtKey}`

const next = (state: StatementState): number => ++state.sequence

/** Finds a statement of the member; `StatementNotFound` (-12000004) when there is none. */
export const find = (member: Map<string, Stored>, itemCode: number, mgtKey: string): Result.Result<Stored, SandboxFailure> => {
  const found = member.get(keyOf(itemCode, mgtKey))
  return found === undefined ? Result.fail(fail("StatementNotFound", `${itemCode} ${mgtKey}`)) : Result.succeed(found)
}

/** The subject of a statement's notification mail: the body's `emailSubject`, or the service's default. */
export const mailSubject = (stored: Stored): string =>
  stored.body.emailSubject ?? `${stored.body.senderCorpName ?? stored.body.senderCorpNum}님이 보낸 전자명세서입니다.`

/** The notification mail to the receiver, when the statement names one. */
const notify = (outbox: Array<Mail>, corpNum: string, stored: Stored, now: number, operation: string): void => {
  const receiver = stored.body.receiverEmail
  if (receiver === undefined || receiver === "") return
  post(outbox, {
    corpNum,
    operation,
    document: keyOf(stored.body.itemCode, stored.body.mgtKey),
    receiver,
    subject: mailSubject(stored)
  }, now)
}

/**
 * Issues a statement: 300 (notification mail sent), or 200 when approval is required. The invoice
 * number (24 characters: KST date, item code, 13 of [0-9a-z]) and item key (18) are assigned now.
 */
export const issue = (
  state: StatementState,
  corpNum: string,
  body: StatementIssue,
  approvalRequired: boolean,
  outbox: Array<Mail>,
  now: number
): Result.Result<Stored, SandboxFailure> => {
  const member = memberOf(state, corpNum)
  const key = keyOf(body.itemCode, body.mgtKey)
  if (member.has(key)) return Result.fail(fail("StatementMgtKeyInUse", `${body.itemCode} ${body.mgtKey}`))
  const n = next(state)
  const itemKey = itemKeyOf(now, n)
  const stored: Stored = {
    body,
    itemKey,
    invoiceNum: `${Kst.toDate8(now)}${body.itemCode}${base36(n * 7_919, 13)}`,
    registeredAt: now,
    issuedAt: approvalRequired ? undefined : now,
    cancelledAt: undefined,
    stateMemo: undefined,
    senderPrintYN: false,
    receiverPrintYN: false,
    openYN: false,
    openAt: undefined
  }
  member.set(key, stored)
  if (!approvalRequired) notify(outbox, corpNum, stored, now, "Statement.RegistIssue")
  return Result.succeed(stored)
}

/** The receiver approves a pending statement: 200 → 300 (notification mail sent). */
export const approve = (
  member: Map<string, Stored>,
  corpNum: string,
  itemCode: number,
  mgtKey: string,
  outbox: Array<Mail>,
  now: number
): Result.Result<Stored, SandboxFailure> =>
  Result.flatMap(find(member, itemCode, mgtKey), (stored) => {
    const code = stateCodeOf(stored)
    if (code !== Rules.StateCode.PendingApproval) return Result.fail(fail("StatementInvalidState", `stateCode ${code}; only 200 can be approved`))
    stored.issuedAt = now
    notify(outbox, corpNum, stored, now, "Sandbox.ApproveStatement")
    return Result.succeed(stored)
  })

/** Cancels a pending or issued statement (200/300 → 600), keeping the memo. */
export const cancel = (
  member: Map<string, Stored>,
  itemCode: number,
  mgtKey: string,
  memo: string | undefined,
  now: number
): Result.Result<Stored, SandboxFailure> =>
  Result.flatMap(find(member, itemCode, mgtKey), (stored) => {
    const code = stateCodeOf(stored)
    if (code === Rules.StateCode.Cancelled) return Result.fail(fail("StatementInvalidState", `stateCode ${code}; only 200 or 300 can be cancelled`))
    stored.cancelledAt = now
    stored.stateMemo = memo
    return Result.succeed(stored)
  })

/** Deletes a cancelled statement (600); its document ID is free again. */
export const remove = (member: Map<string, Stored>, itemCode: number, mgtKey: string): Result.Result<void, SandboxFailure> =>
  Result.flatMap(find(member, itemCode, mgtKey), (stored) => {
    const code = stateCodeOf(stored)
    if (code !== Rules.StateCode.Cancelled) return Result.fail(fail("StatementInvalidState", `stateCode ${code}; only 600 can be deleted`))
    member.delete(keyOf(itemCode, mgtKey))
    return Result.void
  })

/** The statements of a member with these item keys, in that order (unknown keys left out). */
export const findByItemKeys = (member: Map<string, Stored>, itemKeys: ReadonlyArray<string>): ReadonlyArray<Stored> => {
  const byItemKey = new Map<string, Stored>()
  for (const stored of member.values()) byItemKey.set(stored.itemKey, stored)
  return itemKeys.flatMap((key) => {
    const found = byItemKey.get(key)
    return found === undefined ? [] : [found]
  })
}

/**
 * The receiver confirms the notification mail (the button of the mail-confirmation page): the first
 * confirmation sets `openYN`/`openDT`. Only an issued statement (300) has a mail to confirm.
 */
export const confirmOpened = (stored: Stored, now: number): Result.Result<Stored, SandboxFailure> => {
  const code = stateCodeOf(stored)
  if (code !== Rules.StateCode.Issued) return Result.fail(fail("StatementInvalidState", `stateCode ${code}; only an issued statement (300) has a notification mail`))
  if (!stored.openYN) {
    stored.openYN = true
    stored.openAt = now
  }
  return Result.succeed(stored)
}

/** What a handler works on: the member's statements, the outbox, kept answers and the time. */
export interface MemberContext {
  readonly state: StatementState
  readonly member: Map<string, Stored>
  readonly outbox: Array<Mail>
  readonly answers: AnswerCache
  readonly now: number
}

/**
 * Runs `f` on a member's statements in one synchronous step (the operations, the portal's pages
 * and the document-kind adapter).
 */
export const withMemberOf = memberView(statementSlot, ({ now, store }, state, environment, corpNum): MemberContext => ({
  state,
  member: memberOf(state, corpNum),
  outbox: store.get(outboxSlot, environment),
  answers: store.get(answersSlot, environment),
  now
}))

/**
 * Approves a pending statement (200 → 300) as the receiver's approval page would: the admin route
 * `POST /_sandbox/statements/approve` and `Sandbox.approveStatement`. Answers the statement.
 */
export const approveStatement = (
  environment: Environment,
  corpNum: string,
  itemCode: number,
  mgtKey: string
): Effect.Effect<Stored, SandboxFailure, RouteContext> =>
  withMemberOf({ environment, writes: true }, corpNum, (ctx) => approve(ctx.member, corpNum, itemCode, mgtKey, ctx.outbox, ctx.now))
