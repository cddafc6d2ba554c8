/**
 * The shell of every portal page: a UTF-8 HTML document in the page's language with the one
 * stylesheet, and the headers every page is answered with — a Content-Security-Policy that allows
 * no script at all (inline or loaded), that one stylesheet by its hash, no images, fonts, frames or
 * connections, and forms posting only back to the sandbox; no caching (a link opens once), no
 * referrer (a one-use link must not leak), no MIME sniffing, no framing by other sites.
 *
 * @since 0.1.0
 */
import type { HtmlAnswer } from "../Route.js"
import type { Environment } from "../Store.js"
import { type Html, html, raw } from "./Html.js"
import type { PortalState } from "../PortalLinks.js"
import { STYLESHEET, STYLESHEET_HASH } from "./Style.js"

/**
 * The language of a page's own words (the statutory forms are Korean in both).
 *
 * @since 0.1.0
 * @category models
 */
export type Language = "ko" | "en"

/**
 * What a page knows of the request that opened it (or posted its form).
 *
 * @since 0.1.0
 * @category models
 */
export interface PageContext {
  readonly language: Language
  readonly environment: Environment
  /** The ticket of the page's link (its forms are bound to it). */
  readonly ticket: string
  readonly portal: PortalState
  /** The path prefix of the environment: `""` (test) or `"/production"`. */
  readonly prefix: string
}

/**
 * The Content-Security-Policy of every page.
 *
 * @since 0.1.0
 * @category constants
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'none'",
  `style-src '${STYLESHEET_HASH}'`,
  "img-src 'none'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'self'"
].join("; ")

/**
 * The headers of every page.
 *
 * @since 0.1.0
 * @category constants
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
  "x-frame-options": "SAMEORIGIN"
}

/**
 * A whole page answered with `status`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const page = (options: {
  readonly status?: number
  readonly language: Language
  readonly title: string
  readonly body: Html
}): HtmlAnswer => ({
  _tag: "Html",
  status: options.status ?? 200,
  headers: PAGE_HEADERS,
  html: html`<!doctype html>
<html lang="${options.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${options.title}</title>
<style>${raw(STYLESHEET)}</style>
</head>
<body>
${options.body}
</body>
</html>
`.text
})

/**
 * A page that explains something (an expired link, a refused form, a result) in a box.
 *
 * @since 0.1.0
 * @category constructors
 */
export const notice = (options: {
  readonly status: number
  readonly language: Language
  readonly title: string
  readonly paragraphs: ReadonlyArray<Html | string>
  readonly code?: string
}): HtmlAnswer =>
  page({
    status: options.status,
    language: options.language,
    title: options.title,
    body: html`<main class="notice" role="main">
<h1>${options.title}</h1>
${options.paragraphs.map((p) => html`<p>${p}</p>`)}
${options.code === undefined ? "" : html`<p class="code">${options.code}</p>`}
</main>`
  })

/**
 * A form of one button posting back to the page's own URL with its form token (single use, bound to
 * the page), and a line saying what it does.
 *
 * @since 0.1.0
 * @category constructors
 */
export const actionForm = (token: string, button: string, hint: string): Html =>
  html`<form method="post"><input type="hidden" name="token" value="${token}"><button type="submit">${button}</button></form><p class="hint">${hint}</p>`
