/** Every TypeScript block of README.md and docs/*.md compiles against the package's public entry points. */
import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { allSnippets, check, entryPoints, type Problem, ROOT, snippetsOf } from "./snippets.js"

const snippets = allSnippets()

// A block that must fail, to show that the checker reports problems where they are.
const BROKEN = snippetsOf("docs/broken.md", [
  "# Example",
  "",
  "```ts",
  "import { Cashbill } from \"taxdoc\"",
  "import * as Internal from \"../src/core/Http.js\"",
  "const n: number = Cashbill.noSuchThing",
  "```",
  "",
  "```sh",
  "npm test",
  "```"
].join("\n"))

let problems: Map<string, Array<Problem>> | undefined
// One program for every snippet, the broken one included: Effect's declarations are read once.
const problemsOf = (id: string): Array<Problem> => {
  problems ??= check([...snippets, ...BROKEN])
  return problems.get(id) ?? []
}

describe("TypeScript in the documentation", () => {
  it("README.md and docs/ hold TypeScript blocks to check", () => {
    expect(snippets.filter((s) => s.markdown === "README.md").length).toBeGreaterThanOrEqual(2)
    expect([...new Set(snippets.map((s) => s.markdown))]).toEqual(expect.arrayContaining(["README.md", "docs/sandbox.md", "docs/recordings.md"]))
  })

  for (const snippet of snippets) {
    it(`${snippet.id} compiles`, { timeout: 120_000 }, () => {
      expect(problemsOf(snippet.id).map((p) => `${snippet.markdown}:${p.line}: ${p.message}`)).toEqual([])
    })
  }

  it("tsconfig.json resolves exactly the package's entry points, each to its source", () => {
    const tsconfig = fs.readFileSync(path.join(ROOT, "tsconfig.json"), "utf8")
    const paths = JSON.parse(tsconfig.replace(/^\s*\/\/.*$/gm, "")).compilerOptions.paths as Record<string, Array<string>>
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { exports: Record<string, { types: string }> }
    const sourceOf = (entry: string) => {
      const key = entry === "taxdoc" ? "." : `./${entry.slice("taxdoc/".length)}`
      return [manifest.exports[key]!.types.replace(/^\.\/dist\//, "./src/").replace(/\.d\.ts$/, ".ts")]
    }
    expect(paths).toEqual(Object.fromEntries(entryPoints().map((entry) => [entry, sourceOf(entry)])))
  })

  it("the checker reports a broken snippet at its line in the Markdown file, and a deep import", { timeout: 120_000 }, () => {
    expect(BROKEN.map((s) => s.id)).toEqual(["docs/broken.md:3"])
    const found = problemsOf("docs/broken.md:3")
    expect(found.map((p) => p.line)).toEqual(expect.arrayContaining([5, 6]))
    expect(found.some((p) => p.line === 6 && p.message.includes("noSuchThing"))).toBe(true)
    expect(found.some((p) => p.line === 5 && p.message.includes("a snippet may import only taxdoc, taxdoc/catalogue, taxdoc/sandbox, taxdoc/recordings"))).toBe(true)
  })
})
