/**
 * The e-Tax invoice operations of the sandbox (docs/service.md and docs/decisions.md, "e-Tax invoices"): drafts,
 * files, issue with the due-date rule, filing along the `taxinvoice.filing` progression, status and
 * detail records, URL operations (links to the portal's pages), mail resend, AssignMgtKey, bulk issue.
 * Bodies are validated with the domain's own input schemas (unknown fields ignored, `null` taken for
 * absent, as the service does), so the sandbox refuses what the SDK refuses; writeDate and the due date are
 * judged on document time.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Kst from "../../core/Kst.js"
import * as Operation from "../../core/Operation.js"
import { optional } from "../../core/Schemas.js"
import { messageDigest } from "../../core/Signing.js"
import * as Operations from "../../domains/taxinvoice/Operations.js"
import * as Rules from "../../domains/taxinvoice/Rules.js"
import { arrayOf, fingerprint } from "../AnswerCache.js"
import { fail, type SandboxFailure } from "../Failure.js"
import { bodyJson, type Caller, decodeValue, implement, json, type Route, type RouteRequest, success } from "../Route.js"
import * as PortalLinks from "../PortalLinks.js"
import * as Identifiers from "./Identifiers.js"
import * as Records from "./Records.js"
import * as IssuedIndexes from "./IssuedIndexes.js"
import * as State from "./State.js"


const withMember = <A>(request: RouteRequest, caller: Caller, f: (ctx: State.MemberContext) => Result.Result<A, SandboxFailure>) =>
  State.withMemberOf(request.environment, caller.corpNum, f)

/** An invoice read by a query: the read counts for the `AfterPolls` filing policy. */
const read = (ctx: State.MemberContext, mgtKeyType: string, mgtKey: string): Result.Result<State.Invoice, SandboxFailure> =>
  Result.map(State.find(ctx.member, mgtKeyType, mgtKey), (invoice) => {
    // Only reads after the issue count towards filing.
    if (invoice.issued !== undefined) invoice.polls += 1
    return IssuedIndexes.advanceFiling(ctx.state, invoice, ctx.filing, ctx.now)
  })

/** The draft never changes and reads (`polls`) show in no record: every other field makes the version. */
const UNCHANGING = new Set(["draft", "polls"])

/**
 * The status record of an invoice, kept until any of its fields changes (issue, filing steps, the
 * buyer opening it, a document ID assigned, …). The buyer's business status in it depends on the
 * buyer's number only.
 */
const statusAnswer = (ctx: State.MemberContext, invoice: State.Invoice) =>
  ctx.answers.answer(invoice, "status", fingerprint(invoice, UNCHANGING), () => Records.statusRecord(invoice, ctx.now))

/** The detail record of an invoice, kept until any of its fields changes. */
const detailAnswer = (ctx: State.MemberContext, invoice: State.Invoice) =>
  ctx.answers.answer(invoice, "detail", fingerprint(invoice, UNCHANGING), () => Records.detailRecord(invoice, ctx.now))

/** The document a request names by its path: `/Taxinvoice/{MgtKeyType}/{MgtKey}…`. */
const keyParams = (request: { readonly params: { readonly MgtKeyType: string; readonly MgtKey: string } }) =>
  [request.params.MgtKeyType, request.params.MgtKey] as const

const urlRoute = (operation: typeof Operations.GetPopUpURL, page: PortalLinks.DocumentPage) =>
  implement(operation, (request, caller) =>
    withMember(request, caller, (ctx) => Result.map(State.find(ctx.member, ...keyParams(request)), (invoice) => invoice.itemKey)).pipe(
      Effect.flatMap((itemKey) => PortalLinks.url(request, { _tag: "Taxinvoice", corpNum: caller.corpNum, page, itemKeys: [itemKey] })),
      Effect.map((url) => json({ url }))
    ))

const IssueEnvelope = Schema.Struct({ invoices: Schema.Array(Schema.Unknown), forceIssue: optional(Schema.Boolean) })

/**
 * The e-Tax invoice operations (scope 110). The URL operations hand out portal links
 * (`PortalLinks.ts`).
 *
 * @since 0.1.0
 * @category routes
 */
export const taxinvoiceRoutes: ReadonlyArray<Route> = [
  implement(Operations.Register, Effect.fnUntraced(function*(request, caller) {
    const draft = yield* request.input
    return yield* withMember(request, caller, (ctx) =>
      Result.map(State.register(ctx.state, ctx.member, caller.corpNum, draft, ctx.now), () => success(request)))
  })),
  implement(Operations.AttachFile, Effect.fnUntraced(function*(request, caller) {
    const file = yield* Effect.mapError(request.input, (failure) =>
      failure.detail?.includes("maxBytes") === true ? fail("TaxinvoiceFileTooLarge", `at most ${Rules.MAX_FILE_BYTES} bytes`) : failure)
    return yield* withMember(request, caller, (ctx) =>
      Result.flatMap(State.find(ctx.member, ...keyParams(request)), (invoice) =>
        Result.map(State.attach(ctx.state, invoice, file, ctx.now), () => success(request))))
  })),
  implement(Operations.Issue, Effect.fnUntraced(function*(request, caller) {
    // An empty body stands for no options.
    const body = request.body.length === 0 ? {} : yield* request.input
    return yield* withMember(request, caller, (ctx) =>
      Result.flatMap(State.find(ctx.member, ...keyParams(request)), (invoice) =>
        Result.map(State.issue(ctx.state, ctx.outbox, invoice, body, ctx.now), (issued) =>
          json({
            code: 1,
            message: request.language === "en" ? "Success" : "성공",
            ntsConfirmNum: issued.ntsconfirmNum,
            issueDT: Kst.toDateTime14(issued.at)
          }))))
  })),
  implement(Operations.GetFiles, (request, caller) =>
    withMember(request, caller, (ctx) =>
      Result.map(State.find(ctx.member, ...keyParams(request)), (invoice) => json(invoice.files.map(Records.fileRecord))))),
  implement(Operations.DeleteFile, (request, caller) =>
    withMember(request, caller, (ctx) =>
      Result.flatMap(State.find(ctx.member, ...keyParams(request)), (invoice) =>
        Result.map(State.deleteFile(invoice, request.params.FileID), () => success(request))))),
  implement(Operations.GetInfo, (request, caller) =>
    withMember(request, caller, (ctx) => Result.map(read(ctx, ...keyParams(request)), (invoice) => statusAnswer(ctx, invoice)))),
  implement(Operations.GetInfos, (request, caller) =>
    Effect.flatMap(request.input, (mgtKeys) =>
      withMember(request, caller, (ctx) =>
        // Unknown document IDs are left out; the others answer in the order asked.
        Result.succeed(arrayOf(mgtKeys.flatMap((key) =>
          Result.match(read(ctx, request.params.MgtKeyType, key), {
            onFailure: () => [],
            onSuccess: (invoice) => [statusAnswer(ctx, invoice)]
          })
        )))))),
  implement(Operations.GetDetailInfo, (request, caller) =>
    withMember(request, caller, (ctx) => Result.map(read(ctx, ...keyParams(request)), (invoice) => detailAnswer(ctx, invoice)))),
  urlRoute(Operations.GetPopUpURL, "POPUP"),
  urlRoute(Operations.GetViewURL, "VIEW"),
  urlRoute(Operations.GetPrintURL, "PRINT"),
  urlRoute(Operations.GetEPrintURL, "EPRINT"),
  urlRoute(Operations.GetMailURL, "MAIL"),
  urlRoute(Operations.GetPDFURL, "PDF"),
  implement(Operations.GetMassPrintURL, (request, caller) =>
    Effect.flatMap(request.input, (mgtKeys) =>
      withMember(request, caller, (ctx) =>
        Result.all(mgtKeys.map((key) => Result.map(State.find(ctx.member, request.params.MgtKeyType, key), (invoice) => invoice.itemKey)))
      ).pipe(
        Effect.flatMap((itemKeys) => PortalLinks.url(request, { _tag: "Taxinvoice", corpNum: caller.corpNum, page: "MASSPRINT", itemKeys })),
        Effect.map((url) => json({ url }))
      ))),
  implement(Operations.SendEmail, (request, caller) =>
    Effect.flatMap(request.input, ({ receiver }) =>
      withMember(request, caller, (ctx) =>
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
    return yield* withMember(request, caller, (ctx) =>
      Result.map(State.assignMgtKey(ctx.member, request.params.ItemKey, mgtKeyType, MgtKey, ctx.now), () => success(request)))
  })),
  implement(Operations.BulkIssue, Effect.fnUntraced(function*(request, caller) {
    const { submitID } = yield* Effect.mapError(request.parameters, () => fail("BulkSubmitIdInvalid", request.headers[Operation.SUBMIT_ID_HEADER]))
    // The digest is over the raw bytes received, never a re-serialisation (docs/service.md "Signing and digests").
    const digest = messageDigest(request.body)
    if (request.headers[Operation.DIGEST_HEADER] !== digest) return yield* fail("BulkDigestMismatch")
    // Each invoice is judged on its own when the submission is processed; only the envelope here.
    const envelope = yield* Effect.flatMap(bodyJson(request), (input) => decodeValue(input, IssueEnvelope))
    return yield* withMember(request, caller, (ctx) => {
      const ok = request.language === "en" ? "Success" : "성공"
      const existing = ctx.member.bulks.get(submitID)
      if (existing !== undefined) {
        // Same ID and digest: a safe retry answers the original receipt ID (docs/decisions.md "e-Tax invoices").
        return existing.digest === digest
          ? Result.succeed(json({ code: 1, message: ok, receiptID: existing.receiptID }))
          : Result.fail(fail("BulkSubmitIdReused", submitID))
      }
      const count = envelope.invoices.length
      if (count < 1 || count > Rules.Limits.bulk) return Result.fail(fail("BulkTooMany", String(count)))
      const bulk: State.Bulk = {
        submitID,
        receiptID: Identifiers.newReceiptId(ctx.state),
        digest,
        receivedAt: ctx.now,
        forceIssue: envelope.forceIssue === true,
        submitCount: envelope.invoices.length,
        items: envelope.invoices,
        polls: 0,
        stage: 0,
        startedAt: undefined,
        completedAt: undefined,
        results: undefined
      }
      const submitted = State.advance(bulk, ctx.bulk, ctx.now, false, State.processItem(ctx, bulk.forceIssue))
      ctx.member.bulks.set(submitID, submitted)
      if (submitted.results === undefined) ctx.member.pendingBulks.add(submitted)
      return Result.succeed(json({ code: 1, message: ok, receiptID: bulk.receiptID }))
    })
  })),
  implement(Operations.GetBulkResult, (request, caller) =>
    withMember(request, caller, (ctx) => {
      const bulk = ctx.member.bulks.get(request.params.submitID)
      if (bulk === undefined) return Result.fail(fail("BulkNotFound", request.params.submitID))
      State.advance(bulk, ctx.bulk, ctx.now, true, State.processItem(ctx, bulk.forceIssue))
      return Result.succeed(json(Records.bulkResultRecord(bulk, request.language)))
    }))
]
