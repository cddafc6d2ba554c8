/**
 * The sandbox's own pages (`GET /_sandbox/ui`, docs/sandbox.md "The sandbox's pages"): what the
 * sandbox holds, rendered on the server — the overview (environments, the clock, documents by
 * state, calls and tokens), members and partners, the documents of each kind with their state
 * history, jobs, faults and progressions, snapshots, the outbox — and plain forms for every action,
 * so they work without JavaScript; where script runs, they follow the sandbox's changes live
 * (`Live.ts`). The kernel hands them every request under `/_sandbox/ui` (test) and
 * `/production/_sandbox/ui` (production data), loading this module on the first one.
 *
 * Every request is judged by the admin guard first (`Access.ts`); every form must carry the
 * pages' form token; actions go through the same admin operations as the admin routes. Pages read
 * the store without changing it.
 */
import * as Effect from "effect/Effect"
import { refusal } from "../admin/AdminGuard.js"
import { handlerContext } from "../HandlerContext.js"
import type { RouteContext, RouteResponse } from "../routing/Route.js"
import { html } from "../pages/Html.js"
import { carriesFormToken, formRefused, refusedPage, signIn, signOut } from "./Access.js"
import { act } from "./Actions.js"
import type { PageContext, PageRequest, Sources } from "./Context.js"
import { controlsPage } from "./Controls.js"
import { documentPage } from "./DocumentPage.js"
import { listPage } from "./Documents.js"
import { jobsPage } from "./Jobs.js"
import { events } from "./Live.js"
import { memberPage, membersPage } from "./Members.js"
import { outboxPage } from "./Outbox.js"
import { overviewPage } from "./Overview.js"
import { notice, PAGE_HEADERS, textsOf } from "../pages/Shell.js"
import type { Reading } from "../documents/DocumentKind.js"
import { documentKinds } from "../DocumentKinds.js"
import { snapshotsPage } from "./Snapshots.js"
import { baseOf, type View } from "./View.js"

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The page a form comes back to: a page of the pages in this environment, else their root. */
const backOf = (fields: URLSearchParams, base: string): string => {
  const back = fields.get("back") ?? ""
  const within = back === base || back.startsWith(`${base}/`) || back.startsWith(`${base}?`)
  return within && !/[\\\r\n]|\/\/|\/\.\.?(\/|$)/.test(back) ? back : base
}

const notFound = (language: "ko" | "en", paragraph?: string) => {
  const t = textsOf(language)
  return notice({ language, status: 404, title: t.notFoundTitle, body: html`<p>${paragraph ?? t.notFound}</p>` })
}

const get = (ctx: PageContext, path: ReadonlyArray<string>): Effect.Effect<RouteResponse> => {
  const [first, second, third] = path
  const language = ctx.view.language
  const kind = documentKinds.find((k) => k.name === first)
  if (first === undefined) return overviewPage(ctx)
  if (path.length === 1) {
    switch (first) {
      case "members":
        return Effect.succeed(membersPage(ctx))
      case "jobs":
        return Effect.succeed(jobsPage(ctx))
      case "faults":
        return controlsPage(ctx)
      case "snapshots":
        return snapshotsPage(ctx)
      case "outbox":
        return Effect.succeed(outboxPage(ctx))
      case "events":
        return Effect.succeed(events(ctx.sources.changes, Number(ctx.view.query.get("since") ?? "-1"), PAGE_HEADERS))
    }
    if (kind !== undefined) return Effect.succeed(listPage(ctx, kind))
  }
  if (first === "members" && path.length === 2) return Effect.succeed(memberPage(ctx, second!) ?? notFound(language))
  if (kind !== undefined && path.length === 3) {
    return Effect.succeed(documentPage(ctx, kind, second!, third!) ?? notFound(language, textsOf(language).documentMissing))
  }
  return Effect.succeed(notFound(language))
}

/** Answers a request for the pages: never a failure, always a page (or the events). */
export const respond = (sources: Sources, request: PageRequest): Effect.Effect<RouteResponse, never, RouteContext> =>
  Effect.gen(function*() {
    const { incoming } = request
    const language = incoming.language
    const t = textsOf(language)
    const base = baseOf(request.environment)
    const method = incoming.method.toUpperCase()
    const path = request.segments.map(decode)
    const target = `${base}${path.length === 0 ? "" : `/${path.map(encodeURIComponent).join("/")}`}`
    const here = `${target}${incoming.query.size === 0 ? "" : `?${incoming.query.toString()}`}`
    const isSignIn = method === "POST" && path.length === 1 && path[0] === "sign-in"
    const refused = refusal(request.access, incoming, isSignIn ? "signIn" : "pages")
    if (refused !== undefined) return refusedPage(refused, { language, base, formToken: sources.formToken, back: method === "GET" ? here : base })
    if (method === "POST") {
      const fields = new URLSearchParams(new TextDecoder().decode(incoming.body))
      if (!carriesFormToken(fields, sources.formToken)) return formRefused(language)
      const back = backOf(fields, base)
      if (isSignIn) return signIn(request.access.adminToken, fields, { language, base, formToken: sources.formToken, back })
      if (path.length === 1 && path[0] === "sign-out") return signOut(base)
      return yield* act(sources.operations, { path, fields, back, base, environment: request.environment, language })
    }
    if (method !== "GET" && method !== "HEAD") return notice({ language, status: 405, title: t.methodTitle, body: html`<p>${t.method}</p>` })
    const context = yield* handlerContext
    const view: View = {
      language,
      t,
      environment: request.environment,
      base,
      formToken: sources.formToken,
      version: sources.changes.version(),
      now: context.now,
      here,
      query: incoming.query,
      signedIn: request.access.adminToken !== undefined
    }
    const reading: Reading = { store: context.store, environment: request.environment, now: context.now, policies: context.policies }
    return yield* get({ view, reading, sources }, path)
  })
