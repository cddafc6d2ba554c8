/**
 * Statement state of one environment (docs/decisions.md "Statements"): the statements of each
 * member (a member sees only its own), keyed by item code and document ID. 300 issued, or 200 pending approval when the member's `statementApprovalRequired`
 * preference is set; approval 200 → 300; Cancel 200/300 → 600; Delete only in 600, after which
 * the document ID is free again. Every function here changes the state synchronously (Store.ts).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Kst from "../../core/Kst.js"
import * as Rules from "../../domains/statement/Rules.js"
import type { StatementIssue } from "../../domains/statement/Schemas.js"
import { type AnswerCache, answersSlot } from "../AnswerCache.js"
import { fail, type SandboxFailure } from "../Failure.js"
import { type MemberView, memberView } from "../HandlerContext.js"
import type { RouteContext } from "../Route.js"
import { changed, codec, Lazy } from "../Durable.js"
import { type Mail, outboxSlot, post } from "../Outbox.js"
import { type Environment, SandboxStore, slot } from "../Store.js"

/**
 * The member preference that makes new statements wait for approval (200).
 *
 * @since 0.1.0
 * @category constants
 */
export const APPROVAL_PREFERENCE = "statementApprovalRequired"

/**
 * A statement as stored: the issue body, plus what the service assigns.
 *
 * @since 0.1.0
 * @category models
 */
export interface Stored {
  readonly body: StatementIssue
  readonly itemKey: string
  readonly invoiceNum: string
  readonly registeredAt: number
  issuedAt: number | undefined
  stateCode: number
  stateAt: number
  stateMemo: string | undefined
  senderPrintYN: boolean
  receiverPrintYN: boolean
  openYN: boolean
  openAt: number | undefined
}

/**
 * The statement state of one environment.
 *
 * @since 0.1.0
 * @category models
 */
export interface StatementState {
  readonly members: Map<string, Map<string, Stored>>
  /** Sequence of everything numbered (item keys, invoice numbers). */
  sequence: number
}

/**
 * The store slot of statements.
 *
 * @since 0.1.0
 * @category constants
 */
export const statementSlot = slot<StatementState>("statement", () => ({ members: new Map(), sequence: 0 }))

/**
 * The statements of a member, created empty on first use.
 *
 * @since 0.1.0
 * @category combinators
 */
export const memberOf = (state: StatementState, corpNum: string): Map<string, Stored> => {
  let member = state.members.get(corpNum)
  if (member === undefined) {
    member = new Map()
    state.members.set(corpNum, member)
  }
  // Whoever asks for a member's statements may change them in this step.
  changed(state, corpNum)
  return member
}

/**
 * A statement's key within its member: a document ID is unique per item code.
 *
 * @since 0.1.0
 * @category combinators
 */
export const keyOf = (itemCode: number, mgtKey: string): string => `${itemCode}/${mgtKey}`

const next = (state: StatementState): number => ++state.sequence

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"

/** 16 characters of [0-9a-z], distinct per sequence number (a bijection mod 36^16 would do; this suffices). */
const base36 = (n: number, width: number): string => {
  let out = ""
  let v = n
  for (let i = 0; i < width; i++) {
    out = ALPHABET[v % 36]! + out
    v = Math.floor(v / 36)
  }
  return out
}

/**
 * Finds a statement of the member; `StatementNotFound` (-12000004) when there is none.
 *
 * @since 0.1.0
 * @category combinators
 */
export const find = (member: Map<string, Stored>, itemCode: number, mgtKey: string): Result.Result<Stored, SandboxFailure> => {
  const found = member.get(keyOf(itemCode, mgtKey))
  return found === undefined ? Result.fail(fail("StatementNotFound", `${itemCode} ${mgtKey}`)) : Result.succeed(found)
}

/**
 * The subject of a statement's notification mail: the body's `emailSubject`, or the service's default.
 *
 * @since 0.1.0
 * @category combinators
 */
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
 *
 * @since 0.1.0
 * @category combinators
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
  const stamp = Kst.toDateTime14(now)
  const stored: Stored = {
    body,
    itemKey: `${stamp.slice(2)}${String(n % 1_000_000).padStart(6, "0")}`,
    invoiceNum: `${stamp.slice(0, 8)}${body.itemCode}${base36(n * 7_919, 13)}`,
    registeredAt: now,
    issuedAt: approvalRequired ? undefined : now,
    stateCode: approvalRequired ? Rules.StateCode.PendingApproval : Rules.StateCode.Issued,
    stateAt: now,
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

/**
 * The receiver approves a pending statement: 200 → 300 (notification mail sent).
 *
 * @since 0.1.0
 * @category combinators
 */
export const approve = (
  member: Map<string, Stored>,
  corpNum: string,
  itemCode: number,
  mgtKey: string,
  outbox: Array<Mail>,
  now: number
): Result.Result<Stored, SandboxFailure> =>
  Result.flatMap(find(member, itemCode, mgtKey), (stored) => {
    if (stored.stateCode !== Rules.StateCode.PendingApproval) {
      return Result.fail(fail("StatementInvalidState", `stateCode ${stored.stateCode}; only 200 can be approved`))
    }
    stored.stateCode = Rules.StateCode.Issued
    stored.issuedAt = now
    stored.stateAt = now
    notify(outbox, corpNum, stored, now, "Sandbox.ApproveStatement")
    return Result.succeed(stored)
  })

/**
 * Cancels a pending or issued statement (200/300 → 600), keeping the memo.
 *
 * @since 0.1.0
 * @category combinators
 */
export const cancel = (
  member: Map<string, Stored>,
  itemCode: number,
  mgtKey: string,
  memo: string | undefined,
  now: number
): Result.Result<Stored, SandboxFailure> =>
  Result.flatMap(find(member, itemCode, mgtKey), (stored) => {
    if (stored.stateCode !== Rules.StateCode.Issued && stored.stateCode !== Rules.StateCode.PendingApproval) {
      return Result.fail(fail("StatementInvalidState", `stateCode ${stored.stateCode}; only 200 or 300 can be cancelled`))
    }
    stored.stateCode = Rules.StateCode.Cancelled
    stored.stateAt = now
    stored.stateMemo = memo
    return Result.succeed(stored)
  })

/**
 * Deletes a cancelled statement (600); its document ID is free again.
 *
 * @since 0.1.0
 * @category combinators
 */
export const remove = (member: Map<string, Stored>, itemCode: number, mgtKey: string): Result.Result<void, SandboxFailure> =>
  Result.flatMap(find(member, itemCode, mgtKey), (stored) => {
    if (stored.stateCode !== Rules.StateCode.Cancelled) {
      return Result.fail(fail("StatementInvalidState", `stateCode ${stored.stateCode}; only 600 can be deleted`))
    }
    member.delete(keyOf(itemCode, mgtKey))
    return Result.void
  })

/**
 * A print URL (PRINT, EPRINT, mass print) was handed out for these statements: the sender printed them.
 *
 * @since 0.1.0
 * @category combinators
 */
export const markPrinted = (environment: Environment, corpNum: string, documents: ReadonlyArray<Stored>): Effect.Effect<void, never, SandboxStore> =>
  SandboxStore.useSync((store) => {
    for (const d of documents) d.senderPrintYN = true
    changed(store.get(statementSlot, environment), corpNum)
  })

/**
 * The statements of a member with these item keys, in that order (unknown keys left out).
 *
 * @since 0.1.0
 * @category combinators
 */
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
 *
 * @since 0.1.0
 * @category combinators
 */
export const confirmOpened = (stored: Stored, now: number): Result.Result<Stored, SandboxFailure> => {
  if (stored.stateCode !== Rules.StateCode.Issued) {
    return Result.fail(fail("StatementInvalidState", `stateCode ${stored.stateCode}; only an issued statement (300) has a notification mail`))
  }
  if (!stored.openYN) {
    stored.openYN = true
    stored.openAt = now
  }
  return Result.succeed(stored)
}

/**
 * What a handler works on: the member's statements, the outbox, kept answers and the time.
 *
 * @since 0.1.0
 * @category models
 */
export interface MemberContext {
  readonly state: StatementState
  readonly member: Map<string, Stored>
  readonly outbox: Array<Mail>
  readonly answers: AnswerCache
  readonly now: number
}

/**
 * Runs `f` on a member's statements in one synchronous step (the operations and the portal's pages).
 *
 * @since 0.1.0
 * @category combinators
 */
export const withMemberOf: MemberView<MemberContext> = memberView(({ now, store }, environment, corpNum): MemberContext => {
  const state = store.get(statementSlot, environment)
  return {
    state,
    member: memberOf(state, corpNum),
    outbox: store.get(outboxSlot, environment),
    answers: store.get(answersSlot, environment),
    now
  }
})

/**
 * Approves a pending statement (200 → 300) as the receiver's approval page would: the admin route
 * `POST /_sandbox/statements/approve` and `Sandbox.approveStatement`. Answers the statement.
 *
 * @since 0.1.0
 * @category combinators
 */
export const approveStatement = (
  environment: Environment,
  corpNum: string,
  itemCode: number,
  mgtKey: string
): Effect.Effect<Stored, SandboxFailure, RouteContext> =>
  withMemberOf(environment, corpNum, (ctx) => approve(ctx.member, corpNum, itemCode, mgtKey, ctx.outbox, ctx.now))

/**
 * How statements are kept on disk: one row per statement of each member; the sequence is a global.
 *
 * @since 0.1.0
 * @category constants
 */
export const statementCodec = codec({
  slot: statementSlot,
  parts: (state) => state.members.keys(),
  rows: (state, corpNum) => Array.from(state.members.get(corpNum)?.entries() ?? [], ([key, stored]) => [key, new Lazy(stored, () => stored)] as const),
  globals: (state) => ({ sequence: state.sequence }),
  load: (_environment, parts, globals): StatementState => {
    const state: StatementState = { members: new Map(), sequence: (globals as { readonly sequence?: number } | undefined)?.sequence ?? 0 }
    for (const [corpNum, rows] of parts) {
      const member = new Map<string, Stored>()
      const ordered = Array.from(rows, ([key, row]) => [key, { ...(row as Stored) }] as const)
        // Issue order: the instant, then the item key (whose last digits are the sequence).
        .sort((a, b) => a[1].registeredAt - b[1].registeredAt || (a[1].itemKey < b[1].itemKey ? -1 : 1))
      for (const [key, stored] of ordered) member.set(key, stored)
      state.members.set(corpNum, member)
    }
    return state
  }
})
