/**
 * The member's own pages, behind GetAccessURL (LOGIN), GetChargeURL (CHRG), GetPaymentURL
 * (PAYMENT) and GetUseHistoryURL (USEHISTORY). The sandbox charges nothing, so the charge and
 * payment pages say so; the home page shows the company and its contacts (never a password), the
 * use history the documents issued per day (cash receipts, e-Tax invoices, statements) — what the
 * live service would deduct points for.
 *
 * @since 1.1.0
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Kst from "../../core/Kst.js"
import * as CashbillState from "../cashbill/State.js"
import type { SandboxFailure } from "../Failure.js"
import * as MemberState from "../member/State.js"
import type { MemberPage, Target } from "../PortalLinks.js"
import type { HtmlAnswer, RouteContext } from "../Route.js"
import * as StatementState from "../statement/State.js"
import { SandboxStore } from "../Store.js"
import * as TaxinvoiceState from "../taxinvoice/State.js"
import * as Format from "./Format.js"
import { type Html, html } from "./Html.js"
import { page, type PageContext } from "./Shell.js"
import { type Texts, textsOf } from "./Texts.js"

/**
 * A link to a member's page.
 *
 * @since 1.1.0
 * @category models
 */
export type MemberTarget = Extract<Target, { readonly _tag: "MemberPage" }>

const titleOf = (t: Texts, kind: MemberPage): string => {
  switch (kind) {
    case "LOGIN":
      return t.homeTitle
    case "CHRG":
      return t.chargeTitle
    case "PAYMENT":
      return t.paymentTitle
    case "USEHISTORY":
      return t.useTitle
  }
}

const home = (t: Texts, member: MemberState.MemberRecord): Html => {
  const info = member.corpInfo
  const row = (label: string, value: string) => html`<tr><th scope="row">${label}</th><td>${value}</td></tr>`
  const contacts = Array.from(member.contacts.values()).map((c) =>
    html`<tr><td>${c.id}</td><td>${c.personName}</td><td>${c.email}</td><td>${c.tel}</td><td>${c.mgrYN ? "✓" : ""}</td></tr>`
  )
  return html`<h2>${t.homeCompany}</h2>
<table class="list"><tbody>${row("상호", info.corpName)}${row("대표자", info.ceoname)}${row("주소", info.addr)}${row("업태", info.bizType)}${
    row("종목", info.bizClass)
  }</tbody></table>
<h2>${t.homeContacts}</h2>
<table class="list"><thead><tr><th>ID</th><th>이름</th><th>이메일</th><th>전화</th><th>${t.homeManager}</th></tr></thead><tbody>${contacts}</tbody></table>`
}

/** Documents issued per KST day (`yyyyMMdd`) and kind. */
type Counts = Map<string, { cashbills: number; taxinvoices: number; statements: number }>

const countInto = (counts: Counts, at: number | undefined, kind: "cashbills" | "taxinvoices" | "statements") => {
  if (at === undefined) return
  const day = Kst.toDate8(at)
  const row = counts.get(day) ?? { cashbills: 0, taxinvoices: 0, statements: 0 }
  row[kind] += 1
  counts.set(day, row)
}

const issuedPerDay = (ctx: PageContext, corpNum: string): Effect.Effect<Counts, SandboxFailure, RouteContext> =>
  Effect.gen(function*() {
    const counts: Counts = new Map()
    yield* CashbillState.withMemberOf(ctx.environment, corpNum, (member) => {
      for (const receipt of member.member.issued) countInto(counts, receipt.issuedAt, "cashbills")
      return Result.void
    })
    yield* TaxinvoiceState.withMemberOf(ctx.environment, corpNum, (member) => {
      for (const invoice of member.member.byItemKey.values()) countInto(counts, invoice.issued?.at, "taxinvoices")
      return Result.void
    })
    yield* StatementState.withMemberOf(ctx.environment, corpNum, (member) => {
      for (const stored of member.member.values()) countInto(counts, stored.issuedAt, "statements")
      return Result.void
    })
    return counts
  })

const useHistory = (t: Texts, counts: Counts): Html => {
  if (counts.size === 0) return html`<p>${t.useNone}</p>`
  const days = Array.from(counts.keys()).sort().reverse()
  const rows = days.map((day) => {
    const row = counts.get(day)!
    return html`<tr><td>${Format.dateTime(day)}</td><td class="num">${String(row.cashbills)}</td><td class="num">${String(row.taxinvoices)}</td><td class="num">${
      String(row.statements)
    }</td></tr>`
  })
  return html`<p class="hint">${t.useHint}</p>
<table class="list"><thead><tr><th>${t.day}</th><th>${t.cashbills}</th><th>${t.taxinvoices}</th><th>${t.statements}</th></tr></thead><tbody>${rows}</tbody></table>`
}

/**
 * The page of a member link; `undefined` when the member has withdrawn since.
 *
 * @since 1.1.0
 * @category constructors
 */
export const memberPage = (ctx: PageContext, target: MemberTarget): Effect.Effect<HtmlAnswer | undefined, SandboxFailure, RouteContext> =>
  Effect.gen(function*() {
    const members = yield* SandboxStore.useSync((store) => store.get(MemberState.membersSlot, ctx.environment))
    const member = members.members.get(target.corpNum)
    if (member === undefined) return undefined
    const t = textsOf(ctx.language)
    const title = titleOf(t, target.page)
    const content = yield* ((): Effect.Effect<Html, SandboxFailure, RouteContext> => {
      switch (target.page) {
        case "LOGIN":
          return Effect.succeed(home(t, member))
        case "CHRG":
          return Effect.succeed(html`<p>${t.chargeNote}</p><p class="facts"><span><b>${t.balance}</b>0</span></p>`)
        case "PAYMENT":
          return Effect.succeed(html`<p>${t.paymentNone}</p>`)
        case "USEHISTORY":
          return Effect.map(issuedPerDay(ctx, target.corpNum), (counts) => useHistory(t, counts))
      }
    })()
    return page({
      language: ctx.language,
      title,
      body: html`<main class="bar"><h1>${title}</h1><p class="facts"><span><b>${t.member}</b>${Format.partyNumber(target.corpNum)}</span><span>${
        member.corpInfo.corpName
      }</span></p>${content}</main>`
    })
  })
