import { describe, expect, it } from "@effect/vitest"
import * as Kst from "../../src/core/Kst.js"

// 2026-11-22 23:59:59 KST and the next KST midnight (15:00 UTC).
const LAST_SECOND = Date.UTC(2026, 10, 22, 14, 59, 59)
const MIDNIGHT = Date.UTC(2026, 10, 22, 15, 0, 0)

describe("perKstDay", () => {
  it("builds once per KST day, again when the KST day changes", () => {
    const builtAt: Array<number> = []
    const today = Kst.perKstDay((nowMillis) => {
      builtAt.push(nowMillis)
      return { day: Kst.toDate8(nowMillis) }
    })
    const morning = today(Date.UTC(2026, 10, 21, 15, 0, 0))
    expect(today(LAST_SECOND)).toBe(morning)
    expect(morning.day).toBe("20261122")
    const next = today(MIDNIGHT)
    expect(next.day).toBe("20261123")
    expect(today(MIDNIGHT + 60_000)).toBe(next)
    // Back to the earlier day: only the latest day is kept, so it is built again.
    expect(today(LAST_SECOND)).not.toBe(morning)
    expect(builtAt).toEqual([Date.UTC(2026, 10, 21, 15, 0, 0), MIDNIGHT, LAST_SECOND])
  })
})

describe("endOfDay", () => {
  it("is the next KST midnight: of the day's last second, of midnight itself, and of instants across years", () => {
    expect(Kst.endOfDay(LAST_SECOND)).toBe(MIDNIGHT)
    expect(Kst.endOfDay(MIDNIGHT)).toBe(MIDNIGHT + 86_400_000)
    expect(Kst.endOfDay(MIDNIGHT - 1)).toBe(MIDNIGHT)
    // Every hour over four years (a leap day among them): the midnight that starts the next KST date.
    for (let at = Date.UTC(2023, 0, 1); at < Date.UTC(2027, 0, 1); at += 3_600_000 + 17_000) {
      const end = Kst.endOfDay(at)
      expect(Kst.toDateTime14(end)).toBe(`${Kst.addDays(Kst.toDate8(at), 1)}000000`)
    }
  })
})
