/**
 * The cash receipt pages behind GetURL (docs/decisions.md), and behind the URL operations of
 * receipts (POPUP … PDF, MASSPRINT: the document pages of `DocumentPages.ts`). PBOX, the member's issued receipts,
 * newest first (the latest 100), each with a link to its slip (`CashbillSheet.ts`; a link of its
 * own, one use, 30 seconds), the slip with a link to the receipt's PDF (GetPDF's bytes); WRITE, a form with the fields of RegistIssue that issues one receipt
 * through the same rules (`Forms.ts`), every refused field named under its input.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Rules from "../../domains/cashbill/Rules.js"
import { courseOf, STATES, stateCodeOf } from "../cashbill/Filing.js"
import { receiptDocument } from "../cashbill/Pdf.js"
import { findByItemKey, latestOf, type MemberContext, type Receipt, withMemberOf } from "../cashbill/State.js"
import { stateText } from "../documents/DocumentKind.js"
import type { SandboxFailure } from "../Failure.js"
import * as Format from "../pages/Format.js"
import { type Html, html } from "../pages/Html.js"
import { type Language, textsOf } from "../pages/Shell.js"
import { grantForm, mint, type Target } from "../documents/PortalLinks.js"
import { advance } from "../Progression.js"
import { type HtmlAnswer, pdf, type RouteContext, type RouteResponse } from "../routing/Route.js"
import { cashbillSheet } from "./CashbillSheet.js"
import { page, type PageContext } from "./Context.js"
import { documentPage, type Printable } from "./DocumentPages.js"

/** A receipt as a page shows it: its filing brought up to date. */
const current = (member: MemberContext, receipt: Receipt): Receipt => {
  advance(receipt, courseOf(receipt, member.filing), member.now)
  return receipt
}

/** The most receipts the box lists. */
export const BOX_MAX = 100

/** The receipt box (PBOX) of a member. */
export const boxPage = (ctx: PageContext, corpNum: string): Effect.Effect<HtmlAnswer, SandboxFailure, RouteContext> =>
  withMemberOf(ctx, corpNum, (member) => {
    const t = textsOf(ctx.language)
    const latest = latestOf(member.member, BOX_MAX).map((receipt) => current(member, receipt))
    const rows = latest.map((receipt) => {
      const link = `${ctx.prefix}/portal/${mint(ctx.portal, { _tag: "Cashbill", corpNum, itemKey: receipt.itemKey, pdf: false }, member.now)}`
      return html`<tr><td>${receipt.mgtKey}</td><td>${receipt.confirmNum}</td><td>${Format.dateTime(receipt.tradeDT)}</td><td>${receipt.tradeType}</td><td>${receipt.tradeUsage}</td><td class="num">${
        Format.amount(receipt.totalAmount)
      }</td><td>${stateText(STATES, stateCodeOf(receipt), ctx.language)}</td><td><a href="${link}">${t.boxView}</a></td></tr>`
    })
    const list = latest.length === 0
      ? html`<p>${t.boxEmpty}</p>`
      : html`<p class="hint">${t.boxShown(latest.length, member.member.receipts.size)}</p>
<table class="list"><thead><tr><th>${t.documentId}</th><th>${t.confirmNum}</th><th>${t.tradeDT}</th><th>${t.tradeType}</th><th>${t.tradeUsage}</th><th>${t.total}</th><th>${t.state}</th><th></th></tr></thead>
<tbody>${rows}</tbody></table>`
    return Result.succeed(page({
      language: ctx.language,
      title: t.boxTitle,
      body: html`<main class="bar"><h1>${t.boxTitle}</h1><p class="facts"><span><b>${t.member}</b>${Format.partyNumber(corpNum)}</span></p>${list}</main>`
    }))
  })

/**
 * The page of one receipt (opened from the box, or after WRITE issued it), with a link to its PDF
 * (the document GetPDF answers) minted at `now`.
 */
export const receiptPage = (ctx: PageContext, corpNum: string, receipt: Receipt, now: number, outcome?: Html): HtmlAnswer => {
  const pdfLink = `${ctx.prefix}/portal/${mint(ctx.portal, { _tag: "Cashbill", corpNum, itemKey: receipt.itemKey, pdf: true }, now)}`
  return page({
    language: ctx.language,
    title: `현금영수증 ${receipt.mgtKey}`,
    body: html`<header class="bar no-print"><h1>현금영수증 ${receipt.mgtKey}</h1>${outcome}<p class="hint">${
      textsOf(ctx.language).printHint
    } <a href="${pdfLink}" class="pdf">PDF</a></p></header><main class="documents">${cashbillSheet(receipt)}</main>`
  })
}

/**
 * The page of a receipt's link from the box: its slip, or its PDF (the same bytes as GetPDF);
 * `undefined` when the receipt no longer exists.
 */
export const receiptLinkPage = (
  ctx: PageContext,
  target: Extract<Target, { readonly _tag: "Cashbill" }>
): Effect.Effect<RouteResponse | undefined, SandboxFailure, RouteContext> =>
  withMemberOf(ctx, target.corpNum, (member) => {
    const receipt = findByItemKey(member.state, member.member, target.itemKey)
    if (receipt === undefined) return Result.succeed(undefined)
    current(member, receipt)
    return Result.succeed(target.pdf ? pdf(receiptDocument(receipt)) : receiptPage(ctx, target.corpNum, receipt, member.now))
  })

/** A receipt for a document page: its slip per copy and the facts of the bar. */
export const receiptPrintable = (receipt: Receipt, language: Language): Printable => {
  const t = textsOf(language)
  return {
    sheet: (copy) => cashbillSheet(receipt, copy),
    facts: [
      [t.documentId, receipt.mgtKey],
      [t.confirmNum, receipt.confirmNum],
      [t.state, stateText(STATES, stateCodeOf(receipt), language)],
      [t.issuedAt, Format.instant(receipt.issuedAt)]
    ]
  }
}

/**
 * The page of a receipt URL operation (POPUP, VIEW, PRINT, EPRINT, MAIL; MASSPRINT for many; the
 * PDF itself for PDF), the receipts' filing brought up to date; `undefined` when none of them exists
 * any more.
 */
export const receiptsPage = (
  ctx: PageContext,
  target: Extract<Target, { readonly _tag: "CashbillPage" }>
): Effect.Effect<RouteResponse | undefined, SandboxFailure, RouteContext> =>
  withMemberOf(ctx, target.corpNum, (member): Result.Result<RouteResponse | undefined, SandboxFailure> => {
    const receipts = target.itemKeys.flatMap((itemKey) => {
      const receipt = findByItemKey(member.state, member.member, itemKey)
      return receipt === undefined ? [] : [current(member, receipt)]
    })
    const first = receipts[0]
    if (first === undefined) return Result.succeed(undefined)
    if (target.page === "PDF") return Result.succeed(pdf(receiptDocument(first)))
    const t = textsOf(ctx.language)
    return Result.succeed(documentPage({
      language: ctx.language,
      kind: target.page,
      title: target.page === "MASSPRINT" ? t.receiptsMassPrint : `현금영수증 ${first.mgtKey}`,
      documents: receipts.map((receipt) => receiptPrintable(receipt, ctx.language)),
      receipt: true
    }))
  })

interface Field {
  readonly name: string
  readonly label: string
  readonly options?: ReadonlyArray<string>
  readonly required?: boolean
  readonly numeric?: boolean
  readonly hint?: string
}

/** The fields of RegistIssue the page asks for (tradeType is always 승인거래). */
const FIELDS: ReadonlyArray<Field> = [
  { name: "mgtKey", label: "문서번호", required: true, hint: "≤ 24: A-Z a-z 0-9 - _" },
  { name: "tradeDT", label: "거래일시", hint: "yyyyMMddHHmmss" },
  { name: "tradeUsage", label: "거래용도", options: Rules.TRADE_USAGES, required: true },
  { name: "tradeOpt", label: "거래유형", options: Rules.TRADE_OPTS },
  { name: "taxationType", label: "과세형태", options: Rules.TAXATION_TYPES, required: true },
  { name: "identityNum", label: "식별번호", required: true },
  { name: "supplyCost", label: "공급가액", required: true, numeric: true },
  { name: "tax", label: "부가세", required: true, numeric: true },
  { name: "serviceFee", label: "봉사료", required: true, numeric: true },
  { name: "totalAmount", label: "합계금액", required: true, numeric: true },
  { name: "franchiseCorpNum", label: "가맹점 사업자번호", required: true },
  { name: "franchiseTaxRegID", label: "가맹점 종사업장번호" },
  { name: "franchiseCorpName", label: "가맹점 상호" },
  { name: "franchiseCEOName", label: "가맹점 대표자" },
  { name: "franchiseAddr", label: "가맹점 주소" },
  { name: "franchiseTEL", label: "가맹점 전화" },
  { name: "customerName", label: "고객명" },
  { name: "itemName", label: "품목" },
  { name: "orderNumber", label: "주문번호" },
  { name: "email", label: "고객 이메일" },
  { name: "hp", label: "고객 휴대폰" },
  { name: "memo", label: "메모" }
]

/** The names of the fields the WRITE page posts (with `tradeType`). */
export const WRITE_FIELD_NAMES: ReadonlyArray<string> = ["tradeType", ...FIELDS.map((f) => f.name)]

/** A field the service refused: its name (the API's field path) and why. */
export interface FieldError {
  readonly path: string
  readonly message: string
}

const defaults = (corpNum: string): Readonly<Record<string, string>> => ({
  tradeUsage: "소득공제용",
  tradeOpt: "일반",
  taxationType: "과세",
  serviceFee: "0",
  franchiseCorpNum: corpNum
})

const input = (field: Field, value: string): Html =>
  field.options === undefined
    ? html`<input name="${field.name}" value="${value}" autocomplete="off"${field.numeric === true ? html` inputmode="numeric"` : ""}${
      field.hint === undefined ? "" : html` placeholder="${field.hint}"`
    }>`
    : html`<select name="${field.name}">${field.options.map((option) => html`<option${option === value ? html` selected` : ""}>${option}</option>`)}</select>`

/**
 * The WRITE page: the form with `values` (the member's defaults at first), the refused fields named
 * under their inputs and listed above the form, and a fresh form token for this page.
 */
export const writePage = (
  ctx: PageContext,
  target: Extract<Target, { readonly _tag: "CashbillWrite" }>,
  values: Readonly<Record<string, string>> = {},
  errors: ReadonlyArray<FieldError> = []
): HtmlAnswer => {
  const t = textsOf(ctx.language)
  const shown = { ...defaults(target.corpNum), ...values }
  const token = grantForm(ctx.portal, ctx.ticket, target, "IssueCashbill")
  const fields = FIELDS.map((field) => {
    const own = errors.filter((e) => e.path === field.name)
    return html`<label class="${own.length > 0 ? "invalid" : ""}" data-field="${field.name}">${field.label}${field.required === true ? " *" : ""} <code>${field.name}</code>${
      input(field, shown[field.name] ?? "")
    }${own.map((e) => html`<span class="field-error">${e.path}: ${e.message}</span>`)}</label>`
  })
  const summary = errors.length === 0
    ? ""
    : html`<div class="errors" role="alert"><p class="error"><b>${t.writeInvalid}</b></p><ul>${errors.map((e) => html`<li class="error">${e.path === "" ? "" : `${e.path}: `}${e.message}</li>`)}</ul></div>`
  return page({
    status: errors.length === 0 ? 200 : 400,
    language: ctx.language,
    title: t.writeTitle,
    body: html`<main class="bar"><h1>${t.writeTitle}</h1><p class="facts"><span><b>${t.member}</b>${Format.partyNumber(target.corpNum)}</span></p>
<p class="hint">${t.writeHint}</p>${summary}
<form method="post" accept-charset="utf-8"><input type="hidden" name="token" value="${token}"><input type="hidden" name="tradeType" value="승인거래">
<div class="fields">${fields}</div>
<button type="submit">${t.writeButton}</button></form></main>`
  })
}
