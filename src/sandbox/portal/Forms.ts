/**
 * What the portal's forms do, each through the domain's own state function (no rule written twice):
 *
 * - ConfirmMail — the buyer confirms the notification mail: `openYN`/`openDT` of the e-Tax invoice
 *   (`taxinvoice/State.confirmOpened`) or the statement (`statement/State.confirmOpened`);
 * - ApproveStatement — the receiver approves a pending statement, 200 → 300 (`statement/State.approve`);
 * - RegisterCertificate — the e-Tax invoice issuing certificate (`certificate/Routes.registerCertificate`);
 * - RegisterPortalCertificate — the tax portal certificate (`taxPortal/State.registerCertificate`);
 * - IssueCashbill — the WRITE page: the fields decoded with RegistIssue's schema
 *   (`CashReceiptIssue`), then `cashbill/State.issueReceipt`, as RegistIssue does; a refusal names
 *   the field on the page.
 *
 * The form token was checked and used up before (`Links.useForm`); the grant says which action on
 * which documents, so nothing the browser posts can point the action elsewhere.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { ErrorCodes } from "../../core/ErrorCodes.js"
import { issuesOf } from "../../core/Validation.js"
import { CashReceiptIssue } from "../../domains/cashbill/Schemas.js"
import * as CashbillState from "../cashbill/State.js"
import { registerCertificate } from "../certificate/State.js"
import { stateText } from "../documents/DocumentKind.js"
import { fail, type SandboxFailure } from "../Failure.js"
import * as Format from "../pages/Format.js"
import { type Html, html } from "../pages/Html.js"
import { textsOf } from "../pages/Shell.js"
import type { FormGrant, Target } from "../documents/PortalLinks.js"
import type { RouteContext, RouteResponse } from "../routing/Route.js"
import * as StatementState from "../statement/State.js"
import * as TaxinvoiceState from "../taxinvoice/State.js"
import { withMemberOf as withCollectionOf } from "../taxPortal/Collection.js"
import * as TaxPortalState from "../taxPortal/State.js"
import { type FieldError, receiptPage, WRITE_FIELD_NAMES, writePage } from "./CashbillPages.js"
import { certificatePage } from "./CertificatePages.js"
import { notice, type PageContext } from "./Context.js"
import { invoicePage, type InvoiceTarget, statementPage, type StatementTarget } from "./Documents.js"

const outcomeOf = (title: string, detail: string): Html => html`<p class="ok" role="status"><b>${title}</b> — ${detail}</p>`

/**
 * The page of a refusal by the service's rules (e.g. approving a statement approved meanwhile):
 * the code and the message, with the HTTP status the operation would answer.
 */
export const refusedPage = (ctx: PageContext, failure: SandboxFailure): RouteResponse => {
  const { body, status } = failure.render(ctx.language)
  return notice({ status, language: ctx.language, title: textsOf(ctx.language).notPossibleTitle, paragraphs: [body.message], code: String(body.code) })
}

const missing = (what: string) => fail("NotFoundPath", what)

const orMissing = (page: RouteResponse | undefined): Effect.Effect<RouteResponse, SandboxFailure> =>
  page === undefined ? Effect.fail(missing("the document no longer exists")) : Effect.succeed(page)

const confirmMail = (ctx: PageContext, target: InvoiceTarget | StatementTarget) => {
  const t = textsOf(ctx.language)
  const outcome = (at: number | undefined) => outcomeOf(t.confirmedTitle, t.confirmed(Format.instant(at)))
  if (target._tag === "Taxinvoice") {
    return TaxinvoiceState.withMemberOf(ctx, target.corpNum, (m) => {
      const invoice = m.member.byItemKey.get(target.itemKeys[0] ?? "")
      return invoice === undefined ? Result.fail(missing("invoice")) : TaxinvoiceState.confirmOpened(invoice, m.now)
    }).pipe(Effect.flatMap((invoice) => invoicePage(ctx, target, outcome(invoice.openAt))), Effect.flatMap(orMissing))
  }
  return StatementState.withMemberOf(ctx, target.corpNum, (m) => {
    const stored = StatementState.findByItemKeys(m.member, target.itemKeys)[0]
    return stored === undefined ? Result.fail(missing("statement")) : StatementState.confirmOpened(stored, m.now)
  }).pipe(Effect.flatMap((stored) => statementPage(ctx, target, outcome(stored.openAt))), Effect.flatMap(orMissing))
}

const approve = (ctx: PageContext, target: StatementTarget) => {
  const t = textsOf(ctx.language)
  return StatementState.withMemberOf(ctx, target.corpNum, (m) => {
    const stored = StatementState.findByItemKeys(m.member, target.itemKeys)[0]
    return stored === undefined
      ? Result.fail(missing("statement"))
      : StatementState.approve(m.member, target.corpNum, stored.body.itemCode, stored.body.mgtKey, m.outbox, m.now)
  }).pipe(
    Effect.flatMap((stored) => statementPage(ctx, target, outcomeOf(t.approvedTitle, t.approved(stateText(StatementState.STATES, StatementState.stateCodeOf(stored), ctx.language))))),
    Effect.flatMap(orMissing)
  )
}

const registered = (ctx: PageContext, target: Extract<Target, { readonly _tag: "Certificate" | "PortalCertificate" }>, expiresAt: number) => {
  const t = textsOf(ctx.language)
  return certificatePage(ctx, target, expiresAt, outcomeOf(t.certificateRegisteredTitle, t.certificateRegistered(Format.instant(expiresAt))))
}

const registerPortalCertificate = (ctx: PageContext, corpNum: string) =>
  withCollectionOf(ctx, corpNum, (m) => Result.succeed(TaxPortalState.registerCertificate(m.member, m.now)))

/** The refusals of RegistIssue's rules past the schema, by the field they are about. */
const FIELD_OF_CODE: ReadonlyMap<number, string> = new Map([
  [ErrorCodes.CashbillInvalidTradeDT.code, "tradeDT"],
  [ErrorCodes.CashbillMgtKeyInUse.code, "mgtKey"]
])

/** The posted fields of the WRITE form; an empty field is one not sent. */
const writeValues = (fields: URLSearchParams): Record<string, string> => {
  const values: Record<string, string> = {}
  for (const name of WRITE_FIELD_NAMES) {
    const value = fields.get(name)?.trim()
    if (value !== undefined && value !== "") values[name] = value
  }
  return values
}

const issueCashbill = (ctx: PageContext, target: Extract<Target, { readonly _tag: "CashbillWrite" }>, fields: URLSearchParams) => {
  const values = writeValues(fields)
  const decoded = Schema.decodeUnknownResult(CashReceiptIssue, { errors: "all" })(values)
  if (Result.isFailure(decoded)) {
    const errors: ReadonlyArray<FieldError> = issuesOf(decoded.failure).map((issue) => ({ path: issue.path, message: issue.message }))
    return Effect.succeed(writePage(ctx, target, values, errors))
  }
  const t = textsOf(ctx.language)
  return CashbillState.withMemberOf(ctx, target.corpNum, (m) =>
    Result.map(CashbillState.issueReceipt(m.state, m.member, decoded.success, m.now), (receipt) => ({ receipt, now: m.now }))).pipe(
    Effect.map(({ now, receipt }): RouteResponse =>
      receiptPage(ctx, target.corpNum, receipt, now, outcomeOf(t.writeIssuedTitle, t.writeIssued(receipt.confirmNum)))
    ),
    Effect.catch((failure) =>
      Effect.succeed(writePage(ctx, target, values, [{ path: FIELD_OF_CODE.get(failure.entry.code) ?? "", message: failure.render(ctx.language).body.message }]))
    )
  )
}

/**
 * Performs the action of an accepted form and answers the page that shows its outcome; a refusal
 * of the service's rules answers the refusal page.
 */
export const submit = (ctx: PageContext, grant: FormGrant, fields: URLSearchParams): Effect.Effect<RouteResponse, never, RouteContext> => {
  const target = grant.target
  const done = ((): Effect.Effect<RouteResponse, SandboxFailure, RouteContext> => {
    switch (grant.action) {
      case "ConfirmMail":
        return target._tag === "Taxinvoice" || target._tag === "Statement" ? confirmMail(ctx, target) : Effect.fail(missing("mail"))
      case "ApproveStatement":
        return target._tag === "Statement" ? approve(ctx, target) : Effect.fail(missing("statement"))
      case "RegisterCertificate":
        return target._tag === "Certificate"
          ? Effect.map(registerCertificate(ctx.environment, target.corpNum, {}), (c) => registered(ctx, target, c.expireAt))
          : Effect.fail(missing("certificate"))
      case "RegisterPortalCertificate":
        return target._tag === "PortalCertificate"
          ? Effect.map(registerPortalCertificate(ctx, target.corpNum), (c) => registered(ctx, target, c.expiresAt))
          : Effect.fail(missing("certificate"))
      case "IssueCashbill":
        return target._tag === "CashbillWrite" ? issueCashbill(ctx, target, fields) : Effect.fail(missing("form"))
    }
  })()
  return Effect.catch(done, (failure) => Effect.succeed(refusedPage(ctx, failure)))
}
