import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { replayLayer } from "./scenario.js"
import { recordingLayer, runScenario, TAXINVOICE_CASSETTE } from "./taxinvoiceScenario.js"

const root = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-rr-ti-"))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describe("recorded e-Tax invoice flow", () => {
  it.effect("a live run against the sandbox and a replay of the committed cassette (no sandbox) see the same results", () =>
    Effect.gen(function*() {
      const live = yield* runScenario(recordingLayer(path.join(root, "live.json"), "record"))
      const replayed = yield* runScenario(replayLayer(TAXINVOICE_CASSETTE))
      expect(replayed).toEqual(live)
      expect(live).toMatchObject({
        taxinvoice: { info: { stateCode: 300 }, polls: [0, 1, 1, 2], bulk: { txState: 2, successCount: 3 } },
        refused: { tag: "ApiError", code: -11000005, status: 404 },
        certificate: { tag: "ApiError", code: -11000030 }
      })
      // Recording is deterministic: a second recording writes the same bytes.
      yield* runScenario(recordingLayer(path.join(root, "again.json"), "record"))
      expect(fs.readFileSync(path.join(root, "again.json"), "utf8")).toBe(fs.readFileSync(path.join(root, "live.json"), "utf8"))
    }))
})
