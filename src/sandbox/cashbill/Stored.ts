/**
 * A cash receipt as the sandbox stores it (docs/decisions.md "Cash receipts"): the fields of the body it was issued with,
 * the trade, what the service assigns (a sequence number from which the item key and the
 * confirmation number derive, the issue instant) and its filing — compact, because a sandbox may
 * hold a million of them: a fixed-shape class, the rarely given fields in one optional object,
 * repeated texts shared (`Interner.ts`).
 */
import type { CashReceiptIssue } from "../../domains/cashbill/Schemas.js"
import { itemKeyOf } from "../documents/Identifiers.js"
import type { Interner } from "../documents/Interner.js"
import { notStarted, type Progress } from "../Progression.js"

/**
 * The fields a receipt keeps from the body it was issued with (a revocation copies the original's
 * and adds its own).
 */
export interface ReceiptFields extends Omit<CashReceiptIssue, "tradeType" | "tradeDT" | "tradeOpt"> {
  readonly orgConfirmNum?: string
  readonly orgTradeDate?: string
  readonly cancelType?: number
}

/**
 * The trade of a receipt as issued: its type, time (filled in when the body had none), option
 * (default 일반) and whether the buyer was told by SMS.
 */
export interface Trade {
  readonly tradeType: "승인거래" | "취소거래"
  readonly tradeDT: string
  readonly tradeOpt: string
  readonly smssendYN: boolean
}

/** Fields most receipts leave out: kept in one object when any is present. */
interface Rare {
  readonly franchiseTaxRegID?: string | undefined
  readonly franchiseCEOName?: string | undefined
  readonly franchiseAddr?: string | undefined
  readonly franchiseTEL?: string | undefined
  readonly orderNumber?: string | undefined
  readonly email?: string | undefined
  readonly hp?: string | undefined
  readonly memo?: string | undefined
  readonly emailSubject?: string | undefined
  readonly orgConfirmNum?: string | undefined
  readonly orgTradeDate?: string | undefined
  readonly cancelType?: number | undefined
}

const RARE_KEYS = [
  "franchiseTaxRegID", "franchiseCEOName", "franchiseAddr", "franchiseTEL", "orderNumber", "email", "hp", "memo", "emailSubject",
  "orgConfirmNum", "orgTradeDate", "cancelType"
] as const

const rareOf = (fields: ReceiptFields): Rare | undefined => {
  let rare: Record<string, unknown> | undefined
  for (const key of RARE_KEYS) {
    const value = fields[key]
    if (value !== undefined) (rare ??= {})[key] = value
  }
  return rare as Rare | undefined
}

/**
 * A receipt as stored: its fields as issued, plus what the service assigns — the sequence number
 * (from which the item key and confirmation number derive), the issue instant — and its filing.
 * A class with a fixed shape and the rarely given fields in one optional object, so a stored
 * receipt costs a few hundred bytes.
 */
export class Receipt {
  readonly mgtKey: string
  readonly tradeType: "승인거래" | "취소거래"
  readonly tradeUsage: CashReceiptIssue["tradeUsage"]
  readonly tradeOpt: string
  readonly taxationType: CashReceiptIssue["taxationType"]
  readonly tradeDT: string
  readonly tradeDate: string
  readonly totalAmount: string
  readonly supplyCost: string
  readonly tax: string
  readonly serviceFee: string
  readonly franchiseCorpNum: string
  readonly franchiseCorpName: string | undefined
  readonly identityNum: string
  readonly customerName: string | undefined
  readonly itemName: string | undefined
  readonly smssendYN: boolean
  private readonly rare: Rare | undefined
  /** Its filing to the tax authority (one stage: 300 → 304 or 305). */
  progress: Progress = notStarted
  /** Revocations of this (approval) receipt, when it has any. */
  revocations: Array<Receipt> | undefined = undefined

  constructor(fields: ReceiptFields, trade: Trade, readonly sequence: number, readonly issuedAt: number, shared: Interner) {
    this.mgtKey = fields.mgtKey
    this.tradeType = shared.text(trade.tradeType)
    this.tradeUsage = shared.text(fields.tradeUsage)
    this.tradeOpt = shared.text(trade.tradeOpt)
    this.taxationType = shared.text(fields.taxationType)
    this.tradeDT = trade.tradeDT
    this.tradeDate = shared.text(trade.tradeDT.slice(0, 8))
    this.totalAmount = shared.text(fields.totalAmount)
    this.supplyCost = shared.text(fields.supplyCost)
    this.tax = shared.text(fields.tax)
    this.serviceFee = shared.text(fields.serviceFee)
    this.franchiseCorpNum = shared.text(fields.franchiseCorpNum)
    this.franchiseCorpName = shared.optional(fields.franchiseCorpName)
    this.identityNum = fields.identityNum
    this.customerName = shared.optional(fields.customerName)
    this.itemName = shared.optional(fields.itemName)
    this.smssendYN = trade.smssendYN
    this.rare = rareOf(fields)
  }

  /** 18 characters: the KST issue time without the century, then the sequence number. */
  get itemKey(): string {
    return itemKeyOf(this.issuedAt, this.sequence)
  }
  get confirmNum(): string {
    return confirmNumOf(this.sequence)
  }
  get franchiseTaxRegID(): string | undefined {
    return this.rare?.franchiseTaxRegID
  }
  get franchiseCEOName(): string | undefined {
    return this.rare?.franchiseCEOName
  }
  get franchiseAddr(): string | undefined {
    return this.rare?.franchiseAddr
  }
  get franchiseTEL(): string | undefined {
    return this.rare?.franchiseTEL
  }
  get orderNumber(): string | undefined {
    return this.rare?.orderNumber
  }
  get email(): string | undefined {
    return this.rare?.email
  }
  get hp(): string | undefined {
    return this.rare?.hp
  }
  get memo(): string | undefined {
    return this.rare?.memo
  }
  get emailSubject(): string | undefined {
    return this.rare?.emailSubject
  }
  get orgConfirmNum(): string | undefined {
    return this.rare?.orgConfirmNum
  }
  get orgTradeDate(): string | undefined {
    return this.rare?.orgTradeDate
  }
  get cancelType(): number | undefined {
    return this.rare?.cancelType
  }
}

/**
 * The fields of a stored receipt that never change once issued, and those no record shows
 * (revocations): a kept answer's version is made of the others (`AnswerCache.fingerprint`).
 */
export const UNCHANGING: ReadonlySet<string> = new Set([
  "mgtKey", "tradeType", "tradeUsage", "tradeOpt", "taxationType", "tradeDT", "tradeDate", "totalAmount", "supplyCost", "tax",
  "serviceFee", "franchiseCorpNum", "franchiseCorpName", "identityNum", "customerName", "itemName", "smssendYN", "rare",
  "sequence", "issuedAt", "revocations"
])

const CONFIRM_MODULUS = 900_000_000
const CONFIRM_FACTOR = 48_271
/** The inverse of CONFIRM_FACTOR modulo CONFIRM_MODULUS (48271 · 391371631 ≡ 1 mod 9·10⁸). */
const CONFIRM_INVERSE = 391_371_631n

/**
 * The confirmation number of sequence number `n`: 9 digits, distinct for the first 900 million
 * numbers (48271 is coprime with 9·10⁸).
 */
export const confirmNumOf = (n: number): string => String(100_000_000 + ((n * CONFIRM_FACTOR) % CONFIRM_MODULUS))

/**
 * The sequence number a confirmation number was made from (`confirmNumOf` reversed); `undefined`
 * for a text that is not one.
 */
export const sequenceOf = (confirmNum: string): number | undefined => {
  if (!/^[1-9]\d{8}$/.test(confirmNum)) return undefined
  return Number(((BigInt(confirmNum) - 100_000_000n) * CONFIRM_INVERSE) % BigInt(CONFIRM_MODULUS))
}
