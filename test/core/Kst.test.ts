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
