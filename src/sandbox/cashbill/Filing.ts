/**
 * The sandbox's tax authority (docs/decisions.md "Cash receipts"): the outcome of filing a
 * cash receipt, decided by its identityNum alone, so tests choose the outcome by choosing the number.
 *
 * @since 0.1.0
 */

/**
 * The card-number length the sandbox's tax authority rejects: no issuer uses 17 digits (cards
 * have 13–16 digits, cash-receipt cards 18–19).
 *
 * @since 0.1.0
 * @category constants
 */
export const REJECTED_CARD_LENGTH = 17

/**
 * A filing result of the tax authority: `ntsresultCode` and its message in both languages.
 *
 * @since 0.1.0
 * @category models
 */
export interface FilingOutcome {
  readonly code: "0000" | "TS1" | "TS2"
  readonly ko: string
  readonly en: string
}

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
