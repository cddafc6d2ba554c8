/**
 * Words for the codes the service answers with, as the `taxdoc` command prints them.
 *
 * @since 0.1.0
 */
import { StateCode } from "../domains/cashbill/Rules.js"

/**
 * The meaning of a cash receipt status code (docs/decisions.md "Cash receipts").
 *
 * @since 0.1.0
 * @category combinators
 */
export const cashbillState = (code: number): string =>
  code === StateCode.Issued
    ? "issued"
    : code === StateCode.Filed
    ? "filed"
    : code === StateCode.FilingFailed
    ? "filing failed"
    : "unknown"

const BUSINESS_STATES: Readonly<Record<string, string>> = { "0": "unregistered", "1": "in business", "2": "closed", "3": "suspended" }

const TAX_TYPES: Readonly<Record<string, string>> = {
  "10": "general",
  "20": "tax-exempt",
  "30": "simplified",
  "31": "simplified, issues tax invoices",
  "40": "nonprofit or government"
}

/**
 * A business state in words (`null`: the information is unavailable).
 *
 * @since 0.1.0
 * @category combinators
 */
export const businessState = (state: string | null): string =>
  state === null ? "unavailable" : `${state} ${BUSINESS_STATES[state] ?? "unknown"}`

/**
 * A taxation type in words.
 *
 * @since 0.1.0
 * @category combinators
 */
export const taxType = (code: string | null): string => (code === null ? "unavailable" : `${code} ${TAX_TYPES[code] ?? "unknown"}`)
