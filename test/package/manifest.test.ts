/**
 * package.json says what the package is, and the README and CI agree with it: entry points with
 * types, the files shipped, the peers on their Effect 3 lines, the one install line, the set-up and
 * test commands. (What `taxdoc` loads as it starts: test/package/bundle.test.ts.)
 */
import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { manifest, ROOT } from "./support.js"

const pkg = manifest()
const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8")

// The Effect 3 lines the package is built for (README "Install in a project").
const EFFECT_LINES: Record<string, RegExp> = {
  "effect": /^\^3\.22\.\d+$/,
  "@effect/platform": /^\^0\.97\.\d+$/,
  "@effect/platform-node": /^\^0\.108\.\d+$/,
  "@effect/cli": /^\^0\.77\.\d+$/
}

// The packages only taxdoc/workflow needs (docs/fleet.md).
const WORKFLOW_LINES: Record<string, string> = {
  "@effect/cluster": "^0.60.0",
  "@effect/experimental": "^0.61.0",
  "@effect/rpc": "^0.76.0",
  "@effect/sql": "^0.52.0",
  "@effect/sql-pg": "^0.53.0",
  "@effect/workflow": "^0.19.0"
}

const peersMeta = (pkg["peerDependenciesMeta"] ?? {}) as Record<string, { readonly optional?: boolean }>
const isOptional = (name: string): boolean => peersMeta[name]?.optional === true
/** The peers every user installs, and those only some features need. */
const required = Object.fromEntries(Object.entries(pkg.peerDependencies).filter(([name]) => !isOptional(name)))
const optional = Object.fromEntries(Object.entries(pkg.peerDependencies).filter(([name]) => isOptional(name)))

describe("package.json", () => {
  it("exports each entry point as compiled JavaScript with its declarations, types first", () => {
    const exports = pkg.exports as Record<string, { types: string; default: string } | string>
    expect(Object.keys(exports)).toEqual([".", "./sandbox", "./recordings", "./workflow", "./promise", "./testing", "./package.json"])
    for (const [key, target] of Object.entries(exports)) {
      if (key === "./package.json") continue
      const entry = target as { types: string; default: string }
      expect(Object.keys(entry)).toEqual(["types", "default"])
      expect(entry.default).toMatch(/^\.\/dist\/.+\.js$/)
      // The main entry point runs `entry.js`, which mirrors `index.js` export for export with the
      // domains' schema and catalogue modules loaded on first use (test/package/entry.test.ts);
      // its declarations are `index.d.ts`'s, where those exports are namespaces.
      expect(entry.types).toBe(key === "." ? "./dist/index.d.ts" : entry.default.replace(/\.js$/, ".d.ts"))
      for (const file of [entry.default, entry.types.replace(/\.d\.ts$/, ".js")]) {
        expect(fs.existsSync(path.join(ROOT, "src", file.slice("./dist/".length).replace(/\.js$/, ".ts")))).toBe(true)
      }
    }
    expect(pkg["type"]).toBe("module")
  })

  it("ships dist, the bin, the README and the LICENSE; Node 20.19 or later", () => {
    expect(pkg["files"]).toEqual(expect.arrayContaining(["dist", "bin", "README.md", "LICENSE"]))
    expect((pkg["files"] as ReadonlyArray<string>).filter((f) => /^(test|bench|\.ci|examples)/.test(f))).toEqual([])
    expect(pkg["engines"]).toEqual({ node: ">=20.19" })
    expect(pkg["bin"]).toEqual({ taxdoc: "./bin/taxdoc.js" })
    expect(fs.readFileSync(path.join(ROOT, "LICENSE"), "utf8")).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} taxdoc contributors\n/)
  })

  it("lists as having side effects exactly the modules that run something when loaded", () => {
    expect(pkg["sideEffects"]).toEqual(["./bin/taxdoc.js", "./dist/cli/main.js"])
  })

  it("takes effect and the @effect packages as peers on the Effect 3 lines, and develops against them", () => {
    expect(Object.keys(required).sort()).toEqual(Object.keys(EFFECT_LINES).sort())
    for (const [name, line] of Object.entries(EFFECT_LINES)) {
      expect(pkg.peerDependencies[name]).toMatch(line)
      expect(pkg.devDependencies[name]).toMatch(line)
    }
    // At run time the package needs only its peers and iconv-lite: no TypeScript runner, no Effect copy of its own.
    expect(pkg.dependencies).toEqual({ "iconv-lite": expect.stringMatching(/^\^0\.7\./) })
    expect(pkg.devDependencies["tsx"]).toBeDefined()
  })

  it("takes better-sqlite3 12 as an optional peer (the sandbox's data directory loads it only when asked), and develops against it", () => {
    expect(optional["better-sqlite3"]).toBe("^12.0.0")
    expect(pkg.devDependencies["better-sqlite3"]).toMatch(/^\^12\./)
    expect(readme).toContain("npm install better-sqlite3@12")
  })

  it("takes the packages of taxdoc/workflow as optional peers on their Effect 3 lines, and develops against them", () => {
    expect(optional).toEqual({ "better-sqlite3": "^12.0.0", ...WORKFLOW_LINES })
    for (const [name, range] of Object.entries(WORKFLOW_LINES)) expect(pkg.devDependencies[name]).toMatch(new RegExp(`^\\${range.slice(0, -1)}`))
    expect(Object.values(peersMeta).every((meta) => meta.optional === true)).toBe(true)
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
    expect(pkg.scripts["prepare"]).toBe("npm run build")
    expect(pkg.scripts["test"]).toBe("tsc --noEmit -p . && vitest run")
    expect(pkg.scripts["start"]).toBe("node bin/taxdoc.js demo")
    expect(pkg.scripts["demo:json"]).toBe("node bin/taxdoc.js demo --json")
    const ci = fs.readFileSync(path.join(ROOT, ".ci/run"), "utf8").split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#"))
    expect(ci.at(-1)).toBe("npm install && npm test")
  })
})
