/**
 * The links of the sandbox portal (docs/decisions.md "Portal pages"): every URL operation answers
 * `<origin>/portal/<ticket>` from here — a random single-use ticket (`Tickets.ts`, 128 bits) bound
 * to the member and to what the page shows, valid 30 seconds of document time (mail links: no
 * expiry). A page whose form changes state carries a form token of its own: random, bound to that
 * page and to the one action its form performs, used once.
 *
 * The domains' URL routes mint links with `url`; the pages (`Portal.ts`) open them with `open` and
 * take their forms with `useForm`.
 */
import * as Effect from "effect/Effect"
import { SandboxClock } from "../Clock.js"
import { changed, codec } from "../durable/Durable.js"
import type { RouteRequest } from "../routing/Route.js"
import { type Environment, SandboxStore, slot } from "../Store.js"
import * as Tickets from "./Tickets.js"

/** How long a link stays valid (document time), except mail links. */
export const LINK_VALIDITY_MILLIS = 30_000

/**
 * The document pages of e-Tax invoices, statements and cash receipts, as the URL operations name them (`TG`),
 * plus mass print.
 */
export type DocumentPage = "POPUP" | "VIEW" | "PRINT" | "EPRINT" | "MAIL" | "PDF" | "MASSPRINT"

/** The member's pages, as the URL operations name them (`TG`). */
export type MemberPage = "LOGIN" | "CHRG" | "PAYMENT" | "USEHISTORY"

/**
 * What a link opens, always within one member's documents. Documents are named by their item key,
 * which no later document reuses (a document ID can be freed and reused).
 */
export type Target =
  | { readonly _tag: "Taxinvoice"; readonly corpNum: string; readonly page: DocumentPage; readonly itemKeys: ReadonlyArray<string> }
  | {
    readonly _tag: "Statement"
    readonly corpNum: string
    readonly page: Exclude<DocumentPage, "PDF">
    readonly itemCode: number
    readonly itemKeys: ReadonlyArray<string>
  }
  /** GetURL TG=PBOX: the member's issued cash receipts. */
  | { readonly _tag: "CashbillBox"; readonly corpNum: string }
  /** GetURL TG=WRITE: a form that issues a cash receipt. */
  | { readonly _tag: "CashbillWrite"; readonly corpNum: string }
  /** One cash receipt, opened from the box: its slip, or (`pdf`) the bytes GetPDF answers. */
  | { readonly _tag: "Cashbill"; readonly corpNum: string; readonly itemKey: string; readonly pdf: boolean }
  /** A page of cash receipts, as their URL operations name it (one receipt, or up to 100 for MASSPRINT). */
  | { readonly _tag: "CashbillPage"; readonly corpNum: string; readonly page: DocumentPage; readonly itemKeys: ReadonlyArray<string> }
  /** A page of the member's own (GetAccessURL, GetChargeURL, GetPaymentURL, GetUseHistoryURL). */
  | { readonly _tag: "MemberPage"; readonly corpNum: string; readonly page: MemberPage }
  /** The e-Tax invoice issuing certificate (GetTaxCertURL). */
  | { readonly _tag: "Certificate"; readonly corpNum: string }
  /** The tax authority portal certificate (collection of tax invoices and cash receipts, GetCertificatePopUpURL). */
  | { readonly _tag: "PortalCertificate"; readonly corpNum: string }

/** What a page's form does. */
export type Action = "ConfirmMail" | "ApproveStatement" | "RegisterCertificate" | "RegisterPortalCertificate" | "IssueCashbill"

/** A form token: the page it was handed to (its ticket), what the page shows and what its form does. */
export interface FormGrant {
  readonly ticket: string
  readonly target: Target
  readonly action: Action
  used: boolean
}

/** The portal's links and form tokens of one environment. */
export interface PortalState {
  readonly tickets: Tickets.TicketBook<Target>
  readonly forms: Map<string, FormGrant>
}

/** The store slot of the portal. */
export const portalSlot = slot<PortalState>("portal", () => ({ tickets: Tickets.book(), forms: new Map() }))

/** The origin the client reached the sandbox at (its Host header), with the production prefix. */
export const origin = (request: Pick<RouteRequest, "headers" | "environment">): string =>
  `http://${request.headers["host"] ?? "sandbox.taxdoc.local"}${request.environment === "production" ? "/production" : ""}`

/** Whether a link to `target` expires: every link but the mail-confirmation page's (docs/service.md "Limits"). */
export const expires = (target: Target): boolean => !("page" in target && target.page === "MAIL")

/** Mints a ticket to `target` at document time `now` (valid 30 s, or without expiry for mail links). */
export const mint = (state: PortalState, target: Target, now: number): string => {
  const { forgotten, ticket } = Tickets.issue(state.tickets, target, expires(target) ? now + LINK_VALIDITY_MILLIS : undefined, now)
  changed(state, ticketPart(ticket))
  if (forgotten.length > 0) {
    // A forgotten page's form tokens go with it.
    const gone = new Set(forgotten)
    for (const ticket of forgotten) changed(state, ticketPart(ticket))
    for (const [token, grant] of state.forms) {
      if (gone.has(grant.ticket)) {
        state.forms.delete(token)
        changed(state, formPart(token))
      }
    }
  }
  return ticket
}

/**
 * `true` when a path (below the environment prefix, as segments) is a portal page's, as `url`
 * makes them.
 */
export const isPortalPath = (segments: ReadonlyArray<string>): boolean => segments[0]?.toLowerCase() === "portal"

/** The URL of a page to `target`, for the answer of a URL operation: `<origin>/portal/<ticket>`. */
export const url = (
  request: Pick<RouteRequest, "headers" | "environment">,
  target: Target
): Effect.Effect<string, never, SandboxStore | SandboxClock> =>
  Effect.gen(function*() {
    const store = yield* SandboxStore
    const now = yield* Effect.flatMap(SandboxClock, (clock) => clock.now)
    return `${origin(request)}/portal/${mint(store.get(portalSlot, request.environment), target, now)}`
  })

/** The portal state of an environment. */
export const stateOf = (environment: Environment): Effect.Effect<PortalState, never, SandboxStore> =>
  Effect.map(SandboxStore, (store) => store.get(portalSlot, environment))

/** Opens the page of `ticket` at document time `now`: once, within its validity. */
export const open = (state: PortalState, ticket: string, now: number): Tickets.Redeemed<Target> => {
  changed(state, ticketPart(ticket))
  return Tickets.redeem(state.tickets, ticket, now)
}

/** A form token for the page opened with `ticket`, for one `action` on `target`. */
export const grantForm = (state: PortalState, ticket: string, target: Target, action: Action): string => {
  let token = Tickets.mint()
  while (state.forms.has(token)) token = Tickets.mint()
  state.forms.set(token, { ticket, target, action, used: false })
  changed(state, formPart(token))
  return token
}

/** What a form post presents: accepted once, only on the page it was handed to. */
export type FormCheck =
  | { readonly _tag: "Accepted"; readonly grant: FormGrant }
  /** No token, a token never granted, or one granted to another page. */
  | { readonly _tag: "Refused" }
  /** The token was used already. */
  | { readonly _tag: "Used" }

/** Checks and uses up the form token `token` posted to the page of `ticket`. */
export const useForm = (state: PortalState, ticket: string, token: string | undefined): FormCheck => {
  const grant = token === undefined ? undefined : state.forms.get(token)
  if (grant === undefined || grant.ticket !== ticket) return { _tag: "Refused" }
  if (grant.used) return { _tag: "Used" }
  grant.used = true
  changed(state, formPart(token!))
  return { _tag: "Accepted", grant }
}

/** The part on disk of a ticket, and of a form token. */
const ticketPart = (ticket: string): string => `t:${ticket}`
const formPart = (token: string): string => `f:${token}`

/**
 * How the portal's links are kept on disk: each ticket and each form token is a part of its own;
 * the size of the next sweep is a global.
 */
export const portalCodec = codec({
  slot: portalSlot,
  parts: (state) => [...Array.from(state.tickets.entries.keys(), ticketPart), ...Array.from(state.forms.keys(), formPart)],
  rows: (state, part): ReadonlyArray<readonly [string, unknown]> => {
    const found = part.startsWith("t:") ? state.tickets.entries.get(part.slice(2)) : state.forms.get(part.slice(2))
    return found === undefined ? [] : [["value", found]]
  },
  globals: (state) => ({ nextSweepAt: state.tickets.nextSweepAt }),
  load: (_environment, parts, globals) => {
    const state: PortalState = { tickets: Tickets.book(), forms: new Map() }
    const sweep = (globals as { readonly nextSweepAt?: number } | undefined)?.nextSweepAt
    if (sweep !== undefined) state.tickets.nextSweepAt = sweep
    for (const [part, rows] of parts) {
      const row = rows.get("value")
      if (row === undefined) continue
      if (part.startsWith("t:")) state.tickets.entries.set(part.slice(2), { ...(row as Tickets.Ticket<Target>) })
      else state.forms.set(part.slice(2), { ...(row as FormGrant) })
    }
    return state
  }
})
