/**
 * The statement operations of the sandbox (docs/service.md and docs/decisions.md, "Statements"): issue (pending
 * approval when the member's preference asks for it), cancel, delete, status and detail queries,
 * document URLs, mass print and the notification mail, with real state per member. Bodies are
 * decoded with the domain's own schemas, so the sandbox refuses what the SDK refuses — except
 * fields it does not know (the misspelled `recieverTaxRegID` of the official examples), which it
 * ignores like the live service.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Operations from "../../domains/statement/Operations.js"
import type * as Rules from "../../domains/statement/Rules.js"
import { arrayOf, fingerprint } from "../AnswerCache.js"
import type { SandboxFailure } from "../Failure.js"
import { post } from "../Outbox.js"
import { memberPreference } from "../Preferences.js"
import { type Caller, implement, json, type Route, type RouteRequest, success } from "../Route.js"
import * as PortalLinks from "../PortalLinks.js"
import * as Records from "./Records.js"
import * as State from "./State.js"


/** The body never changes once issued: every other field makes the version. */
const UNCHANGING = new Set(["body"])

/** The status record of a statement, kept until any of its fields changes. */
const statusAnswer = (ctx: State.MemberContext, stored: State.Stored) =>
  ctx.answers.answer(stored, "status", fingerprint(stored, UNCHANGING), () => Records.statusRecord(stored))

/** The detail record of a statement, kept until any of its fields changes. */
const detailAnswer = (ctx: State.MemberContext, stored: State.Stored) =>
  ctx.answers.answer(stored, "detail", fingerprint(stored, UNCHANGING), () => Records.detailRecord(stored))

/** The decoded `{itemCode, mgtKey}` of a document operation. */
const documentOf = (request: { readonly parameters: Effect.Effect<{ readonly itemCode: string; readonly mgtKey: string }, SandboxFailure> }) =>
  Effect.map(request.parameters, ({ itemCode, mgtKey }) => ({ itemCode: Number(itemCode), mgtKey }))

/** A portal link to statements of the caller (`PortalLinks.ts`); a print page marks them printed by the sender. */
const linkTo = (request: RouteRequest, caller: Caller, page: Rules.UrlKind | "MASSPRINT", itemCode: number, documents: ReadonlyArray<State.Stored>) => {
  const printed = page === "PRINT" || page === "EPRINT" || page === "MASSPRINT"
    ? State.markPrinted(request.environment, caller.corpNum, documents)
    : Effect.void
  return Effect.andThen(
    printed,
    Effect.map(
      PortalLinks.url(request, { _tag: "Statement", corpNum: caller.corpNum, page, itemCode, itemKeys: documents.map((d) => d.itemKey) }),
      (url) => json({ url })
    )
  )
}

const urlRoute = (kind: Rules.UrlKind): Route =>
  implement(Operations.urlOperations[kind], (request, caller) =>
    Effect.flatMap(documentOf(request), ({ itemCode, mgtKey }) =>
      State.withMemberOf(request.environment, caller.corpNum, (ctx) => State.find(ctx.member, itemCode, mgtKey)).pipe(
        Effect.flatMap((stored) => linkTo(request, caller, kind, itemCode, [stored]))
      )))

const issueRoute = implement(Operations.RegistIssue, Effect.fnUntraced(function*(request, caller) {
  const body = yield* request.input
  const approvalRequired = (yield* memberPreference(request.environment, caller.corpNum, State.APPROVAL_PREFERENCE)) === true
  return yield* State.withMemberOf(request.environment, caller.corpNum, (ctx) =>
    Result.map(
      State.issue(ctx.state, caller.corpNum, body, approvalRequired, ctx.outbox, ctx.now),
      (stored) => json({ code: 1, message: request.language === "en" ? "Success" : "성공", invoiceNum: stored.invoiceNum })
    ))
}))

/**
 * The statement operations (scope: the item code, 121–126).
 *
 * @since 0.1.0
 * @category routes
 */
export const statementRoutes: ReadonlyArray<Route> = [
  issueRoute,
  implement(Operations.Cancel, Effect.fnUntraced(function*(request, caller) {
    const { itemCode, mgtKey } = yield* documentOf(request)
    const { memo } = yield* request.input
    return yield* State.withMemberOf(request.environment, caller.corpNum, (ctx) =>
      Result.map(State.cancel(ctx.member, itemCode, mgtKey, memo, ctx.now), () => success(request)))
  })),
  implement(Operations.Delete, (request, caller) =>
    Effect.flatMap(documentOf(request), ({ itemCode, mgtKey }) =>
      State.withMemberOf(request.environment, caller.corpNum, (ctx) =>
        // An empty 200 crashes a popular client; Delete answers {code, message} too.
        Result.map(State.remove(ctx.member, itemCode, mgtKey), () => success(request))))),
  implement(Operations.GetInfo, (request, caller) =>
    Effect.flatMap(documentOf(request), ({ itemCode, mgtKey }) =>
      State.withMemberOf(request.environment, caller.corpNum, (ctx) =>
        Result.map(State.find(ctx.member, itemCode, mgtKey), (s) => statusAnswer(ctx, s))))),
  implement(Operations.GetInfos, Effect.fnUntraced(function*(request, caller) {
    const { itemCode } = yield* request.parameters
    const mgtKeys = yield* request.input
    return yield* State.withMemberOf(request.environment, caller.corpNum, (ctx) =>
      // Unknown document IDs are left out; the others answer in the order asked.
      Result.succeed(arrayOf(mgtKeys.flatMap((mgtKey) =>
        Result.match(State.find(ctx.member, Number(itemCode), mgtKey), { onFailure: () => [], onSuccess: (s) => [statusAnswer(ctx, s)] })
      ))))
  })),
  implement(Operations.GetDetailInfo, (request, caller) =>
    Effect.flatMap(documentOf(request), ({ itemCode, mgtKey }) =>
      State.withMemberOf(request.environment, caller.corpNum, (ctx) =>
        Result.map(State.find(ctx.member, itemCode, mgtKey), (s) => detailAnswer(ctx, s))))),
  urlRoute("POPUP"),
  urlRoute("VIEW"),
  urlRoute("PRINT"),
  urlRoute("EPRINT"),
  urlRoute("MAIL"),
  implement(Operations.GetMassPrintURL, Effect.fnUntraced(function*(request, caller) {
    const itemCode = Number((yield* request.parameters).itemCode)
    const mgtKeys = yield* request.input
    const documents = yield* State.withMemberOf(request.environment, caller.corpNum, (ctx) =>
      Result.all(mgtKeys.map((mgtKey) => State.find(ctx.member, itemCode, mgtKey))))
    return yield* linkTo(request, caller, "MASSPRINT", itemCode, documents)
  })),
  implement(Operations.SendEmail, Effect.fnUntraced(function*(request, caller) {
    const { itemCode, mgtKey } = yield* documentOf(request)
    const { receiver } = yield* request.input
    return yield* State.withMemberOf(request.environment, caller.corpNum, (ctx) =>
      Result.map(State.find(ctx.member, itemCode, mgtKey), (stored) => {
        post(ctx.outbox, {
          corpNum: caller.corpNum,
          operation: Operations.SendEmail.name,
          document: State.keyOf(itemCode, mgtKey),
          receiver,
          subject: State.mailSubject(stored)
        }, ctx.now)
        return success(request)
      }))
  }))
]
