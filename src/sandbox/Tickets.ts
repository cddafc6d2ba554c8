/**
 * Portal URL tickets (DESIGN.md §6 "document URLs"): the last path segment of every URL the URL
 * operations hand out. A ticket is 128 random bits (32 hex digits) from the system CSPRNG — it
 * carries no member data and no counter, so one ticket says nothing about another — and it opens
 * its page once: the first visit redeems it.
 *
 * The portal keeps them (`portal/Links.ts`): it mints with `issue` and opens pages with `redeem`.
 *
 * @since 0.1.0
 */
import { randomBytes } from "node:crypto"

/**
 * A fresh ticket: 16 random bytes as 32 lower-case hex digits.
 *
 * @since 0.1.0
 * @category constructors
 */
export const mint = (): string => randomBytes(16).toString("hex")

/**
 * What a ticket opens, until when (document time; `undefined`: no expiry, e.g. MAIL links), and
 * whether it was used.
 *
 * @since 0.1.0
 * @category models
 */
export interface Ticket<T> {
  readonly data: T
  readonly expiresAt: number | undefined
  used: boolean
}

/**
 * Mints a ticket for `data` and records it in `tickets`; answers the ticket.
 *
 * @since 0.1.0
 * @category combinators
 */
export const issue = <T>(tickets: Map<string, Ticket<T>>, data: T, expiresAt: number | undefined): string => {
  let ticket = mint()
  // 2^-128 per draw; the loop only states the invariant.
  while (tickets.has(ticket)) ticket = mint()
  tickets.set(ticket, { data, expiresAt, used: false })
  return ticket
}

/**
 * The outcome of opening a ticket's page.
 *
 * @since 0.1.0
 * @category models
 */
export type Redeemed<T> =
  | { readonly _tag: "Opened"; readonly data: T }
  /** Never issued: answer as for any unknown path. */
  | { readonly _tag: "Unknown" }
  /** Issued, but used already (`Used`) or past its expiry (`Late`). */
  | { readonly _tag: "Expired"; readonly reason: "Used" | "Late" }

/**
 * Opens a ticket's page at document time `now`: the first visit within the validity opens it and
 * uses the ticket up.
 *
 * @since 0.1.0
 * @category combinators
 */
export const redeem = <T>(tickets: Map<string, Ticket<T>>, ticket: string, now: number): Redeemed<T> => {
  const entry = tickets.get(ticket)
  if (entry === undefined) return { _tag: "Unknown" }
  if (entry.used) return { _tag: "Expired", reason: "Used" }
  if (entry.expiresAt !== undefined && now >= entry.expiresAt) return { _tag: "Expired", reason: "Late" }
  entry.used = true
  return { _tag: "Opened", data: entry.data }
}
