/**
 * The links of the sandbox portal (DESIGN.md §6 "document URLs"): every URL operation answers
 * `<origin>/portal/<ticket>`, a random single-use ticket (Tickets.ts) bound to the member and to what
 * the page shows, valid 30 seconds of document time (mail links: no expiry). A page whose form
 * changes state carries a form token of its own: random, bound to that page, used once.
 *
 * The domains' URL routes mint links here; the pages (./Portal.ts) redeem them.
 *
 * @since 0.1.0
 */
import * as Tickets from "../Tickets.js"
import type { RouteRequest } from "../Route.js"
import { slot } from "../Store.js"

/**
 * How long a link stays valid (document time), except mail links.
 *
 * @since 0.1.0
 * @category constants
 */
export const LINK_VALIDITY_MILLIS = 30_000

/**
 * The document pages of e-Tax invoices and statements.
 *
 * @since 0.1.0
 * @category models
 */
export type DocumentPage = "POPUP" | "VIEW" | "PRINT" | "EPRINT" | "MAIL" | "PDF" | "MASSPRINT"

/**
 * What a link opens.
 *
 * @since 0.1.0
 * @category models
 */
export type Target =
  | { readonly _tag: "Taxinvoice"; readonly corpNum: string; readonly page: DocumentPage; readonly itemKeys: ReadonlyArray<string> }
  | { readonly _tag: "Statement"; readonly corpNum: string; readonly page: DocumentPage; readonly itemCode: number; readonly mgtKeys: ReadonlyArray<string> }
  | { readonly _tag: "Cashbill"; readonly corpNum: string; readonly page: "PBOX" | "WRITE" }
  /** The e-Tax invoice issuing certificate (certificate operations). */
  | { readonly _tag: "Certificate"; readonly corpNum: string }
  /** The tax authority portal certificate (collection of cash receipts). */
  | { readonly _tag: "PortalCertificate"; readonly corpNum: string }

/**
 * A form token: the page it was handed to (its ticket) and what it shows.
 *
 * @since 0.1.0
 * @category models
 */
export interface FormGrant {
  readonly ticket: string
  readonly target: Target
  used: boolean
}

/**
 * The portal's links and form tokens of one environment.
 *
 * @since 0.1.0
 * @category models
 */
export interface PortalState {
  readonly tickets: Map<string, Tickets.Ticket<Target>>
  readonly forms: Map<string, FormGrant>
}

/**
 * The store slot of the portal.
 *
 * @since 0.1.0
 * @category constants
 */
export const portalSlot = slot<PortalState>("portal", () => ({ tickets: new Map(), forms: new Map() }))

/**
 * The origin the client reached the sandbox at (its Host header), with the production prefix.
 *
 * @since 0.1.0
 * @category combinators
 */
export const origin = (request: Pick<RouteRequest, "headers" | "environment">): string =>
  `http://${request.headers["host"] ?? "sandbox.taxdoc.local"}${request.environment === "production" ? "/production" : ""}`

/**
 * Mints a link to `target` at document time `now`: valid 30 s, or without expiry (`expires: false`,
 * mail links). Answers the URL.
 *
 * @since 0.1.0
 * @category constructors
 */
export const link = (
  state: PortalState,
  request: Pick<RouteRequest, "headers" | "environment">,
  target: Target,
  now: number,
  expires = true
): string => `${origin(request)}/portal/${Tickets.issue(state.tickets, target, expires ? now + LINK_VALIDITY_MILLIS : undefined)}`

/**
 * A form token for the page opened with `ticket`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const grantForm = (state: PortalState, ticket: string, target: Target): string => {
  let token = Tickets.mint()
  while (state.forms.has(token)) token = Tickets.mint()
  state.forms.set(token, { ticket, target, used: false })
  return token
}

/**
 * What a form post presents: accepted once, only on the page it was handed to.
 *
 * @since 0.1.0
 * @category models
 */
export type FormCheck =
  | { readonly _tag: "Accepted"; readonly target: Target }
  | { readonly _tag: "Refused" }
  | { readonly _tag: "Used" }

/**
 * Checks and uses up the form token `token` posted to the page of `ticket`.
 *
 * @since 0.1.0
 * @category combinators
 */
export const useForm = (state: PortalState, ticket: string, token: string | undefined): FormCheck => {
  const grant = token === undefined ? undefined : state.forms.get(token)
  if (grant === undefined || grant.ticket !== ticket) return { _tag: "Refused" }
  if (grant.used) return { _tag: "Used" }
  grant.used = true
  return { _tag: "Accepted", target: grant.target }
}
