/**
 * package.json says what the package is, and the README and CI agree with it: entry points with
 * types, the files shipped, the peers on their Effect 4 lines, the one install line, the set-up and
 * test commands, the Node the project develops on. (What `taxdoc` loads as it starts: test/package/bundle.test.ts.)
 */
import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { manifest, ROOT, runOk } from "./support.js"

const pkg = manifest()
const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8")

// The Effect 4 lines the package is built for (README "Install in a project").
const EFFECT_LINES: Record<string, RegExp> = {
  "effect": /^\^4\.1\.\d+$/,
  "@effect/platform-node": /^\^4\.1\.\d+$/
}

// The optional peers: the fleet's PostgreSQL (docs/fleet.md) and the fast-check side of
// taxdoc/testing (docs/testing.md).
const OPTIONAL_LINES: Record<string, RegExp> = {
  "@effect/sql-pg": /^\^4\.\d+\.\d+$/,
  "fast-check": /^\^4\.\d+\.\d+$/
}

// The packages of Effect 3 that Effect 4 took in: none of them may come back.
const EFFECT3_PACKAGES = ["@effect/platform", "@effect/cli", "@effect/cluster", "@effect/experimental", "@effect/rpc", "@effect/sql", "@effect/workflow", "@effect/schema"]

const peersMeta = (pkg["peerDependenciesMeta"] ?? {}) as Record<string, { readonly optional?: boolean }>
const isOptional = (name: string): boolean => peersMeta[name]?.optional === true
/** The peers every user installs, and those only some features need. */
const required = Object.fromEntries(Object.entries(pkg.peerDependencies).filter(([name]) => !isOptional(name)))
const optional = Object.fromEntries(Object.entries(pkg.peerDependencies).filter(([name]) => isOptional(name)))

describe("package.json", () => {
  it("exports each entry point as compiled JavaScript with its declarations, types first", () => {
    const exports = pkg.exports as Record<string, { types: string; default: string } | string>
    expect(Object.keys(exports)).toEqual([".", "./catalogue", "./sandbox", "./recordings", "./workflow", "./promise", "./testing", "./testing/fast-check", "./package.json"])
    for (const [key, target] of Object.entries(exports)) {
      if (key === "./package.json") continue
      const entry = target as { types: string; default: string }
      expect(Object.keys(entry)).toEqual(["types", "default"])
      expect(entry.default).toMatch(/^\.\/dist\/.+\.js$/)
      expect(entry.types).toBe(entry.default.replace(/\.js$/, ".d.ts"))
      for (const file of [entry.default, entry.types.replace(/\.d\.ts$/, ".js")]) {
        expect(fs.existsSync(path.join(ROOT, "src", file.slice("./dist/".length).replace(/\.js$/, ".ts")))).toBe(true)
      }
    }
    expect(pkg["type"]).toBe("module")
  })

  it("ships dist, the bin, the README and the LICENSE; Node 22.19 or later", () => {
    expect(pkg["files"]).toEqual(expect.arrayContaining(["dist", "bin", "README.md", "LICENSE"]))
    // The examples and the benchmarks' results ship because the README links them; nothing else of bench/.
    expect((pkg["files"] as ReadonlyArray<string>).filter((f) => /^(test|bench|\.ci)/.test(f) && f !== "bench/RESULTS.md")).toEqual([])
    expect(pkg["engines"]).toEqual({ node: ">=22.19" })
    expect(pkg["main"]).toBe("./dist/index.js")
    expect(pkg["types"]).toBe("./dist/index.d.ts")
    expect(pkg["bin"]).toEqual({ taxdoc: "./bin/taxdoc.js" })
    expect(fs.readFileSync(path.join(ROOT, "LICENSE"), "utf8")).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} taxdoc contributors\n/)
  })

  it("lists as having side effects exactly the modules that run something when loaded", () => {
    // NodeVersion: the check of the Node every entry point imports first (its source too, for the command's bundle).
    expect(pkg["sideEffects"]).toEqual(["./bin/taxdoc.js", "./dist/cli/main.js", "./dist/core/NodeVersion.js", "./src/core/NodeVersion.ts"])
  })

  it("takes effect and @effect/platform-node as peers on the Effect 4 lines, and develops against them", () => {
    expect(Object.keys(required).sort()).toEqual(Object.keys(EFFECT_LINES).sort())
    for (const [name, line] of Object.entries(EFFECT_LINES)) {
      expect(pkg.peerDependencies[name]).toMatch(line)
      expect(pkg.devDependencies[name]).toMatch(/^\d+\.\d+\.\d+$/)
      expect(`^${pkg.devDependencies[name]}`).toMatch(line)
    }
    // At run time the package needs only its peers and iconv-lite: no TypeScript runner, no Effect copy of its own.
    expect(pkg.dependencies).toEqual({ "iconv-lite": expect.stringMatching(/^\^0\.7\./) })
    expect(pkg.devDependencies["tsx"]).toBeDefined()
  })

  it("takes @effect/sql-pg and fast-check as optional peers, and develops against them", () => {
    expect(Object.keys(optional).sort()).toEqual(Object.keys(OPTIONAL_LINES).sort())
    for (const [name, line] of Object.entries(OPTIONAL_LINES)) {
      expect(optional[name]).toMatch(line)
      expect(pkg.devDependencies[name]).toBeDefined()
    }
    expect(Object.values(peersMeta).every((meta) => meta.optional === true)).toBe(true)
    expect(readme).toContain("npm install @effect/sql-pg@4")
  })

  it("holds no package of Effect 3, in package.json or in the lockfile", () => {
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { version?: string }> }
    for (const name of EFFECT3_PACKAGES) {
      expect(pkg.devDependencies[name]).toBeUndefined()
      expect(pkg.peerDependencies[name]).toBeUndefined()
      expect(Object.keys(lock.packages).filter((at) => at.endsWith(`node_modules/${name}`))).toEqual([])
    }
    const effects = Object.entries(lock.packages).filter(([at]) => at.endsWith("node_modules/effect")).map(([, entry]) => entry.version)
    expect(effects.length).toBeGreaterThan(0)
    for (const version of effects) expect(version).toMatch(/^4\./)
    expect(Object.keys(lock.packages).filter((at) => at.endsWith("node_modules/better-sqlite3"))).toEqual([])
  })

  it("develops and tests on Node 24 from npm, whatever Node the machine has", () => {
    expect(pkg.devDependencies["node"]).toMatch(/^24\.\d+\.\d+$/)
    expect((pkg["allowScripts"] as Record<string, boolean>)["node"]).toBe(true)
  })

  it("allowScripts decides every package of the lock with an install script, so npm install warns of none", () => {
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { readonly hasInstallScript?: boolean }> }
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([at]) => at.replace(/^.*node_modules\//, ""))
    expect(withScripts.length).toBeGreaterThan(0)
    expect(Object.keys(pkg["allowScripts"] as Record<string, boolean>).sort()).toEqual([...new Set(withScripts)].sort())
  })

  it("the README's install line installs exactly the required peers, on their ranges", () => {
    const lines = readme.split("\n").filter((line) => line.startsWith("npm install taxdoc"))
    expect(lines).toHaveLength(1)
    const packages = lines[0]!.split(/\s+/).slice(3).map((arg) => arg.replace(/^"|"$/g, ""))
    expect(Object.fromEntries(packages.map((spec) => {
      const at = spec.lastIndexOf("@")
      return [spec.slice(0, at), spec.slice(at + 1)]
    }))).toEqual(required)
  })

  it("the README's set-up commands are the scripts; CI runs exactly the README's test command", () => {
    expect(readme).toContain("npm install && npm start    #")
    expect(readme).toContain("npm install && npm test     #")
    expect(pkg.scripts["prepare"]).toBe("tsx scripts/dist.ts")
    expect(pkg.scripts["test"]).toBe("tsc --noEmit -p . && vitest run")
    expect(pkg.scripts["start"]).toBe("node bin/taxdoc.js demo")
    expect(pkg.scripts["demo:json"]).toBe("node bin/taxdoc.js demo --json")
    const ci = fs.readFileSync(path.join(ROOT, ".ci/run"), "utf8").split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#"))
    expect(ci.at(-1)).toBe("npm install && npm test")
  })
})

describe("a clone's scripts", () => {
  it("prepare on a clone already built builds nothing (npx taxdoc in a clone runs it first)", { timeout: 120_000 }, async () => {
    // dist/ is current: the suite's global set-up rebuilt it if a source changed.
    const entry = path.join(ROOT, "dist/index.js")
    const before = fs.statSync(entry).mtimeMs
    const ran = await runOk("npm", ["run", "--silent", "prepare"], ROOT)
    expect(ran.stdout + ran.stderr).toBe("")
    expect(fs.statSync(entry).mtimeMs).toBe(before)
  })

  it("the README runs the command in a clone with npm run, and says why npm install on an older Node warns", () => {
    expect(readme).toContain("npm run --silent taxdoc -- sandbox serve")
    expect(readme).toContain("npm warn EBADENGINE Unsupported engine")
    // In a clone, npx taxdoc would install the clone into npm's cache first: the README's shell blocks never ask for it.
    const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!)
    expect(blocks.filter((block) => /^npx taxdoc/m.test(block))).toEqual([])
  })
})
