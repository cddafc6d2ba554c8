/**
 * A document's page (`/_sandbox/ui/<kind>/<corpNum>/<itemKey>`): its facts, its state history
 * with the time of each change (`History.ts`), its fields as the service's detail record answers
 * them, its files, the portal links handed out for it, and the calls among the sandbox's recent
 * ones that named it (`CallLog.ts`) — how the document got where it is.
 */
import { names } from "../admin/CallLog.js"
import type { Change, DocumentKind, Row } from "../documents/DocumentKind.js"
import { amount, dateTime, instant } from "../pages/Format.js"
import { type Html, html } from "../pages/Html.js"
import { portalSlot, type Target } from "../documents/PortalLinks.js"
import type { HtmlAnswer } from "../routing/Route.js"
import type { PageContext } from "./Context.js"
import { badge, documentHref } from "./Documents.js"
import { href, page, time, type View } from "./View.js"

/** A value of a record as text; objects and lists are shown apart. */
const scalar = (value: unknown): string => (typeof value === "boolean" ? (value ? "true" : "false") : String(value))

/** A record's fields: scalars as a list of terms, lists of records as tables, records nested. */
const fieldsOf = (record: Readonly<Record<string, unknown>>): Html => {
  const entries = Object.entries(record).filter(([, value]) => value !== null && value !== undefined && value !== "")
  const plain = entries.filter(([, value]) => typeof value !== "object")
  const nested = entries.filter(([, value]) => typeof value === "object")
  return html`<dl class="fields">${plain.map(([key, value]) => html`<dt><code>${key}</code></dt><dd>${scalar(value)}</dd>`)}</dl>${
    nested.map(([key, value]) => {
      if (!Array.isArray(value)) return html`<h3><code>${key}</code></h3>${fieldsOf(value as Record<string, unknown>)}`
      const rows = value.filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null)
      if (rows.length === 0) return html``
      const columns = Array.from(new Set(rows.flatMap((row) => Object.keys(row))))
      return html`<h3><code>${key}</code></h3><table><thead><tr>${columns.map((c) => html`<th scope="col"><code>${c}</code></th>`)}</tr></thead><tbody>${
        rows.map((row) => html`<tr>${columns.map((c) => html`<td>${row[c] === null || row[c] === undefined ? "" : scalar(row[c])}</td>`)}</tr>`)
      }</tbody></table>`
    })
  }`
}

const change = (view: View, kind: DocumentKind<unknown>, row: Row, c: Change): Html =>
  html`<li>${time(c.at)}<strong>${view.t.historyEvent[c.event]}</strong>${c.stateCode === undefined ? "" : html` ${badge(view, kind, c.stateCode)}`}${
    c.detail === undefined || c.detail === "" ? "" : html` <span class="muted">${c.detail}</span>`
  }${c.late === true ? html` <span class="badge warn">${view.t.late}</span>` : ""}${
    c.related === undefined ? "" : html` <a href="${documentHref(view, { kind: kind.name, corpNum: row.corpNum, itemKey: c.related.itemKey })}">${c.related.label}</a>`
  }</li>`

/** Whether a portal link opens this document. */
const opens = (target: Target, row: Row): boolean => {
  switch (target._tag) {
    case "Taxinvoice":
      return row.kind === "taxinvoice" && target.corpNum === row.corpNum && target.itemKeys.includes(row.itemKey)
    case "Statement":
      return row.kind === "statement" && target.corpNum === row.corpNum && target.itemCode === row.itemCode && target.itemKeys.includes(row.itemKey)
    case "Cashbill":
      return row.kind === "cashbill" && target.corpNum === row.corpNum && target.itemKey === row.itemKey
    case "CashbillPage":
      return row.kind === "cashbill" && target.corpNum === row.corpNum && target.itemKeys.includes(row.itemKey)
    default:
      return false
  }
}

const pageName = (target: Target): string =>
  target._tag === "Cashbill" ? (target.pdf ? "PDF" : "VIEW") : "page" in target ? target.page : target._tag

const links = (ctx: PageContext, row: Row): Html => {
  const { t } = ctx.view
  const found = Array.from(ctx.reading.store.get(portalSlot, ctx.reading.environment).tickets.entries.values()).filter((ticket) => opens(ticket.data, row))
  if (found.length === 0) return html`<p class="muted">${t.noLinks}</p>`
  return html`<p class="muted">${t.linksHint}</p><table><thead><tr><th scope="col">${t.page}</th><th scope="col">${t.validUntil}</th><th scope="col">${t.state}</th></tr></thead><tbody>${
    found.map((ticket) =>
      html`<tr><td><code>${pageName(ticket.data)}</code></td><td>${ticket.expiresAt === undefined ? t.noExpiry : time(ticket.expiresAt)}</td><td>${
        ticket.usedAt !== undefined
          ? t.linkOpened(instant(ticket.usedAt))
          : ticket.expiresAt !== undefined && ctx.reading.now >= ticket.expiresAt
          ? t.linkExpired
          : t.linkOpen
      }</td></tr>`)
  }</tbody></table>`
}

const calls = (ctx: PageContext, kind: DocumentKind<unknown>, row: Row): Html => {
  const { t } = ctx.view
  const log = ctx.sources.calls
  // Oldest first, as the history reads.
  const touching = [...log.recent()].reverse().filter((call) => {
    if (call.environment !== ctx.reading.environment || call.corpNum !== row.corpNum || !call.operation.startsWith(kind.operations)) return false
    const itemCode = call.params["itemCode"] ?? call.params["ItemCode"]
    if (row.itemCode !== undefined && itemCode !== undefined && Number(itemCode) !== row.itemCode) return false
    return (row.mgtKey !== undefined && names(call, row.mgtKey)) || names(call, row.itemKey)
  })
  return html`<p class="muted">${t.callsHint(log.capacity)}</p>${
    touching.length === 0
      ? html`<p class="muted">${t.noCallsTouching}</p>`
      : html`<table><thead><tr><th scope="col">${t.time}</th><th scope="col">${t.operation}</th><th scope="col">${t.answer}</th><th scope="col">${t.fault}</th></tr></thead><tbody>${
        touching.map((call) =>
          html`<tr><td>${time(call.at)}</td><td><code>${call.operation}</code></td><td><span class="badge ${call.status === 200 ? "ok" : "error"}">${
            call.status === 0 ? "…" : call.status
          }</span></td><td>${call.fault ?? ""}</td></tr>`)
      }</tbody></table>`
  }`
}

const files = (view: View, kind: DocumentKind<unknown>, row: Row): Html => {
  const { t } = view
  const attached = kind.files?.(row.document) ?? []
  if (attached.length === 0) return html`<p class="muted">${t.noFiles}</p>`
  return html`<table><thead><tr><th scope="col">${t.fileName}</th><th scope="col" class="num">${t.size}</th><th scope="col">${t.registered}</th></tr></thead><tbody>${
    attached.map((file) =>
      html`<tr><td>${file.displayName} <span class="muted">(${file.fileName}, <code>${file.fileId}</code>)</span></td><td class="num">${
        file.content.length.toLocaleString("en-US")
      } B</td><td>${time(file.regAt)}</td></tr>`)
  }</tbody></table>`
}

/** A document's page; `undefined` when the member has no such document. */
export const documentPage = (ctx: PageContext, kind: DocumentKind<unknown>, corpNum: string, itemKey: string): HtmlAnswer | undefined => {
  const row = kind.find(ctx.reading, corpNum, itemKey)
  if (row === undefined) return undefined
  const { view } = ctx
  const { t } = view
  const section = (id: string, title: string, body: Html) => html`<section class="card" aria-labelledby="${id}" data-live="${id}"><h2 id="${id}">${title}</h2>${body}</section>`
  return page(view, {
    section: kind.name,
    title: `${t.kindName[kind.name]} ${row.mgtKey ?? row.itemKey}`,
    body: html`<section class="card" aria-label="${t.state}" data-live="facts"><dl class="fields">
<dt>${t.member}</dt><dd><a href="${href(view, `members/${corpNum}`)}">${corpNum}</a></dd>
<dt>${t.documentId}</dt><dd>${row.mgtKey ?? ""}${row.itemCode === undefined ? "" : html` <span class="muted">(${t.itemCode} ${row.itemCode})</span>`}</dd>
<dt>itemKey</dt><dd class="mono">${row.itemKey}</dd>
<dt>${kind.name === "statement" ? t.statementNum : t.confirmNum}</dt><dd class="mono">${row.number ?? ""}</dd>
<dt>${t.state}</dt><dd>${badge(view, kind, row.stateCode)}</dd>
<dt>${t.changed}</dt><dd>${time(row.stateAt)}</dd>
<dt>${t.date}</dt><dd>${dateTime(row.date)}</dd>
<dt>${t.total}</dt><dd>${amount(row.total)}</dd>
</dl></section>
${section("history", t.history, html`<ol class="history">${kind.history(ctx.reading, row.document, view.language).map((c) => change(view, kind, row, c))}</ol>`)}
${section("calls", t.callsTouching, calls(ctx, kind, row))}
${section("links", t.portalLinks, links(ctx, row))}
${section("files", t.files, files(view, kind, row))}
${section("fields", t.fields, fieldsOf(kind.detail(ctx.reading, row.document) as Readonly<Record<string, unknown>>))}`
  })
}
