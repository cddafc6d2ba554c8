/**
 * The package's runtime entry point (`dist/entry.js`) is `dist/index.js` with the domains' schema,
 * rule and catalogue namespaces loaded on first use: the same exports, each namespace holding the
 * very values of its module; and importing it loads none of those modules until asked.
 */
import { describe, expect, it } from "@effect/vitest"
import * as path from "node:path"
import { pathToFileURL } from "node:url"
import { ROOT, runOk } from "./support.js"

const dist = (file: string): string => pathToFileURL(path.join(ROOT, "dist", file)).href

/** Runs `program` (an ES module) in plain node with a loader hook writing `loaded <url>` on stderr for each module whose URL matches `pattern`. */
const runReporting = (pattern: string, program: string) => {
  const hook = [
    "export async function load(url, context, next) {",
    `  if (${pattern}.test(url)) process.stderr.write(\`loaded \${url}\\n\`)`,
    "  return next(url, context)",
    "}"
  ].join("\n")
  const register = `import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)})`
  return runOk(process.execPath, ["--import", `data:text/javascript,${encodeURIComponent(register)}`, "--input-type=module", "-e", program], ROOT)
}

describe("the runtime entry point", () => {
  it("exports what index.js exports, namespace by namespace, value by value", { timeout: 60_000 }, async () => {
    // In a plain node process: the modules the lazy namespaces load are the very instances index.js has.
    const program = `
      const index = await import(${JSON.stringify(dist("index.js"))})
      const entry = await import(${JSON.stringify(dist("entry.js"))})
      const problems = []
      const same = (a, b) => JSON.stringify(Object.keys(a).sort()) === JSON.stringify(Object.keys(b).sort())
      if (!same(entry, index)) problems.push("export names differ")
      for (const name of Object.keys(index)) {
        const expected = index[name], actual = entry[name]
        if (Object.prototype.toString.call(expected) === "[object Module]") {
          if (!same(actual, expected)) problems.push(name + ": keys differ")
          for (const key of Object.keys(expected)) if (actual[key] !== expected[key]) problems.push(name + "." + key)
        } else if (actual !== expected) problems.push(name)
      }
      console.log(JSON.stringify({ names: Object.keys(index).length, problems }))`
    const ran = await runOk(process.execPath, ["--input-type=module", "-e", program], ROOT)
    expect(JSON.parse(ran.stdout)).toEqual({ names: expect.any(Number), problems: [] })
    expect(JSON.parse(ran.stdout).names).toBeGreaterThan(40)
  })

  it("loads no schema, rule or catalogue module of a domain on import; a namespace loads its module on first use", { timeout: 60_000 }, async () => {
    // A loader hook reports every domain schema, rule, answer or catalogue module the process loads.
    const importOnly = await runReporting(String.raw`/\/dist\/domains\/(.+\/)?(Schemas|Rules|Operations|Catalogue|Answers)\.js$/`, `await import(${JSON.stringify(dist("entry.js"))})`)
    expect(importOnly.stderr).not.toContain("loaded ")
    const program = `const entry = await import(${JSON.stringify(dist("entry.js"))}); console.log(JSON.stringify([typeof entry.CashbillSchemas.CashbillInfo, entry.Catalogue.operations.length > 0]))`
    const used = await runOk(process.execPath, ["--input-type=module", "-e", program], ROOT)
    expect(JSON.parse(used.stdout)).toEqual(["function", true])
  })

  it("the entry points but taxdoc/workflow load none of its packages, even when used", { timeout: 60_000 }, async () => {
    const packages = String.raw`/\/node_modules\/(@effect\/(cluster|workflow|rpc|sql|sql-pg|experimental)|pg)\//`
    const program = [
      ...["entry.js", "sandbox/index.js", "recordings/index.js"].map((file, i) => `const m${i} = await import(${JSON.stringify(dist(file))})`),
      "console.log(JSON.stringify([m0.Catalogue.operations.length > 0, typeof m1.InProcess.layer, typeof m2.RecordReplay.layerReplay]))"
    ].join("\n")
    const ran = await runReporting(packages, program)
    expect(JSON.parse(ran.stdout)).toEqual([true, "function", "function"])
    expect(ran.stderr).not.toContain("loaded ")
    const workflow = await runReporting(packages, `await import(${JSON.stringify(dist("workflow/index.js"))})`)
    expect(workflow.stderr).toContain("@effect/workflow")
  })

  it("building the layer and calling a method load none of Effect's Stream modules without a token store", { timeout: 60_000 }, async () => {
    // Effect's Stream (with its channels, queues and hubs) is a large share of a cold start; only a
    // shared token store needs it. The call is refused before sending, its implementation loaded.
    const streams = String.raw`/\/node_modules\/effect\/dist\/esm\/(Stream|internal\/stream)\.js$/`
    const program = [
      `const { Cashbill, Taxdoc, Undici } = await import(${JSON.stringify(dist("entry.js"))})`,
      "const [Effect, Layer, Redacted] = await Promise.all([\"Effect\", \"Layer\", \"Redacted\"].map((m) => import(`effect/${m}`)))",
      "const Live = Taxdoc.layer({ linkId: \"LINK\", secretKey: Redacted.make(\"c2VjcmV0\"), environment: \"test\", authUrl: \"http://127.0.0.1:9\", apiUrl: \"http://127.0.0.1:9\" }).pipe(Layer.provide(Undici.layer()))",
      "const refused = await Effect.runPromise(Effect.flip(Effect.flatMap(Cashbill.Cashbill, (c) => c.getInfo(\"123\", \"key\")).pipe(Effect.provide(Live))))",
      "console.log(JSON.stringify(refused._tag))"
    ].join("\n")
    const ran = await runReporting(streams, program)
    expect(JSON.parse(ran.stdout)).toBe("ValidationError")
    expect(ran.stderr).not.toContain("loaded ")
  })
})
