/**
 * Portal URL tickets (docs/decisions.md "Portal pages"): the last path segment of every URL the URL
 * operations hand out. A ticket is 128 random bits (32 hex digits) from the system CSPRNG — it
 * carries no member data and no counter, so one ticket says nothing about another — and it opens
 * its page once: the first visit redeems it.
 *
 * The portal keeps them (`PortalLinks.ts`): it mints with `issue` and opens pages with `redeem`.
 * A ticket that was used or ran out is kept for `RETENTION_MILLIS` of document time, so that a
 * late visit is told the link is spent (410) rather than unknown (404); after that it is forgotten.
 * Forgetting is swept as tickets are issued, in amortised constant time, so a long-running sandbox
 * does not grow with every link it ever handed out.
 */
import { randomBytes } from "node:crypto"

/** A fresh ticket: 16 random bytes as 32 lower-case hex digits. */
export const mint = (): string => randomBytes(16).toString("hex")

/**
 * What a ticket opens, until when (document time; `undefined`: no expiry, e.g. MAIL links), and
 * when it was used (document time; `undefined`: not yet).
 */
export interface Ticket<T> {
  readonly data: T
  readonly expiresAt: number | undefined
  usedAt: number | undefined
}

/** How long a spent ticket (used, or past its expiry) is remembered, in document time: 1 hour. */
export const RETENTION_MILLIS = 60 * 60 * 1000

/** The tickets of one environment, and the size at which spent ones are next swept. */
export interface TicketBook<T> {
  readonly entries: Map<string, Ticket<T>>
  nextSweepAt: number
}

const FIRST_SWEEP = 1024

/** An empty book. */
export const book = <T>(): TicketBook<T> => ({ entries: new Map(), nextSweepAt: FIRST_SWEEP })

/** When a ticket was spent (used, or ran out), or `undefined` while it can still open its page. */
const spentAt = (ticket: Ticket<unknown>, now: number): number | undefined => {
  if (ticket.usedAt !== undefined) return ticket.usedAt
  return ticket.expiresAt !== undefined && now >= ticket.expiresAt ? ticket.expiresAt : undefined
}

/** Forgets the tickets spent more than `RETENTION_MILLIS` before `now`; answers the tickets forgotten. */
export const sweep = <T>(tickets: TicketBook<T>, now: number): ReadonlyArray<string> => {
  const forgotten: Array<string> = []
  for (const [id, ticket] of tickets.entries) {
    const spent = spentAt(ticket, now)
    if (spent !== undefined && now - spent > RETENTION_MILLIS) {
      tickets.entries.delete(id)
      forgotten.push(id)
    }
  }
  // Sweep again once the book has doubled: each sweep's cost is paid for by the issues before it.
  tickets.nextSweepAt = Math.max(FIRST_SWEEP, tickets.entries.size * 2)
  return forgotten
}

/**
 * Mints a ticket for `data` at document time `now` and records it in `tickets`; answers the ticket
 * and the tickets forgotten by the sweep this issue set off (usually none).
 */
export const issue = <T>(
  tickets: TicketBook<T>,
  data: T,
  expiresAt: number | undefined,
  now: number
): { readonly ticket: string; readonly forgotten: ReadonlyArray<string> } => {
  const forgotten = tickets.entries.size >= tickets.nextSweepAt ? sweep(tickets, now) : []
  let ticket = mint()
  // 2^-128 per draw; the loop only states the invariant.
  while (tickets.entries.has(ticket)) ticket = mint()
  tickets.entries.set(ticket, { data, expiresAt, usedAt: undefined })
  return { ticket, forgotten }
}

/** The outcome of opening a ticket's page. */
export type Redeemed<T> =
  | { readonly _tag: "Opened"; readonly data: T }
  /** Never issued: answer as for any unknown path. */
  | { readonly _tag: "Unknown" }
  /** Issued, but used already (`Used`) or past its expiry (`Late`). */
  | { readonly _tag: "Expired"; readonly reason: "Used" | "Late" }

/**
 * Opens a ticket's page at document time `now`: the first visit within the validity opens it and
 * uses the ticket up.
 */
export const redeem = <T>(tickets: TicketBook<T>, ticket: string, now: number): Redeemed<T> => {
  const entry = tickets.entries.get(ticket)
  if (entry === undefined) return { _tag: "Unknown" }
  if (entry.usedAt !== undefined) return { _tag: "Expired", reason: "Used" }
  if (entry.expiresAt !== undefined && now >= entry.expiresAt) return { _tag: "Expired", reason: "Late" }
  entry.usedAt = now
  return { _tag: "Opened", data: entry.data }
}
