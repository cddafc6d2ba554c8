/**
 * Identifiers the sandbox hands out for e-Tax invoices (docs/decisions.md "e-Tax invoices"): item keys (18
 * digits), confirmation numbers (KST issue date + 16 of `[0-9a-z]`), path-safe file IDs, bulk receipt
 * IDs — each unique per sandbox (and different between environments).
 *
 * @since 0.1.0
 */
import { createHash } from "node:crypto"
import * as Kst from "../../core/Kst.js"
import type { TaxinvoiceState } from "./Stored.js"

const hash = (state: TaxinvoiceState, purpose: string): string =>
  createHash("sha1").update(`${state.environment}/${purpose}/${++state.sequence}`).digest("hex")

/** A fresh identifier from `make` (retried on the rare collision): unique per sandbox. */
const unique = (state: TaxinvoiceState, purpose: string, make: (hex: string) => string): string => {
  for (;;) {
    const id = make(hash(state, purpose))
    if (!state.used.has(id)) {
      state.used.add(id)
      return id
    }
  }
}

const digitsOf = (hex: string, n: number): string => BigInt(`0x${hex}`).toString().padStart(n, "0").slice(-n)

/**
 * An item key: 18 digits, the KST registration time `yyMMddHHmmss` and 6 more.
 *
 * @since 0.1.0
 * @category constructors
 */
export const newItemKey = (state: TaxinvoiceState, now: number): string =>
  unique(state, "itemKey", (hex) => `${Kst.toDateTime14(now).slice(2)}${digitsOf(hex, 6)}`)

/**
 * A confirmation number (docs/decisions.md "e-Tax invoices"): the KST issue date `yyyyMMdd` and 16 of `[0-9a-z]`.
 *
 * @since 0.1.0
 * @category constructors
 */
export const newNtsConfirmNum = (state: TaxinvoiceState, now: number): string =>
  unique(state, "ntsconfirmNum", (hex) => `${Kst.toDate8(now)}${hex.slice(0, 16)}`)

/**
 * A path-safe file ID (`[A-Za-z0-9-]`), shaped like a UUID.
 *
 * @since 0.1.0
 * @category constructors
 */
export const newFileId = (state: TaxinvoiceState): string => unique(state, "file", (h) => uuidLike(h).toUpperCase())

const uuidLike = (h: string): string => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`

/**
 * The receipt ID of a bulk submission, shaped like a UUID.
 *
 * @since 0.1.0
 * @category constructors
 */
export const newReceiptId = (state: TaxinvoiceState): string => unique(state, "receipt", uuidLike)
