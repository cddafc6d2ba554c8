/**
 * `taxdoc cassettes verify`: the committed cassettes replay against a fresh in-process sandbox
 * without drift (exit 0); a cassette whose recorded answer has one field renamed exits 1 with a
 * report naming the exchange and the field, in text and in `--json`; the same against a served
 * sandbox (`--sandbox-url`), whose state is left as it was.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { fixtures, ROOT, start, taxdoc } from "./support.js"

const CASSETTES = fs.readdirSync(path.join(ROOT, "test/cassettes")).filter((f) => f.endsWith(".json")).sort().map((f) => `test/cassettes/${f}`)

interface Cassette {
  readonly interactions: Array<{ readonly request: { readonly method: string; readonly path: string }; readonly response: { readonly body: { readonly json?: Record<string, unknown> } } }>
}

/** member-cashbill.json with `confirmNum` renamed in the recorded answer of its first GET /Cashbill/RR-0001; the exchange's number. */
const renamed = (): { readonly dir: string; readonly exchange: number } => {
  const cassette = JSON.parse(fs.readFileSync(path.join(ROOT, "test/cassettes/member-cashbill.json"), "utf8")) as Cassette
  const index = cassette.interactions.findIndex((i) => i.request.method === "GET" && i.request.path === "/Cashbill/RR-0001")
  const answer = cassette.interactions[index]!.response.body.json!
  answer["confirmNumber"] = answer["confirmNum"]
  delete answer["confirmNum"]
  return { dir: fixtures({ "renamed.json": JSON.stringify(cassette, null, 2) }), exchange: index + 1 }
}

interface JsonReport {
  readonly ok: boolean
  readonly files: ReadonlyArray<{ readonly path: string; readonly exchanges: number; readonly drifts: ReadonlyArray<{ readonly exchange: number; readonly field: string; readonly recorded: string; readonly sandbox: string }>; readonly problems: ReadonlyArray<string> }>
}

describe("taxdoc cassettes verify", () => {
  it("--sandbox: every committed cassette replays without drift, exit 0", { timeout: 120_000 }, async () => {
    expect(CASSETTES.length).toBeGreaterThanOrEqual(4)
    const run = await taxdoc(["cassettes", "verify", "--sandbox", ...CASSETTES])
    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    for (const file of CASSETTES) expect(run.stdout).toMatch(new RegExp(`${file}: \\d+ exchange\\(s\\), no drift`))
    expect(run.stdout).toContain(`${CASSETTES.length} cassette(s) verified`)
  })

  it("a recorded answer with one field renamed: exit 1, the exchange and both field names reported", { timeout: 120_000 }, async () => {
    const { dir, exchange } = renamed()
    try {
      const file = path.join(dir, "renamed.json")
      const text = await taxdoc(["cassettes", "verify", "--sandbox", file])
      expect(text.code).toBe(1)
      expect(text.stdout).toContain(`${file}: exchange ${exchange} (GET /Cashbill/RR-0001): $.confirmNumber: recorded string, sandbox absent`)
      expect(text.stdout).toContain(`${file}: exchange ${exchange} (GET /Cashbill/RR-0001): $.confirmNum: recorded absent, sandbox string`)
      expect(text.stdout).toContain("1 of 1 cassette(s) drift from the sandbox")

      const json = await taxdoc(["cassettes", "verify", "--sandbox", "--json", file])
      expect(json.code).toBe(1)
      const report = JSON.parse(json.stdout) as JsonReport
      expect(report.ok).toBe(false)
      expect(report.files[0]!.drifts).toEqual([
        { exchange, request: "GET /Cashbill/RR-0001", field: "$.confirmNum", recorded: "absent", sandbox: "string" },
        { exchange, request: "GET /Cashbill/RR-0001", field: "$.confirmNumber", recorded: "string", sandbox: "absent" }
      ])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("needs a sandbox: neither --sandbox nor --sandbox-url is a usage error (exit 2)", { timeout: 60_000 }, async () => {
    const run = await taxdoc(["cassettes", "verify", CASSETTES[0]!])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain("no sandbox to verify against")
  })

  it("--sandbox-url: the same verdicts against a served sandbox, whose members are left as they were", { timeout: 120_000 }, async () => {
    const server = start(["sandbox", "serve", "--port", "0", "--member", "1111111119"])
    try {
      const secret = (await server.waitFor(/partner TESTER secret (\S+)/))[1]!
      const url = (await server.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!
      const env = { TAXDOC_SECRET_KEY: secret }
      const clean = await taxdoc(["cassettes", "verify", "--sandbox-url", url, "--json", ...CASSETTES], { env })
      expect(clean.code).toBe(0)
      const report = JSON.parse(clean.stdout) as JsonReport
      expect(report.files.map((f) => [f.path, f.drifts, f.problems])).toEqual(CASSETTES.map((f) => [f, [], []]))
      const { dir, exchange } = renamed()
      try {
        const drifted = await taxdoc(["cassettes", "verify", "--sandbox-url", url, path.join(dir, "renamed.json")], { env })
        expect(drifted.code).toBe(1)
        expect(drifted.stdout).toContain(`exchange ${exchange} (GET /Cashbill/RR-0001): $.confirmNumber: recorded string, sandbox absent`)
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
      // The member seeded at start is still signed up: the sandbox's state was put back.
      const member = await fetch(`${url}/Join?CorpNum=1111111119&LID=TESTER`)
      expect(await member.json()).toMatchObject({ code: 1 })
    } finally {
      await server.stop("SIGTERM")
    }
  })
})
