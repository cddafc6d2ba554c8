/**
 * Who may use the sandbox's pages, as the admin routes decide it (`AdminGuard.ts`): on a sandbox
 * that needs the admin token, every page answers 401 with a sign-in form and nothing of the state
 * until the token is entered once; the form sets the pages' cookie (HttpOnly, SameSite=Strict,
 * a digest of the token, never the token) and the token never travels in a URL. A request from
 * another site, or with a body that is not a form, is refused as an admin request is. Every form
 * also carries the pages' form token, which a page of another site cannot know.
 */
import { ErrorCodes } from "../../core/ErrorCodes.js"
import { PAGES_COOKIE, pagesSession, secretsEqual } from "../admin/AdminGuard.js"
import type { SandboxFailure } from "../Failure.js"
import type { HtmlAnswer } from "../routing/Route.js"
import { html } from "../pages/Html.js"
import { notice, redirect, textsOf } from "../pages/Shell.js"

/** The sign-in page (401): the form alone, nothing of the state. */
const signInPage = (options: {
  readonly language: "ko" | "en"
  readonly base: string
  readonly formToken: string
  readonly back: string
  readonly wrong?: boolean
}): HtmlAnswer => {
  const t = textsOf(options.language)
  return notice({
    language: options.language,
    status: 401,
    title: t.signInTitle,
    headers: { "www-authenticate": "Bearer realm=\"taxdoc sandbox\"" },
    body: html`<p>${t.signInHint}</p>
${options.wrong === true ? html`<p class="error-text" role="alert">${t.signInWrong}</p>` : ""}
<form method="post" action="${options.base}/sign-in" class="row">
<input type="hidden" name="form" value="${options.formToken}">
<input type="hidden" name="back" value="${options.back}">
<label>${t.tokenLabel}<input type="password" name="token" autocomplete="current-password" required></label>
<button type="submit">${t.signInButton}</button>
</form>`
  })
}

/**
 * The page answering a request the guard refused: the sign-in page for a missing token, else the
 * refusal with its status (403 another site, 415 not a form).
 */
export const refusedPage = (
  failure: SandboxFailure,
  options: { readonly language: "ko" | "en"; readonly base: string; readonly formToken: string; readonly back: string }
): HtmlAnswer => {
  const t = textsOf(options.language)
  if (failure.entry === ErrorCodes.AdminTokenRequired) return signInPage(options)
  if (failure.entry === ErrorCodes.AdminContentType) {
    return notice({ language: options.language, status: 415, title: t.refusedTitle, body: html`<p>${t.contentType}</p>` })
  }
  return notice({ language: options.language, status: failure.render(options.language).status, title: t.refusedTitle, body: html`<p>${t.crossOrigin}</p>` })
}

/** The refusal of a form without the pages' form token (403). */
export const formRefused = (language: "ko" | "en"): HtmlAnswer => {
  const t = textsOf(language)
  return notice({ language, status: 403, title: t.refusedTitle, body: html`<p>${t.formRefused}</p>` })
}

/** `true` when a form carries the pages' form token. */
export const carriesFormToken = (fields: URLSearchParams, formToken: string): boolean => secretsEqual(fields.get("form") ?? "", formToken)

const cookie = (value: string, maxAge?: number): string =>
  `${PAGES_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict${maxAge === undefined ? "" : `; Max-Age=${maxAge}`}`

/**
 * The sign-in form's answer: with the right token, the pages' cookie and the page asked for; else
 * the sign-in page again.
 */
export const signIn = (
  adminToken: string | undefined,
  fields: URLSearchParams,
  options: { readonly language: "ko" | "en"; readonly base: string; readonly formToken: string; readonly back: string }
): HtmlAnswer => {
  if (adminToken === undefined) return redirect(options.back)
  const given = fields.get("token") ?? ""
  if (!secretsEqual(given.trim(), adminToken)) return signInPage({ ...options, wrong: true })
  return redirect(options.back, { "set-cookie": cookie(pagesSession(adminToken)) })
}

/** Signing out: the pages' cookie removed, back to the pages' root (the sign-in page). */
export const signOut = (base: string): HtmlAnswer => redirect(base, { "set-cookie": cookie("", 0) })
