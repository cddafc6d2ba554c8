/**
 * The certificate pages: GetTaxCertURL's (the e-Tax invoice issuing certificate, docs/decisions.md
 * "e-Tax invoices") and GetCertificatePopUpURL's (the tax portal certificate for collecting tax
 * invoices and cash receipts). Each shows whether the member has a certificate and carries the button that registers
 * the sandbox's test certificate (`Forms.ts`); the certificate operations then answer from it.
 */
import * as Effect from "effect/Effect"
import { SandboxClock } from "../Clock.js"
import { certificateSlot } from "../certificate/State.js"
import type { HtmlAnswer } from "../routing/Route.js"
import { SandboxStore } from "../Store.js"
import * as TaxPortalState from "../taxPortal/State.js"
import * as Format from "../pages/Format.js"
import { type Html, html } from "../pages/Html.js"
import { textsOf } from "../pages/Shell.js"
import { grantForm, type Target } from "../documents/PortalLinks.js"
import { actionForm, page, type PageContext } from "./Context.js"

/** A link to one of the certificate pages. */
export type CertificateTarget = Extract<Target, { readonly _tag: "Certificate" | "PortalCertificate" }>

/**
 * When the member's certificate of the page's kind expires (document time), if it has one that has
 * not expired.
 */
export const currentExpiry = (ctx: PageContext, target: CertificateTarget): Effect.Effect<number | undefined, never, SandboxStore | SandboxClock> =>
  Effect.gen(function*() {
    const store = yield* SandboxStore
    const now = yield* Effect.flatMap(SandboxClock, (clock) => clock.now)
    const expiresAt = target._tag === "Certificate"
      ? store.get(certificateSlot, ctx.environment).get(target.corpNum)?.expireAt
      : store.get(TaxPortalState.taxPortalSlot, ctx.environment).members.get(target.corpNum)?.certificate?.expiresAt
    return expiresAt !== undefined && expiresAt > now ? expiresAt : undefined
  })

/**
 * The certificate page of `target`: its state, the registration button (or, after it was pressed,
 * `outcome` instead).
 */
export const certificatePage = (ctx: PageContext, target: CertificateTarget, expiresAt: number | undefined, outcome?: Html): HtmlAnswer => {
  const t = textsOf(ctx.language)
  const title = target._tag === "Certificate" ? t.certificateTitle : t.portalCertificateTitle
  const action = target._tag === "Certificate" ? "RegisterCertificate" : "RegisterPortalCertificate"
  const status = expiresAt === undefined ? t.certificateNone : t.certificateCurrent(Format.instant(expiresAt))
  return page({
    language: ctx.language,
    title,
    body: html`<main class="bar"><h1>${title}</h1><p class="facts"><span><b>${t.member}</b>${Format.partyNumber(target.corpNum)}</span></p>
${outcome ?? html`<p>${status}</p>${actionForm(grantForm(ctx.portal, ctx.ticket, target, action), t.certificateButton, t.certificateHint)}`}</main>`
  })
}
