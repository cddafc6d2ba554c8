/**
 * The members and partners pages: the partners the sandbox signs tokens for (LinkIDs only), the
 * members of the environment with their documents and certificate, and a member's page — company,
 * contacts (never their passwords), preferences, certificates, documents and tokens.
 */
import { certificateSlot } from "../certificate/State.js"
import type { Reading } from "../documents/DocumentKind.js"
import { documentKinds } from "../DocumentKinds.js"
import { tokensSlot } from "../auth/IssuedTokens.js"
import { membersSlot } from "../member/State.js"
import { dateTime, instant } from "../pages/Format.js"
import { type Html, html } from "../pages/Html.js"
import { preferencesSlot } from "../Preferences.js"
import type { HtmlAnswer } from "../routing/Route.js"
import { taxPortalSlot } from "../taxPortal/State.js"
import type { PageContext } from "./Context.js"
import { href, page, time, type View } from "./View.js"

/** How many documents of each kind a member has, in the order of the pages. */
const countsOf = (reading: Reading, corpNum: string): ReadonlyArray<number> => documentKinds.map((kind) => kind.count(reading, corpNum))

const documentLinks = (view: View, counts: ReadonlyArray<number>, corpNum: string): Html =>
  html`${
    documentKinds.map((kind, i) =>
      html`${i === 0 ? "" : " · "}<a href="${href(view, kind.name, { member: corpNum })}">${view.t.kindName[kind.name]} ${counts[i]!.toLocaleString("en-US")}</a>`
    )
  }`

const certificateText = (view: View, expireAt: number | undefined): Html =>
  expireAt === undefined ? html`<span class="muted">${view.t.none}</span>` : html`${view.t.expires(instant(expireAt))}${expireAt <= view.now ? html` <span class="badge error">!</span>` : ""}`

/** The members and partners page. */
export const membersPage = (ctx: PageContext): HtmlAnswer => {
  const { t } = ctx.view
  const { store, environment } = ctx.reading
  const members = Array.from(store.get(membersSlot, environment).members.values()).sort((a, b) => a.corpNum.localeCompare(b.corpNum))
  const certificates = store.get(certificateSlot, environment)
  return page(ctx.view, {
    section: "members",
    title: t.nav.members,
    body: html`<section class="card" aria-labelledby="partners">
<h2 id="partners">${t.partners}</h2>
<p class="muted">${t.partnersHint}</p>
<ul>${ctx.sources.partners.map((linkId) => html`<li><code>${linkId}</code></li>`)}</ul>
</section>
<section aria-labelledby="members" data-live="members">
<h2 id="members">${t.members}</h2>
${
      members.length === 0
        ? html`<p class="muted">${t.noMembers}</p>`
        : html`<table>
<thead><tr><th scope="col">${t.corpNum}</th><th scope="col">${t.corpName}</th><th scope="col">${t.partner}</th><th scope="col" class="num">${t.contacts}</th><th scope="col">${t.documents}</th><th scope="col">${t.certificate}</th></tr></thead>
<tbody>${
          members.map((member) =>
            html`<tr><td><a href="${href(ctx.view, `members/${member.corpNum}`)}">${member.corpNum}</a></td><td>${member.corpInfo.corpName}</td><td><code>${member.linkId}</code></td><td class="num">${member.contacts.size}</td><td>${
              documentLinks(ctx.view, countsOf(ctx.reading, member.corpNum), member.corpNum)
            }</td><td>${certificateText(ctx.view, certificates.get(member.corpNum)?.expireAt)}</td></tr>`
          )
        }</tbody>
</table>`
    }
</section>`
  })
}


/** A member's page; `undefined` when the environment knows nothing of `corpNum`. */
export const memberPage = (ctx: PageContext, corpNum: string): HtmlAnswer | undefined => {
  const { t } = ctx.view
  const { store, environment } = ctx.reading
  const member = store.get(membersSlot, environment).members.get(corpNum)
  const counts = countsOf(ctx.reading, corpNum)
  if (member === undefined && counts.every((n) => n === 0)) return undefined
  const preferences = Object.entries(store.get(preferencesSlot, environment).get(corpNum) ?? {})
  const certificate = store.get(certificateSlot, environment).get(corpNum)
  const portal = store.get(taxPortalSlot, environment).members.get(corpNum)
  let tokens = 0
  for (const issued of store.get(tokensSlot, environment).issued.values()) if (issued.corpNum === corpNum) tokens += issued.count
  const company = member === undefined
    ? html`<p class="muted">${t.notMember}</p>`
    : html`<dl class="fields">
<dt>${t.corpNum}</dt><dd>${member.corpNum}</dd>
<dt>${t.corpName}</dt><dd>${member.corpInfo.corpName}</dd>
<dt>${t.ceo}</dt><dd>${member.corpInfo.ceoname}</dd>
<dt>${t.partner}</dt><dd><code>${member.linkId}</code></dd>
<dt>${t.tokens}</dt><dd>${tokens.toLocaleString("en-US")}</dd>
</dl>`
  return page(ctx.view, {
    section: "members",
    title: `${t.member} ${corpNum}${member === undefined ? "" : ` · ${member.corpInfo.corpName}`}`,
    body: html`<div class="cards" data-live="member">
<section class="card" aria-labelledby="company"><h2 id="company">${t.corpName}</h2>${company}</section>
<section class="card" aria-labelledby="documents"><h2 id="documents">${t.documents}</h2><p>${documentLinks(ctx.view, counts, corpNum)}</p>
<p><a href="${href(ctx.view, "jobs", { member: corpNum })}">${t.jobs}</a> · <a href="${href(ctx.view, "outbox", { member: corpNum })}">${t.mails}</a></p></section>
<section class="card" aria-labelledby="certificates"><h2 id="certificates">${t.certificate}</h2>
<p>${certificateText(ctx.view, certificate?.expireAt)}</p>
${certificate === undefined ? "" : html`<p class="muted">${certificate.subjectDN}</p><p class="muted">${t.registered}: ${time(certificate.regAt)}</p>`}
<h3>${t.portalCertificate}</h3><p>${certificateText(ctx.view, portal?.certificate?.expiresAt)}</p></section>
<section class="card" aria-labelledby="preferences"><h2 id="preferences">${t.preferences}</h2>${
      preferences.length === 0
        ? html`<p class="muted">${t.none}</p>`
        : html`<dl class="fields">${preferences.map(([key, value]) => html`<dt><code>${key}</code></dt><dd><code>${JSON.stringify(value)}</code></dd>`)}</dl>`
    }</section>
</div>
${
      member === undefined ? "" : html`<section aria-labelledby="contacts"><h2 id="contacts">${t.contacts}</h2>
<table><thead><tr><th scope="col">${t.contactId}</th><th scope="col">${t.contactName}</th><th scope="col">${t.email}</th><th scope="col">${t.tel}</th><th scope="col">${t.registered}</th></tr></thead><tbody>${
        Array.from(member.contacts.values(), (contact) =>
          html`<tr><td><code>${contact.id}</code>${contact.mgrYN ? html` <span class="badge">${t.manager}</span>` : ""}</td><td>${contact.personName}</td><td>${contact.email}</td><td>${contact.tel}</td><td>${
            dateTime(contact.regDT)
          }</td></tr>`)
      }</tbody></table></section>`
    }`
  })
}
