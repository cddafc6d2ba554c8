/**
 * The sandbox's seeded random numbers: where it decides by chance (injected faults) or makes up
 * data (the tax authority's synthetic documents), the same seed gives the same sequence, so a run
 * replays. mulberry32: small, fast, and good enough for both; not for secrets (tickets and tokens
 * come from the system CSPRNG).
 */
import { createHash } from "node:crypto"

/** A generator of numbers in [0, 1) from a 32-bit seed. */
export const generator = (seed: number): () => number => {
  let state = seed >>> 0
  return (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A 32-bit seed from a text (the first four bytes of its SHA-256). */
export const seedOf = (text: string): number => createHash("sha256").update(text).digest().readUInt32LE(0)
