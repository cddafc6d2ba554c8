/**
 * The package as a user gets it: `npm pack`, then the tarball installed into a fresh project
 * outside this repository where `npm install effect @effect/platform-node` already put Effect 4,
 * as a new Effect application has it. There, with plain `node` (this suite's Node 24) and no
 * TypeScript runner: `import` and `require` of every entry point, a program and the Promise client
 * issuing a receipt against the in-process sandbox, a consumer's property test, `npx taxdoc --help`
 * and the installed `taxdoc demo --json`; a consumer's TypeScript checked under `nodenext`,
 * `strict`, `skipLibCheck: false`, also without the DOM library; one copy of `effect` and no
 * package of Effect 3.
 *
 * Installs use `--prefer-offline`: the packages are those this repository installed, so npm's
 * cache holds them.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { published } from "../../scripts/pack.js"
import { installedVersion, manifest, packCopy, type Packed, type Ran, ROOT, run, runOk } from "./support.js"

const work = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-pack-"))
const app = path.join(work, "app")
const INSTALL = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"]
// What a new Effect application holds before it adds taxdoc (`npm install effect @effect/platform-node`).
const PEERS = ["effect", "@effect/platform-node"]
const TSC = path.join(ROOT, "node_modules/typescript/bin/tsc")

let packed: Packed
// The copy's package.json after the pack, and what npm printed installing the tarball.
let manifestAfterPack: string
let installed: Ran

const allEntries = Object.keys(manifest().exports).filter((key) => key !== "./package.json").map((key) => (key === "." ? "taxdoc" : `taxdoc/${key.slice(2)}`))
// taxdoc/workflow needs its optional peers, which the README's install line leaves out.
const WORKFLOW = "taxdoc/workflow"
const entries = allEntries.filter((entry) => entry !== WORKFLOW)

const write = (file: string, text: string) => fs.writeFileSync(path.join(app, file), text)

const tsconfig = (lib: ReadonlyArray<string> | undefined) =>
  JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module: "nodenext",
      moduleResolution: "nodenext",
      ...(lib === undefined ? {} : { lib }),
      types: ["node"],
      strict: true,
      skipLibCheck: false,
      noEmit: true
    },
    files: ["app.ts", "legacy.cts"]
  })

const APP_TS = [
  "import { Effect, Layer } from \"effect\"",
  "import { ApiError, Cashbill, Taxdoc, type TaxdocError } from \"taxdoc\"",
  "import { RecordReplay } from \"taxdoc/recordings\"",
  "import { Server } from \"taxdoc/sandbox\"",
  "import * as Testing from \"taxdoc/testing\"",
  "",
  "const corpNum = \"1234567891\"",
  "",
  "export const program: Effect.Effect<number, TaxdocError, Cashbill.Cashbill> = Effect.gen(function*() {",
  "  const cashbill = yield* Cashbill.Cashbill",
  "  const info = yield* cashbill.getInfo(corpNum, \"ORDER-1\")",
  "  return info.stateCode",
  "})",
  "",
  "export const Sdk: Layer.Layer<Taxdoc.SandboxServices, unknown> = Taxdoc.layerSandbox({ sandbox: { members: [{ corpNum }] } })",
  "export const served = Server.layer",
  "",
  "export const notFound = (e: unknown): boolean => e instanceof ApiError && e.isNotFound",
  "export const replay = RecordReplay.layerReplay({ cassette: \"cassettes/app.json\" })",
  "export const receipts = Testing.toArbitrary(Testing.cashReceipt({ corpNum }))",
  ""
].join("\n")

// CommonJS callers: require() of the ES module entry points (Node 22.12+, TypeScript 5.8+).
const LEGACY_CTS = [
  "import { Cashbill } from \"taxdoc\"",
  "import { Check } from \"taxdoc/recordings\"",
  "import { Partners } from \"taxdoc/sandbox\"",
  "",
  "export const used = [Cashbill.Cashbill, Check.checkCassettes, Partners.TESTER_LINK_ID] as const",
  ""
].join("\n")

// Both type-checks start once the package is installed and run side by side (each reads every
// declaration file of Effect); their tests await them.
let typeChecks: { readonly full: Promise<Ran>; readonly noDom: Promise<Ran> } | undefined

beforeAll(async () => {
  // dist/ is current: the suite's global set-up rebuilt it if a source changed.
  const pack = await packCopy(work)
  packed = pack.packed
  manifestAfterPack = pack.manifestAfter
  fs.mkdirSync(app)
  write("package.json", JSON.stringify({ name: "taxdoc-app", version: "1.0.0", private: true, type: "module" }, null, 2))
  // The application already holds Effect 4 (and Node's types, as any TypeScript project on Node).
  await runOk("npm", [...INSTALL, ...PEERS.map((peer) => `${peer}@${installedVersion(peer)}`), `@types/node@${installedVersion("@types/node")}`], app)
  // Then taxdoc, without a flag (and npm's warnings shown); and fast-check for the consumer's property test (an optional peer).
  installed = await runOk("npm", [...INSTALL.filter((flag) => !flag.startsWith("--loglevel")), path.join(work, packed.filename), `fast-check@${installedVersion("fast-check")}`], app)
  write("app.ts", APP_TS)
  write("legacy.cts", LEGACY_CTS)
  write("tsconfig.json", tsconfig(undefined))
  write("tsconfig.es2022.json", tsconfig(["ES2022"]))
  typeChecks = {
    full: run(process.execPath, [TSC, "-p", "tsconfig.json"], app),
    noDom: run(process.execPath, [TSC, "-p", "tsconfig.es2022.json"], app)
  }
}, 300_000)

afterAll(async () => {
  // The type-checks have ended (their tests awaited them) unless a test before them failed.
  if (typeChecks !== undefined) await Promise.all([typeChecks.full, typeChecks.noDom])
  fs.rmSync(work, { recursive: true, force: true })
}, 120_000)

describe("npm pack", () => {
  it("holds the compiled package, its declarations, the bin, the README and the LICENSE", () => {
    const files = packed.files.map((f) => f.path)
    for (const file of ["package.json", "README.md", "LICENSE", "bin/taxdoc.js", "dist/cli/main.js"]) expect(files).toContain(file)
    // The command's bundle, its pages, manifest and the licences of what it carries.
    for (const file of ["taxdoc.js", "pages.json", "manifest.json", "THIRD-PARTY-LICENSES.md"]) expect(files).toContain(`dist/cli/bundle/${file}`)
    for (const entry of ["index", "catalogue/index", "sandbox/index", "recordings/index", "workflow/index", "promise/index", "testing/index", "testing/FastCheck"]) {
      expect(files).toContain(`dist/${entry}.js`)
      expect(files).toContain(`dist/${entry}.d.ts`)
      expect(files).toContain(`dist/${entry}.js.map`)
    }
  })

  it("holds no tests, benchmarks, CI scripts or build state; of the repository's examples and benchmarks, what the README links", () => {
    const files = packed.files.map((f) => f.path)
    const stray = files.filter((file) =>
      /^(test|\.ci|node_modules|\.snippets|\.tmp|scripts)\//.test(file) || /\.tsbuildinfo$|^tsconfig|^vitest|^\.package\.json/.test(file) ||
      (file.startsWith("bench/") && file !== "bench/RESULTS.md")
    )
    expect(stray).toEqual([])
    for (const file of ["examples/issue-receipt.ts", "examples/without-effect.mjs", "examples/cli/receipts.csv", "bench/RESULTS.md", "docs/images/mass-print.png"]) expect(files).toContain(file)
  })

  it("its package.json is the repository's without what only a clone uses: no scripts, dev dependencies or allowScripts", () => {
    const inside = JSON.parse(fs.readFileSync(path.join(app, "node_modules/taxdoc/package.json"), "utf8")) as Record<string, unknown>
    expect(inside).toEqual(published(manifest()))
    for (const field of ["scripts", "devDependencies", "allowScripts"]) expect(inside).not.toHaveProperty(field)
    // postpack put the repository's manifest back as it was.
    expect(JSON.parse(manifestAfterPack)).toEqual(manifest())
  })

  it("installs without a warning of install scripts", () => {
    expect(installed.stdout + installed.stderr).not.toMatch(/install-scripts|prepare/)
  })

  it("every relative link of its Markdown leads to a file it holds", () => {
    const files = new Set(packed.files.map((f) => f.path))
    const broken: Array<string> = []
    for (const markdown of [...files].filter((file) => file.endsWith(".md") && !file.startsWith("dist/"))) {
      const text = fs.readFileSync(path.join(app, "node_modules/taxdoc", markdown), "utf8")
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z][a-z+.-]*:/i.test(target!)) continue
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(markdown), target!)).replace(/\/$/, "")
        if (!files.has(resolved) && ![...files].some((file) => file.startsWith(`${resolved}/`))) broken.push(`${markdown} → ${target}`)
      }
    }
    expect(broken).toEqual([])
  })
})

describe("the installed package, in a project beside this repository", () => {
  it("every entry point loads with import() under plain node", { timeout: 60_000 }, async () => {
    const script = `for (const entry of ${JSON.stringify(entries)}) { const m = await import(entry); console.log(entry, Object.keys(m).sort().join(",")) }`
    const ran = await runOk(process.execPath, ["--input-type=module", "-e", script], app)
    const loaded = Object.fromEntries(ran.stdout.trim().split("\n").map((line) => line.split(" ") as [string, string]))
    expect(Object.keys(loaded)).toEqual(entries)
    expect(loaded["taxdoc"]!.split(",")).toEqual(expect.arrayContaining(["Cashbill", "CompanyStatus", "Config", "Member", "Taxdoc", "ApiError"]))
    expect(loaded["taxdoc/sandbox"]!.split(",")).toEqual(expect.arrayContaining(["Connect", "InProcess", "Sandbox", "Server"]))
    expect(loaded["taxdoc/testing/fast-check"]!.split(",")).toEqual(["toFastCheck"])
    expect(loaded["taxdoc/recordings"]!.split(",")).toEqual(expect.arrayContaining(["Cassette", "RecordReplay"]))
    expect(loaded["taxdoc/testing"]!.split(",")).toEqual(expect.arrayContaining(["cashReceipt", "corpNum", "invalid", "toArbitrary", "valid"]))
  })

  it("taxdoc/workflow without its optional peer fails naming it; the other entry points never load it", { timeout: 60_000 }, async () => {
    expect(allEntries).toContain(WORKFLOW)
    const ran = await run(process.execPath, ["--input-type=module", "-e", `await import(${JSON.stringify(WORKFLOW)})`], app)
    expect(ran.code).not.toBe(0)
    expect(ran.stderr).toMatch(/Cannot find (package|module) '@effect\/sql-pg'/)
    expect(fs.existsSync(path.join(app, "node_modules/@effect/sql-pg"))).toBe(false)
  })

  it("every entry point loads with require() from CommonJS, without warnings", { timeout: 60_000 }, async () => {
    write("require.cjs", `for (const entry of ${JSON.stringify(entries)}) console.log(entry, Object.keys(require(entry)).length)\n`)
    const ran = await runOk(process.execPath, ["require.cjs"], app)
    expect(ran.stdout.trim().split("\n").map((line) => line.split(" ")[0])).toEqual(entries)
    expect(ran.stderr).toBe("")
  })

  it("a program issues a receipt against the in-process sandbox, with the application's effect", { timeout: 60_000 }, async () => {
    write("issue.mjs", [
      "import { Effect } from \"effect\"",
      "import { Cashbill, Taxdoc } from \"taxdoc\"",
      "const corpNum = \"1234567891\"",
      "const program = Effect.gen(function*() {",
      "  const cashbill = yield* Cashbill.Cashbill",
      "  yield* cashbill.issue(corpNum, { mgtKey: \"APP-1\", tradeType: \"승인거래\", tradeUsage: \"소득공제용\", taxationType: \"과세\",",
      "    totalAmount: \"11000\", supplyCost: \"10000\", tax: \"1000\", serviceFee: \"0\", franchiseCorpNum: corpNum, identityNum: \"01012341234\" })",
      "  return yield* cashbill.getInfo(corpNum, \"APP-1\")",
      "})",
      "const info = await Effect.runPromise(program.pipe(Effect.provide(Taxdoc.layerSandbox({ sandbox: { members: [{ corpNum }] } }))))",
      "console.log(JSON.stringify({ mgtKey: info.mgtKey, stateCode: info.stateCode }))"
    ].join("\n"))
    const ran = await runOk(process.execPath, ["issue.mjs"], app)
    expect(JSON.parse(ran.stdout)).toEqual({ mgtKey: "APP-1", stateCode: 300 })
  })

  it("the Promise client issues and reads a receipt on the in-process sandbox, no Effect import in sight", { timeout: 60_000 }, async () => {
    write("promise.mjs", [
      "import { ApiError, createSandboxClient } from \"taxdoc/promise\"",
      "const corpNum = \"1234567891\"",
      "const client = createSandboxClient({ members: [corpNum] })",
      "try {",
      "  const issued = await client.cashbill.issue(corpNum, { mgtKey: \"PROMISE-1\", tradeType: \"승인거래\", tradeUsage: \"소득공제용\", taxationType: \"과세\",",
      "    totalAmount: \"11000\", supplyCost: \"10000\", tax: \"1000\", serviceFee: \"0\", franchiseCorpNum: corpNum, identityNum: \"01012341234\" })",
      "  const info = await client.cashbill.getInfo(corpNum, \"PROMISE-1\")",
      "  const missing = await client.cashbill.getInfo(corpNum, \"NO-SUCH\").catch((e) => e)",
      "  console.log(JSON.stringify({ confirmed: issued.confirmNum.length > 0, stateCode: info.stateCode, notFound: missing instanceof ApiError && missing.isNotFound }))",
      "} finally { await client.close() }"
    ].join("\n"))
    const ran = await runOk(process.execPath, ["promise.mjs"], app)
    expect(JSON.parse(ran.stdout)).toEqual({ confirmed: true, stateCode: 300, notFound: true })
  })

  it("a consumer's property test passes: generated receipts are issued by the in-process sandbox", { timeout: 60_000 }, async () => {
    write("property.mjs", [
      "import { Effect, ManagedRuntime } from \"effect\"",
      "import fc from \"fast-check\"",
      "import { Cashbill, Taxdoc } from \"taxdoc\"",
      "import * as Testing from \"taxdoc/testing\"",
      "import { toFastCheck } from \"taxdoc/testing/fast-check\"",
      "const corpNum = \"1234567891\"",
      "const runtime = ManagedRuntime.make(Taxdoc.layerSandbox({ sandbox: { members: [{ corpNum }] } }))",
      "let runs = 0",
      "await fc.assert(fc.asyncProperty(toFastCheck(Testing.cashReceipt({ corpNum })), async (receipt) => {",
      "  const info = await runtime.runPromise(Cashbill.Cashbill.use((c) => Effect.andThen(c.issue(corpNum, receipt), c.getInfo(corpNum, receipt.mgtKey))))",
      "  if (info.totalAmount !== receipt.totalAmount) throw new Error(`read back ${info.totalAmount}, sent ${receipt.totalAmount}`)",
      "  runs++",
      "}), { numRuns: 20, seed: 42 })",
      "await runtime.dispose()",
      "console.log(JSON.stringify({ runs }))"
    ].join("\n"))
    const ran = await runOk(process.execPath, ["property.mjs"], app)
    expect(JSON.parse(ran.stdout)).toEqual({ runs: 20 })
  })

  it("npx taxdoc --help and --version work with no TypeScript runner installed", { timeout: 60_000 }, async () => {
    for (const runner of ["tsx", "ts-node", "typescript"]) expect(fs.existsSync(path.join(app, "node_modules", runner))).toBe(false)
    const ran = await run("npx", ["taxdoc", "--help"], app)
    expect(ran.code).toBe(0)
    expect(ran.stdout).toContain("cashbill")
    expect(ran.stdout).toContain("company-status")
    // A pipe: no escape codes, and no line wider than 80 columns.
    expect(ran.stdout).not.toContain("\x1b")
    expect(Math.max(...ran.stdout.split("\n").map((line) => line.length))).toBeLessThanOrEqual(80)
    const version = await runOk("npx", ["taxdoc", "--version"], app)
    expect(version.stdout.trim()).toBe(`taxdoc ${manifest().version}`)
  })

  it("the installed taxdoc demo --json passes every step", { timeout: 120_000 }, async () => {
    const ran = await runOk("npx", ["taxdoc", "demo", "--json", "--out-dir", path.join(work, "demo")], app)
    const report = JSON.parse(ran.stdout) as { readonly summary: { readonly calls: { readonly total: number } } }
    expect(report.summary.calls.total).toBeGreaterThan(50)
  })

  it("holds one copy of effect, no package of Effect 3, and npm finds every peer satisfied", { timeout: 60_000 }, async () => {
    const copies = fs.readdirSync(path.join(app, "node_modules"), { recursive: true, encoding: "utf8" })
      .filter((file) => file.split(path.sep).slice(-2).join("/") === "effect/package.json")
      .filter((file) => !file.split(path.sep).slice(0, -2).includes("dist"))
    expect(copies).toEqual([path.join("effect", "package.json")])
    const installed = JSON.parse(fs.readFileSync(path.join(app, "node_modules/effect/package.json"), "utf8")) as { readonly version: string }
    expect(installed.version).toMatch(/^4\./)
    for (const gone of ["@effect/platform", "@effect/cli", "@effect/cluster", "@effect/experimental", "@effect/rpc", "@effect/sql", "@effect/workflow", "@effect/schema"]) {
      expect(fs.existsSync(path.join(app, "node_modules", gone))).toBe(false)
    }
    const tree = await runOk("npm", ["ls", "effect", "--all"], app)
    const lines = tree.stdout.split("\n").filter((line) => /effect@\d/.test(line))
    expect(lines.filter((line) => !line.includes("deduped"))).toHaveLength(1)
    expect(lines.some((line) => line.includes("effect@3"))).toBe(false)
    // `npm ls` exits non-zero on a missing or invalid peer anywhere in the tree.
    await runOk("npm", ["ls", "--all"], app)
  })

  describe("TypeScript in the application: nodenext, strict, skipLibCheck false", () => {
    it("type-checks with the default library of ES2022", { timeout: 120_000 }, async () => {
      const ran = await typeChecks!.full
      expect(ran.stdout + ran.stderr).toBe("")
      expect(ran.code).toBe(0)
    })

    it("type-checks with lib: [\"ES2022\"] (no DOM): no error in the application or in taxdoc's declarations", { timeout: 120_000 }, async () => {
      const ran = await typeChecks!.noDom
      const errors = ran.stdout.split("\n").filter((line) => /error TS\d+/.test(line))
      // Effect's own declarations name a few DOM types (CryptoKey, JsonWebKey in effect/crypto);
      // an application without the DOM library sees those in Effect's files only.
      const ours = errors.filter((line) => !/^node_modules\/(effect|@effect\/[\w-]+)\/dist\//.test(line))
      expect(ours).toEqual([])
    })
  })
})
