/**
 * The cash receipt operations of the sandbox (docs/service.md and docs/decisions.md, "Cash receipts"): issue,
 * revoke, bulk issue with result polling, delete, status and detail queries, portal URLs and PDF,
 * with real state per member. Bodies are validated with the domain's own input schemas, so the
 * sandbox refuses what the SDK refuses; the trade-time window is judged on the sandbox clock.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { messageDigest } from "../../core/Signing.js"
import * as Rules from "../../domains/cashbill/Rules.js"
import * as Operations from "../../domains/cashbill/Operations.js"
import * as Operation from "../../core/Operation.js"
import { arrayOf, fingerprint } from "../AnswerCache.js"
import { SandboxClock } from "../Clock.js"
import { fail, type SandboxFailure } from "../Failure.js"
import {
  type Answer,
  bodyJson,
  type Caller,
  decodeValue,
  implement,
  json,
  pdf,
  type Route,
  type RouteRequest,
  success
} from "../Route.js"
import * as PortalLinks from "../PortalLinks.js"
import { receiptDocument } from "./Pdf.js"
import * as Filing from "./Filing.js"
import * as Records from "./Records.js"
import { UNCHANGING } from "./Stored.js"
import * as State from "./State.js"

const okMessage = (request: RouteRequest): string => (request.language === "en" ? "Success" : "성공")

const nowMillis = SandboxClock.use((clock) => clock.now)

const withMember = <A>(request: RouteRequest, caller: Caller, f: (ctx: State.MemberContext) => Result.Result<A, SandboxFailure>) =>
  State.withMemberOf(request.environment, caller.corpNum, f)

/** A receipt read by a query: the read counts for the `AfterPolls` filing policy. */
const read = (ctx: State.MemberContext, mgtKey: string): Result.Result<State.Receipt, SandboxFailure> => {
  const receipt = ctx.member.receipts.get(mgtKey)
  if (receipt === undefined) return Result.fail(fail("CashbillNotFound", mgtKey))
  receipt.polls += 1
  return Result.succeed(Filing.advanceFiling(receipt, ctx.filing, ctx.now))
}

/** The status record of a receipt, kept until one of its changing fields (its filing, …) changes. */
const statusAnswer = (ctx: State.MemberContext, receipt: State.Receipt, language: "ko" | "en") =>
  ctx.answers.answer(receipt, language, fingerprint(receipt, UNCHANGING), () => Records.statusRecord(receipt, language))

/** The detail record of a receipt, kept the same way. */
const detailAnswer = (ctx: State.MemberContext, receipt: State.Receipt) =>
  ctx.answers.answer(receipt, "detail", fingerprint(receipt, UNCHANGING), () => Records.detailRecord(receipt))

const checkTradeDT = (tradeDT: string | undefined) =>
  Effect.flatMap(nowMillis, (now) =>
    Rules.tradeDTValid(tradeDT, now) ? Effect.void : Effect.fail(fail("CashbillInvalidTradeDT", tradeDT)))

const issueAnswer = (request: RouteRequest, receipt: State.Receipt): Answer<typeof Operations.RegistIssue> =>
  json({ code: 1, message: okMessage(request), confirmNum: receipt.confirmNum, tradeDate: receipt.tradeDate, tradeDT: receipt.tradeDT })

const BulkEnvelope = Schema.Struct({ cashbills: Schema.Array(Schema.Unknown) })

/** The item key of a receipt a link will show (looking it up is not a query: no poll is counted). */
const itemKeyOf = (ctx: State.MemberContext, mgtKey: string): Result.Result<string, SandboxFailure> => {
  const receipt = ctx.member.receipts.get(mgtKey)
  return receipt === undefined ? Result.fail(fail("CashbillNotFound", mgtKey)) : Result.succeed(receipt.itemKey)
}

/** A portal link to receipts of the caller (`PortalLinks.ts`). */
const pageLink = (request: RouteRequest, caller: Caller, page: PortalLinks.DocumentPage, mgtKeys: ReadonlyArray<string>) =>
  withMember(request, caller, (ctx) => Result.all(mgtKeys.map((key) => itemKeyOf(ctx, key)))).pipe(
    Effect.flatMap((itemKeys) => PortalLinks.url(request, { _tag: "CashbillPage", corpNum: caller.corpNum, page, itemKeys })),
    Effect.map((url) => json({ url }))
  )

const urlRoute = (kind: Rules.UrlKind): Route =>
  implement(Operations.urlOperations[kind], (request, caller) => pageLink(request, caller, kind, [request.params.mgtKey]))

/**
 * The cash receipt operations (scope 140). GetURL hands out a portal link (`PortalLinks.ts`): the
 * receipt box (PBOX) or the issue form (WRITE); the URL operations of a receipt (POPUP … PDF) and
 * mass print, links to the receipts' pages.
 *
 * @since 0.1.0
 * @category routes
 */
export const cashbillRoutes: ReadonlyArray<Route> = [
  implement(Operations.RegistIssue, Effect.fnUntraced(function*(request, caller) {
    const body = yield* request.input
    return yield* withMember(request, caller, (ctx) =>
      Result.map(State.issueReceipt(ctx.state, ctx.member, body, ctx.now), (receipt) => issueAnswer(request, receipt)))
  })),
  implement(Operations.RevokeRegistIssue, Effect.fnUntraced(function*(request, caller) {
    const body = yield* request.input
    yield* checkTradeDT(body.tradeDT)
    return yield* withMember(request, caller, (ctx) =>
      Result.map(State.revoke(ctx.state, ctx.member, body, ctx.filing, ctx.now), (receipt) => issueAnswer(request, receipt)))
  })),
  implement(Operations.BulkSubmit, Effect.fnUntraced(function*(request, caller) {
    const { submitID } = yield* Effect.mapError(request.parameters, () => fail("BulkSubmitIdInvalid", request.headers[Operation.SUBMIT_ID_HEADER]))
    // The digest is over the raw bytes received, never a re-serialisation (docs/service.md "Signing and digests").
    const digest = messageDigest(request.body)
    if (request.headers[Operation.DIGEST_HEADER] !== digest) return yield* fail("BulkDigestMismatch")
    // Each receipt is judged on its own when the submission is processed; only the envelope here.
    const envelope = yield* Effect.flatMap(bodyJson(request), (input) => decodeValue(input, BulkEnvelope))
    return yield* withMember(request, caller, (ctx) => {
      const existing = ctx.member.bulks.get(submitID)
      if (existing !== undefined) {
        // Same ID and digest: a safe retry answers the original receipt ID (docs/decisions.md "Cash receipts").
        return existing.digest === digest
          ? Result.succeed(json({ code: 1, message: okMessage(request), receiptID: existing.receiptID }))
          : Result.fail(fail("BulkSubmitIdReused", submitID))
      }
      const count = envelope.cashbills.length
      if (count < 1 || count > Rules.BULK_MAX) return Result.fail(fail("BulkTooMany", String(count)))
      const bulk: State.Bulk = {
        submitID,
        receiptID: State.identifier(ctx.state, `bulk/${submitID}`),
        digest,
        receivedAt: ctx.now,
        submitCount: envelope.cashbills.length,
        items: envelope.cashbills,
        polls: 0,
        stage: 0,
        startedAt: undefined,
        completedAt: undefined,
        results: undefined
      }
      const submitted = State.advance(bulk, ctx.bulk, ctx.now, false, State.processItem(ctx))
      ctx.member.bulks.set(submitID, submitted)
      if (submitted.results === undefined) ctx.member.pendingBulks.add(submitted)
      return Result.succeed(json({ code: 1, message: okMessage(request), receiptID: bulk.receiptID }))
    })
  })),
  implement(Operations.GetBulkResult, (request, caller) =>
    withMember(request, caller, (ctx) => {
      const bulk = ctx.member.bulks.get(request.params.submitID)
      if (bulk === undefined) return Result.fail(fail("BulkNotFound", request.params.submitID))
      State.advance(bulk, ctx.bulk, ctx.now, true, State.processItem(ctx))
      // The record changes only with the stage (results come with stage 2, then never change).
      return Result.succeed(ctx.answers.answer(bulk, request.language, bulk.stage, () => Records.bulkResultRecord(bulk, request.language)))
    })),
  implement(Operations.Delete, (request, caller) =>
    withMember(request, caller, (ctx) =>
      Result.map(State.remove(ctx.state, ctx.member, request.params.mgtKey, ctx.filing, ctx.now), () => success(request)))),
  implement(Operations.GetInfo, (request, caller) =>
    withMember(request, caller, (ctx) => Result.map(read(ctx, request.params.mgtKey), (r) => statusAnswer(ctx, r, request.language)))),
  implement(Operations.GetInfos, (request, caller) =>
    Effect.flatMap(request.input, (mgtKeys) =>
      withMember(request, caller, (ctx) =>
        // Unknown document IDs are left out; the others answer in the order asked.
        Result.succeed(arrayOf(mgtKeys.flatMap((key) => {
          const found = read(ctx, key)
          return Result.isSuccess(found) ? [statusAnswer(ctx, found.success, request.language)] : []
        })))))),
  implement(Operations.GetDetailInfo, (request, caller) =>
    withMember(request, caller, (ctx) => Result.map(read(ctx, request.params.mgtKey), (r) => detailAnswer(ctx, r)))),
  implement(Operations.GetPDF, (request, caller) =>
    withMember(request, caller, (ctx) => Result.map(read(ctx, request.params.mgtKey), (r) => pdf(receiptDocument(r))))),
  implement(Operations.GetURL, (request, caller) =>
    Effect.flatMap(request.parameters, ({ TG: menu }) =>
      Effect.map(
        PortalLinks.url(request, { _tag: menu === "PBOX" ? "CashbillBox" : "CashbillWrite", corpNum: caller.corpNum }),
        (url) => json({ url })
      ))),
  ...Rules.URL_KINDS.map(urlRoute),
  implement(Operations.GetMassPrintURL, (request, caller) => Effect.flatMap(request.input, (mgtKeys) => pageLink(request, caller, "MASSPRINT", mgtKeys)))
]
