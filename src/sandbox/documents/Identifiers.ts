/**
 * The one way the sandbox makes the identifiers it hands out: from a domain's sequence number (a
 * global of its slot, kept by a durable sandbox), so that each is unique in its environment and
 * nothing needs remembering which were used — item keys (the KST time and the number), numbers
 * in base 36 (a multiple of the number by a prime, so consecutive ones look unrelated), and IDs
 * shaped like UUIDs (a hash of what they identify and the number).
 */
import { createHash } from "node:crypto"
import * as Kst from "../../core/Kst.js"

/**
 * An item key: 18 digits, the KST time `yyMMddHHmmss` of `now` and the last 6 digits of `n` (so
 * two keys of one second differ for a million numbers).
 */
export const itemKeyOf = (now: number, n: number): string => `${Kst.toDateTime14(now).slice(2)}${String(n % 1_000_000).padStart(6, "0")}`

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"

/** `n` as `width` characters of `[0-9a-z]` (its last `width` digits in base 36). */
export const base36 = (n: number, width: number): string => {
  let out = ""
  let v = n
  for (let i = 0; i < width; i++) {
    out = ALPHABET[v % 36]! + out
    v = Math.floor(v / 36)
  }
  return out
}

/**
 * A 36-character identifier shaped like a UUID (lower-case hex): a SHA-1 of `text`, which names
 * what it identifies and the sequence number.
 */
export const uuidOf = (text: string): string => {
  const h = createHash("sha1").update(text).digest("hex")
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`
}
