/**
 * The collection flow from its committed cassette (test/cassettes/taxportal-collect.json), replayed
 * with no sandbox behind it — as in CI — equals a live run against the sandbox, whose recording is
 * the committed file.
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { COLLECT_CASSETTE, runCollectScenario } from "./collect.scenario.js"
import { recordingLayer, replayLayer, withoutPersonalData } from "./scenario.js"

const root = fs.mkdtempSync(path.join(os.tmpdir(), "taxdoc-collect-"))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describe("recorded collection flow", () => {
  it.effect("replaying the committed cassette (no sandbox) sees what a live run sees", () =>
    Effect.gen(function*() {
      const live = yield* runCollectScenario(recordingLayer(path.join(root, "live.json"), "record"))
      // Recording again gives the committed file, byte for byte.
      expect(fs.readFileSync(path.join(root, "live.json")).equals(fs.readFileSync(COLLECT_CASSETTE)), "the committed cassette is what recording writes today: npx tsx test/recordings/record.ts").toBe(true)
      const replayed = yield* runCollectScenario(replayLayer(COLLECT_CASSETTE))
      // Personal data is scrubbed from cassettes: a replay answers placeholders in its place.
      expect(withoutPersonalData(replayed)).toEqual(withoutPersonalData(live))
      expect(JSON.stringify(replayed)).toContain("<person-")
      const seen = replayed as {
        issued: ReadonlyArray<string>
        sales: ReadonlyArray<ReadonlyArray<string>>
        job: { state: string; collectCount: number }
        summary: { count: number }
        early: { code: number }
        purchases: ReadonlyArray<ReadonlyArray<string>>
        detail: { invoiceType: number } | null
      }
      expect(seen.sales.map((r) => r[0])).toEqual(expect.arrayContaining([...seen.issued]))
      expect(seen.job).toEqual({ state: "3", collectCount: seen.sales.length })
      expect(seen.summary.count).toBe(seen.sales.length)
      expect(seen.early.code).toBe(-11100002)
      expect(seen.purchases.every((i) => i[2] === "과세")).toBe(true)
      expect(seen.detail?.invoiceType).toBe(101)
    }))
})
