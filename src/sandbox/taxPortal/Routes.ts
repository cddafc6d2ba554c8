/**
 * The collection operations of the sandbox (docs/service.md and
 * docs/decisions.md, "Tax authority collection"): jobs with real progress on document time, search and summary over each job's
 * snapshot, the crawled tax invoice detail, and the portal certificate and department account of
 * each member — one of each per member, reached on either collection's paths;
 * GetCertificatePopUpURL hands out a link to the portal's certificate page (`PortalLinks.ts`), whose
 * button registers the certificate.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Kst from "../../core/Kst.js"
import { isDate8 } from "../../core/Schemas.js"
import * as Operations from "../../domains/taxPortal/Operations.js"
import * as Rules from "../../domains/taxPortal/Rules.js"
import { fail, type SandboxFailure } from "../Failure.js"
import * as PortalLinks from "../documents/PortalLinks.js"
import { memberPreference } from "../Preferences.js"
import { type Caller, implement, json, read, type Route, type RouteRequest, success } from "../routing/Route.js"
import { type MemberContext, snapshot, withMemberOf } from "./Collection.js"
import * as Records from "./Records.js"
import * as Search from "./Search.js"
import { memberParty, taxinvoiceByConfirmNum } from "./Sources.js"
import * as State from "./State.js"
import * as Synthetic from "./Synthetic.js"

/** The member's job of a kind, brought up to date (a state poll counts for `AfterPolls`). */
const jobOf = (ctx: MemberContext, kind: State.Job["kind"], jobID: string, poll: boolean): Result.Result<State.Job, SandboxFailure> => {
  const job = ctx.state.jobs.get(jobID)
  if (job === undefined || job.corpNum !== ctx.corpNum || job.kind !== kind) return Result.fail(fail("JobNotFound", jobID))
  State.advance(job, ctx.policy, ctx.now, poll, snapshot(ctx))
  if (State.isExpired(job, ctx.now)) return Result.fail(fail("JobExpired", jobID))
  return Result.succeed(job)
}

/** A completed, successful job: what Search and Summary need. */
const completedJob = (ctx: MemberContext, kind: State.Job["kind"], jobID: string): Result.Result<State.Job, SandboxFailure> =>
  Result.flatMap(jobOf(ctx, kind, jobID, false), (job) =>
    !State.isCompleted(job)
      ? Result.fail(fail("JobNotCompleted", `jobState ${1 + job.progress.reached.length}`))
      : job.failure !== undefined
      ? Result.fail(fail("JobNotCompleted", `the job failed with ${job.failure.code}`))
      : Result.succeed(job))

const queryValue = (request: RouteRequest, name: string): string | undefined => {
  for (const [key, value] of request.query) if (key.toLowerCase() === name.toLowerCase()) return value
  return undefined
}

/** A reversed range or one over 3 months: the documented code, before any other rule. */
const checkRange = (request: RouteRequest) => {
  const sDate = queryValue(request, "SDate")
  const eDate = queryValue(request, "EDate")
  if (sDate === undefined || eDate === undefined || !isDate8(sDate) || !isDate8(eDate)) return Effect.void
  if (!Rules.rangeOrdered(sDate, eDate)) return Effect.fail(fail("JobRangeInvalid", `SDate ${sDate} is after EDate ${eDate}`))
  if (!Rules.rangeWithinLimit(sDate, eDate)) return Effect.fail(fail("JobRangeInvalid", `${sDate}–${eDate} is longer than 3 months`))
  return Effect.void
}

const requestJob = Effect.fnUntraced(function*(
  request: RouteRequest,
  caller: Caller,
  kind: State.Job["kind"],
  params: { readonly queryType: string; readonly DType?: string | undefined; readonly SDate: string; readonly EDate: string }
) {
  const code = yield* memberPreference(request.environment, caller.corpNum, State.JOB_ERROR_PREFERENCE)
  const failure = typeof code === "number" && code < 0
    ? { code, reason: request.language === "en" ? "Collection failed (sandbox member preference)." : "수집에 실패했습니다. (샌드박스 회원 설정)" }
    : undefined
  return yield* withMemberOf(request, caller.corpNum, (ctx) => {
    const query = { corpNum: caller.corpNum, queryType: params.queryType.toUpperCase(), dateType: params.DType ?? "T", sDate: params.SDate, eDate: params.EDate }
    const job = State.register(ctx.state, query, kind, failure, ctx.now)
    State.advance(job, ctx.policy, ctx.now, false, snapshot(ctx))
    return Result.succeed(json({ jobID: job.jobID }))
  })
})

const jobState = (request: RouteRequest, caller: Caller, kind: State.Job["kind"], jobID: string) =>
  withMemberOf(request, caller.corpNum, (ctx) => Result.map(jobOf(ctx, kind, jobID, true), (job) => json(State.jobRecord(job))))

const activeJobs = (request: RouteRequest, caller: Caller, kind: State.Job["kind"]) =>
  withMemberOf(request, caller.corpNum, (ctx) => Result.succeed(json(State.activeJobs(ctx.member, kind, ctx.now).map(State.jobRecord))))

/** What Search or Summary answers of a completed job's documents (`I`: its invoices or receipts). */
const ofCompleted = <I, A>(request: RouteRequest, caller: Caller, kind: State.Job["kind"], jobID: string, answer: (documents: ReadonlyArray<I>, job: State.Job) => A) =>
  withMemberOf(request, caller.corpNum, (ctx) =>
    Result.map(completedJob(ctx, kind, jobID), (job) => json(answer((kind === "taxinvoice" ? job.invoices : job.receipts) as ReadonlyArray<I>, job))))

/** A page of a completed job's documents as Search answers it, with `item`'s list items. */
const searched = <I, P extends Search.PageParams & { readonly jobID: string }, S extends string, L>(
  request: RouteRequest,
  caller: Caller,
  kind: State.Job["kind"],
  params: P,
  select: (documents: ReadonlyArray<I>, params: P) => ReadonlyArray<I>,
  item: (document: I, side: S) => L
) =>
  ofCompleted(request, caller, kind, params.jobID, (documents: ReadonlyArray<I>, job) => {
    const { page, perPage } = Search.paging(params)
    const found = Rules.pageOf(select(documents, params), page, perPage)
    return { code: 1, message: success(request).body.message, ...found, list: found.list.map((d) => item(d, job.queryType as S)) }
  })

/** A crawled tax invoice the member is a party of: from its jobs, the sandbox's own, or synthetic. */
const findInvoice = (ctx: MemberContext, ntsConfirmNum: string): Records.IssuedInvoice | undefined => {
  for (let i = ctx.member.jobs.length - 1; i >= 0; i--) {
    const found = State.collectedInvoice(ctx.member.jobs[i]!, ntsConfirmNum)
    if (found !== undefined) return found
  }
  const isParty = (i: Records.IssuedInvoice) =>
    i.invoicer.corpNum === ctx.corpNum || i.invoicee.corpNum === ctx.corpNum || i.trustee?.corpNum === ctx.corpNum
  const own = taxinvoiceByConfirmNum(ctx.store, ctx.environment, ntsConfirmNum)
  if (own !== undefined && isParty(own)) return own.knownAt <= ctx.now ? own : undefined
  const writeDate = ntsConfirmNum.slice(0, 8)
  if (!isDate8(writeDate)) return undefined
  const member = memberParty(ctx.store, ctx.environment, ctx.corpNum)
  return (["SELL", "BUY", "TRUSTEE"] as const)
    .flatMap((side) => Synthetic.invoicesWrittenOn(member, side, writeDate))
    .find((i) => i.ntsconfirmNum === ntsConfirmNum && i.knownAt <= ctx.now)
}

const requireCertificate = (ctx: MemberContext) =>
  ctx.member.certificate === undefined || ctx.member.certificate.expiresAt <= ctx.now
    ? Result.fail(fail("PortalCertificateNotRegistered"))
    : Result.succeed(ctx.member.certificate)

const requireDeptUser = (ctx: MemberContext) =>
  ctx.member.deptUser === undefined ? Result.fail(fail("DeptUserNotRegistered")) : Result.succeed(ctx.member.deptUser)

/**
 * The certificate and department-account operations of one collection. Both collections answer
 * from the member's one portal certificate and one department account (docs/decisions.md "Tax
 * authority collection").
 */
function accountRoutes(account: (typeof Operations.accountOperationsOf)[State.Job["kind"]]): ReadonlyArray<Route> {
  return [
    implement(account.GetCertificatePopUpURL, (request, caller) =>
      Effect.map(PortalLinks.url(request, { _tag: "PortalCertificate", corpNum: caller.corpNum }), (url) => json({ url }))),
    read(account.GetCertificateExpireDate, (request, caller) =>
      withMemberOf(request, caller.corpNum, (ctx) =>
        Result.map(requireCertificate(ctx), (certificate) => json({ certificateExpiration: Kst.toDateTime14(certificate.expiresAt) })))),
    read(account.CheckCertValidation, (request, caller) =>
      withMemberOf(request, caller.corpNum, (ctx) => Result.map(requireCertificate(ctx), () => success(request)))),
    implement(account.RegistDeptUser, (request, caller) =>
      Effect.flatMap(request.input, (body) =>
        withMemberOf(request, caller.corpNum, (ctx) => {
          ctx.member.deptUser = { id: body.id, passwordDigest: State.passwordDigest(caller.corpNum, body.pwd) }
          return Result.succeed(success(request))
        }))),
    read(account.CheckDeptUser, (request, caller) =>
      withMemberOf(request, caller.corpNum, (ctx) =>
        Result.map(requireDeptUser(ctx), (user) =>
          json({ code: 1, message: request.language === "en" ? `Registered department account: ${user.id}` : `등록된 부서사용자 아이디: ${user.id}` })))),
    read(account.CheckLoginDeptUser, (request, caller) =>
      withMemberOf(request, caller.corpNum, (ctx) => Result.map(requireDeptUser(ctx), () => success(request)))),
    implement(account.DeleteDeptUser, (request, caller) =>
      withMemberOf(request, caller.corpNum, (ctx) =>
        Result.map(requireDeptUser(ctx), () => {
          ctx.member.deptUser = undefined
          return success(request)
        })))
  ]
}

/** The collection operations (scopes 111 and 141). */
export const taxPortalRoutes: ReadonlyArray<Route> = [
  // ── tax invoices ──
  implement(Operations.TaxinvoiceRequestJob, (request, caller) =>
    Effect.andThen(checkRange(request), Effect.flatMap(request.parameters, (params) => requestJob(request, caller, "taxinvoice", params)))),
  // A state poll moves the job: a write.
  implement(Operations.TaxinvoiceGetJobState, (request, caller) => Effect.flatMap(request.parameters, ({ jobID }) => jobState(request, caller, "taxinvoice", jobID))),
  read(Operations.TaxinvoiceListActiveJob, (request, caller) => activeJobs(request, caller, "taxinvoice")),
  read(Operations.TaxinvoiceSearch, (request, caller) =>
    Effect.flatMap(request.parameters, (params) => searched(request, caller, "taxinvoice", params, Search.selectInvoices, Records.listItem))),
  read(Operations.TaxinvoiceSummarize, (request, caller) =>
    Effect.flatMap(request.parameters, (params) =>
      ofCompleted(request, caller, "taxinvoice", params.jobID, (invoices: ReadonlyArray<Records.IssuedInvoice>) =>
        Search.invoiceSummary(Search.selectInvoices(invoices, params))))),
  read(Operations.TaxinvoiceGetTaxinvoice, (request, caller) =>
    Effect.flatMap(request.parameters, ({ ntsConfirmNum }) =>
      withMemberOf(request, caller.corpNum, (ctx) => {
        const invoice = findInvoice(ctx, ntsConfirmNum)
        return invoice === undefined ? Result.fail(fail("CollectedTaxinvoiceNotFound", ntsConfirmNum)) : Result.succeed(json(Records.detailRecord(invoice)))
      }))),
  // ── cash receipts ──
  implement(Operations.CashbillRequestJob, (request, caller) =>
    Effect.andThen(checkRange(request), Effect.flatMap(request.parameters, (params) => requestJob(request, caller, "cashbill", params)))),
  implement(Operations.CashbillGetJobState, (request, caller) => Effect.flatMap(request.parameters, ({ jobID }) => jobState(request, caller, "cashbill", jobID))),
  read(Operations.CashbillListActiveJob, (request, caller) => activeJobs(request, caller, "cashbill")),
  read(Operations.CashbillSearch, (request, caller) =>
    Effect.flatMap(request.parameters, (params) => searched(request, caller, "cashbill", params, Search.selectReceipts, Records.cashbillItem))),
  read(Operations.CashbillSummarize, (request, caller) =>
    Effect.flatMap(request.parameters, (params) =>
      ofCompleted(request, caller, "cashbill", params.jobID, (receipts: ReadonlyArray<Records.CollectedReceipt>) =>
        Search.receiptSummary(Search.selectReceipts(receipts, params))))),
  // ── certificate and department account, on both collections' paths ──
  ...accountRoutes(Operations.accountOperationsOf.taxinvoice),
  ...accountRoutes(Operations.accountOperationsOf.cashbill)
]
