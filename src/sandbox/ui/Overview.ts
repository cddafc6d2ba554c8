/**
 * The overview page (`/_sandbox/ui`): both environments at a glance, the clock (document time and
 * its offset) with forms to advance or set it, the documents of this environment by kind and
 * state (each count a link to the list), calls per operation and tokens issued per member (the
 * statistics of `GET /_sandbox/stats`).
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { type Reading, stateText } from "../documents/DocumentKind.js"
import { documentKinds } from "../DocumentKinds.js"
import { membersSlot } from "../member/State.js"
import { outboxSlot } from "../Outbox.js"
import { instant } from "../pages/Format.js"
import { type Html, html } from "../pages/Html.js"
import type { HtmlAnswer } from "../routing/Route.js"
import type { Stats } from "../admin/Stats.js"
import type { Environment } from "../Store.js"
import { taxPortalSlot } from "../taxPortal/State.js"
import type { PageContext } from "./Context.js"
import { baseOf, form, href, page, time, type View } from "./View.js"
import { countsOf } from "./Views.js"

/** Members, documents, jobs and mails of one environment. */
const environmentRow = (view: View, reading: Reading, environment: Environment): Html => {
  const here = { ...reading, environment }
  const { store } = reading
  let jobs = store.get(taxPortalSlot, environment).jobs.size
  for (const kind of documentKinds) for (const _ of kind.submissions?.all(here) ?? []) jobs++
  const cells = [
    store.get(membersSlot, environment).members.size,
    ...documentKinds.map((kind) => kind.count(here)),
    jobs,
    store.get(outboxSlot, environment).length
  ]
  const name = view.t.environmentName[environment]
  return html`<tr><th scope="row">${environment === view.environment ? html`<strong>${name}</strong>` : html`<a href="${baseOf(environment)}">${name}</a>`}</th>${
    cells.map((n) => html`<td class="num">${n.toLocaleString("en-US")}</td>`)
  }</tr>`
}

const environments = (ctx: PageContext): Html => {
  const { t } = ctx.view
  return html`<section class="card" aria-labelledby="environments" data-live="environments">
<h2 id="environments">${t.environments}</h2>
<table>
<thead><tr><th scope="col">${t.environment}</th><th scope="col" class="num">${t.members}</th>${
    documentKinds.map((kind) => html`<th scope="col" class="num">${t.kindName[kind.name]}</th>`)
  }<th scope="col" class="num">${t.jobs}</th><th scope="col" class="num">${t.mails}</th></tr></thead>
<tbody>${environmentRow(ctx.view, ctx.reading, "test")}${environmentRow(ctx.view, ctx.reading, "production")}</tbody>
</table>
</section>`
}

const offsetText = (view: View, offset: number): string => {
  const seconds = Math.round(Math.abs(offset) / 1000)
  if (seconds === 0) return view.t.offsetNone
  const text = Duration.format(Duration.seconds(seconds))
  return offset > 0 ? view.t.offsetAhead(text) : view.t.offsetBehind(text)
}

const hidden = (name: string, value: string): Html => html`<input type="hidden" name="${name}" value="${value}">`

/** `yyyy-MM-ddTHH:mm` of an instant in KST, for a `datetime-local` field. */
const localKst = (epochMillis: number): string => instant(epochMillis).slice(0, 16).replace(" ", "T")

const clock = (view: View, offset: number): Html => {
  const { t } = view
  return html`<section class="card" aria-labelledby="clock">
<h2 id="clock">${t.clock}</h2>
<div data-live="clock-facts">
<p>${t.documentTime}: <strong>${time(view.now)}</strong> (KST)</p>
<p>${t.offset}: ${offsetText(view, offset)}</p>
</div>
<p class="muted">${t.clockHint}</p>
<div class="row">
${form(view, "clock", html`${hidden("advance", "1")}${hidden("unit", "hours")}`, t.plusHour, { className: "inline", buttonClass: "secondary" })}
${form(view, "clock", html`${hidden("advance", "1")}${hidden("unit", "days")}`, t.plusDay, { className: "inline", buttonClass: "secondary" })}
${offset === 0 ? "" : form(view, "clock", hidden("reset", "1"), t.clockNow, { className: "inline", buttonClass: "secondary" })}
</div>
${
    form(
      view,
      "clock",
      html`<label>${t.amount}<input type="number" name="advance" value="1" step="any" required></label>
<label>${t.unit}<select name="unit">${
        (["minutes", "hours", "days"] as const).map((unit) => html`<option value="${unit}"${unit === "days" ? html` selected` : ""}>${t.units[unit]}</option>`)
      }</select></label>`,
      t.advance,
      { label: t.advanceBy }
    )
  }
${form(view, "clock", html`<label>${t.setTo}<input type="datetime-local" name="set" value="${localKst(view.now)}" step="1" required></label>`, t.set, { label: t.setTo })}
</section>`
}

const documentsByState = (ctx: PageContext): Html => {
  const { t } = ctx.view
  return html`<section aria-labelledby="by-state" data-live="by-state">
<h2 id="by-state">${t.documentsByState}</h2>
<div class="cards">${
    documentKinds.map((kind) => {
      const counts = countsOf(ctx.reading, kind)
      let total = 0
      for (const n of counts.values()) total += n
      return html`<div class="card"><h3><a href="${href(ctx.view, kind.name)}">${t.kindName[kind.name]}</a></h3>
<table><thead><tr><th scope="col">${t.state}</th><th scope="col" class="num">${t.documents}</th></tr></thead><tbody>${
        Array.from(counts, ([code, n]) =>
          html`<tr><td>${stateText(kind.states, code, ctx.view.language)}</td><td class="num">${
            n === 0 ? "0" : html`<a href="${href(ctx.view, kind.name, { state: code })}">${n.toLocaleString("en-US")}</a>`
          }</td></tr>`)
      }<tr><th scope="row">${t.total}</th><td class="num">${total.toLocaleString("en-US")}</td></tr></tbody></table></div>`
    })
  }</div>
</section>`
}

const statistics = (ctx: PageContext, stats: Stats): Html => {
  const { t } = ctx.view
  const calls = Object.entries(stats.calls).sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
  return html`<div class="cards" data-live="statistics">
<section class="card" aria-labelledby="calls">
<h2 id="calls">${t.callsPerOperation}</h2>
${
    calls.length === 0
      ? html`<p class="muted">${t.noCalls}</p>`
      : html`<table><thead><tr><th scope="col">${t.operation}</th><th scope="col" class="num">${t.calls}</th></tr></thead><tbody>${
        calls.map(([route, n]) => html`<tr><td><code>${route}</code></td><td class="num">${n.toLocaleString("en-US")}</td></tr>`)
      }</tbody></table>`
  }
</section>
<section class="card" aria-labelledby="tokens">
<h2 id="tokens">${t.tokensPerMember}</h2>
${
    stats.tokensIssued.length === 0
      ? html`<p class="muted">${t.none}</p>`
      : html`<table><thead><tr><th scope="col">${t.environment}</th><th scope="col">${t.partner}</th><th scope="col">${t.member}</th><th scope="col" class="num">${t.tokens}</th></tr></thead><tbody>${
        stats.tokensIssued.map((issued) =>
          html`<tr><td>${t.environmentName[issued.environment]}</td><td>${issued.linkId}</td><td>${
            issued.environment === ctx.view.environment ? html`<a href="${href(ctx.view, `members/${issued.corpNum}`)}">${issued.corpNum}</a>` : issued.corpNum
          }</td><td class="num">${issued.count.toLocaleString("en-US")}</td></tr>`)
      }</tbody></table>`
  }
</section>
</div>`
}

/** The overview page. */
export const overviewPage = (ctx: PageContext): Effect.Effect<HtmlAnswer> =>
  Effect.map(Effect.all({ state: ctx.sources.operations.clock, stats: ctx.sources.operations.stats }), ({ state, stats }) =>
    page(ctx.view, {
      section: "overview",
      title: ctx.view.t.nav.overview,
      body: html`${environments(ctx)}
${clock(ctx.view, state.offset)}
${documentsByState(ctx)}
${statistics(ctx, stats)}`
    }))
