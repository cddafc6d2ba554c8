/** Valid cash receipt inputs for the suite: `taxdoc/testing`'s (as fast-check arbitraries), at a moment of the test's choosing. */
import * as fc from "fast-check"
import { toFastCheck } from "../../../src/testing/FastCheck.js"
import * as Testing from "../../../src/testing/index.js"

/** The day the receipts are judged at when a test names none (a trade time falls on it or the day before). */
const TODAY = Date.UTC(2026, 10, 22, 3, 0, 0)

/** A valid issue body; its tradeDT (when present) within the trade window of `nowMillis`. */
export const issue = (nowMillis: number = TODAY) => toFastCheck(Testing.cashReceipt({ now: nowMillis }))

/** 1 to `max` valid issue bodies with distinct document IDs. */
export const issues = (max: number, nowMillis?: number) =>
  fc.uniqueArray(issue(nowMillis), { minLength: 1, maxLength: max, selector: (r) => r.mgtKey })
