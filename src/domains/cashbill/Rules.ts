/**
 * Pure rules of cash receipts (docs/service.md "Cash receipts", "Limits"; docs/decisions.md "Cash receipts"): buyer
 * identification numbers by trade usage, amounts, the trade-time window, revocation amounts, bulk
 * limits and submit IDs. (How the sandbox masks numbers and files receipts lives in
 * `sandbox/cashbill/Masking.ts` and `Filing.ts`.)
 *
 * Rules that relate several fields are `CrossRule`s (`core/CrossRule.ts`): each broken rule is
 * reported at the field it concerns (`identityNum`, `totalAmount`, `cashbills[3].mgtKey`), named like
 * every other rule.
 *
 * @since 0.1.0
 */
import { crossRule, type CrossRule, fieldRule } from "../../core/CrossRule.js"
import * as Gen from "../../core/Gen.js"
import * as Kst from "../../core/Kst.js"
import { corpNumValues } from "../../core/Schemas.js"

// ── constants ───────────────────────────────────────────────────────────────────────────────

/**
 * The voluntary-issuance constant, allowed as identityNum only for 소득공제용.
 *
 * @since 0.1.0
 * @category constants
 */
export const VOLUNTARY_IDENTITY_NUM = "010-000-1234"

/**
 * Trade usages: income deduction and proof of purchase.
 *
 * @since 0.1.0
 * @category constants
 */
export const TRADE_USAGES = ["소득공제용", "지출증빙용"] as const

/**
 * Trade options: general (default), books and performances, public transport.
 *
 * @since 0.1.0
 * @category constants
 */
export const TRADE_OPTS = ["일반", "도서공연", "대중교통"] as const

/**
 * Taxation types: taxable, tax-exempt.
 *
 * @since 0.1.0
 * @category constants
 */
export const TAXATION_TYPES = ["과세", "비과세"] as const

/**
 * Revocation reasons: 1 returned/cancelled, 2 error correction, 3 other.
 *
 * @since 0.1.0
 * @category constants
 */
export const CANCEL_TYPES = [1, 2, 3] as const

/**
 * Receipts per bulk submission (docs/service.md "Limits").
 *
 * @since 0.1.0
 * @category constants
 */
export const BULK_MAX = 100

/**
 * Document IDs per GetInfos request (docs/service.md "Limits").
 *
 * @since 0.1.0
 * @category constants
 */
export const INFOS_MAX = 1000

/**
 * Document IDs per mass print (GetMassPrintURL; docs/service.md "Limits").
 *
 * @since 1.1.0
 * @category constants
 */
export const MASS_PRINT_MAX = 100

/**
 * The pages of one receipt that the URL operations open, by their `TG` selector: POPUP, VIEW (no
 * menus), PRINT, EPRINT (the customer's copy), MAIL (the notification mail's page, no expiry), PDF.
 *
 * @since 1.1.0
 * @category constants
 */
export const URL_KINDS = ["POPUP", "VIEW", "PRINT", "EPRINT", "MAIL", "PDF"] as const

/**
 * One of `URL_KINDS`.
 *
 * @since 1.1.0
 * @category models
 */
export type UrlKind = typeof URL_KINDS[number]

/**
 * Validity of a returned URL (docs/service.md "Limits").
 *
 * @since 0.1.0
 * @category constants
 */
export const URL_VALIDITY_MILLIS = 30_000

/**
 * Status codes (docs/decisions.md "Cash receipts"): issued, filed to the tax authority, filing failed.
 *
 * @since 0.1.0
 * @category constants
 */
export const StateCode = { Issued: 300, Filed: 304, FilingFailed: 305 } as const

// ── buyer identification number ─────────────────────────────────────────────────────────────

const IDENTITY_DIGIT_LENGTHS = new Set([10, 11, 13, 14, 15, 16, 17, 18, 19])

/**
 * `true` when `identityNum` has one of the accepted forms for some trade usage: digits only with
 * 10 (registration or mobile number), 11 (mobile), 13 (resident or card) to 19 (card) digits, or
 * the voluntary constant. Hyphens are not accepted except in the constant.
 *
 * @since 0.1.0
 * @category rules
 */
export const isIdentityNumShape = (identityNum: string): boolean =>
  identityNum === VOLUNTARY_IDENTITY_NUM || (/^\d+$/.test(identityNum) && IDENTITY_DIGIT_LENGTHS.has(identityNum.length))

/**
 * `true` when `identityNum` is accepted for `tradeUsage`: 소득공제용 takes a resident number (13),
 * mobile (10–11), card (13–19) or the voluntary constant; 지출증빙용 takes a registration number
 * (10), mobile or card — not the constant.
 *
 * @since 0.1.0
 * @category rules
 */
export const identityNumAllowed = (tradeUsage: string, identityNum: string): boolean =>
  isIdentityNumShape(identityNum) && (tradeUsage === "소득공제용" || identityNum !== VOLUNTARY_IDENTITY_NUM)

/**
 * Buyer identification numbers of every accepted kind: registration (10 digits), mobile (10–11),
 * resident (13), card (13–19), and the voluntary-issuance constant.
 *
 * @since 1.0.0
 * @category generators
 */
export const identityNumValues: Gen.Gen<string> = Gen.oneOf(
  corpNumValues,
  Gen.map(Gen.digits(8), (d) => `010${d}`),
  Gen.digits(13),
  Gen.chain(Gen.integer(14, 19), Gen.digits),
  Gen.constant(VOLUNTARY_IDENTITY_NUM)
)

// ── amounts ─────────────────────────────────────────────────────────────────────────────────

/**
 * The four amounts of a receipt, as sent (integer strings).
 *
 * @since 0.1.0
 * @category models
 */
export interface Amounts {
  readonly supplyCost: string
  readonly tax: string
  readonly serviceFee: string
  readonly totalAmount: string
}

/**
 * `true` when the text is a positive integer (totalAmount; the parts may be 0: tax of 비과세,
 * no service fee).
 *
 * @since 0.1.0
 * @category rules
 */
export const isPositiveAmount = (amount: string): boolean => /^\d+$/.test(amount) && Number(amount) > 0

/**
 * `true` when total = supply cost + tax + service fee.
 *
 * @since 0.1.0
 * @category rules
 */
export const amountsAddUp = (a: Amounts): boolean =>
  Number(a.totalAmount) === Number(a.supplyCost) + Number(a.tax) + Number(a.serviceFee)

// ── trade time, submit IDs ──────────────────────────────────────────────────────────────────

/**
 * `true` when `tradeDT` (KST) is absent, or today or the previous day (KST) of `nowMillis`.
 *
 * @since 0.1.0
 * @category rules
 */
export const tradeDTValid = (tradeDT: string | undefined, nowMillis: number): boolean =>
  tradeDT === undefined || Kst.isTodayOrPreviousDay(tradeDT, nowMillis)

/**
 * `true` for a bulk submit ID: 1 to 36 letters, digits or hyphens.
 *
 * @since 0.1.0
 * @category rules
 */
export const submitIdValid = (submitId: string): boolean => /^[A-Za-z0-9-]{1,36}$/.test(submitId)

// ── cross-field rules ───────────────────────────────────────────────────────────────────────

/**
 * `tradeDT` must be today or the previous day (KST) of `nowMillis`. Input schemas take no clock, so
 * the SDK reads `Clock` and adds this rule (see `Schemas.CashReceiptIssueAt`).
 *
 * @since 0.1.0
 * @category rules
 */
export const tradeDTRule = (nowMillis: number): CrossRule<{ readonly tradeDT?: string | undefined }> =>
  fieldRule(
    ["tradeDT"],
    "tradeDT(todayOrPreviousDay)",
    ["tradeDT"],
    (r) => tradeDTValid(r.tradeDT, nowMillis),
    `must be today or the previous day (KST ${Kst.addDays(Kst.toDate8(nowMillis), -1)} or ${Kst.toDate8(nowMillis)})`
  )

/**
 * identityNum must suit tradeUsage (the voluntary constant only for 소득공제용).
 *
 * @since 0.1.0
 * @category rules
 */
export const identityNumForUsageRule: CrossRule<{ readonly tradeUsage: string; readonly identityNum: string }> = fieldRule(
  ["identityNum"],
  "identityNumForUsage",
  ["tradeUsage", "identityNum"],
  (r) => identityNumAllowed(r.tradeUsage, r.identityNum),
  `${VOLUNTARY_IDENTITY_NUM} (voluntary issuance) is allowed only for 소득공제용; 지출증빙용 takes a registration, mobile or card number`
)

/**
 * totalAmount must equal supplyCost + tax + serviceFee.
 *
 * @since 0.1.0
 * @category rules
 */
export const amountSumRule: CrossRule<Amounts> = fieldRule(
  ["totalAmount"],
  "amountSum",
  ["supplyCost", "tax", "serviceFee", "totalAmount"],
  amountsAddUp,
  "must equal supplyCost + tax + serviceFee"
)

const AMOUNT_FIELDS = ["supplyCost", "tax", "serviceFee", "totalAmount"] as const

/**
 * The amount fields of a revocation, each optional.
 *
 * @since 0.1.0
 * @category models
 */
export interface PartCancelFields {
  readonly isPartCancel?: boolean | undefined
  readonly supplyCost?: string | undefined
  readonly tax?: string | undefined
  readonly serviceFee?: string | undefined
  readonly totalAmount?: string | undefined
}

/**
 * The revocation amounts of a partial revocation, or `undefined` for a full one.
 *
 * @since 0.1.0
 * @category rules
 */
export const partCancelAmounts = (r: PartCancelFields): Amounts | undefined =>
  r.isPartCancel === true && r.supplyCost !== undefined && r.tax !== undefined && r.serviceFee !== undefined &&
    r.totalAmount !== undefined
    ? { supplyCost: r.supplyCost, tax: r.tax, serviceFee: r.serviceFee, totalAmount: r.totalAmount }
    : undefined

/**
 * The rules of revocation amounts: all four required when isPartCancel is true (and adding up),
 * all omitted otherwise.
 *
 * @since 0.1.0
 * @category rules
 */
export const partCancelRules: ReadonlyArray<CrossRule<PartCancelFields>> = [
  crossRule<PartCancelFields>(
    "requiredWhenPartCancel",
    "is required when isPartCancel is true",
    ["isPartCancel", ...AMOUNT_FIELDS],
    (r) => (r.isPartCancel === true ? AMOUNT_FIELDS.filter((f) => r[f] === undefined).map((f) => ({ path: [f] })) : [])
  ),
  crossRule<PartCancelFields>(
    "omittedUnlessPartCancel",
    "must be omitted unless isPartCancel is true (a full revocation takes the original's amounts)",
    ["isPartCancel", ...AMOUNT_FIELDS],
    (r) => (r.isPartCancel === true ? [] : AMOUNT_FIELDS.filter((f) => r[f] !== undefined).map((f) => ({ path: [f] })))
  ),
  crossRule<PartCancelFields>("amountSum", "must equal supplyCost + tax + serviceFee", ["isPartCancel", ...AMOUNT_FIELDS], (r) => {
    const amounts = partCancelAmounts(r)
    return amounts !== undefined && !amountsAddUp(amounts) ? [{ path: ["totalAmount"] }] : []
  })
]

/**
 * Document IDs within one bulk submission must differ; every repeat is reported at its mgtKey.
 *
 * @since 0.1.0
 * @category rules
 */
export const uniqueMgtKeysRule: CrossRule<{ readonly cashbills: ReadonlyArray<{ readonly mgtKey: string }> }> = crossRule(
  "uniqueMgtKey",
  "repeats the document ID of an earlier receipt in this submission",
  ["cashbills"],
  (body) => {
    const seen = new Set<string>()
    return body.cashbills.flatMap((item, index) => {
      const repeated = seen.has(item.mgtKey)
      seen.add(item.mgtKey)
      return repeated ? [{ path: ["cashbills", index, "mgtKey"] }] : []
    })
  }
)

