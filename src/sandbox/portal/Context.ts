/**
 * What a portal page knows of the request that opened it (or posted its form), and the portal's
 * pieces of the pages' shell (`pages/Shell.ts`): a page in the portal's look, a notice, and the
 * form of one button a page's action is sent with.
 */
import type { Access } from "../HandlerContext.js"
import type { PortalState } from "../documents/PortalLinks.js"
import type { HtmlAnswer } from "../routing/Route.js"
import type { Environment } from "../Store.js"
import { type Html, html } from "../pages/Html.js"
import { type Language, notice as shellNotice, page as shellPage } from "../pages/Shell.js"

/** What a page knows of the request that opened it (or posted its form). */
export interface PageContext extends Access {
  readonly language: Language
  readonly environment: Environment
  /** A portal page opens a link once, and its form posts once: it writes, and what it shows is saved. */
  readonly writes: true
  /** The ticket of the page's link (its forms are bound to it). */
  readonly ticket: string
  readonly portal: PortalState
  /** The path prefix of the environment: `""` (test) or `"/production"`. */
  readonly prefix: string
}

/** A whole portal page answered with `status`. */
export const page = (options: { readonly status?: number; readonly language: Language; readonly title: string; readonly body: Html }): HtmlAnswer =>
  shellPage({ ...options, portal: true })

/**
 * A portal page that explains something (an expired link, a refused form, a result), with the code
 * of the refusal when there is one.
 */
export const notice = (options: {
  readonly status: number
  readonly language: Language
  readonly title: string
  readonly paragraphs: ReadonlyArray<Html | string>
  readonly code?: string
}): HtmlAnswer =>
  shellNotice({
    ...options,
    portal: true,
    body: html`${options.paragraphs.map((p) => html`<p>${p}</p>`)}${options.code === undefined ? "" : html`<p class="code">${options.code}</p>`}`
  })

/**
 * A form of one button posting back to the page's own URL with its form token (single use, bound to
 * the page), and a line saying what it does.
 */
export const actionForm = (token: string, button: string, hint: string): Html =>
  html`<form method="post"><input type="hidden" name="token" value="${token}"><button type="submit">${button}</button></form><p class="hint">${hint}</p>`
