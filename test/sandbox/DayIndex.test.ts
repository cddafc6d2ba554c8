/** Documents by party and KST day: what a collection of one member's range finds. */
import { describe, expect, it } from "@effect/vitest"
import * as Kst from "../../src/core/Kst.js"
import { DayIndex } from "../../src/sandbox/documents/DayIndex.js"

describe("DayIndex", () => {
  it("finds a party's items of a range in day order, and nothing of other parties or days", () => {
    const index = new DayIndex<string>()
    index.add("A", "20261110", "a-10")
    index.add("A", "20261101", "a-01")
    index.add("A", "20261110", "a-10b")
    index.add("A", "20261201", "a-dec")
    index.add("B", "20261105", "b-05")
    expect(index.between("A", "20261101", "20261130")).toEqual(["a-01", "a-10", "a-10b"])
    expect(index.between("A", "20261110", "20261110")).toEqual(["a-10", "a-10b"])
    expect(index.between("B", "20261101", "20261130")).toEqual(["b-05"])
    expect(index.between("C", "20261101", "20261130")).toEqual([])
    expect(index.between("A", "20261130", "20261101")).toEqual([])
  })

  it("a removed item is no longer found; its empty day goes away", () => {
    const index = new DayIndex<string>()
    index.add("A", "20261110", "x")
    index.add("A", "20261110", "y")
    index.remove("A", "20261110", "x")
    expect(index.between("A", "20261110", "20261110")).toEqual(["y"])
    index.remove("A", "20261110", "y")
    index.remove("A", "20261110", "y")
    expect(index.between("A", "20261101", "20261130")).toEqual([])
  })

  it("a party with documents on many days: a range visits its days, the same answer as a scan", () => {
    const index = new DayIndex<number>()
    const all: Array<readonly [string, number]> = []
    for (let i = 0; i < 400; i++) {
      const day = Kst.addDays("20260101", i)
      index.add("A", day, i)
      all.push([day, i])
    }
    for (const [from, to] of [["20260201", "20260430"], ["20251201", "20260105"], ["20261230", "20270301"], ["20260315", "20260315"]] as const) {
      expect(index.between("A", from, to)).toEqual(all.filter(([day]) => day >= from && day <= to).map(([, i]) => i))
    }
  })
})
