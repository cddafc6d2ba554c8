/**
 * `Verify` in `taxdoc/recordings`: the committed cassettes replay against an in-process sandbox
 * without drift; `compare` reports the status, the error code, the kind of body and the answer's
 * shape (a field on one side only, types with nothing in common), and never a value the sandbox
 * makes up, `null` against a value, or the items of an array empty on one side.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import type { Cassette } from "../../src/recordings/Cassette.js"
import * as Verify from "../../src/recordings/Verify.js"
import * as InProcess from "../../src/sandbox/InProcess.js"
import * as Partners from "../../src/sandbox/Partners.js"

const DIR = new URL("../cassettes/", import.meta.url).pathname
const CASSETTES = fs.readdirSync(DIR).filter((f) => f.endsWith(".json")).sort().map((f) => path.join(DIR, f))

const TARGET: Verify.Target = { origin: InProcess.SANDBOX_ORIGIN, linkId: Partners.TESTER_LINK_ID, secretKey: Redacted.make(Partners.TESTER_SECRET) }

const interaction = (status: number, json: unknown): Cassette["interactions"][number] => ({
  recordedAt: "2026-11-22T01:00:00.000Z",
  request: { method: "GET", path: "/Cashbill/K-1", query: [["Detail", ""]], headers: {}, body: { kind: "empty" } },
  response: { status, headers: { "content-type": "application/json" }, body: { kind: "json", json } }
})

describe("Verify", () => {
  it.effect("every committed cassette replays against a fresh in-process sandbox without drift", () =>
    Effect.gen(function*() {
      const report = yield* Verify.verifyCassettes(CASSETTES, TARGET)
      expect(report.files.map((f) => [path.basename(f.path), f.drifts, f.problems])).toEqual(CASSETTES.map((f) => [path.basename(f), [], []]))
      expect(report.files.every((f) => f.exchanges > 0)).toBe(true)
      expect(report.ok).toBe(true)
      expect(Verify.exitCode(report)).toBe(0)
    }).pipe(Effect.provide(InProcess.layer({ partners: [Partners.tester] }))), { timeout: 60_000 })

  it("compares status, error code and shape, values by shape only", () => {
    const recorded = interaction(200, { confirmNum: "123456789", tradeDate: "20261122", list: [{ a: 1 }], memo: null, empty: [] })
    expect(Verify.compare(3, recorded, { status: 200, body: { kind: "json", json: { confirmNum: "987654321", tradeDate: "20261123", list: [{ a: 2 }, { a: 3 }], memo: "x", empty: [{ b: true }] } } })).toEqual([])
    const drifts = Verify.compare(3, recorded, { status: 200, body: { kind: "json", json: { confirmNumber: "987654321", tradeDate: 20261123, list: [{ a: "2" }], memo: null, empty: [] } } })
    expect(drifts).toEqual([
      { exchange: 3, request: "GET /Cashbill/K-1?Detail", field: "$.confirmNum", recorded: "string", sandbox: "absent" },
      { exchange: 3, request: "GET /Cashbill/K-1?Detail", field: "$.confirmNumber", recorded: "absent", sandbox: "string" },
      { exchange: 3, request: "GET /Cashbill/K-1?Detail", field: "$.list[].a", recorded: "number", sandbox: "string" },
      { exchange: 3, request: "GET /Cashbill/K-1?Detail", field: "$.tradeDate", recorded: "string", sandbox: "number" }
    ])
  })

  it("a different status or error code is a drift; so is another kind of body", () => {
    const refused = interaction(404, { code: -14000003, message: "없음" })
    expect(Verify.compare(1, refused, { status: 400, body: { kind: "json", json: { code: -99999999, message: "other" } } }).map((d) => [d.field, d.recorded, d.sandbox])).toEqual([
      ["status", "404", "400"],
      ["code", "-14000003", "-99999999"]
    ])
    expect(Verify.compare(1, refused, { status: 404, body: { kind: "binary", base64: "JVBERi0=" } }).map((d) => [d.field, d.recorded, d.sandbox])).toEqual([
      ["code", "-14000003", "absent"],
      ["body", "json", "binary"]
    ])
  })

  it("formats a readable report naming the file, the exchange, the request and the field", () => {
    const report: Verify.Report = {
      ok: false,
      files: [{ path: "a.json", exchanges: 4, problems: [], drifts: [{ exchange: 2, request: "GET /Cashbill/K-1", field: "$.x", recorded: "string", sandbox: "absent" }] }]
    }
    expect(Verify.formatReport(report)).toBe("a.json: exchange 2 (GET /Cashbill/K-1): $.x: recorded string, sandbox absent\n1 of 1 cassette(s) drift from the sandbox")
    expect(Verify.exitCode(report)).toBe(1)
  })
})
