import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Cassette from "../../src/recordings/Cassette.js"
import * as Check from "../../src/recordings/Check.js"

const SECRET = "rQYtqegPWltonnr4IeqeL3RO8m4Q57WdXT4DpsLws9E="

/** The committed cassettes. */
const COMMITTED = fs.readdirSync(new URL("../cassettes/", import.meta.url)).filter((f) => f.endsWith(".json")).sort()
  .map((f) => new URL(`../cassettes/${f}`, import.meta.url).pathname)
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk"
const SIGNATURE = "UjRwO7kD2kV8bT8v2tq0a1tX9n8yP9x8U3sR1cQ5wVs="

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-check-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const file = (name: string, text: string) => {
  const target = path.join(dir, name)
  fs.writeFileSync(target, text)
  return target
}

const leaky: Cassette.Cassette = {
  version: 1,
  interactions: [{
    recordedAt: "2026-11-22T01:00:00.000Z",
    request: {
      method: "POST",
      path: "/SERVICE_TEST/Token",
      query: [],
      headers: { "x-svc-forwarded": `SVC TESTER ${SIGNATURE}`, "accept-language": `Bearer live-token-abcdefgh` },
      body: { kind: "json", json: { access_id: "1234567890", scope: ["member"], note: SECRET } }
    },
    response: {
      status: 200,
      headers: { "content-type": "application/json" },
      body: { kind: "json", json: { session_token: "live-token-abcdefgh", id_token: JWT, ok: "<token-1>" } }
    }
  }, {
    recordedAt: "2026-11-22T01:00:00.000Z",
    request: { method: "GET", path: "/Pdf", query: [], headers: {}, body: { kind: "empty" } },
    response: {
      status: 200,
      headers: { "content-type": "application/pdf" },
      body: { kind: "binary", base64: Buffer.from(`%PDF-1.4 ${SECRET}`).toString("base64") }
    }
  }]
}

describe("checkCassettes", () => {
  it.effect("the committed cassettes are valid, canonical and clean", () =>
    Effect.gen(function*() {
      const report = yield* Check.checkCassettes(COMMITTED, { secrets: [Redacted.make(SECRET)] })
      expect(report.files).toEqual(COMMITTED.map((path) => ({ path, problems: [], findings: [] })))
      expect(report.ok).toBe(true)
      expect(Check.exitCode(report)).toBe(0)
      expect(Check.formatReport(report)).toContain(`${COMMITTED.length} cassette(s) checked, no problems`)
    }))

  it.effect("finds bearer values, JWTs, real signatures, live session tokens and the secret key (also inside binary bodies)", () =>
    Effect.gen(function*() {
      const target = file("leaky.json", Cassette.encode(leaky))
      const report = yield* Check.checkCassettes([target], { secrets: [Redacted.make(SECRET)] })
      const findings = report.files[0]!.findings.map((f) => [f.kind, f.location])
      expect(findings).toEqual(expect.arrayContaining([
        ["svc-signature", "$.interactions[0].request.headers[\"x-svc-forwarded\"]"],
        ["bearer", "$.interactions[0].request.headers[\"accept-language\"]"],
        ["secret-key", "$.interactions[0].request.body.json.note"],
        ["session-token", "$.interactions[0].response.body.json.session_token"],
        ["jwt", "$.interactions[0].response.body.json.id_token"],
        ["secret-key", "$.interactions[1].response.body.base64 (decoded)"]
      ]))
      expect(findings).toHaveLength(6)
      expect(report.ok).toBe(false)
      expect(Check.exitCode(report)).toBe(1)
      const printed = Check.formatReport(report)
      expect(printed).toContain(`${target}: session-token at $.interactions[0].response.body.json.session_token: live…efgh`)
      for (const secret of [SECRET, JWT, SIGNATURE, "live-token-abcdefgh"]) expect(printed).not.toContain(secret)
    }))

  it.effect("reports files that are not cassettes, not canonical, or unreadable", () =>
    Effect.gen(function*() {
      const notJson = file("not-json.json", "{ nope")
      const wrongVersion = file("v2.json", Cassette.encode({ ...Cassette.empty }).replace("\"version\": 1", "\"version\": 2"))
      const compact = file("compact.json", JSON.stringify(Cassette.empty))
      const missing = path.join(dir, "missing.json")
      const report = yield* Check.checkCassettes([notJson, wrongVersion, compact, missing])
      const problems = report.files.map((f) => f.problems.join("; "))
      expect(problems[0]).toBe("not JSON")
      expect(problems[1]).toContain("version")
      expect(problems[2]).toContain("not in canonical form")
      expect(problems[3]).toContain("cannot read")
      expect(report.ok).toBe(false)
      expect(Check.formatReport(report)).toContain("4 of 4 cassette(s) have problems")
    }))
})
