/**
 * The shell of every page of the sandbox — its own pages (`/_sandbox/ui`) and the portal's
 * (`/portal/…`): the words of a language, the HTML document around a page's content, the notice of
 * a page that explains something (a refusal, an expired link, a result), the redirect after a
 * form, and the headers every page is answered with. Markup is built with `Html.ts`'s template,
 * so every value is escaped by construction.
 *
 * The Content-Security-Policy allows the one stylesheet and the one script by their hashes (only
 * the sandbox's own pages carry the script, which follows the sandbox live), connections to the
 * sandbox itself, and forms posting only to the sandbox; nothing else is loaded from anywhere, and
 * no page may be framed. Pages are never cached; a portal page sends no referrer (its one-use link
 * must not leak).
 */
import type { HtmlAnswer } from "../routing/Route.js"
import { type Html, html, raw } from "./Html.js"
import { SCRIPT, SCRIPT_HASH } from "./Script.js"
import { STYLESHEET, STYLESHEET_HASH } from "./Style.js"
import { en } from "./TextsEn.js"
import { ko, type Texts } from "./TextsKo.js"

/** The language of a page: Korean by default, English for `en…` in Accept-Language. */
export type Language = "ko" | "en"

/** The words of a language. */
export const textsOf = (language: Language): Texts => (language === "en" ? en : ko)

/** The Content-Security-Policy of every page. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src '${SCRIPT_HASH}'`,
  `style-src '${STYLESHEET_HASH}'`,
  "connect-src 'self'",
  "img-src 'none'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'"
].join("; ")

/** The headers of every page (and of the events of the sandbox's pages). */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  // Not `no-referrer` on the sandbox's pages: with it a browser sends `Origin: null` with their
  // own forms, which the admin guard refuses as it refuses any other origin.
  "referrer-policy": "same-origin",
  "cache-control": "no-store",
  "x-frame-options": "DENY"
}

const PORTAL_HEADERS: Readonly<Record<string, string>> = { ...PAGE_HEADERS, "referrer-policy": "no-referrer" }

/**
 * A whole page: the HTML document in `language` with the stylesheet, `head` and `body`; a portal
 * page (`portal`) looks like the portal and sends no referrer, a page of the sandbox carries the
 * script that follows the sandbox (`live`).
 */
export const page = (options: {
  readonly language: Language
  readonly title: string
  readonly body: Html
  readonly status?: number
  readonly headers?: Readonly<Record<string, string>>
  readonly portal?: boolean
  readonly live?: { readonly events: string; readonly version: number }
}): HtmlAnswer => ({
  _tag: "Html",
  status: options.status ?? 200,
  headers: { ...(options.portal === true ? PORTAL_HEADERS : PAGE_HEADERS), ...options.headers },
  html: html`<!doctype html>
<html lang="${options.language}"${options.live === undefined ? "" : html` data-version="${options.live.version}"`}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${options.live === undefined ? "" : html`<meta name="taxdoc-events" content="${options.live.events}">
`}<title>${options.title}</title>
<style>${raw(STYLESHEET)}</style>
</head>
<body${options.portal === true ? raw(` class="portal"`) : ""}>
${options.body}${options.live === undefined ? "" : html`
<script>${raw(SCRIPT)}</script>`}
</body>
</html>
`.text
})

/**
 * A page that explains something — a refusal, an expired link, a result — in a box, and nothing of
 * the state.
 */
export const notice = (options: {
  readonly language: Language
  readonly status: number
  readonly title: string
  readonly body: Html
  readonly headers?: Readonly<Record<string, string>>
  readonly portal?: boolean
  /** The document's title, when it is not the notice's own. */
  readonly documentTitle?: string
}): HtmlAnswer =>
  page({
    ...options,
    title: options.documentTitle ?? options.title,
    body: html`<main class="notice">
<h1>${options.title}</h1>
${options.body}
</main>`
  })

/** A redirect after a form (303 See Other), with extra headers (a cookie). */
export const redirect = (location: string, headers: Readonly<Record<string, string>> = {}): HtmlAnswer => ({
  _tag: "Html",
  status: 303,
  headers: { ...PAGE_HEADERS, location, ...headers },
  html: html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>303</title></head><body><p><a href="${location}">${location}</a></p></body></html>`.text
})
