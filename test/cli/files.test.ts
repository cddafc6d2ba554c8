/**
 * What the command says about the files it is given, and what it leaves behind: a missing file in
 * words, a JSON syntax error at its line and column, and no directory of its own after a demo.
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fixtures, taxdoc } from "./support.js"

const dir = fixtures({ "broken.json": "{\n  \"ID\": \"someone\",\n  \"CorpNum\": }\n" })
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe("the command's files", () => {
  it("a missing file is named with what is wrong, exit 2", { timeout: 60_000 }, async () => {
    const missing = path.join(dir, "nope.csv")
    const run = await taxdoc(["cashbill", "bulk", "--sandbox", "--corp-num", "1234567891", "--file", missing])
    expect(run.code).toBe(2)
    expect(run.stderr.split("\n").slice(0, 2)).toEqual([`error: cannot read ${missing}: there is no such file`, "hint: check the path given to --file"])
  })

  it("a JSON syntax error is reported at its line and column, without the document quoted back", { timeout: 60_000 }, async () => {
    const file = path.join(dir, "broken.json")
    const run = await taxdoc(["member", "join", "--sandbox", "--file", file])
    expect(run.code).toBe(2)
    expect(run.stderr.split("\n")[0]).toBe(`error: ${file} is not valid JSON: line 3, column 14: Unexpected token '}'`)
  })

  it("the demo leaves nothing in the temporary directory; --out-dir keeps the PDF", { timeout: 120_000 }, async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-files-test-"))
    try {
      const run = await taxdoc(["demo", "--json"], { env: { TMPDIR: tmp } })
      expect(run.code).toBe(0)
      expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, pdf: null })
      expect(fs.readdirSync(tmp).filter((name) => name.startsWith("taxdoc"))).toEqual([])
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true })
    }
  })
})
