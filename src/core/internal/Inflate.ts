/**
 * A gzip member decompressed in JavaScript, for the small answers of the service: Node's
 * `gunzipSync` makes a zlib stream and a native handle for every body, and a process that reads
 * thousands of answers a second pays for them in full collections of a heap as large as its
 * program's (an application's is large: Effect, taxdoc, its own code). This inflater (RFC 1951, the
 * gzip frame of RFC 1952) allocates its answer and nothing else.
 *
 * It only ever answers what zlib would: it answers `undefined` — not decided, zlib decides — for
 * anything it does not take whole (a header CRC, a member followed by another, a body larger than
 * its trailer says or than `maxBytes`), for every error in the stream, and unless the output's
 * length and CRC-32 equal the member's trailer. Its tables follow zlib's `inflate_table` rules
 * (over-subscribed and incomplete codes refused alike), so a stream zlib refuses is refused here.
 *
 * @since 1.1.0
 */
import { crc32 } from "node:zlib"

const LENGTH_BASE = Uint16Array.of(3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258)
const LENGTH_EXTRA = Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0)
const DISTANCE_BASE = Uint16Array.of(
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577
)
const DISTANCE_EXTRA = Uint8Array.of(0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13)
/** The order in which a dynamic block gives the lengths of its code-length code. */
const CODE_LENGTH_ORDER = Uint8Array.of(16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15)

const MAX_BITS = 15

/**
 * A decoding table: indexed by the next `bits` bits of the stream (least significant first), each
 * entry is `symbol << 4 | length`; length 0 marks a code the table does not have.
 */
interface Table {
  readonly entries: Uint16Array
  bits: number
  mask: number
}

const table = (size: number): Table => ({ entries: new Uint16Array(size), bits: 0, mask: 0 })

// Reused by every call (decompression is synchronous and never re-entered).
const literals = table(1 << MAX_BITS)
const distances = table(1 << MAX_BITS)
const codeLengths = table(1 << 7)
const lengths = new Uint8Array(288 + 32)
const counts = new Uint16Array(MAX_BITS + 1)
const next = new Uint16Array(MAX_BITS + 1)

/** The fixed codes of block type 1, built on first use. */
let fixed: { readonly literals: Table; readonly distances: Table } | undefined

/**
 * Fills `into` for the code of `n` symbols whose lengths start at `lengths[from]`; false for a
 * set zlib refuses: over-subscribed, or incomplete unless it is a single code of one bit (and
 * never for the code-length code).
 */
const build = (into: Table, from: number, n: number, codeLengthCode: boolean): boolean => {
  counts.fill(0)
  for (let i = 0; i < n; i++) counts[lengths[from + i]!]!++
  counts[0] = 0
  let max = MAX_BITS
  while (max > 0 && counts[max] === 0) max--
  let left = 1
  for (let bits = 1; bits <= MAX_BITS; bits++) {
    left = (left << 1) - counts[bits]!
    if (left < 0) return false
  }
  if (left > 0 && max > 0 && (codeLengthCode || max !== 1)) return false
  const size = 1 << max
  const entries = into.entries
  entries.fill(0, 0, size)
  into.bits = max
  into.mask = size - 1
  let code = 0
  for (let bits = 1; bits <= MAX_BITS; bits++) {
    code = (code + counts[bits - 1]!) << 1
    next[bits] = code
  }
  for (let symbol = 0; symbol < n; symbol++) {
    const bits = lengths[from + symbol]!
    if (bits === 0) continue
    const value = next[bits]!++
    let reversed = 0
    for (let i = 0; i < bits; i++) reversed |= ((value >> i) & 1) << (bits - 1 - i)
    const entry = (symbol << 4) | bits
    for (let i = reversed; i < size; i += 1 << bits) entries[i] = entry
  }
  return true
}

const fixedTables = () => {
  if (fixed === undefined) {
    const literalTable = table(1 << 9)
    const distanceTable = table(1 << 5)
    lengths.fill(8, 0, 144)
    lengths.fill(9, 144, 256)
    lengths.fill(7, 256, 280)
    lengths.fill(8, 280, 288)
    build(literalTable, 0, 288, false)
    // 32 codes of 5 bits, the last two not distances (refused when read).
    lengths.fill(5, 0, 32)
    build(distanceTable, 0, 32, false)
    fixed = { literals: literalTable, distances: distanceTable }
  }
  return fixed
}

/** Not decided: the stream is one this inflater leaves to zlib. */
const Undecided = Symbol("Undecided")

/**
 * Inflates the deflate stream of `data` starting at `start` into `out` (exactly its length);
 * answers the offset just past the stream, or `Undecided`. Bits past the end of `data` read as
 * zeros and count as read, so a stream cut short ends past `data`'s end and is refused there.
 */
const inflate = (data: Uint8Array, start: number, out: Uint8Array): number | typeof Undecided => {
  const end = data.length
  const capacity = out.length
  let pos = start
  let hold = 0
  let held = 0
  let written = 0
  let last = 0
  do {
    while (held < 3) {
      hold |= (pos < end ? data[pos]! : 0) << held
      pos++
      held += 8
    }
    last = hold & 1
    const type = (hold >>> 1) & 3
    hold >>>= 3
    held -= 3
    if (type === 0) {
      // Stored: the rest of this byte is dropped, whole bytes still held go back to the input.
      pos -= held >> 3
      hold = 0
      held = 0
      if (pos + 4 > end) return Undecided
      const length = data[pos]! | (data[pos + 1]! << 8)
      const check = data[pos + 2]! | (data[pos + 3]! << 8)
      pos += 4
      if ((length ^ 0xffff) !== check || pos + length > end || written + length > capacity) return Undecided
      out.set(data.subarray(pos, pos + length), written)
      pos += length
      written += length
      continue
    }
    let lit: Table
    let dist: Table
    if (type === 1) {
      const tables = fixedTables()
      lit = tables.literals
      dist = tables.distances
    } else if (type === 2) {
      while (held < 14) {
        hold |= (pos < end ? data[pos]! : 0) << held
        pos++
        held += 8
      }
      const literalCount = (hold & 31) + 257
      const distanceCount = ((hold >>> 5) & 31) + 1
      const codeLengthCount = ((hold >>> 10) & 15) + 4
      hold >>>= 14
      held -= 14
      if (literalCount > 286 || distanceCount > 30) return Undecided
      lengths.fill(0, 0, 19)
      for (let i = 0; i < codeLengthCount; i++) {
        while (held < 3) {
          hold |= (pos < end ? data[pos]! : 0) << held
          pos++
          held += 8
        }
        lengths[CODE_LENGTH_ORDER[i]!] = hold & 7
        hold >>>= 3
        held -= 3
      }
      if (!build(codeLengths, 0, 19, true)) return Undecided
      // The lengths of both codes, read into `lengths` from 0 (the code-length code is built).
      const total = literalCount + distanceCount
      let n = 0
      while (n < total) {
        while (held < 14) {
          hold |= (pos < end ? data[pos]! : 0) << held
          pos++
          held += 8
        }
        const entry = codeLengths.entries[hold & codeLengths.mask]!
        const bits = entry & 15
        if (bits === 0) return Undecided
        hold >>>= bits
        held -= bits
        const symbol = entry >> 4
        if (symbol < 16) {
          lengths[n++] = symbol
          continue
        }
        let repeat: number
        let value = 0
        if (symbol === 16) {
          if (n === 0) return Undecided
          value = lengths[n - 1]!
          repeat = 3 + (hold & 3)
          hold >>>= 2
          held -= 2
        } else if (symbol === 17) {
          repeat = 3 + (hold & 7)
          hold >>>= 3
          held -= 3
        } else {
          repeat = 11 + (hold & 127)
          hold >>>= 7
          held -= 7
        }
        if (n + repeat > total) return Undecided
        lengths.fill(value, n, n + repeat)
        n += repeat
      }
      if (lengths[256] === 0) return Undecided
      if (!build(literals, 0, literalCount, false) || !build(distances, literalCount, distanceCount, false)) return Undecided
      lit = literals
      dist = distances
    } else {
      return Undecided
    }
    const litEntries = lit.entries
    const litMask = lit.mask
    const distEntries = dist.entries
    const distMask = dist.mask
    for (;;) {
      while (held < 15) {
        hold |= (pos < end ? data[pos]! : 0) << held
        pos++
        held += 8
      }
      const entry = litEntries[hold & litMask]!
      const bits = entry & 15
      if (bits === 0) return Undecided
      hold >>>= bits
      held -= bits
      const symbol = entry >> 4
      if (symbol < 256) {
        if (written === capacity) return Undecided
        out[written++] = symbol
        continue
      }
      if (symbol === 256) break
      const index = symbol - 257
      if (index >= 29) return Undecided
      // At most 5 extra bits of length, then 15 of distance code and 13 extra: filled as needed.
      const lengthExtra = LENGTH_EXTRA[index]!
      while (held < lengthExtra + 15) {
        hold |= (pos < end ? data[pos]! : 0) << held
        pos++
        held += 8
      }
      const length = LENGTH_BASE[index]! + (hold & ((1 << lengthExtra) - 1))
      hold >>>= lengthExtra
      held -= lengthExtra
      const distanceEntry = distEntries[hold & distMask]!
      const distanceBits = distanceEntry & 15
      if (distanceBits === 0) return Undecided
      hold >>>= distanceBits
      held -= distanceBits
      const distanceSymbol = distanceEntry >> 4
      if (distanceSymbol >= 30) return Undecided
      const distanceExtra = DISTANCE_EXTRA[distanceSymbol]!
      while (held < distanceExtra) {
        hold |= (pos < end ? data[pos]! : 0) << held
        pos++
        held += 8
      }
      const distance = DISTANCE_BASE[distanceSymbol]! + (hold & ((1 << distanceExtra) - 1))
      hold >>>= distanceExtra
      held -= distanceExtra
      if (distance > written || written + length > capacity) return Undecided
      if (length < 16) {
        for (let i = 0; i < length; i++, written++) out[written] = out[written - distance]!
      } else if (distance === 1) {
        out.fill(out[written - 1]!, written, written + length)
        written += length
      } else if (distance >= length) {
        out.copyWithin(written, written - distance, written - distance + length)
        written += length
      } else {
        for (let i = 0; i < length; i++, written++) out[written] = out[written - distance]!
      }
    }
  } while (last === 0)
  if (written !== capacity) return Undecided
  // Whole bytes still held were not part of the stream.
  return pos - (held >> 3)
}

/** The offset of a gzip member's deflate stream, or `Undecided` for a header zlib would check. */
const headerEnd = (data: Uint8Array): number | typeof Undecided => {
  if (data.length < 18 || data[0] !== 0x1f || data[1] !== 0x8b || data[2] !== 8) return Undecided
  const flags = data[3]!
  // Reserved flags are zlib's error; a header CRC is zlib's to check.
  if ((flags & 0xe2) !== 0) return Undecided
  let pos = 10
  if ((flags & 4) !== 0) pos += 2 + (data[pos]! | (data[pos + 1]! << 8))
  if ((flags & 8) !== 0) {
    while (pos < data.length && data[pos] !== 0) pos++
    pos++
  }
  if ((flags & 16) !== 0) {
    while (pos < data.length && data[pos] !== 0) pos++
    pos++
  }
  return pos
}

const readUint32 = (data: Uint8Array, at: number): number => (data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16) | (data[at + 3]! << 24)) >>> 0

/**
 * The contents of the single gzip member `data`, when it is one, holds at most `maxBytes`, and
 * decompresses to exactly what its trailer says (length and CRC-32); `undefined` otherwise —
 * zlib then decides, with its own answer or error.
 *
 * @since 1.1.0
 * @category decompression
 */
export const gunzip = (data: Uint8Array, maxBytes: number): Uint8Array | undefined => {
  const start = headerEnd(data)
  if (start === Undecided || start > data.length - 8) return undefined
  const size = readUint32(data, data.length - 4)
  // Deflate expands by at most 1032 to 1: a larger claim is zlib's error to give.
  if (size > maxBytes || size > data.length * 1032) return undefined
  const out = new Uint8Array(size)
  const end = inflate(data, start, out)
  if (end !== data.length - 8 || crc32(out) !== readUint32(data, data.length - 8)) return undefined
  return out
}
