/**
 * Filing of cash receipts to the sandbox's tax authority (docs/decisions.md "Cash receipts"): 300
 * issued → 304 filed or 305 failed, in one step along the `cashbill.filing` progression on document
 * time — the receipt's `Progress`, derived when read and frozen once recorded. The outcome is
 * decided by the receipt's identityNum alone, so tests choose it by choosing the number.
 */
import * as Rules from "../../domains/cashbill/Rules.js"
import type { StateNames } from "../documents/DocumentKind.js"
import { type Course, type Policy, type Progress } from "../Progression.js"
import type { Receipt } from "./Stored.js"

/** The names of the states of a receipt, for the pages, the portal and the PDF. */
export const STATES: StateNames = {
  [Rules.StateCode.Issued]: { ko: "발행완료", en: "Issued" },
  [Rules.StateCode.Filed]: { ko: "국세청 전송완료", en: "Filed to the tax authority" },
  [Rules.StateCode.FilingFailed]: { ko: "국세청 전송실패", en: "Filing failed" }
}

/** A filing result of the tax authority: `ntsresultCode` and its message in both languages. */
export interface FilingOutcome {
  readonly code: "0000" | "TS1" | "TS2"
  readonly ko: string
  readonly en: string
}

/** The filing of a receipt, once it happened. */
export interface Filing {
  readonly at: number
  readonly outcome: FilingOutcome
}

/**
 * The card-number length the sandbox's tax authority rejects: no issuer uses 17 digits (cards
 * have 13–16 digits, cash-receipt cards 18–19).
 */
export const REJECTED_CARD_LENGTH = 17

/**
 * The sandbox's filing outcome (docs/decisions.md "Cash receipts"): `TS1` for an 11-digit mobile number not starting
 * with 0, `TS2` for a card number of 17 digits, `0000` otherwise.
 */
export const filingOutcome = (identityNum: string): FilingOutcome => {
  if (/^[1-9]\d{10}$/.test(identityNum)) return { code: "TS1", ko: "휴대폰번호 형식 오류", en: "Invalid mobile number" }
  if (/^\d+$/.test(identityNum) && identityNum.length === REJECTED_CARD_LENGTH) {
    return { code: "TS2", ko: "카드번호 자릿수 오류", en: "Card number length rejected" }
  }
  return { code: "0000", ko: "정상 처리", en: "Accepted" }
}

/** How a receipt's filing progresses under `policy`: one stage from its issue. */
export const courseOf = (receipt: Receipt, policy: Policy): Course => ({ policy, since: receipt.issuedAt, stages: 1 })

/** The filing a progress stands for: when it happened and the authority's result; none while 300. */
export const filingOf = (receipt: Receipt, progress: Progress = receipt.progress): Filing | undefined => {
  const at = progress.reached[0]
  return at === undefined ? undefined : { at, outcome: filingOutcome(receipt.identityNum) }
}

/** The status code: 300 issued, 304 filed, 305 filing failed. */
export const stateCodeOf = (receipt: Receipt, progress: Progress = receipt.progress): number =>
  progress.reached.length === 0
    ? Rules.StateCode.Issued
    : filingOutcome(receipt.identityNum).code === "0000" ? Rules.StateCode.Filed : Rules.StateCode.FilingFailed
