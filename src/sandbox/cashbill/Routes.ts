/**
 * The cash receipt operations of the sandbox (docs/service.md and docs/decisions.md, "Cash receipts"): issue,
 * revoke, bulk issue with result polling, delete, status and detail queries, portal URLs and PDF,
 * with real state per member. Bodies are validated with the domain's own input schemas, so the
 * sandbox refuses what the SDK refuses; the trade-time window is judged on the sandbox clock.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Operations from "../../domains/cashbill/Operations.js"
import * as Rules from "../../domains/cashbill/Rules.js"
import { fingerprint } from "../durable/Durable.js"
import { bulkRoutes } from "../documents/Bulk.js"
import { SandboxClock } from "../Clock.js"
import { queryRoutes } from "../documents/DocumentRoutes.js"
import { fail, type SandboxFailure } from "../Failure.js"
import * as PortalLinks from "../documents/PortalLinks.js"
import { advance } from "../Progression.js"
import { implement, json, pdf, read, type Route, type RouteRequest, success } from "../routing/Route.js"
import { courseOf } from "./Filing.js"
import { receiptDocument } from "./Pdf.js"
import * as Records from "./Records.js"
import * as State from "./State.js"
import { UNCHANGING } from "./Stored.js"

const checkTradeDT = (tradeDT: string | undefined) =>
  Effect.flatMap(SandboxClock.use((clock) => clock.now), (now) =>
    Rules.tradeDTValid(tradeDT, now) ? Effect.void : Effect.fail(fail("CashbillInvalidTradeDT", tradeDT)))

const issued = (request: RouteRequest, receipt: State.Receipt) =>
  success(request, { confirmNum: receipt.confirmNum, tradeDate: receipt.tradeDate, tradeDT: receipt.tradeDT })

const find = (ctx: State.MemberContext, mgtKey: string): Result.Result<State.Receipt, SandboxFailure> => {
  const receipt = ctx.member.receipts.get(mgtKey)
  return receipt === undefined ? Result.fail(fail("CashbillNotFound", mgtKey)) : Result.succeed(receipt)
}

/** A receipt as a query sees it: its filing brought up to date, the query counted as a poll (`AfterPolls`). */
const observe = (ctx: State.MemberContext, receipt: State.Receipt): State.Receipt => {
  advance(receipt, courseOf(receipt, ctx.filing), ctx.now, true)
  return receipt
}

const BulkEnvelope = Schema.Struct({ cashbills: Schema.Array(Schema.Unknown) })

/**
 * The cash receipt operations (scope 140). GetURL hands out a portal link (`PortalLinks.ts`): the
 * receipt box (PBOX) or the issue form (WRITE); the URL operations of a receipt (POPUP … PDF) and
 * mass print, links to the receipts' pages.
 */
export const cashbillRoutes: ReadonlyArray<Route> = [
  implement(Operations.RegistIssue, Effect.fnUntraced(function*(request, caller) {
    const body = yield* request.input
    return yield* State.withMemberOf(request, caller.corpNum, (ctx) =>
      Result.map(State.issueReceipt(ctx.state, ctx.member, body, ctx.now), (receipt) => issued(request, receipt)))
  })),
  implement(Operations.RevokeRegistIssue, Effect.fnUntraced(function*(request, caller) {
    const body = yield* request.input
    yield* checkTradeDT(body.tradeDT)
    return yield* State.withMemberOf(request, caller.corpNum, (ctx) =>
      Result.map(State.revoke(ctx.state, ctx.member, body, ctx.filing, ctx.now), (receipt) => issued(request, receipt)))
  })),
  ...bulkRoutes({
    submit: Operations.BulkSubmit,
    result: Operations.GetBulkResult,
    view: State.withMemberOf,
    envelope: BulkEnvelope,
    items: (envelope) => envelope.cashbills,
    max: Rules.BULK_MAX,
    item: Records.bulkItemRecord
  }),
  implement(Operations.Delete, (request, caller) =>
    State.withMemberOf(request, caller.corpNum, (ctx) =>
      Result.map(State.remove(ctx.state, ctx.member, request.params.mgtKey, ctx.filing, ctx.now), () => success(request)))),
  ...queryRoutes({
    view: State.withMemberOf,
    keys: (request) => Effect.succeed((mgtKey) => mgtKey ?? request.params["mgtKey"]!),
    find,
    observe,
    // The records are kept until one of the receipt's changing fields (its filing, …) changes.
    status: (ctx, receipt, language) => ctx.answers.answer(receipt, language, fingerprint(receipt, UNCHANGING), () => Records.statusRecord(receipt, language)),
    detail: (ctx, receipt) => ctx.answers.answer(receipt, "detail", fingerprint(receipt, UNCHANGING), () => Records.detailRecord(receipt)),
    itemKey: (receipt) => receipt.itemKey,
    target: (corpNum, page, _key, itemKeys) => ({ _tag: "CashbillPage", corpNum, page, itemKeys })
  }, {
    getInfo: Operations.GetInfo,
    getInfos: Operations.GetInfos,
    getDetailInfo: Operations.GetDetailInfo,
    urls: Rules.URL_KINDS.map((kind) => [Operations.urlOperations[kind], kind] as const),
    massPrint: Operations.GetMassPrintURL
  }),
  read(Operations.GetPDF, (request, caller) =>
    State.withMemberOf(request, caller.corpNum, (ctx) => Result.map(find(ctx, request.params.mgtKey), (r) => pdf(receiptDocument(observe(ctx, r)))))),
  implement(Operations.GetURL, (request, caller) =>
    Effect.flatMap(request.parameters, ({ TG: menu }) =>
      Effect.map(
        PortalLinks.url(request, { _tag: menu === "PBOX" ? "CashbillBox" : "CashbillWrite", corpNum: caller.corpNum }),
        (url) => json({ url })
      )))
]
