/**
 * The e-Tax invoice operations of the sandbox (docs/service.md and docs/decisions.md, "e-Tax invoices"): drafts,
 * files, issue with the due-date rule, filing along the `taxinvoice.filing` progression, status and
 * detail records, URL operations (links to the portal's pages), mail resend, AssignMgtKey, bulk issue.
 * Bodies are validated with the domain's own input schemas (unknown fields ignored, `null` taken for
 * absent, as the service does), so the sandbox refuses what the SDK refuses; writeDate and the due date are
 * judged on document time.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Kst from "../../core/Kst.js"
import { optional } from "../../core/Schemas.js"
import * as Operations from "../../domains/taxinvoice/Operations.js"
import * as Rules from "../../domains/taxinvoice/Rules.js"
import { fingerprint } from "../durable/Durable.js"
import { bulkRoutes } from "../documents/Bulk.js"
import { queryRoutes } from "../documents/DocumentRoutes.js"
import { fail } from "../Failure.js"
import { implement, json, read, type Route, success } from "../routing/Route.js"
import { advanceFiling } from "./IssuedIndexes.js"
import * as Records from "./Records.js"
import * as State from "./State.js"

/** The document a request names by its path: `/Taxinvoice/{MgtKeyType}/{MgtKey}…`. */
const keyParams = (request: { readonly params: { readonly MgtKeyType: string; readonly MgtKey: string } }) =>
  [request.params.MgtKeyType, request.params.MgtKey] as const

/** The draft never changes: every other field makes the version. */
const UNCHANGING = new Set(["draft"])

const IssueEnvelope = Schema.Struct({ invoices: Schema.Array(Schema.Unknown), forceIssue: optional(Schema.Boolean) })

/**
 * The e-Tax invoice operations (scope 110). The URL operations hand out portal links
 * (`PortalLinks.ts`).
 */
export const taxinvoiceRoutes: ReadonlyArray<Route> = [
  implement(Operations.Register, Effect.fnUntraced(function*(request, caller) {
    const draft = yield* request.input
    return yield* State.withMemberOf(request, caller.corpNum, (ctx) =>
      Result.map(State.register(ctx.state, ctx.member, caller.corpNum, draft, ctx.now), () => success(request)))
  })),
  implement(Operations.AttachFile, Effect.fnUntraced(function*(request, caller) {
    const file = yield* Effect.mapError(request.input, (failure) =>
      failure.detail?.includes("maxBytes") === true ? fail("TaxinvoiceFileTooLarge", `at most ${Rules.MAX_FILE_BYTES} bytes`) : failure)
    return yield* State.withMemberOf(request, caller.corpNum, (ctx) =>
      Result.flatMap(State.find(ctx.member, ...keyParams(request)), (invoice) =>
        Result.map(State.attach(ctx.state, invoice, file, ctx.now), () => success(request))))
  })),
  implement(Operations.Issue, Effect.fnUntraced(function*(request, caller) {
    // An empty body stands for no options.
    const body = request.body.length === 0 ? {} : yield* request.input
    return yield* State.withMemberOf(request, caller.corpNum, (ctx) =>
      Result.flatMap(State.find(ctx.member, ...keyParams(request)), (invoice) =>
        Result.map(State.issue(ctx.state, ctx.outbox, invoice, body, ctx.now), (issued) =>
          success(request, { ntsConfirmNum: issued.ntsconfirmNum, issueDT: Kst.toDateTime14(issued.at) }))))
  })),
  read(Operations.GetFiles, (request, caller) =>
    State.withMemberOf(request, caller.corpNum, (ctx) =>
      Result.map(State.find(ctx.member, ...keyParams(request)), (invoice) => json(invoice.files.map(Records.fileRecord))))),
  implement(Operations.DeleteFile, (request, caller) =>
    State.withMemberOf(request, caller.corpNum, (ctx) =>
      Result.flatMap(State.find(ctx.member, ...keyParams(request)), (invoice) =>
        Result.map(State.deleteFile(invoice, request.params.FileID), () => success(request))))),
  ...queryRoutes({
    view: State.withMemberOf,
    keys: (request) => Effect.succeed((mgtKey) => [request.params["MgtKeyType"]!, mgtKey ?? request.params["MgtKey"]!] as const),
    find: (ctx, [mgtKeyType, mgtKey]) => State.find(ctx.member, mgtKeyType, mgtKey),
    // Only queries after the issue count as polls of the filing.
    observe: (ctx, invoice) => advanceFiling(ctx.state, invoice, ctx.filing, ctx.now, true),
    // Kept until any field changes (issue, filing steps, the buyer opening it, a document ID
    // assigned, …); the buyer's business status in them depends on the buyer's number only.
    status: (ctx, invoice) => ctx.answers.answer(invoice, "status", fingerprint(invoice, UNCHANGING), () => Records.statusRecord(invoice, ctx.now)),
    detail: (ctx, invoice) => ctx.answers.answer(invoice, "detail", fingerprint(invoice, UNCHANGING), () => Records.detailRecord(invoice, ctx.now)),
    itemKey: (invoice) => invoice.itemKey,
    target: (corpNum, page, _key, itemKeys) => ({ _tag: "Taxinvoice", corpNum, page, itemKeys })
  }, {
    getInfo: Operations.GetInfo,
    getInfos: Operations.GetInfos,
    getDetailInfo: Operations.GetDetailInfo,
    urls: [
      [Operations.GetPopUpURL, "POPUP"],
      [Operations.GetViewURL, "VIEW"],
      [Operations.GetPrintURL, "PRINT"],
      [Operations.GetEPrintURL, "EPRINT"],
      [Operations.GetMailURL, "MAIL"],
      [Operations.GetPDFURL, "PDF"]
    ],
    massPrint: Operations.GetMassPrintURL
  }),
  implement(Operations.SendEmail, (request, caller) =>
    Effect.flatMap(request.input, ({ receiver }) =>
      State.withMemberOf(request, caller.corpNum, (ctx) =>
        Result.flatMap(State.find(ctx.member, ...keyParams(request)), (invoice) => {
          if (invoice.issued === undefined) {
            return Result.fail(fail("TaxinvoiceInvalidState", "stateCode 100; the notification mail exists once the invoice is issued"))
          }
          State.notify(ctx.outbox, invoice, [receiver], Operations.SendEmail.name, ctx.now)
          return Result.succeed(success(request))
        })))),
  implement(Operations.AssignMgtKey, Effect.fnUntraced(function*(request, caller) {
    const { MgtKey } = yield* request.input
    // The router matched MgtKeyType among SELL, BUY, TRUSTEE in any case.
    const mgtKeyType = request.params.MgtKeyType.toUpperCase() as Rules.MgtKeyType
    return yield* State.withMemberOf(request, caller.corpNum, (ctx) =>
      Result.map(State.assignMgtKey(ctx.member, request.params.ItemKey, mgtKeyType, MgtKey, ctx.now), () => success(request)))
  })),
  ...bulkRoutes({
    submit: Operations.BulkIssue,
    result: Operations.GetBulkResult,
    view: State.withMemberOf,
    envelope: IssueEnvelope,
    items: (envelope) => envelope.invoices,
    forceIssue: (envelope) => envelope.forceIssue === true,
    max: Rules.Limits.bulk,
    item: Records.bulkItemRecord
  })
]
