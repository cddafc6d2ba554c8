/**
 * The sandbox portal: the pages behind the links of the URL operations (docs/decisions.md "Portal
 * pages"), served by the kernel ahead of the catalogue's routing (`Sandbox.ts`), so they work the
 * same over a socket and in process. They are sandbox pages, not operations: no token, no scope, no
 * injected faults.
 *
 * - `GET /portal/<ticket>` opens a link: once, within 30 seconds of document time (mail links: no
 *   expiry). Used already or late → 410 and a page that says so; never handed out → 404.
 * - `POST /portal/<ticket>` submits the page's form (`application/x-www-form-urlencoded`) with its
 *   form token: single use, bound to the page; another page's or none → 403; used → 410.
 * - Anything else under `/portal/` → 404, another method → 405.
 *
 * Every answer is an HTML page (or the PDF of a PDF link) with the headers of the pages' shell.
 */
import * as Effect from "effect/Effect"
import { ErrorCodes } from "../../core/ErrorCodes.js"
import { SandboxClock } from "../Clock.js"
import type { SandboxFailure } from "../Failure.js"
import type { RouteContext, RouteResponse } from "../routing/Route.js"
import type { Environment } from "../Store.js"
import { boxPage, receiptLinkPage, receiptsPage, writePage } from "./CashbillPages.js"
import { certificatePage, currentExpiry } from "./CertificatePages.js"
import { invoicePage, statementPage } from "./Documents.js"
import { refusedPage, submit } from "./Forms.js"
import { memberPage } from "./MemberPages.js"
import { textsOf } from "../pages/Shell.js"
import { open, stateOf, type Target, useForm } from "../documents/PortalLinks.js"
import { notice, type PageContext } from "./Context.js"

/** A request for a portal page, as the kernel hands it over. */
export interface PageRequest {
  readonly method: string
  /** The path's segments below the environment prefix, `portal` first. */
  readonly segments: ReadonlyArray<string>
  readonly body: Uint8Array
  readonly environment: Environment
  readonly language: "ko" | "en"
}

const TICKET = /^[0-9a-f]{32}$/

const notFound = (language: "ko" | "en"): RouteResponse => {
  const t = textsOf(language)
  return notice({ status: 404, language, title: t.notFoundTitle, paragraphs: [t.linkUnknown] })
}

const gone = (language: "ko" | "en", reason: "Used" | "Late"): RouteResponse => {
  const t = textsOf(language)
  return notice({
    status: 410,
    language,
    title: t.goneTitle,
    paragraphs: [reason === "Used" ? t.goneUsed : t.goneLate, t.goneHint],
    code: `UrlExpired (${ErrorCodes.UrlExpired.code})`
  })
}

const openPage = (ctx: PageContext, target: Target): Effect.Effect<RouteResponse, never, RouteContext> => {
  const page = ((): Effect.Effect<RouteResponse | undefined, SandboxFailure, RouteContext> => {
    switch (target._tag) {
      case "Taxinvoice":
        return invoicePage(ctx, target)
      case "Statement":
        return statementPage(ctx, target)
      case "CashbillBox":
        return boxPage(ctx, target.corpNum)
      case "CashbillWrite":
        return Effect.succeed(writePage(ctx, target))
      case "Cashbill":
        return receiptLinkPage(ctx, target)
      case "CashbillPage":
        return receiptsPage(ctx, target)
      case "MemberPage":
        return memberPage(ctx, target)
      case "Certificate":
      case "PortalCertificate":
        return Effect.map(currentExpiry(ctx, target), (expiresAt) => certificatePage(ctx, target, expiresAt))
    }
  })()
  return page.pipe(
    Effect.map((answer) => {
      if (answer !== undefined) return answer
      const t = textsOf(ctx.language)
      return notice({ status: 404, language: ctx.language, title: t.missingTitle, paragraphs: [t.missing] })
    }),
    Effect.catch((failure) => Effect.succeed(refusedPage(ctx, failure)))
  )
}

const formFields = (body: Uint8Array): URLSearchParams => new URLSearchParams(new TextDecoder().decode(body))

/** Answers a portal request. */
export const respond = (request: PageRequest): Effect.Effect<RouteResponse, never, RouteContext> =>
  Effect.gen(function*() {
    const { language } = request
    const ticket = request.segments[1] ?? ""
    if (request.segments.length !== 2 || !TICKET.test(ticket)) return notFound(language)
    const method = request.method.toUpperCase()
    if (method !== "GET" && method !== "POST") {
      const t = textsOf(language)
      return notice({ status: 405, language, title: t.methodTitle, paragraphs: [t.portalMethod] })
    }
    const portal = yield* stateOf(request.environment)
    const ctx: PageContext = {
      language,
      environment: request.environment,
      writes: true,
      ticket,
      portal,
      prefix: request.environment === "production" ? "/production" : ""
    }
    if (method === "POST") {
      const fields = formFields(request.body)
      const form = useForm(portal, ticket, fields.get("token") ?? undefined)
      const t = textsOf(language)
      switch (form._tag) {
        case "Refused":
          return notice({ status: 403, language, title: t.formRefusedTitle, paragraphs: [t.formNotThisPage] })
        case "Used":
          return notice({ status: 410, language, title: t.formUsedTitle, paragraphs: [t.formUsed] })
        case "Accepted":
          return yield* submit(ctx, form.grant, fields)
      }
    }
    const now = yield* Effect.flatMap(SandboxClock, (clock) => clock.now)
    const opened = open(portal, ticket, now)
    switch (opened._tag) {
      case "Unknown":
        return notFound(language)
      case "Expired":
        return gone(language, opened.reason)
      case "Opened":
        return yield* openPage(ctx, opened.data)
    }
  })
