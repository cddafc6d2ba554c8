/**
 * The document lists (`/_sandbox/ui/cashbill`, `…/taxinvoice`, `…/statement`): the documents of a
 * kind, newest first, filtered by member, document ID, state and date (a plain GET form, so a
 * filtered list is a link), paged on the server — a page shows `PER_PAGE` rows however many
 * documents match.
 */
import { type Html, html } from "../pages/Html.js"
import { amount, dateTime } from "../pages/Format.js"
import type { HtmlAnswer } from "../routing/Route.js"
import { type DocumentKind, type Row, stateText } from "../documents/DocumentKind.js"
import type { PageContext } from "./Context.js"
import { href, page, time, type View } from "./View.js"
import { type Filter, listOf, stateCodes } from "./Views.js"

/** Rows on a page of a list. */
export const PER_PAGE = 50

/** The tone of a state's badge: settled well, under way, or gone wrong. */
const toneOf = (kind: DocumentKind<unknown>, code: number): "ok" | "warn" | "error" | "" => {
  if (code === 305 || (kind.name === "statement" && code === 600)) return "error"
  if (code === 304 || (kind.name === "statement" && code === 300)) return "ok"
  if (code === 100 || code === 200 || (code >= 300 && code <= 303)) return "warn"
  return ""
}

/** A state as a badge. */
export const badge = (view: View, kind: DocumentKind<unknown>, code: number): Html =>
  html`<span class="badge ${toneOf(kind, code)}">${stateText(kind.states, code, view.language)}</span>`

/** The link to a document's page. */
export const documentHref = (view: View, row: Pick<Row, "kind" | "corpNum" | "itemKey">): string => href(view, `${row.kind}/${row.corpNum}/${row.itemKey}`)

/** `yyyyMMdd` of a `yyyy-MM-dd` (or `yyyyMMdd`) date field. */
const date8Of = (text: string | null): string | undefined => {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text?.trim() ?? "")
  return match === null ? undefined : `${match[1]}${match[2]}${match[3]}`
}

/** The filters of a list from its query (`member`, `id`, `state`, `from`, `to`). */
const filterOf = (query: URLSearchParams): Filter => {
  const text = (name: string) => {
    const value = query.get(name)?.trim()
    return value === undefined || value === "" ? undefined : value
  }
  const state = Number(query.get("state") ?? "")
  return {
    corpNum: text("member"),
    id: text("id"),
    state: Number.isInteger(state) && state > 0 ? state : undefined,
    from: date8Of(query.get("from")),
    to: date8Of(query.get("to"))
  }
}

const filterForm = (view: View, kind: DocumentKind<unknown>, filter: Filter): Html => {
  const { t } = view
  return html`<form method="get" action="${href(view, kind.name)}" class="filters" aria-label="${t.filters}">
<label>${t.member}<input name="member" value="${filter.corpNum ?? ""}" inputmode="numeric" size="12"></label>
<label>${t.documentId}<input name="id" value="${filter.id ?? ""}" size="18"></label>
<label>${t.state}<select name="state"><option value="">${t.anyState}</option>${
    stateCodes(kind).map((code) => html`<option value="${code}"${code === filter.state ? html` selected` : ""}>${stateText(kind.states, code, view.language)}</option>`)
  }</select></label>
<label>${t.from}<input type="date" name="from" value="${filter.from === undefined ? "" : dateTime(filter.from)}"></label>
<label>${t.to}<input type="date" name="to" value="${filter.to === undefined ? "" : dateTime(filter.to)}"></label>
<button type="submit">${t.filter}</button>
<a href="${href(view, kind.name)}">${t.clearFilters}</a>
</form>`
}

const queryOf = (filter: Filter, pageNumber: number) => ({
  member: filter.corpNum,
  id: filter.id,
  state: filter.state,
  from: filter.from === undefined ? undefined : dateTime(filter.from),
  to: filter.to === undefined ? undefined : dateTime(filter.to),
  page: pageNumber === 1 ? undefined : pageNumber
})

const rowHtml = (view: View, kind: DocumentKind<unknown>, row: Row): Html =>
  html`<tr><td><a href="${documentHref(view, row)}">${row.mgtKey ?? row.itemKey}</a></td>${
    row.kind === "statement" ? html`<td>${row.itemCode}</td>` : ""
  }<td><a href="${href(view, `members/${row.corpNum}`)}">${row.corpNum}</a></td><td>${dateTime(row.date)}</td><td class="mono">${row.number ?? ""}</td><td>${
    badge(view, kind, row.stateCode)
  }</td><td>${time(row.stateAt)}</td><td>${row.buyer ?? ""}</td><td class="num">${amount(row.total)}</td></tr>`

/** The list page of a kind. */
export const listPage = (ctx: PageContext, kind: DocumentKind<unknown>): HtmlAnswer => {
  const { view } = ctx
  const { t } = view
  const filter = filterOf(view.query)
  const list = listOf(ctx.reading, kind, filter, Number(view.query.get("page") ?? "1"), PER_PAGE)
  const first = (list.page - 1) * list.perPage + 1
  const pager = html`<div class="pager"><span>${
    list.total === 0 ? "" : t.shown(first, first + list.rows.length - 1, list.total)
  }</span>${list.page > 1 ? html`<a href="${href(view, kind.name, queryOf(filter, list.page - 1))}" rel="prev">${t.previous}</a>` : ""}${
    list.page < list.pages ? html`<a href="${href(view, kind.name, queryOf(filter, list.page + 1))}" rel="next">${t.next}</a>` : ""
  }<span class="muted">${t.pageOf(list.page, list.pages)}</span></div>`
  return page(view, {
    section: kind.name,
    title: t.kindName[kind.name],
    body: html`${filterForm(view, kind, filter)}
<div data-live="list">
${
      list.total === 0 ? html`<p class="muted">${t.noDocuments}</p>` : html`${pager}
<table>
<thead><tr><th scope="col">${t.documentId}</th>${kind.name === "statement" ? html`<th scope="col">${t.itemCode}</th>` : ""}<th scope="col">${t.member}</th><th scope="col">${t.date}</th><th scope="col">${
        kind.name === "statement" ? t.statementNum : t.confirmNum
      }</th><th scope="col">${t.state}</th><th scope="col">${t.changed}</th><th scope="col">${t.buyer}</th><th scope="col" class="num">${t.total}</th></tr></thead>
<tbody>${list.rows.map((row) => rowHtml(view, kind, row))}</tbody>
</table>
${pager}`
    }
</div>`
  })
}
