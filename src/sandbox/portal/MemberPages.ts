/**
 * The member's own pages, behind GetAccessURL (LOGIN), GetChargeURL (CHRG), GetPaymentURL
 * (PAYMENT) and GetUseHistoryURL (USEHISTORY). The sandbox charges nothing, so the charge and
 * payment pages say so; the home page shows the company and its contacts (never a password), the
 * use history the documents issued per day (cash receipts, e-Tax invoices, statements) — what the
 * live service would deduct points for.
 */
import * as Effect from "effect/Effect"
import * as Kst from "../../core/Kst.js"
import { documentKinds } from "../DocumentKinds.js"
import type { SandboxFailure } from "../Failure.js"
import { handlerContext } from "../HandlerContext.js"
import * as MemberState from "../member/State.js"
import * as Format from "../pages/Format.js"
import { type Html, html } from "../pages/Html.js"
import { textsOf } from "../pages/Shell.js"
import type { Texts } from "../pages/TextsKo.js"
import type { MemberPage, Target } from "../documents/PortalLinks.js"
import type { HtmlAnswer, RouteContext } from "../routing/Route.js"
import { SandboxStore } from "../Store.js"
import { page, type PageContext } from "./Context.js"

/** A link to a member's page. */
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
<table class="list"><tbody>${row(t.corpName, info.corpName)}${row(t.ceo, info.ceoname)}${row(t.addr, info.addr)}${row(t.bizType, info.bizType)}${
    row(t.bizClass, info.bizClass)
  }</tbody></table>
<h2>${t.homeContacts}</h2>
<table class="list"><thead><tr><th>${t.contactId}</th><th>${t.contactName}</th><th>${t.email}</th><th>${t.tel}</th><th>${t.homeManager}</th></tr></thead><tbody>${contacts}</tbody></table>`
}

/** Documents issued per KST day (`yyyyMMdd`), per kind in the order of `documentKinds`. */
const issuedPerDay = (ctx: PageContext, corpNum: string): Effect.Effect<Map<string, Array<number>>, never, RouteContext> =>
  Effect.map(handlerContext, ({ now, policies, store }) => {
    const reading = { store, environment: ctx.environment, now, policies }
    const counts = new Map<string, Array<number>>()
    documentKinds.forEach((kind, i) => {
      for (const at of kind.issued(reading, corpNum)) {
        const day = Kst.toDate8(at)
        const row = counts.get(day) ?? documentKinds.map(() => 0)
        row[i]! += 1
        counts.set(day, row)
      }
    })
    return counts
  })

const useHistory = (t: Texts, counts: ReadonlyMap<string, ReadonlyArray<number>>): Html => {
  if (counts.size === 0) return html`<p>${t.useNone}</p>`
  const days = Array.from(counts.keys()).sort().reverse()
  const rows = days.map((day) => html`<tr><td>${Format.dateTime(day)}</td>${counts.get(day)!.map((n) => html`<td class="num">${String(n)}</td>`)}</tr>`)
  return html`<p class="hint">${t.useHint}</p>
<table class="list"><thead><tr><th>${t.date}</th>${documentKinds.map((kind) => html`<th>${t.kindName[kind.name]}</th>`)}</tr></thead><tbody>${rows}</tbody></table>`
}

/** The page of a member link; `undefined` when the member has withdrawn since. */
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
