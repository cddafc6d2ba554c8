/**
 * The statement operations of the sandbox (docs/service.md and docs/decisions.md, "Statements"): issue (pending
 * approval when the member's preference asks for it), cancel, delete, status and detail queries,
 * document URLs, mass print and the notification mail, with real state per member. Bodies are
 * decoded with the domain's own schemas, so the sandbox refuses what the SDK refuses — except
 * fields it does not know (the misspelled `recieverTaxRegID` of the official examples), which it
 * ignores like the live service.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Operations from "../../domains/statement/Operations.js"
import * as Rules from "../../domains/statement/Rules.js"
import { fingerprint } from "../durable/Durable.js"
import { queryRoutes, type QueryRequest } from "../documents/DocumentRoutes.js"
import { post } from "../Outbox.js"
import { memberPreference } from "../Preferences.js"
import { implement, type Route, success } from "../routing/Route.js"
import * as Records from "./Records.js"
import * as State from "./State.js"

/** The body never changes once issued: every other field makes the version. */
const UNCHANGING = new Set(["body"])

/** How a request names statements: its item code, and the document ID in its path (or `mgtKey`, one of a list). */
const keysOf = (request: QueryRequest) =>
  Effect.map(request.parameters, (parameters) => {
    const declared = parameters as { readonly itemCode: string; readonly mgtKey?: string }
    return (mgtKey?: string) => ({ itemCode: Number(declared.itemCode), mgtKey: mgtKey ?? declared.mgtKey! })
  })

/** The statement a request's path names. */
const keyOf = (request: QueryRequest) => Effect.map(keysOf(request), (keyOf) => keyOf())

/** The statement operations (scope: the item code, 121–126). */
export const statementRoutes: ReadonlyArray<Route> = [
  implement(Operations.RegistIssue, Effect.fnUntraced(function*(request, caller) {
    const body = yield* request.input
    const approvalRequired = (yield* memberPreference(request.environment, caller.corpNum, State.APPROVAL_PREFERENCE)) === true
    return yield* State.withMemberOf(request, caller.corpNum, (ctx) =>
      Result.map(
        State.issue(ctx.state, caller.corpNum, body, approvalRequired, ctx.outbox, ctx.now),
        (stored) => success(request, { invoiceNum: stored.invoiceNum })
      ))
  })),
  implement(Operations.Cancel, Effect.fnUntraced(function*(request, caller) {
    const { itemCode, mgtKey } = yield* keyOf(request)
    const { memo } = yield* request.input
    return yield* State.withMemberOf(request, caller.corpNum, (ctx) =>
      Result.map(State.cancel(ctx.member, itemCode, mgtKey, memo, ctx.now), () => success(request)))
  })),
  implement(Operations.Delete, (request, caller) =>
    Effect.flatMap(keyOf(request), ({ itemCode, mgtKey }) =>
      State.withMemberOf(request, caller.corpNum, (ctx) =>
        // An empty 200 crashes a popular client; Delete answers {code, message} too.
        Result.map(State.remove(ctx.member, itemCode, mgtKey), () => success(request))))),
  ...queryRoutes({
    view: State.withMemberOf,
    keys: keysOf,
    find: (ctx, { itemCode, mgtKey }) => State.find(ctx.member, itemCode, mgtKey),
    observe: (_ctx, stored) => stored,
    // Kept until any of its fields changes.
    status: (ctx, stored) => ctx.answers.answer(stored, "status", fingerprint(stored, UNCHANGING), () => Records.statusRecord(stored)),
    detail: (ctx, stored) => ctx.answers.answer(stored, "detail", fingerprint(stored, UNCHANGING), () => Records.detailRecord(stored)),
    itemKey: (stored) => stored.itemKey,
    target: (corpNum, page, key, itemKeys) => ({ _tag: "Statement", corpNum, page: page as Rules.UrlKind | "MASSPRINT", itemCode: key!.itemCode, itemKeys }),
    // A print page handed out: the sender printed them.
    linked: (page, documents) => {
      if (page === "PRINT" || page === "EPRINT" || page === "MASSPRINT") for (const stored of documents) stored.senderPrintYN = true
    }
  }, {
    getInfo: Operations.GetInfo,
    getInfos: Operations.GetInfos,
    getDetailInfo: Operations.GetDetailInfo,
    urls: Rules.URL_KINDS.map((kind) => [Operations.urlOperations[kind], kind] as const),
    massPrint: Operations.GetMassPrintURL
  }),
  implement(Operations.SendEmail, Effect.fnUntraced(function*(request, caller) {
    const { itemCode, mgtKey } = yield* keyOf(request)
    const { receiver } = yield* request.input
    return yield* State.withMemberOf(request, caller.corpNum, (ctx) =>
      Result.map(State.find(ctx.member, itemCode, mgtKey), (stored) => {
        post(ctx.outbox, { corpNum: caller.corpNum, operation: Operations.SendEmail.name, document: State.keyOf(itemCode, mgtKey), receiver, subject: State.mailSubject(stored) }, ctx.now)
        return success(request)
      }))
  }))
]
