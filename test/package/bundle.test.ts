/**
 * The `taxdoc` command's bundle (scripts/cli-bundle.ts): built from today's sources and packages (a
 * stale or missing bundle is told apart by the hash of its inputs), run by `bin/taxdoc.js`, loading
 * only what a command line needs, its pages (src/cli/pages.ts) printing what the command prints,
 * and the licences of the code it carries beside it.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Bundle from "../../scripts/cli-bundle.js"
import { render } from "../../src/cli/renderPages.js"
import { childEnv } from "../support/env.js"
import { ROOT, run } from "./support.js"

const BIN = path.join(ROOT, "bin/taxdoc.js")
const BUNDLE = path.join(ROOT, Bundle.OUT_DIR)

/**
 * The files a command line loads, and what it printed. A synchronous hook on the command's own
 * thread (`registerHooks`) appends each URL to a file before the module loads, so a command that
 * exits at once (a usage error) still leaves every line: a hook on Node's loader thread writes
 * through the main thread, and what it wrote last is lost when the process exits first.
 */
const loadedBy = async (args: ReadonlyArray<string>) => {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-loaded-")), "loaded.txt")
  const hooks = `import { registerHooks } from "node:module"; import { appendFileSync } from "node:fs"; registerHooks({ load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + "\\n"); return next(url, context) } })`
  try {
    const ran = await run(process.execPath, ["--import", `data:text/javascript,${encodeURIComponent(hooks)}`, BIN, ...args], ROOT)
    const files = fs.readFileSync(log, "utf8").split("\n").filter((line) => line.startsWith("file://")).map((line) => line.slice("file://".length))
    return { ran, files }
  } finally {
    fs.rmSync(path.dirname(log), { recursive: true, force: true })
  }
}

/** The `src/` modules whose code the loaded files of the bundle hold. */
const sourcesIn = (files: ReadonlyArray<string>): Array<string> => {
  const manifest = Bundle.readManifest()!
  return files.filter((file) => file.startsWith(BUNDLE)).flatMap((file) => manifest.outputs[path.basename(file)] ?? [])
}

describe("the command's bundle", () => {
  it("is the build of today's sources and packages", () => {
    expect(Bundle.staleness()).toBeUndefined()
    const manifest = Bundle.readManifest()!
    expect(manifest.inputs).toContain("src/cli/main.ts")
    expect(manifest.inputs).toContain("node_modules/effect/dist/Effect.js")
    expect(Object.keys(manifest.outputs)).toContain(Bundle.ENTRY)
  })

  it("is stale when an input changed or is gone, or when an output or the manifest is missing", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-bundle-"))
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
        fs.writeFileSync(path.join(root, file), text)
      }
      expect(Bundle.staleness(root)).toMatch(/manifest\.json is missing/)
      write("src/a.ts", "export const a = 1\n")
      write(`${Bundle.OUT_DIR}/${Bundle.ENTRY}`, "export {}\n")
      const inputs = ["src/a.ts"]
      write(`${Bundle.OUT_DIR}/manifest.json`, JSON.stringify({ hash: Bundle.hashOf(root, inputs), inputs, outputs: { [Bundle.ENTRY]: inputs } }))
      expect(Bundle.staleness(root)).toBeUndefined()
      write("src/a.ts", "export const a = 2\n")
      expect(Bundle.staleness(root)).toMatch(/has changed/)
      fs.rmSync(path.join(root, "src/a.ts"))
      expect(Bundle.staleness(root)).toMatch(/src\/a\.ts, bundled, is gone/)
      write("src/a.ts", "export const a = 1\n")
      fs.rmSync(path.join(root, Bundle.OUT_DIR, Bundle.ENTRY))
      expect(Bundle.staleness(root)).toMatch(/taxdoc\.js is missing/)
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })

  it("carries the licence of every package whose code it holds", () => {
    const licences = fs.readFileSync(path.join(BUNDLE, "THIRD-PARTY-LICENSES.md"), "utf8")
    for (const name of ["effect", "@effect/platform-node"]) expect(licences).toMatch(new RegExp(`^## ${name} \\d+\\.\\d+\\.\\d+ \\(MIT\\)$`, "m"))
    expect(licences).toContain("Permission is hereby granted")
  })
})

describe("the command run from its bundle", () => {
  it("taxdoc --help loads the bundle's first module and its pages only: no module of a package, no Effect", { timeout: 60_000 }, async () => {
    const { ran, files } = await loadedBy(["--help"])
    expect(ran.code).toBe(0)
    expect(ran.stdout).toContain("COMMANDS")
    expect(files.filter((file) => !file.startsWith(BUNDLE))).toEqual([BIN])
    expect(sourcesIn(files).filter((source) => !["src/cli/start.ts", "src/cli/pages.ts", "src/cli/help.ts", "src/cli/terminal.ts"].includes(source))).toEqual([])
  })

  it("a command line loads the command's declarations, and a command's work only when it runs", { timeout: 60_000 }, async () => {
    // A usage error: the command is parsed, nothing runs.
    const { ran, files } = await loadedBy(["cashbill", "info", "--sandbox"])
    expect(ran.code).not.toBe(0)
    expect(files.filter((file) => !file.startsWith(BUNDLE))).toEqual([BIN])
    const sources = sourcesIn(files)
    expect(sources).toContain("src/cli/main.ts")
    // Besides the command's own modules, only what describes its errors: the service's codes and
    // the configuration's problems (two modules that import nothing at run time).
    expect(sources.filter((source) => !source.startsWith("src/cli/") && !["src/core/ErrorCodes.ts", "src/core/ConfigProblems.ts"].includes(source))).toEqual([])
    expect(sources.filter((source) => /handlers?\.ts$|target\.ts$|input\.ts$|progress\.ts$/.test(source))).toEqual([])
  })

  it("the pages are what the command renders today", { timeout: 120_000 }, async () => {
    const kept = JSON.parse(fs.readFileSync(path.join(BUNDLE, "pages.json"), "utf8")) as unknown
    const rendered = await Effect.runPromise(render)
    expect(kept).toEqual(rendered)
    expect(Object.keys(rendered.help)).toEqual(expect.arrayContaining(["", "cashbill", "cashbill bulk", "sandbox serve", "collect dept-user register"]))
    expect(rendered.version).toMatch(/^taxdoc \d+\.\d+\.\d+$/)
  })

  it("a page prints exactly what the command prints, fitted to the stream", { timeout: 120_000 }, async () => {
    const main = path.join(ROOT, "dist/cli/main.js")
    for (const [args, env] of [[["--help"], {}], [["cashbill", "bulk", "-h"], { COLUMNS: "52" }], [["--version"], {}], [["member", "--help"], { NO_COLOR: "1" }], [["member"], { FORCE_COLOR: "1" }]] as const) {
      const fromPage = await run(process.execPath, [BIN, ...args], ROOT, childEnv(env))
      const rendered = await run(process.execPath, [main, ...args], ROOT, childEnv(env))
      expect(fromPage).toEqual(rendered)
      expect(fromPage.code).toBe(0)
      expect(fromPage.stdout.length).toBeGreaterThan(0)
    }
  })
})
