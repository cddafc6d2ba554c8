/** Valid e-Tax invoice drafts for the suite: `taxdoc/testing`'s. */
import { toFastCheck } from "../../../src/testing/FastCheck.js"
import * as Testing from "../../../src/testing/index.js"

/** A valid draft of `seller`, written on or before the day of `nowMillis`. */
export const draft = (nowMillis: number, seller: string) => toFastCheck(Testing.taxinvoice({ corpNum: seller, now: nowMillis }))
