/**
 * The property tests of docs/testing.md run: each TypeScript block of the guide is a test module,
 * written beside this file (`.guide/`, ignored by git) and imported here while the tests are
 * collected, so its `describe` and `it` run as tests of this file — against the package's entry
 * points, resolved to the sources as in every test.
 */
import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { ROOT, snippetsOf } from "./snippets.js"

const GUIDE = "docs/testing.md"
const snippets = snippetsOf(GUIDE, fs.readFileSync(path.join(ROOT, GUIDE), "utf8"))
const dir = path.join(ROOT, "test/docs/.guide")
fs.rmSync(dir, { recursive: true, force: true })
fs.mkdirSync(dir, { recursive: true })

describe(GUIDE, () => {
  it("holds the property tests it describes: @effect/vitest, plain vitest, refused inputs", () => {
    expect(snippets.length).toBe(3)
    expect(snippets.map((s) => /from "vitest"/.test(s.code))).toEqual([false, true, false])
    // The Effect side (`taxdoc/testing`) or the fast-check side (`taxdoc/testing/fast-check`).
    expect(snippets.every((s) => /from "taxdoc\/testing(\/fast-check)?"/.test(s.code))).toBe(true)
  })
})

for (const [i, snippet] of snippets.entries()) {
  const file = path.join(dir, `block-${i}.ts`)
  fs.writeFileSync(file, `// ${snippet.id}\n${snippet.code}\n`)
  await import(file)
}
