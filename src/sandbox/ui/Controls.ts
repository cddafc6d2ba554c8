/**
 * The faults and progressions page (`/_sandbox/ui/faults`): the faults set, each with a button
 * removing it, a form adding one that offers every route of the catalogue, every fault kind and
 * every error code, and the progression policies with a form changing each. The forms send what
 * the admin routes take (`Fault`, `Policy`); `Actions.ts` decodes them with the same schemas.
 */
import * as Effect from "effect/Effect"
import { ErrorCodes, type ErrorCodeName } from "../../core/ErrorCodes.js"
import * as Catalogue from "../../domains/Catalogue.js"
import { type Fault, FaultKinds } from "../edge/Faults.js"
import { type Html, html } from "../pages/Html.js"
import { Kinds, type Policy } from "../Progression.js"
import type { HtmlAnswer } from "../routing/Route.js"
import { form, page, type View } from "./View.js"
import type { PageContext } from "./Context.js"

const describePolicy = (view: View, policy: Policy): string => {
  const name = view.t.policyName[policy._tag]
  switch (policy._tag) {
    case "AfterPolls":
      return `${name}: ${policy.polls}`
    case "AfterDuration":
      return `${name}: ${policy.millis} ms`
    default:
      return name
  }
}

const CODES = (Object.keys(ErrorCodes) as Array<ErrorCodeName>).map((name) => [name, ErrorCodes[name].code] as const).sort((a, b) => a[1] - b[1])

const routeSelect = (view: View): Html =>
  html`<label>${view.t.route}<select name="route" required>${
    Catalogue.domains.map((domain) =>
      html`<optgroup label="${domain.domain}">${domain.operations.map((operation) => html`<option value="${operation.name}">${operation.name}</option>`)}</optgroup>`
    )
  }</select></label>`

const addForm = (view: View): Html => {
  const { t } = view
  return form(
    view,
    "faults",
    html`${routeSelect(view)}
<label>${t.fault}<select name="kind"><option value="">${t.faultKind.none}</option>${FaultKinds.map((kind) => html`<option value="${kind}">${t.faultKind[kind]}</option>`)}</select></label>
<label>${t.code}<select name="code"><option value="">${t.none}</option>${CODES.map(([name, code]) => html`<option value="${code}">${code} ${name}</option>`)}</select></label>
<label>${t.status}<input type="number" name="status" min="500" max="599" placeholder="503"></label>
<label>${t.latency}<input type="number" name="latencyMillis" min="0" step="1" placeholder="0"></label>
<label>${t.probability}<input type="number" name="probability" min="0" max="1" step="any" value="1"></label>
<label>${t.count}<input type="number" name="count" min="1" step="1" placeholder="${t.untilRemoved}"></label>`,
    t.add,
    { label: t.addFault }
  )
}

const faultsTable = (ctx: PageContext, faults: ReadonlyArray<Fault>): Html => {
  const { view } = ctx
  const { t } = view
  if (faults.length === 0) return html`<p class="muted">${t.noFaults}</p>`
  return html`<table><thead><tr><th scope="col">${t.route}</th><th scope="col">${t.fault}</th><th scope="col">${t.code}</th><th scope="col">${t.status}</th><th scope="col" class="num">${t.latency}</th><th scope="col" class="num">${t.probability}</th><th scope="col">${t.count}</th><th scope="col"><span class="muted">${t.remove}</span></th></tr></thead><tbody>${
    faults.map((fault) =>
      html`<tr><td><code>${fault.route}</code></td><td>${fault.kind ?? (fault.drop === true ? "reset" : "")}</td><td>${fault.code ?? ""}</td><td>${fault.status ?? ""}</td><td class="num">${
        fault.latencyMillis ?? 0
      }</td><td class="num">${fault.probability}</td><td>${fault.count ?? t.untilRemoved}</td><td>${
        form(view, "faults/remove", html`<input type="hidden" name="route" value="${fault.route}">`, t.remove, {
          className: "inline",
          buttonClass: "danger",
          label: `${t.remove} ${fault.route}`
        })
      }</td></tr>`)
  }</tbody></table>${form(view, "faults/remove", html``, t.removeAll, { buttonClass: "danger" })}`
}

const progressionsTable = (view: View, policies: Readonly<Record<typeof Kinds[number], Policy>>): Html => {
  const { t } = view
  return html`<table><thead><tr><th scope="col">${t.kind}</th><th scope="col">${t.policy}</th><th scope="col">${t.change}</th></tr></thead><tbody>${
    Kinds.map((kind) => {
      const policy = policies[kind]
      const value = policy._tag === "AfterPolls" ? policy.polls : policy._tag === "AfterDuration" ? policy.millis : undefined
      return html`<tr><td><code>${kind}</code></td><td data-live="policy-${kind}">${describePolicy(view, policy)}</td><td>${
        form(
          view,
          "progressions",
          html`<input type="hidden" name="kind" value="${kind}"><label>${t.policy}<select name="policy">${
            (["Immediate", "AfterPolls", "AfterDuration", "EndOfDay"] as const).map((tag) =>
              html`<option value="${tag}"${tag === policy._tag ? html` selected` : ""}>${t.policyName[tag]}</option>`
            )
          }</select></label><label>${t.policyValue}<input type="number" name="value" min="0" step="1" value="${value ?? ""}"></label>`,
          t.change,
          { label: `${t.change} ${kind}` }
        )
      }</td></tr>`
    })
  }</tbody></table>`
}

/** The faults and progressions page. */
export const controlsPage = (ctx: PageContext): Effect.Effect<HtmlAnswer> =>
  Effect.map(Effect.all({ faults: ctx.sources.operations.faults, policies: ctx.sources.operations.progressions }), ({ faults, policies }) => {
    const { view } = ctx
    const { t } = view
    return page(view, {
      section: "faults",
      title: t.nav.faults,
      body: html`<section class="card" aria-labelledby="faults">
<h2 id="faults">${t.faults}</h2>
<div data-live="faults-list">${faultsTable(ctx, faults)}</div>
<h3>${t.addFault}</h3>
<p class="muted">${t.faultHint}</p>
${addForm(view)}
</section>
<section class="card" aria-labelledby="progressions">
<h2 id="progressions">${t.progressions}</h2>
<p class="muted">${t.progressionsHint}</p>
${progressionsTable(view, policies)}
</section>`
    })
  })
