/**
 * Filing of cash receipts to the sandbox's tax authority (docs/decisions.md "Cash receipts"): 300
 * issued → 304 filed or 305 failed, in one step along the `cashbill.filing` progression on document
 * time, derived when read and frozen once reached. The outcome is decided by the receipt's
 * identityNum alone, so tests choose it by choosing the number.
 *
 * @since 0.1.0
 */
import * as Rules from "../../domains/cashbill/Rules.js"
import { type Policy, stageOf, stageReachedAt } from "../Progression.js"
import type { Filing, FilingOutcome, Receipt } from "./Stored.js"

/**
 * The card-number length the sandbox's tax authority rejects: no issuer uses 17 digits (cards
 * have 13–16 digits, cash-receipt cards 18–19).
 *
 * @since 0.1.0
 * @category constants
 */
export const REJECTED_CARD_LENGTH = 17

/**
 * The sandbox's filing outcome (docs/decisions.md "Cash receipts"): `TS1` for an 11-digit mobile number not starting
 * with 0, `TS2` for a card number of 17 digits, `0000` otherwise. The outcome is decided by
 * identityNum alone, so tests choose it by choosing the number.
 *
 * @since 0.1.0
 * @category rules
 */
export const filingOutcome = (identityNum: string): FilingOutcome => {
  if (/^[1-9]\d{10}$/.test(identityNum)) return { code: "TS1", ko: "휴대폰번호 형식 오류", en: "Invalid mobile number" }
  if (/^\d+$/.test(identityNum) && identityNum.length === REJECTED_CARD_LENGTH) {
    return { code: "TS2", ko: "카드번호 자릿수 오류", en: "Card number length rejected" }
  }
  return { code: "0000", ko: "정상 처리", en: "Accepted" }
}

/**
 * The receipt's filing as of `now` under the filing policy — the one recorded, or the one that is
 * due — without recording it: what a read would find (the sandbox's pages look without changing).
 *
 * @since 1.1.0
 * @category combinators
 */
export const filingAsOf = (receipt: Receipt, policy: Policy, now: number): Filing | undefined => {
  if (receipt.filing !== undefined) return receipt.filing
  if (stageOf(policy, { startedAt: receipt.issuedAt, now, polls: receipt.polls, stages: 1 }) < 1) return undefined
  return { at: stageReachedAt(policy, receipt.issuedAt, 1) ?? now, outcome: filingOutcome(receipt.identityNum) }
}

/**
 * Files the receipt if the filing policy says it is due (one step: 300 → 304 or 305).
 *
 * @since 0.1.0
 * @category combinators
 */
export const advanceFiling = (receipt: Receipt, policy: Policy, now: number): Receipt => {
  if (receipt.filing === undefined) receipt.filing = filingAsOf(receipt, policy, now)
  return receipt
}

/**
 * The status code of a filing: 300 issued (none yet), 304 filed, 305 filing failed.
 *
 * @since 1.1.0
 * @category combinators
 */
export const stateCodeOfFiling = (filing: Filing | undefined): number =>
  filing === undefined
    ? Rules.StateCode.Issued
    : filing.outcome.code === "0000" ? Rules.StateCode.Filed : Rules.StateCode.FilingFailed

/**
 * The status code: 300 issued, 304 filed, 305 filing failed.
 *
 * @since 0.1.0
 * @category combinators
 */
export const stateCodeOf = (receipt: Receipt): number => stateCodeOfFiling(receipt.filing)
