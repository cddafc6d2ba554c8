/**
 * Stored documents by party (a registration number) and KST day (`yyyyMMdd`): what a tax-portal
 * collection asks for — one member's documents on its side within a date range — found without
 * looking at any other document. Each document is in one bucket per (party, day) it is indexed
 * under; a range query visits only the party's days within the range.
 */
import * as Kst from "../../core/Kst.js"

/** An index of documents by party and day. */
export class DayIndex<T> {
  private readonly parties = new Map<string, Map<string, Array<T>>>()

  /** Files `item` under `party` on `day`. */
  add(party: string, day: string, item: T): void {
    let days = this.parties.get(party)
    if (days === undefined) {
      days = new Map()
      this.parties.set(party, days)
    }
    const bucket = days.get(day)
    if (bucket === undefined) days.set(day, [item])
    else bucket.push(item)
  }

  /** Removes `item` from `party`'s `day`. */
  remove(party: string, day: string, item: T): void {
    const days = this.parties.get(party)
    const bucket = days?.get(day)
    if (days === undefined || bucket === undefined) return
    const at = bucket.lastIndexOf(item)
    if (at < 0) return
    bucket.splice(at, 1)
    if (bucket.length === 0) days.delete(day)
  }

  /**
   * The items of `party` on the days from `from` to `to` (inclusive), in day order (then in the
   * order they were added). Visits the range's days, or the party's days when it has fewer.
   */
  between(party: string, from: string, to: string): Array<T> {
    const days = this.parties.get(party)
    if (days === undefined || from > to) return []
    const found: Array<T> = []
    if (days.size <= 31) {
      const inRange = [...days.keys()].filter((day) => day >= from && day <= to).sort()
      for (const day of inRange) for (const item of days.get(day)!) found.push(item)
      return found
    }
    for (let day = from; day <= to; day = Kst.addDays(day, 1)) {
      const bucket = days.get(day)
      if (bucket !== undefined) for (const item of bucket) found.push(item)
    }
    return found
  }
}
