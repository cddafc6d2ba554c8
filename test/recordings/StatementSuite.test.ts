import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as Check from "../../src/recordings/Check.js"
import { TESTER_SECRET } from "../../src/sandbox/Partners.js"
import { replayLayer, withoutPersonalData } from "./scenario.js"
import { runStatementScenario, STATEMENT_CASSETTE, statementRecordingLayer } from "./statementScenario.js"

const root = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-rr-statement-"))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describe("recorded statement suite", () => {
  it.effect("a live run against the sandbox and a replay of the committed cassette (no sandbox) see the same results", () =>
    Effect.gen(function*() {
      const live = yield* runStatementScenario(statementRecordingLayer(path.join(root, "live.json"), "record"))
      const replayed = yield* runStatementScenario(replayLayer(STATEMENT_CASSETTE))
      // Personal data is scrubbed from cassettes: a replay answers placeholders in its place.
      expect(withoutPersonalData(replayed)).toEqual(withoutPersonalData(live))
      expect(replayed).toMatchObject({ detail: { senderCEOName: "<person-1>", receiverEmail: "<email-1>" }, urls: [{ kind: "VIEW", url: "<url-1>" }, { kind: "MAIL", url: "<url-2>" }, { kind: "MASSPRINT", url: "<url-3>" }] })
      expect(live).toMatchObject({
        info: { itemCode: 123, stateCode: 300 },
        infos: [{ mgtKey: "RR-EST-0001" }],
        detail: { propertyBag: { Balance: "15000", Deposit: "5000", CBalance: "20000" } },
        afterCancel: { stateCode: 600, stateMemo: "견적 철회" },
        deleted: { code: 1 },
        reissued: { code: 1 },
        refused: { tag: "ApiError", code: -12000004, status: 404 }
      })
      // Recording again gives the committed file, byte for byte.
      expect(fs.readFileSync(path.join(root, "live.json")).equals(fs.readFileSync(STATEMENT_CASSETTE))).toBe(true)
    }))

  it("the committed cassette holds none of the names, e-mails or portal URLs the scenario used", () => {
    const text = fs.readFileSync(STATEMENT_CASSETTE, "utf8")
    for (const value of ["김공급", "buyer@example.com", "again@example.com", "/portal/"]) expect(text.includes(value), value).toBe(false)
  })

  it.effect("the committed cassette is valid, canonical and clean", () =>
    Effect.gen(function*() {
      const report = yield* Check.checkCassettes([STATEMENT_CASSETTE], { secrets: [Redacted.make(TESTER_SECRET)] })
      expect(report.files[0]).toEqual({ path: STATEMENT_CASSETTE, problems: [], findings: [] })
    }))
})
