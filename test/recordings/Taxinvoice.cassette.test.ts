import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Check from "../../src/recordings/Check.js"
import { TESTER_SECRET } from "../../src/sandbox/Partners.js"
import { replayLayer, withoutPersonalData } from "./scenario.js"
import { recordingLayer, runScenario, TAXINVOICE_CASSETTE } from "./taxinvoiceScenario.js"

const root = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-rr-ti-"))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describe("recorded e-Tax invoice flow", () => {
  it.effect("a live run against the sandbox and a replay of the committed cassette (no sandbox) see the same results", () =>
    Effect.gen(function*() {
      const live = yield* runScenario(recordingLayer(path.join(root, "live.json"), "record"))
      // Recording again gives the committed file, byte for byte.
      expect(fs.readFileSync(path.join(root, "live.json")).equals(fs.readFileSync(TAXINVOICE_CASSETTE)), "the committed cassette is what recording writes today: npx tsx test/recordings/record.ts").toBe(true)
      const replayed = yield* runScenario(replayLayer(TAXINVOICE_CASSETTE))
      // Personal data is scrubbed from cassettes: a replay answers placeholders in its place.
      expect(withoutPersonalData(replayed)).toEqual(withoutPersonalData(live))
      expect(replayed).toMatchObject({
        taxinvoice: { detail: { invoicerCEOName: "<person-1>", invoiceeCEOName: "<person-2>", invoiceeEmail1: "<email-1>" }, url: "<url-1>" }
      })
      expect(live).toMatchObject({
        taxinvoice: { info: { stateCode: 300 }, polls: [0, 1, 1, 2], bulk: { txState: 2, successCount: 3 } },
        refused: { tag: "ApiError", code: -11000005, status: 404 },
        certificate: { tag: "ApiError", code: -11000030 }
      })
      // Recording is deterministic: a second recording writes the same bytes.
      yield* runScenario(recordingLayer(path.join(root, "again.json"), "record"))
      expect(fs.readFileSync(path.join(root, "again.json"), "utf8")).toBe(fs.readFileSync(path.join(root, "live.json"), "utf8"))
    }))

  it("the committed cassette holds none of the names, e-mails or portal URLs the scenario used", () => {
    const text = fs.readFileSync(TAXINVOICE_CASSETTE, "utf8")
    for (const value of ["김대표", "이대표", "buyer@example.com", "again@example.com", "/portal/"]) expect(text.includes(value), value).toBe(false)
  })

  it.effect("the committed cassette is valid, canonical and clean", () =>
    Effect.gen(function*() {
      const report = yield* Check.checkCassettes([TAXINVOICE_CASSETTE], { secrets: [Redacted.make(TESTER_SECRET)] })
      expect(report.files[0]).toEqual({ path: TAXINVOICE_CASSETTE, problems: [], findings: [] })
    }))
})
