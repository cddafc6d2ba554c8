/**
 * The document pages of e-Tax invoices and statements: the documents of a link read through the
 * domains' own member views (filing brought up to date as a query would, without counting as a
 * poll), shown on the page of the link's kind (`DocumentPages.ts`), the PDF link answered with the
 * invoice's PDF. The mail-confirmation page carries the button that confirms the mail; for a
 * statement pending approval (200) it carries the approval button instead (docs/decisions.md).
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { stateText } from "../documents/DocumentKind.js"
import type { SandboxFailure } from "../Failure.js"
import * as Format from "../pages/Format.js"
import type { Html } from "../pages/Html.js"
import { type Language, textsOf } from "../pages/Shell.js"
import { type DocumentPage, grantForm, type Target } from "../documents/PortalLinks.js"
import { pdf, type RouteContext, type RouteResponse } from "../routing/Route.js"
import * as StatementState from "../statement/State.js"
import { stateCodeOf as invoiceStateCode, STATES as INVOICE_STATES } from "../taxinvoice/Filing.js"
import { advanceFiling } from "../taxinvoice/IssuedIndexes.js"
import { invoiceDocument } from "../taxinvoice/Pdf.js"
import * as TaxinvoiceState from "../taxinvoice/State.js"
import { actionForm, type PageContext } from "./Context.js"
import { documentPage, type Printable } from "./DocumentPages.js"
import { STATEMENT_TITLES, statementSheet } from "./StatementSheet.js"
import { taxinvoiceSheet } from "./TaxinvoiceSheet.js"

/** A link to e-Tax invoices. */
export type InvoiceTarget = Extract<Target, { readonly _tag: "Taxinvoice" }>

/** A link to statements. */
export type StatementTarget = Extract<Target, { readonly _tag: "Statement" }>

/** The member's invoices with these item keys, their filing brought up to date (unknown keys left out). */
export const loadInvoices = (ctx: PageContext, target: InvoiceTarget): Effect.Effect<ReadonlyArray<TaxinvoiceState.Invoice>, SandboxFailure, RouteContext> =>
  TaxinvoiceState.withMemberOf(ctx, target.corpNum, (member) =>
    Result.succeed(target.itemKeys.flatMap((itemKey) => {
      const invoice = member.member.byItemKey.get(itemKey)
      return invoice === undefined ? [] : [advanceFiling(member.state, invoice, member.filing, member.now)]
    })))

/** The member's statements with these item keys. */
export const loadStatements = (ctx: PageContext, target: StatementTarget): Effect.Effect<ReadonlyArray<StatementState.Stored>, SandboxFailure, RouteContext> =>
  StatementState.withMemberOf(ctx, target.corpNum, (member) => Result.succeed(StatementState.findByItemKeys(member.member, target.itemKeys)))

/** An e-Tax invoice for a page: its sheets and the facts of the bar. */
export const invoicePrintable = (invoice: TaxinvoiceState.Invoice, language: Language): Printable => {
  const t = textsOf(language)
  const code = invoiceStateCode(invoice)
  return {
    sheet: (copy) => taxinvoiceSheet(invoice, code, copy),
    facts: [
      [t.documentId, invoice.mgtKey ?? invoice.itemKey],
      [t.confirmNum, invoice.issued?.ntsconfirmNum ?? "—"],
      [t.state, stateText(INVOICE_STATES, code, language)],
      [t.issuedAt, invoice.issued === undefined ? "—" : Format.instant(invoice.issued.at)],
      [t.openedAt, invoice.openAt === undefined ? t.notOpened : Format.instant(invoice.openAt)]
    ]
  }
}

/** A statement for a page: its sheets and the facts of the bar. */
export const statementPrintable = (stored: StatementState.Stored, language: Language): Printable => {
  const t = textsOf(language)
  return {
    sheet: (copy) => statementSheet(stored, copy),
    facts: [
      [t.documentId, stored.body.mgtKey],
      [t.statementNum, stored.invoiceNum],
      [t.state, stateText(StatementState.STATES, StatementState.stateCodeOf(stored), language)],
      [t.issuedAt, stored.issuedAt === undefined ? "—" : Format.instant(stored.issuedAt)],
      [t.openedAt, stored.openAt === undefined ? t.notOpened : Format.instant(stored.openAt)]
    ]
  }
}

const invoiceTitle = (invoices: ReadonlyArray<TaxinvoiceState.Invoice>, page: DocumentPage): string =>
  page === "MASSPRINT" ? "전자세금계산서 대량인쇄" : `전자세금계산서 ${invoices[0]?.mgtKey ?? invoices[0]?.itemKey ?? ""}`

const statementTitle = (target: StatementTarget, statements: ReadonlyArray<StatementState.Stored>): string => {
  const name = STATEMENT_TITLES[target.itemCode] ?? "전자명세서"
  return target.page === "MASSPRINT" ? `${name} 대량인쇄` : `${name} ${statements[0]?.body.mgtKey ?? ""}`
}

/**
 * The page of an e-Tax invoice link (the PDF itself for the PDF link); `undefined` when its
 * documents no longer exist.
 */
export const invoicePage = (
  ctx: PageContext,
  target: InvoiceTarget,
  outcome?: Html
): Effect.Effect<RouteResponse | undefined, SandboxFailure, RouteContext> =>
  Effect.map(loadInvoices(ctx, target), (invoices): RouteResponse | undefined => {
    const first = invoices[0]
    if (first === undefined) return undefined
    if (target.page === "PDF") return pdf(invoiceDocument(first))
    const t = textsOf(ctx.language)
    const action = target.page === "MAIL" && outcome === undefined && first.issued !== undefined && first.openAt === undefined
      ? actionForm(grantForm(ctx.portal, ctx.ticket, target, "ConfirmMail"), t.confirmButton, t.confirmHint)
      : undefined
    return documentPage({
      language: ctx.language,
      kind: target.page,
      title: invoiceTitle(invoices, target.page),
      documents: invoices.map((invoice) => invoicePrintable(invoice, ctx.language)),
      action,
      outcome
    })
  })

const statementAction = (ctx: PageContext, target: StatementTarget, stored: StatementState.Stored): Html | undefined => {
  const t = textsOf(ctx.language)
  const code = StatementState.stateCodeOf(stored)
  if (code === 200) return actionForm(grantForm(ctx.portal, ctx.ticket, target, "ApproveStatement"), t.approveButton, t.approveHint)
  if (code === 300 && !stored.openYN) {
    return actionForm(grantForm(ctx.portal, ctx.ticket, target, "ConfirmMail"), t.confirmButton, t.confirmHint)
  }
  return undefined
}

/** The page of a statement link; `undefined` when its documents no longer exist. */
export const statementPage = (
  ctx: PageContext,
  target: StatementTarget,
  outcome?: Html
): Effect.Effect<RouteResponse | undefined, SandboxFailure, RouteContext> =>
  Effect.map(loadStatements(ctx, target), (statements): RouteResponse | undefined => {
    const first = statements[0]
    if (first === undefined) return undefined
    return documentPage({
      language: ctx.language,
      kind: target.page,
      title: statementTitle(target, statements),
      documents: statements.map((stored) => statementPrintable(stored, ctx.language)),
      action: target.page === "MAIL" && outcome === undefined ? statementAction(ctx, target, first) : undefined,
      outcome
    })
  })
