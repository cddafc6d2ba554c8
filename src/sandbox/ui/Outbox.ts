/**
 * The outbox page (`/_sandbox/ui/outbox`): every mail the service would have sent in the
 * environment, newest first, paged; `?member=` shows one member's.
 */
import * as Kst from "../../core/Kst.js"
import { outboxSlot } from "../Outbox.js"
import { html } from "../pages/Html.js"
import type { HtmlAnswer } from "../routing/Route.js"
import { href, page, time } from "./View.js"
import type { PageContext } from "./Context.js"
import { paged } from "./Views.js"

const PER_PAGE = 100

/** The outbox page. */
export const outboxPage = (ctx: PageContext): HtmlAnswer => {
  const { view } = ctx
  const { t } = view
  const member = view.query.get("member")?.trim() || undefined
  const mails = ctx.reading.store.get(outboxSlot, ctx.reading.environment).filter((mail) => member === undefined || mail.corpNum === member).reverse()
  const shown = paged(mails, Number(view.query.get("page") ?? "1"), PER_PAGE)
  const first = (shown.page - 1) * shown.perPage + 1
  return page(view, {
    section: "outbox",
    title: member === undefined ? t.outbox : `${t.outbox} · ${member}`,
    body: html`<p class="muted">${t.outboxHint}</p>
<div data-live="outbox">${
      shown.total === 0
        ? html`<p class="muted">${t.noMails}</p>`
        : html`<div class="pager"><span>${t.shown(first, first + shown.rows.length - 1, shown.total)}</span>${
          shown.page > 1 ? html`<a href="${href(view, "outbox", { member, page: shown.page - 1 })}" rel="prev">${t.previous}</a>` : ""
        }${shown.page < shown.pages ? html`<a href="${href(view, "outbox", { member, page: shown.page + 1 })}" rel="next">${t.next}</a>` : ""}</div>
<table><thead><tr><th scope="col">${t.sent}</th><th scope="col">${t.member}</th><th scope="col">${t.operation}</th><th scope="col">${t.document}</th><th scope="col">${t.receiver}</th><th scope="col">${t.subject}</th></tr></thead><tbody>${
          shown.rows.map((mail) =>
            html`<tr><td>${time(Kst.parse(mail.sentDT))}</td><td><a href="${href(view, `members/${mail.corpNum}`)}">${mail.corpNum}</a></td><td><code>${mail.operation}</code></td><td class="mono">${mail.document}</td><td>${mail.receiver}</td><td>${mail.subject}</td></tr>`
          )
        }</tbody></table>`
    }</div>`
  })
}
