/**
 * bin/taxdoc.js before the bundle it runs: a clone without a built bundle gets one line saying to
 * build it; a clone whose sources are newer than its bundle is told so in one line and the older
 * build runs; an installed package (no .git) is never checked. Each case is a copy of bin/ beside
 * a stand-in bundle, in a temporary directory.
 */
import { describe, expect, it } from "@effect/vitest"
import { spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")

const layout = (options: { readonly git: boolean; readonly bundle: boolean; readonly sourceNewer: boolean }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-bin-test-"))
  fs.mkdirSync(path.join(dir, "bin"))
  fs.copyFileSync(path.join(ROOT, "bin/taxdoc.js"), path.join(dir, "bin/taxdoc.js"))
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }))
  fs.mkdirSync(path.join(dir, "src/core"), { recursive: true })
  fs.writeFileSync(path.join(dir, "src/core/A.ts"), "export const a = 1\n")
  if (options.git) fs.mkdirSync(path.join(dir, ".git"))
  const bundle = path.join(dir, "dist/cli/bundle/taxdoc.js")
  if (options.bundle) {
    fs.mkdirSync(path.dirname(bundle), { recursive: true })
    fs.writeFileSync(bundle, "export const run = () => process.stdout.write('ran\\n')\n")
    const [older, newer] = [new Date(2026, 0, 1), new Date(2026, 0, 2)]
    fs.utimesSync(path.join(dir, "src/core/A.ts"), options.sourceNewer ? newer : older, options.sourceNewer ? newer : older)
    fs.utimesSync(bundle, options.sourceNewer ? older : newer, options.sourceNewer ? older : newer)
  }
  return dir
}

const run = (dir: string) => {
  const result = spawnSync(process.execPath, [path.join(dir, "bin/taxdoc.js"), "--version"], { encoding: "utf8" })
  fs.rmSync(dir, { recursive: true, force: true })
  return result
}

describe("bin/taxdoc.js", () => {
  it("a clone whose sources are newer than the bundle: one line saying to build, then the older build runs", () => {
    const result = run(layout({ git: true, bundle: true, sourceNewer: true }))
    expect(result.stderr).toBe("taxdoc: the command's bundle is older than src/: run npm run build (this run uses the older build)\n")
    expect(result.stdout).toBe("ran\n")
  })

  it("a clone built after its sources, or an installed package: nothing but the command", () => {
    for (const options of [{ git: true, bundle: true, sourceNewer: false }, { git: false, bundle: true, sourceNewer: true }]) {
      const result = run(layout(options))
      expect(result.stderr).toBe("")
      expect(result.stdout).toBe("ran\n")
    }
  })

  it("no bundle: one line saying to run npm run build, exit 1, no stack", () => {
    const result = run(layout({ git: true, bundle: false, sourceNewer: false }))
    expect(result.status).toBe(1)
    expect(result.stderr).toBe("taxdoc: the command is not built (dist/cli/bundle/taxdoc.js is missing): run npm run build\n")
  })
})

