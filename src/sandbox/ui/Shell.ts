/**
 * The shell of the sandbox's pages: what a page knows of its request (`View`), the document
 * around its content (the bar of sections, the environment, document time), the headers every page
 * is answered with, and the forms every action is sent with. Markup is built with the portal's
 * `html` template, so every value is escaped by construction.
 *
 * The Content-Security-Policy allows the one stylesheet and the one script by their hashes,
 * connections to the sandbox itself (the events and the page fetched again), and forms posting
 * only to the sandbox; nothing else is loaded from anywhere. No page may be framed.
 *
 * @since 1.1.0
 */
import { instant } from "../portal/Format.js"
import type { HtmlAnswer } from "../Route.js"
import type { Environment } from "../Store.js"
import { type Html, html, raw } from "../portal/Html.js"
import { SCRIPT, SCRIPT_HASH } from "./Live.js"
import { STYLESHEET, STYLESHEET_HASH } from "./Style.js"
import type { Texts } from "./Texts.js"
import { en } from "./TextsEn.js"
import { ko } from "./TextsKo.js"

/**
 * The words of a language.
 *
 * @since 1.1.0
 * @category constants
 */
export const textsOf = (language: "ko" | "en"): Texts => (language === "en" ? en : ko)

/**
 * The sections of the bar, in order, with their paths below the pages' root.
 *
 * @since 1.1.0
 * @category constants
 */
const SECTIONS = [
  ["overview", ""],
  ["members", "members"],
  ["cashbill", "cashbill"],
  ["taxinvoice", "taxinvoice"],
  ["statement", "statement"],
  ["jobs", "jobs"],
  ["faults", "faults"],
  ["snapshots", "snapshots"],
  ["outbox", "outbox"]
] as const

/**
 * A section of the bar.
 *
 * @since 1.1.0
 * @category models
 */
export type Section = typeof SECTIONS[number][0]

/**
 * What a page knows of the request that opened it.
 *
 * @since 1.1.0
 * @category models
 */
export interface View {
  readonly language: "ko" | "en"
  readonly t: Texts
  readonly environment: Environment
  /** The pages' root in this environment: `/_sandbox/ui` or `/production/_sandbox/ui`. */
  readonly base: string
  /** The token every form of the pages carries (a page of another site cannot know it). */
  readonly formToken: string
  /** The sandbox's change version when the page was made (the events start from it). */
  readonly version: number
  /** Document time, epoch milliseconds. */
  readonly now: number
  /** This page's path and query, where its forms come back to. */
  readonly here: string
  readonly query: URLSearchParams
  /** The pages need the admin token (a sign-out button is shown). */
  readonly signedIn: boolean
}

/**
 * The pages' root of an environment.
 *
 * @since 1.1.0
 * @category combinators
 */
export const baseOf = (environment: Environment): string => `${environment === "production" ? "/production" : ""}/_sandbox/ui`

/**
 * The Content-Security-Policy of every page.
 *
 * @since 1.1.0
 * @category constants
 */
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

/**
 * The headers of every page (and of its events).
 *
 * @since 1.1.0
 * @category constants
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  // Not `no-referrer`: with it a browser sends `Origin: null` with the pages' own forms, which the
  // guard refuses as it refuses any other origin.
  "referrer-policy": "same-origin",
  "cache-control": "no-store",
  "x-frame-options": "DENY"
}

/**
 * A `<time>` of an instant of document time.
 *
 * @since 1.1.0
 * @category constructors
 */
export const time = (epochMillis: number | undefined): Html =>
  epochMillis === undefined ? html`` : html`<time datetime="${new Date(epochMillis).toISOString()}">${instant(epochMillis)}</time>`

/**
 * A link to a page below the pages' root.
 *
 * @since 1.1.0
 * @category combinators
 */
export const href = (view: View, path: string, query?: Readonly<Record<string, string | number | undefined>>): string => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== "") params.set(key, String(value))
  const search = params.toString()
  return `${view.base}${path === "" ? "" : `/${path}`}${search === "" ? "" : `?${search}`}`
}

/**
 * A form posting to an action of the pages with the pages' form token and the page to come back to.
 *
 * @since 1.1.0
 * @category constructors
 */
export const form = (
  view: View,
  action: string,
  fields: Html,
  button: string,
  options: { readonly className?: string; readonly buttonClass?: string; readonly label?: string } = {}
): Html =>
  html`<form method="post" action="${view.base}/${action}" class="${options.className ?? "row"}"${
    options.label === undefined ? "" : html` aria-label="${options.label}"`
  }><input type="hidden" name="form" value="${view.formToken}"><input type="hidden" name="back" value="${view.here}">${fields}<button type="submit"${
    options.buttonClass === undefined ? "" : html` class="${options.buttonClass}"`
  }>${button}</button></form>`

const nav = (view: View, current: Section | undefined): Html =>
  html`<nav aria-label="${view.t.sections}"><ul>${
    SECTIONS.map(([section, path]) =>
      html`<li><a href="${href(view, path)}"${section === current ? raw(` aria-current="page"`) : ""}>${view.t.nav[section]}</a></li>`
    )
  }</ul></nav>`

const environmentSwitch = (view: View): Html => {
  const other: Environment = view.environment === "test" ? "production" : "test"
  return html`<span>${view.t.environment}: <strong>${view.t.environmentName[view.environment]}</strong> · <a href="${baseOf(other)}">${
    view.t.environmentName[other]
  }</a></span>`
}

/** The HTML document every page is: the head (title, stylesheet, `head` extra) and `body`. */
const document = (language: "ko" | "en", title: string, body: Html, head: Html | string = "", attributes: Html | string = ""): string =>
  html`<!doctype html>
<html lang="${language}"${attributes}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${head}<title>${title} · ${textsOf(language).appName}</title>
<style>${raw(STYLESHEET)}</style>
</head>
<body>
${body}
</body>
</html>
`.text

/**
 * A whole page of a section.
 *
 * @since 1.1.0
 * @category constructors
 */
export const page = (view: View, options: {
  readonly section?: Section
  readonly title: string
  readonly body: Html
  readonly status?: number
}): HtmlAnswer => ({
  _tag: "Html",
  status: options.status ?? 200,
  headers: PAGE_HEADERS,
  html: document(
    view.language,
    options.title,
    html`<header class="top">
<p class="brand"><a href="${view.base}">${view.t.appName}</a></p>
${nav(view, options.section)}
<div class="where">${environmentSwitch(view)}<span data-live="clock">${view.t.documentTime}: ${time(view.now)}</span>${
      view.signedIn ? form(view, "sign-out", html``, view.t.signOut, { className: "inline", buttonClass: "secondary" }) : ""
    }</div>
</header>
<main>
<h1>${options.title}</h1>
${options.body}
</main>
<script>${raw(SCRIPT)}</script>`,
    html`<meta name="taxdoc-events" content="${view.base}/events?since=${view.version}">
`,
    html` data-version="${view.version}"`
  )
})

/**
 * A page outside the sections (a refusal, a sign-in, a missing page): no bar, nothing of the state.
 *
 * @since 1.1.0
 * @category constructors
 */
export const notice = (options: {
  readonly language: "ko" | "en"
  readonly status: number
  readonly title: string
  readonly body: Html
  readonly headers?: Readonly<Record<string, string>>
}): HtmlAnswer => ({
  _tag: "Html",
  status: options.status,
  headers: { ...PAGE_HEADERS, ...options.headers },
  html: document(options.language, options.title, html`<main class="notice">
<h1>${options.title}</h1>
${options.body}
</main>`)
})

/**
 * A redirect after a form (303 See Other to a page of the pages), with extra headers (a cookie).
 *
 * @since 1.1.0
 * @category constructors
 */
export const redirect = (location: string, headers: Readonly<Record<string, string>> = {}): HtmlAnswer => ({
  _tag: "Html",
  status: 303,
  headers: { ...PAGE_HEADERS, location, ...headers },
  html: html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>303</title></head><body><p><a href="${location}">${location}</a></p></body></html>`.text
})
