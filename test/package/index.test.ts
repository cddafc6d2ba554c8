/**
 * The package's entry points as compiled (`dist/`), in plain node: `taxdoc` exports what users call
 * and nothing of the machinery behind it, `taxdoc/catalogue` the operations and what builds on
 * them; the entry points but `taxdoc/workflow` load none of the fleet's packages, even when used.
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

// What `taxdoc` offers: the SDK's layers and configuration, the seven services with the schemas of
// their inputs and answers, the errors, the tokens and their store, and the names and metrics of
// what a call emits (Telemetry, Metrics).
const PUBLIC = [
  "ApiError", "BulkIncompleteError", "Cashbill", "CashbillSchemas", "Certificate", "CertificateSchemas", "CompanyStatus",
  "CompanyStatusSchemas", "Config", "ErrorCodes", "Member", "MemberSchemas", "Metrics", "PollTimeoutError", "ResponseError",
  "Statement", "StatementSchemas", "TaxPortal", "TaxPortalSchemas", "Taxdoc", "Taxinvoice", "TaxinvoiceSchemas", "Telemetry",
  "TokenError", "TokenStore", "Tokens", "TransportError", "Undici", "UnknownOutcomeError", "ValidationError", "ValidationIssue"
]

// What `taxdoc/catalogue` offers: the operation declarations by domain, and what builds on them.
const CATALOGUE = [
  "CashbillOperations", "Catalogue", "CertificateOperations", "Client", "CompanyStatusOperations", "MemberOperations", "Operation",
  "Schemas", "StatementOperations", "TaxPortalOperations", "TaxinvoiceOperations"
]

describe("the package's entry points", () => {
  it("taxdoc exports what users call, and none of the machinery behind it", { timeout: 60_000 }, async () => {
    const ran = await runOk(process.execPath, ["--input-type=module", "-e", `console.log(JSON.stringify(Object.keys(await import(${JSON.stringify(dist("index.js"))})).sort()))`], ROOT)
    const names: ReadonlyArray<string> = JSON.parse(ran.stdout)
    expect(names).toEqual([...PUBLIC].sort())
    for (const internal of ["Signing", "Bulk", "Kst", "Transport", "Retry", "Polling", "CashbillRules", "Decoder", "Lazy", "Operation", "Client", "Schemas"]) {
      expect(names).not.toContain(internal)
    }
  })

  it("taxdoc/catalogue exports the operations and what builds on them", { timeout: 60_000 }, async () => {
    const program = `const m = await import(${JSON.stringify(dist("catalogue/index.js"))})
      console.log(JSON.stringify([Object.keys(m).sort(), m.Catalogue.operations.includes(m.CashbillOperations.RegistIssue), typeof m.Client.TaxdocClient, typeof m.Operation.make]))`
    const ran = await runOk(process.execPath, ["--input-type=module", "-e", program], ROOT)
    expect(JSON.parse(ran.stdout)).toEqual([[...CATALOGUE].sort(), true, "function", "function"])
  })

  it("a service's namespace holds its class and layer, and not the internals of its module", { timeout: 60_000 }, async () => {
    const program = `const { Cashbill, Taxdoc } = await import(${JSON.stringify(dist("index.js"))})
      console.log(JSON.stringify([typeof Cashbill.Cashbill, typeof Cashbill.layer, typeof Taxdoc.layerSandbox, typeof Taxdoc.layer, Object.keys(Cashbill).sort()]))`
    const ran = await runOk(process.execPath, ["--input-type=module", "-e", program], ROOT)
    expect(JSON.parse(ran.stdout)).toEqual(["function", "object", "function", "function", ["Cashbill", "layer"]])
  })

  it("the entry points but taxdoc/workflow load none of the fleet's packages, even when used", { timeout: 60_000 }, async () => {
    const fleet = String.raw`/\/node_modules\/(@effect\/sql-pg\/|effect\/dist\/(cluster|workflow|sql)\/)/`
    const program = [
      ...["index.js", "sandbox/index.js", "recordings/index.js", "promise/index.js", "testing/index.js", "catalogue/index.js"].map((file, i) => `const m${i} = await import(${JSON.stringify(dist(file))})`),
      "console.log(JSON.stringify([typeof m0.Taxdoc.layer, typeof m1.InProcess.layer, typeof m2.RecordReplay.layerReplay, typeof m3.createSandboxClient, typeof m4.valid, m5.Catalogue.operations.length > 0]))"
    ].join("\n")
    const ran = await runReporting(fleet, program)
    expect(JSON.parse(ran.stdout)).toEqual(["function", "function", "function", "function", "function", true])
    expect(ran.stderr).not.toContain("loaded ")
    const workflow = await runReporting(fleet, `await import(${JSON.stringify(dist("workflow/index.js"))})`)
    expect(workflow.stderr).toContain("effect/dist/workflow/")
  })

  it("the SDK's layer over Node's client refuses a bad input before sending, with no fleet module loaded", { timeout: 60_000 }, async () => {
    const fleet = String.raw`/\/node_modules\/(@effect\/sql-pg\/|effect\/dist\/(cluster|workflow|sql)\/)/`
    const program = [
      `const { Cashbill, Taxdoc } = await import(${JSON.stringify(dist("index.js"))})`,
      "const [Effect, Layer, Redacted, NodeHttpClient] = await Promise.all([\"effect/Effect\", \"effect/Layer\", \"effect/Redacted\", \"@effect/platform-node/NodeHttpClient\"].map((m) => import(m)))",
      "const Live = Taxdoc.layer({ linkId: \"LINK\", secretKey: Redacted.make(\"c2VjcmV0\"), environment: \"test\", authUrl: \"http://127.0.0.1:9\", apiUrl: \"http://127.0.0.1:9\" }).pipe(Layer.provide(NodeHttpClient.layerUndici))",
      "const refused = await Effect.runPromise(Effect.flip(Cashbill.Cashbill.use((c) => c.getInfo(\"123\", \"key\")).pipe(Effect.provide(Live))))",
      "console.log(JSON.stringify([refused._tag, refused.issues.map((i) => i.path)]))"
    ].join("\n")
    const ran = await runReporting(fleet, program)
    expect(JSON.parse(ran.stdout)).toEqual(["ValidationError", ["corpNum"]])
    expect(ran.stderr).not.toContain("loaded ")
  })
})
