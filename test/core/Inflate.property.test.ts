/**
 * The JavaScript inflater of small answers (`core/internal/Inflate.ts`) never answers otherwise
 * than zlib: every gzip body zlib writes — any level, strategy, window and memory size, so stored,
 * fixed and dynamic blocks — it decompresses to exactly the original bytes; for those bodies
 * changed at random (bits flipped, cut short, bytes or a second member appended, header fields
 * added) whatever it decides is what zlib's `gunzipSync` answers, and it leaves undecided every
 * body zlib refuses. It never decides past the limit it is given.
 */
import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { constants, crc32, gunzipSync, gzipSync, type ZlibOptions } from "node:zlib"
import * as Inflate from "../../src/core/internal/Inflate.js"
import { gunzipWithin } from "../../src/core/Response.js"

const STRATEGIES = [constants.Z_DEFAULT_STRATEGY, constants.Z_FILTERED, constants.Z_HUFFMAN_ONLY, constants.Z_RLE, constants.Z_FIXED]

const JSON_LIKE = "{}[]\":,0123456789abcdefghijklmnopqrstuvwxyz 홍길동승인거래"

/** Bodies as answers are: JSON-like text, a small alphabet (long matches), and any bytes. */
const contents: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.string({ unit: fc.constantFrom(...JSON_LIKE), maxLength: 3000 }).map((text) => new Uint8Array(Buffer.from(text))),
  fc.string({ unit: fc.constantFrom("a", "b"), maxLength: 5000 }).map((text) => new Uint8Array(Buffer.from(text))),
  fc.uint8Array({ maxLength: 2000 })
)

const options: fc.Arbitrary<ZlibOptions> = fc.record({
  level: fc.integer({ min: 0, max: 9 }),
  strategy: fc.constantFrom(...STRATEGIES),
  memLevel: fc.integer({ min: 1, max: 9 }),
  windowBits: fc.integer({ min: 9, max: 15 })
})

/** What zlib answers for `body`: its bytes, or that it refused them. */
const zlibOf = (body: Uint8Array, maxBytes = Number.POSITIVE_INFINITY): Uint8Array | "refused" => {
  try {
    return new Uint8Array(Number.isFinite(maxBytes) ? gunzipSync(body, { maxOutputLength: Math.max(1, maxBytes) }) : gunzipSync(body))
  } catch {
    return "refused"
  }
}

/** A gzip header with the optional fields of RFC 1952 (name, comment, extra), then `gz`'s stream and trailer. */
const withHeaderFields = (gz: Uint8Array, fields: { readonly name?: string | undefined; readonly comment?: string | undefined; readonly extra?: Uint8Array | undefined }): Uint8Array => {
  const parts: Array<Uint8Array> = []
  let flags = 0
  if (fields.extra !== undefined) {
    flags |= 4
    parts.push(Uint8Array.of(fields.extra.length & 0xff, fields.extra.length >> 8), fields.extra)
  }
  if (fields.name !== undefined) {
    flags |= 8
    parts.push(Buffer.from(`${fields.name}\0`, "latin1"))
  }
  if (fields.comment !== undefined) {
    flags |= 16
    parts.push(Buffer.from(`${fields.comment}\0`, "latin1"))
  }
  const head = gz.slice(0, 10)
  head[3] = flags
  return Buffer.concat([head, ...parts, gz.subarray(10)])
}

/** `gz` changed in one of the ways a body can be wrong. */
const mutation = (gz: Uint8Array): fc.Arbitrary<Uint8Array> =>
  fc.oneof(
    fc.array(fc.tuple(fc.nat(gz.length - 1), fc.integer({ min: 0, max: 7 })), { minLength: 1, maxLength: 3 }).map((flips) => {
      const copy = gz.slice()
      for (const [at, bit] of flips) copy[at]! ^= 1 << bit
      return copy
    }),
    fc.nat(gz.length - 1).map((length) => gz.slice(0, length)),
    fc.uint8Array({ minLength: 1, maxLength: 16 }).map((tail) => Buffer.concat([gz, tail])),
    fc.constant(Buffer.concat([gz, gz])),
    fc.integer({ min: 0, max: 255 }).map((flags) => {
      const copy = gz.slice()
      copy[3] = flags
      return copy
    }),
    fc.nat(gz.length - 9).map((at) => {
      // The trailer's length claimed otherwise.
      const copy = gz.slice()
      copy[gz.length - 4] = (copy[gz.length - 4]! + 1 + at) & 0xff
      return copy
    })
  )

describe("Inflate.gunzip", () => {
  it("decompresses every body zlib writes to exactly its bytes", () => {
    fc.assert(
      fc.property(contents, options, (content, zlibOptions) => {
        const gz = new Uint8Array(gzipSync(content, zlibOptions))
        expect(Inflate.gunzip(gz, Number.POSITIVE_INFINITY)).toStrictEqual(content)
      }),
      { numRuns: 400 }
    )
  })

  it("reads a header's name, comment and extra field as zlib does", () => {
    fc.assert(
      fc.property(
        contents,
        fc.record({ name: fc.string({ unit: fc.constantFrom("a", "b", ".", "_"), maxLength: 20 }), comment: fc.string({ unit: "grapheme-ascii", maxLength: 40 }), extra: fc.uint8Array({ maxLength: 30 }) }, { requiredKeys: [] }),
        (content, fields) => {
          const gz = withHeaderFields(new Uint8Array(gzipSync(content)), { ...fields, comment: fields.comment?.replaceAll("\0", "") })
          expect(zlibOf(gz)).toStrictEqual(content)
          expect(Inflate.gunzip(gz, Number.POSITIVE_INFINITY)).toStrictEqual(content)
        }
      ),
      { numRuns: 200 }
    )
  })

  it("decides a changed body only as zlib answers it, and leaves to zlib every body zlib refuses", () => {
    let decided = 0
    let refused = 0
    fc.assert(
      fc.property(
        contents.chain((content) => fc.tuple(fc.constant(content), options)).chain(([content, zlibOptions]) => mutation(new Uint8Array(gzipSync(content, zlibOptions)))),
        (body) => {
          const ours = Inflate.gunzip(body, Number.POSITIVE_INFINITY)
          const zlib = zlibOf(body)
          if (zlib === "refused") refused++
          if (ours === undefined) return
          decided++
          expect(zlib).toStrictEqual(ours)
        }
      ),
      { numRuns: 1500 }
    )
    // Both kinds were met: changes zlib still reads (a flag it ignores, a flipped bit of the
    // stored mtime) and changes it refuses.
    expect(decided).toBeGreaterThan(0)
    expect(refused).toBeGreaterThan(0)
  })

  it("never decides past its limit", () => {
    fc.assert(
      fc.property(contents, fc.nat(6000), (content, maxBytes) => {
        const gz = new Uint8Array(gzipSync(content))
        const ours = Inflate.gunzip(gz, maxBytes)
        if (content.length > maxBytes) expect(ours).toBeUndefined()
        else expect(ours).toStrictEqual(content)
      }),
      { numRuns: 300 }
    )
  })
})

/** A writer of deflate bits, least significant first. */
class Bits {
  readonly bytes: Array<number> = []
  private bit = 0
  write(value: number, count: number): void {
    for (let i = 0; i < count; i++) {
      if (this.bit === 0) this.bytes.push(0)
      this.bytes[this.bytes.length - 1]! |= ((value >> i) & 1) << this.bit
      this.bit = (this.bit + 1) % 8
    }
  }
  /** A Huffman code, written from its most significant bit. */
  code(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) this.write((value >> i) & 1, 1)
  }
}

/** The canonical codes of RFC 1951 for `lengths`. */
const canonical = (lengths: ReadonlyArray<number>): Array<number> => {
  const count = new Array<number>(16).fill(0)
  for (const length of lengths) if (length > 0) count[length]!++
  const next = new Array<number>(16).fill(0)
  for (let bits = 1, code = 0; bits < 16; bits++) {
    code = (code + count[bits - 1]!) << 1
    next[bits] = code
  }
  return lengths.map((length) => (length === 0 ? 0 : next[length]!++))
}

const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

/**
 * One final dynamic block of `literals`, whose codes have the lengths given (code-length code for
 * the symbols 0–18, literal/length code for 0–256, distance code), in a gzip member whose trailer is
 * right for `literals`.
 */
const dynamicMember = (literals: ReadonlyArray<number>, codeLengthLengths: Readonly<Record<number, number>>, literalLengths: Readonly<Record<number, number>>, distanceLengths: ReadonlyArray<number>): Uint8Array => {
  const bits = new Bits()
  bits.write(1, 1)
  bits.write(2, 2)
  bits.write(0, 5) // 257 literal/length codes
  bits.write(distanceLengths.length - 1, 5)
  bits.write(19 - 4, 4)
  const clLengths = Array.from({ length: 19 }, (_, symbol) => codeLengthLengths[symbol] ?? 0)
  for (const symbol of ORDER) bits.write(clLengths[symbol]!, 3)
  const clCodes = canonical(clLengths)
  const litLengths = Array.from({ length: 257 }, (_, symbol) => literalLengths[symbol] ?? 0)
  for (const length of [...litLengths, ...distanceLengths]) bits.code(clCodes[length]!, clLengths[length]!)
  const litCodes = canonical(litLengths)
  for (const symbol of [...literals, 256]) bits.code(litCodes[symbol]!, litLengths[symbol]!)
  const content = Uint8Array.from(literals)
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc32(content), 0)
  trailer.writeUInt32LE(content.length, 4)
  return Buffer.concat([Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255), Uint8Array.from(bits.bytes), trailer])
}

describe("Inflate.gunzip's codes, as zlib's inflate_table takes them", () => {
  const ab = [0x61, 0x62, 0x61]
  // The code-length code: length 0 in one bit, lengths 1 and 2 in two bits each (complete).
  const lengthsCode = { 0: 1, 1: 2, 2: 2 }

  it("a complete code of each kind: decided as zlib decides", () => {
    const member = dynamicMember(ab, lengthsCode, { 0x61: 1, 0x62: 2, 256: 2 }, [1, 1])
    expect(zlibOf(member)).toStrictEqual(Uint8Array.from(ab))
    expect(Inflate.gunzip(member, 1024)).toStrictEqual(Uint8Array.from(ab))
  })

  it("a single distance code of one bit (incomplete, which zlib allows): decided", () => {
    const member = dynamicMember(ab, lengthsCode, { 0x61: 1, 0x62: 2, 256: 2 }, [1])
    expect(zlibOf(member)).toStrictEqual(Uint8Array.from(ab))
    expect(Inflate.gunzip(member, 1024)).toStrictEqual(Uint8Array.from(ab))
  })

  it("an incomplete literal/length code, an incomplete code-length code, an over-subscribed code: refused by both, though no missing code is read", () => {
    const incompleteLiterals = dynamicMember(ab, lengthsCode, { 0x61: 2, 0x62: 2, 256: 2 }, [1, 1])
    const incompleteLengthsCode = dynamicMember(ab, { 0: 1, 1: 3, 2: 2 }, { 0x61: 1, 0x62: 2, 256: 2 }, [1, 1])
    const overSubscribed = dynamicMember(ab, lengthsCode, { 0x61: 1, 0x62: 1, 256: 2 }, [1, 1])
    const incompleteDistances = dynamicMember(ab, lengthsCode, { 0x61: 1, 0x62: 2, 256: 2 }, [2])
    for (const member of [incompleteLiterals, incompleteLengthsCode, overSubscribed, incompleteDistances]) {
      expect(zlibOf(member)).toBe("refused")
      expect(Inflate.gunzip(member, 1024)).toBeUndefined()
    }
  })
})

describe("gunzipWithin", () => {
  it("answers a small body the JavaScript way and a large one zlib's, both within the limit", () => {
    const small = Buffer.from(JSON.stringify({ code: 1, message: "홍길동".repeat(100) }))
    const large = Buffer.from(Array.from({ length: 40_000 }, (_, i) => `${(i * 7919) % 100_003},`).join(""))
    for (const content of [small, large]) {
      const gz = gzipSync(content)
      expect(Buffer.from(gunzipWithin(gz, 32 * 1024 * 1024)!).equals(content)).toBe(true)
      expect(gunzipWithin(gz, content.length - 1)).toBeUndefined()
    }
    expect(gzipSync(small).length).toBeLessThan(64 * 1024)
    expect(gzipSync(large).length).toBeGreaterThan(64 * 1024)
  })

  it("throws zlib's error for a body that is not valid gzip", () => {
    const gz = gzipSync("{\"code\":1}")
    const cut = gz.subarray(0, gz.length - 3)
    expect(() => gunzipWithin(cut, 1024)).toThrow(/unexpected end of file/)
  })
})
