/** Valid e-Tax invoice drafts for the suite: `taxdoc/testing`'s. */
import * as Testing from "../../../src/testing/FastCheck.js"

/** A valid draft of `seller`, written on or before the day of `nowMillis`. */
export const draft = (nowMillis: number, seller: string) => Testing.taxinvoice({ corpNum: seller, now: nowMillis })
