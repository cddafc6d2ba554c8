/** Input files in the encodings they arrive in: UTF-8 with or without BOM, UTF-16, CP949 from Excel on Korean Windows. */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import iconv from "iconv-lite"
import * as fs from "node:fs"
import * as path from "node:path"
import { decode } from "../../src/cli/input.js"
import { fixtures, GOOD_CSV, MEMBER, taxdoc } from "./support.js"

const utf16 = (text: string, order: "le" | "be"): Uint8Array => {
  const le = Buffer.from(`\uFEFF${text}`, "utf16le")
  return order === "le" ? le : le.swap16()
}

describe("decode", () => {
  const korean = "mgtKey,itemName\nK-1,커피 한 잔\n"
  const cases: ReadonlyArray<readonly [string, Uint8Array, string]> = [
    ["UTF-8", Buffer.from(korean, "utf8"), "utf-8"],
    ["UTF-8 with a byte-order mark", Buffer.from(`\uFEFF${korean}`, "utf8"), "utf-8 with BOM"],
    ["UTF-16 LE with a byte-order mark", utf16(korean, "le"), "utf-16le"],
    ["UTF-16 BE with a byte-order mark", utf16(korean, "be"), "utf-16be"],
    ["CP949", iconv.encode(korean, "cp949"), "cp949"],
    ["EUC-KR", iconv.encode(korean, "euc-kr"), "cp949"]
  ]
  for (const [name, bytes, encoding] of cases) {
    it.effect(`${name} is read as ${encoding}, the same text`, () =>
      Effect.gen(function*() {
        const decoded = yield* decode(bytes)
        expect(decoded).toEqual({ text: korean, encoding })
      }))
  }

  it("CP949 bytes of Hangul are not valid UTF-8 (so the UTF-8 reading cannot mistake them)", () => {
    const bytes = iconv.encode("커피", "cp949")
    expect([...bytes]).toEqual([0xc4, 0xbf, 0xc7, 0xc7])
    expect(Result.isFailure(Result.try(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)))).toBe(true)
  })

  it.effect("bytes that are neither UTF-8 nor CP949 are refused, saying so", () =>
    Effect.gen(function*() {
      const problem = yield* Effect.flip(decode(Uint8Array.from([0x6d, 0x67, 0x74, 0x0a, 0xff, 0x30, 0x80, 0xc9])))
      expect(problem).toBe("it is neither UTF-8 nor CP949 (EUC-KR) text")
    }))

  it.effect("a UTF-8 byte-order mark before bytes that are not UTF-8 is refused", () =>
    Effect.gen(function*() {
      const problem = yield* Effect.flip(decode(Uint8Array.from([0xef, 0xbb, 0xbf, ...iconv.encode("커피", "cp949")])))
      expect(problem).toBe("it starts with a UTF-8 byte-order mark but is not valid UTF-8")
    }))
})

describe("taxdoc cashbill bulk with a CSV saved by Excel on Korean Windows (CP949)", () => {
  const dir = fixtures({})
  const file = path.join(dir, "receipts-cp949.csv")
  fs.writeFileSync(file, iconv.encode(GOOD_CSV.replaceAll("\n", "\r\n"), "cp949"))
  const unreadable = path.join(dir, "unreadable.csv")
  fs.writeFileSync(unreadable, Uint8Array.from([0x6d, 0x67, 0x74, 0x0a, 0xff, 0x30, 0x80, 0xc9]))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("issues every receipt with its Korean fields intact", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["cashbill", "bulk", "--sandbox", "--corp-num", MEMBER, "--file", file, "--json"])
    expect(run.stderr).not.toContain("error")
    expect(run.code).toBe(0)
    const answer = JSON.parse(run.stdout) as { total: number; issued: number; results: ReadonlyArray<{ mgtKey: string; code: number }> }
    expect(answer).toMatchObject({ total: 3, issued: 3 })
    expect(answer.results.map((r) => [r.mgtKey, r.code])).toEqual([["CSV-1", 1], ["CSV-2", 1], ["CSV-3", 1]])
  })

  it("a file in no known encoding exits 2 naming the encodings tried and how to save it", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["cashbill", "bulk", "--sandbox", "--corp-num", MEMBER, "--file", unreadable, "--json"])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe("")
    const { error } = JSON.parse(run.stderr) as { error: { type: string; message: string; hint: string; exitCode: number } }
    expect(error).toMatchObject({ type: "CliError", exitCode: 2 })
    expect(error.message).toBe(`cannot read ${unreadable}: it is neither UTF-8 nor CP949 (EUC-KR) text`)
    expect(error.hint).toContain("CSV UTF-8 (Comma delimited)")
  })
})
