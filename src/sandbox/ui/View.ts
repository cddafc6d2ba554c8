/**
 * The layout of the sandbox's pages, on the pages' shell (`pages/Shell.ts`): what a page knows of
 * its request (`View`), the bar of sections around its content (the environment, document time),
 * links and the forms every action is sent with.
 */
import type { HtmlAnswer } from "../routing/Route.js"
import type { Environment } from "../Store.js"
import { instant } from "../pages/Format.js"
import { type Html, html, raw } from "../pages/Html.js"
import { page as shellPage } from "../pages/Shell.js"
import type { Texts } from "../pages/TextsKo.js"

/** The sections of the bar, in order, with their paths below the pages' root. */
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

/** A section of the bar. */
export type Section = typeof SECTIONS[number][0]

/** What a page knows of the request that opened it. */
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

/** The pages' root of an environment. */
export const baseOf = (environment: Environment): string => `${environment === "production" ? "/production" : ""}/_sandbox/ui`

/** A `<time>` of an instant of document time. */
export const time = (epochMillis: number | undefined): Html =>
  epochMillis === undefined ? html`` : html`<time datetime="${new Date(epochMillis).toISOString()}">${instant(epochMillis)}</time>`

/** A link to a page below the pages' root. */
export const href = (view: View, path: string, query?: Readonly<Record<string, string | number | undefined>>): string => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== "") params.set(key, String(value))
  const search = params.toString()
  return `${view.base}${path === "" ? "" : `/${path}`}${search === "" ? "" : `?${search}`}`
}

/** A form posting to an action of the pages with the pages' form token and the page to come back to. */
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

/** A whole page of a section. */
export const page = (view: View, options: {
  readonly section?: Section
  readonly title: string
  readonly body: Html
  readonly status?: number
}): HtmlAnswer =>
  shellPage({
    language: view.language,
    title: `${options.title} · ${view.t.appName}`,
    ...(options.status === undefined ? {} : { status: options.status }),
    live: { events: `${view.base}/events?since=${view.version}`, version: view.version },
    body: html`<header class="top">
<p class="brand"><a href="${view.base}">${view.t.appName}</a></p>
${nav(view, options.section)}
<div class="where">${environmentSwitch(view)}<span data-live="clock">${view.t.documentTime}: ${time(view.now)}</span>${
      view.signedIn ? form(view, "sign-out", html``, view.t.signOut, { className: "inline", buttonClass: "secondary" }) : ""
    }</div>
</header>
<main>
<h1>${options.title}</h1>
${options.body}
</main>`
  })
