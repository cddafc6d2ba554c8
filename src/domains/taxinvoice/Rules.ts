/**
 * Pure rules of e-Tax invoices (docs/service.md "e-Tax invoices", "Limits"; docs/decisions.md "e-Tax invoices"): the values the
 * draft takes, the buyer number by buyer type, revised invoices, totals against detail lines, the
 * write date and the due date, limits and status codes.
 *
 * Rules that relate several fields are `CrossRule`s reported at the field they concern
 * (`invoiceeCorpNum`, `orgNTSConfirmNum`, `totalAmount`).
 *
 * @since 0.1.0
 */
import { crossRule, type CrossRule, fieldRule } from "../../core/CrossRule.js"
import * as Kst from "../../core/Kst.js"

// ── constants ───────────────────────────────────────────────────────────────────────────────

/**
 * Document ID kinds of the path: sales, purchases, consigned (the live clients send all three).
 *
 * @since 0.1.0
 * @category constants
 */
export const MGT_KEY_TYPES = ["SELL", "BUY", "TRUSTEE"] as const

/**
 * @since 0.1.0
 * @category models
 */
export type MgtKeyType = typeof MGT_KEY_TYPES[number]

/**
 * Issue types: 정발행 (issued by the seller) is the only one the spec gives.
 *
 * @since 0.1.0
 * @category constants
 */
export const ISSUE_TYPES = ["정발행"] as const

/**
 * Taxation types: taxable, zero-rated, exempt.
 *
 * @since 0.1.0
 * @category constants
 */
export const TAX_TYPES = ["과세", "영세", "면세"] as const

/**
 * Charge direction: 정과금 (paid by the seller).
 *
 * @since 0.1.0
 * @category constants
 */
export const CHARGE_DIRECTIONS = ["정과금"] as const

/**
 * Purpose types: receipt, claim, none.
 *
 * @since 0.1.0
 * @category constants
 */
export const PURPOSE_TYPES = ["영수", "청구", "없음"] as const

/**
 * Buyer types: business, individual, foreigner.
 *
 * @since 0.1.0
 * @category constants
 */
export const INVOICEE_TYPES = ["사업자", "개인", "외국인"] as const

/**
 * The buyer number of a foreign buyer (외국인): a constant of the service.
 *
 * @since 0.1.0
 * @category constants
 */
export const FOREIGNER_CORP_NUM = "9999999999999"

/**
 * Reasons for a revised invoice (docs/decisions.md "e-Tax invoices"): 1 correction of entries, 2 change of
 * supply value, 3 return of goods, 4 cancellation of contract, 5 domestic letter of credit opened
 * afterwards, 6 duplicate issue by mistake.
 *
 * @since 0.1.0
 * @category constants
 */
export const MODIFY_CODES = [1, 2, 3, 4, 5, 6] as const

/**
 * Limits (docs/service.md "Limits"): detail lines and extra contacts per draft, files per invoice, IDs per
 * GetInfos and mass print request, invoices per bulk submission.
 *
 * @since 0.1.0
 * @category constants
 */
export const Limits = {
  detailList: 99,
  addContactList: 5,
  files: 5,
  infos: 1000,
  massPrint: 100,
  bulk: 100
} as const

/**
 * The largest attached file the sandbox accepts (the spec does not give one; the sandbox's
 * documented limit, checked by the SDK before sending as well): 10 MiB.
 *
 * @since 0.1.0
 * @category constants
 */
export const MAX_FILE_BYTES = 10 * 1024 * 1024

/**
 * The pages of one invoice that the URL operations open, by their `TG` selector: POPUP, VIEW (no
 * menus), PRINT, EPRINT (the buyer's copy), MAIL (the notification mail's confirmation page, no
 * expiry), PDF.
 *
 * @since 2.0.0
 * @category constants
 */
export const URL_KINDS = ["POPUP", "VIEW", "PRINT", "EPRINT", "MAIL", "PDF"] as const

/**
 * Validity of a returned URL; MAIL URLs do not expire (docs/service.md "Limits").
 *
 * @since 0.1.0
 * @category constants
 */
export const URL_VALIDITY_MILLIS = 30_000

/**
 * Status codes (docs/decisions.md "e-Tax invoices"): saved, issued, waiting to be sent, sending, sent (awaiting the
 * result), filed, filing failed.
 *
 * @since 0.1.0
 * @category constants
 */
export const StateCode = {
  Saved: 100,
  Issued: 300,
  WaitingToSend: 301,
  Sending: 302,
  Sent: 303,
  Filed: 304,
  FilingFailed: 305
} as const

// ── single values ───────────────────────────────────────────────────────────────────────────

/**
 * `true` for an integer written as a string, optionally signed (`-1500`, `0`, `+20`).
 *
 * @since 0.1.0
 * @category rules
 */
export const isSignedInteger = (text: string): boolean => /^[+-]?\d+$/.test(text)

/**
 * `true` for a confirmation number: exactly 24 letters or digits (the live clients enforce 24).
 *
 * @since 0.1.0
 * @category rules
 */
export const isNtsConfirmNum = (text: string): boolean => /^[0-9A-Za-z]{24}$/.test(text)

/**
 * `true` when `corpNum` is a valid buyer number for `invoiceeType` (absent = 사업자): a 10-digit
 * registration number, a 13-digit resident number, or the foreigner constant.
 *
 * @since 0.1.0
 * @category rules
 */
export const invoiceeCorpNumValid = (invoiceeType: string | undefined, corpNum: string): boolean => {
  switch (invoiceeType ?? "사업자") {
    case "개인":
      return /^\d{13}$/.test(corpNum)
    case "외국인":
      return corpNum === FOREIGNER_CORP_NUM
    default:
      return /^\d{10}$/.test(corpNum)
  }
}

/**
 * `true` when `writeDate` (KST) is not after the KST day of `nowMillis`.
 *
 * @since 0.1.0
 * @category rules
 */
export const writeDateNotInFuture = (writeDate: string, nowMillis: number): boolean => writeDate <= Kst.toDate8(nowMillis)

/**
 * The last day an invoice written on `writeDate` may be issued on time: the 10th of the following
 * month (docs/decisions.md "e-Tax invoices").
 *
 * @since 0.1.0
 * @category rules
 */
export const dueDateOf = (writeDate: string): string => {
  const year = Number(writeDate.slice(0, 4))
  const month = Number(writeDate.slice(4, 6))
  const nextYear = month === 12 ? year + 1 : year
  const nextMonth = month === 12 ? 1 : month + 1
  return `${nextYear}${String(nextMonth).padStart(2, "0")}10`
}

/**
 * `true` when issuing at `nowMillis` is after the due date of `writeDate` (KST days).
 *
 * @since 0.1.0
 * @category rules
 */
export const isOverdue = (writeDate: string, nowMillis: number): boolean => Kst.toDate8(nowMillis) > dueDateOf(writeDate)

// ── cross-field rules ───────────────────────────────────────────────────────────────────────

/**
 * The fields of a draft the cross-field rules read.
 *
 * @since 0.1.0
 * @category models
 */
export interface DraftFields {
  readonly invoiceeType?: string | undefined
  readonly invoiceeCorpNum: string
  readonly modifyCode?: number | undefined
  readonly orgNTSConfirmNum?: string | undefined
  readonly supplyCostTotal: string
  readonly taxTotal: string
  readonly totalAmount: string
  readonly detailList?: ReadonlyArray<{ readonly supplyCost?: string | undefined; readonly tax?: string | undefined }> | undefined
}

/**
 * invoiceeCorpNum must suit invoiceeType.
 *
 * @since 0.1.0
 * @category rules
 */
export const invoiceeCorpNumRule: CrossRule<DraftFields> = fieldRule(
  ["invoiceeCorpNum"],
  "invoiceeCorpNumForType",
  ["invoiceeType", "invoiceeCorpNum"],
  (r) => invoiceeCorpNumValid(r.invoiceeType, r.invoiceeCorpNum),
  `must be a 10-digit registration number for 사업자, a 13-digit resident number for 개인, or ${FOREIGNER_CORP_NUM} for 외국인`
)

/**
 * A revised invoice carries modifyCode and orgNTSConfirmNum together; an original carries neither.
 *
 * @since 0.1.0
 * @category rules
 */
export const revisionPairRule: CrossRule<DraftFields> = crossRule<DraftFields>(
  "revisionPair",
  "modifyCode and orgNTSConfirmNum go together: both for a revised invoice, neither otherwise",
  ["modifyCode", "orgNTSConfirmNum"],
  (r) =>
    r.modifyCode !== undefined && r.orgNTSConfirmNum === undefined
      ? [{ path: ["orgNTSConfirmNum"], message: "is required with modifyCode (the original's 24-character confirmation number)" }]
      : r.modifyCode === undefined && r.orgNTSConfirmNum !== undefined
      ? [{ path: ["modifyCode"], message: "is required with orgNTSConfirmNum (1 to 6, the reason for the revision)" }]
      : []
)

const sum = (values: ReadonlyArray<string | undefined>): number | undefined =>
  values.every((v) => v !== undefined && isSignedInteger(v)) ? values.reduce((n, v) => n + Number(v), 0) : undefined

/**
 * totalAmount = supplyCostTotal + taxTotal; and where every detail line gives supplyCost (tax),
 * their sum equals supplyCostTotal (taxTotal).
 *
 * @since 0.1.0
 * @category rules
 */
export const totalsRule: CrossRule<DraftFields> = crossRule<DraftFields>(
  "totalsConsistent",
  "must agree with the other amounts",
  ["totalAmount", "supplyCostTotal", "taxTotal", "detailList"],
  (r) => {
    const broken: Array<{ path: string; message: string }> = []
    if (Number(r.totalAmount) !== Number(r.supplyCostTotal) + Number(r.taxTotal)) {
      broken.push({ path: "totalAmount", message: "must equal supplyCostTotal + taxTotal" })
    }
    const lines = r.detailList ?? []
    if (lines.length > 0) {
      const supply = sum(lines.map((l) => l.supplyCost))
      if (supply !== undefined && supply !== Number(r.supplyCostTotal)) {
        broken.push({ path: "supplyCostTotal", message: `must equal the sum of the detail lines' supplyCost (${supply})` })
      }
      const tax = sum(lines.map((l) => l.tax))
      if (tax !== undefined && tax !== Number(r.taxTotal)) {
        broken.push({ path: "taxTotal", message: `must equal the sum of the detail lines' tax (${tax})` })
      }
    }
    return broken.map((b) => ({ path: [b.path] as const, message: b.message }))
  }
)

/**
 * writeDate may not be after today (KST of `nowMillis`). The SDK adds it with its clock, the
 * sandbox with its own.
 *
 * @since 0.1.0
 * @category rules
 */
export const writeDateRule = (nowMillis: number): CrossRule<{ readonly writeDate: string }> =>
  fieldRule(
    ["writeDate"],
    "writeDate(notAfterToday)",
    ["writeDate"],
    (r) => writeDateNotInFuture(r.writeDate, nowMillis),
    `may not be after today (KST ${Kst.toDate8(nowMillis)})`
  )

/**
 * Document IDs within one bulk submission must differ.
 *
 * @since 0.1.0
 * @category rules
 */
export const uniqueMgtKeysRule: CrossRule<{ readonly invoices: ReadonlyArray<{ readonly invoicerMgtKey: string }> }> = crossRule(
  "uniqueMgtKey",
  "repeats the document ID of an earlier invoice in this submission",
  ["invoices"],
  (body) => {
    const seen = new Set<string>()
    return body.invoices.flatMap((item, index) => {
      const repeated = seen.has(item.invoicerMgtKey)
      seen.add(item.invoicerMgtKey)
      return repeated ? [{ path: ["invoices", index, "invoicerMgtKey"] }] : []
    })
  }
)
