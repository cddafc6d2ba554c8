/**
 * The snapshots page (`/_sandbox/ui/snapshots`): the snapshots kept in the sandbox, a button taking
 * one, and for each a button restoring it and one forgetting it — the admin routes'
 * `POST /_sandbox/snapshots`, `…/{id}/restore` and `DELETE …/{id}` as forms.
 */
import * as Effect from "effect/Effect"
import { html } from "../pages/Html.js"
import type { HtmlAnswer } from "../routing/Route.js"
import { form, page, time } from "./View.js"
import type { PageContext } from "./Context.js"

/** The snapshots page. */
export const snapshotsPage = (ctx: PageContext): Effect.Effect<HtmlAnswer> =>
  Effect.map(ctx.sources.operations.keptSnapshots, (kept) => {
    const { view } = ctx
    const { t } = view
    const id = (value: string) => html`<input type="hidden" name="id" value="${value}">`
    return page(view, {
      section: "snapshots",
      title: t.snapshots,
      body: html`<p class="muted">${t.snapshotsHint}</p>
${form(view, "snapshots", html``, t.takeSnapshot)}
<div data-live="snapshots">${
        kept.length === 0
          ? html`<p class="muted">${t.noSnapshots}</p>`
          : html`<table><thead><tr><th scope="col">${t.snapshotId}</th><th scope="col">${t.takenAt}</th><th scope="col">${t.restore}</th><th scope="col">${t.forget}</th></tr></thead><tbody>${
            [...kept].reverse().map((snapshot) =>
              html`<tr><td class="mono">${snapshot.id}</td><td>${time(snapshot.takenAt)}</td><td>${
                form(view, "snapshots/restore", id(snapshot.id), t.restore, { className: "inline", label: `${t.restore} ${snapshot.id}` })
              }</td><td>${
                form(view, "snapshots/forget", id(snapshot.id), t.forget, { className: "inline", buttonClass: "danger", label: `${t.forget} ${snapshot.id}` })
              }</td></tr>`)
          }</tbody></table>`
      }</div>`
    })
  })
