/**
 * Portal tickets are remembered while a late visit should be told the link is spent (410), and
 * forgotten an hour of document time after that, swept as new tickets are issued.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Tickets from "../../src/sandbox/documents/Tickets.js"

const SECOND = 1000
const T0 = Date.UTC(2026, 10, 25, 1, 0, 0)

describe("ticket book", () => {
  it("a spent ticket answers Expired within the retention and is forgotten (Unknown) after it", () => {
    const book = Tickets.book<string>()
    const used = Tickets.issue(book, "used", T0 + 30 * SECOND, T0).ticket
    const late = Tickets.issue(book, "late", T0 + 30 * SECOND, T0).ticket
    const mail = Tickets.issue(book, "mail", undefined, T0).ticket
    expect(Tickets.redeem(book, used, T0 + SECOND)).toEqual({ _tag: "Opened", data: "used" })

    // Within the hour: spent links explain themselves; the unused mail link still opens.
    const withinHour = T0 + Tickets.RETENTION_MILLIS
    expect(Tickets.sweep(book, withinHour)).toEqual([])
    expect(Tickets.redeem(book, used, withinHour)).toEqual({ _tag: "Expired", reason: "Used" })
    expect(Tickets.redeem(book, late, withinHour)).toEqual({ _tag: "Expired", reason: "Late" })

    // Past the hour: the spent ones are forgotten; a mail link without expiry stays until used.
    const past = T0 + 30 * SECOND + Tickets.RETENTION_MILLIS + 2 * SECOND
    expect([...Tickets.sweep(book, past)].sort()).toEqual([late, used].sort())
    expect(Tickets.redeem(book, used, past)).toEqual({ _tag: "Unknown" })
    expect(Tickets.redeem(book, late, past)).toEqual({ _tag: "Unknown" })
    expect(Tickets.redeem(book, mail, past)).toEqual({ _tag: "Opened", data: "mail" })
  })

  it("issuing sweeps by itself: a book handing out a link a minute for a week stays small", () => {
    const book = Tickets.book<number>()
    let forgotten = 0
    const week = 7 * 24 * 60
    for (let minute = 0; minute < week; minute++) {
      const now = T0 + minute * 60 * SECOND
      const { ticket, forgotten: swept } = Tickets.issue(book, minute, now + 30 * SECOND, now)
      forgotten += swept.length
      if (minute % 2 === 0) Tickets.redeem(book, ticket, now)
    }
    // Only the last hour or so of links (and at most one sweep's worth of growth) are kept.
    expect(book.entries.size).toBeLessThanOrEqual(2 * 1024)
    expect(forgotten + book.entries.size).toBe(week)
  })
})
