/**
 * Cash receipts issued through a fault proxy (answers lost after the sandbox answered, connections
 * reset, gateway pages) in front of a sandbox kept in a data directory, which is killed and started
 * again on its port during the run: every outcome the SDK reports is true; with a deadline longer
 * than the outages, nothing is left unknown; with one shorter than an outage, a write is left
 * unknown only once its deadline has passed.
 */
import { describe, expect, it } from "@effect/vitest"
import { broken, chaos, summary, unknownEarly } from "../../support/chaos.js"

const RATES = { loseAnswer: 1 / 12, reset: 0.02, unavailable: 0.02 }
// Backoffs made short through the configuration; the deadline of a request as production sets it.
const QUICK = { requestTimeout: "3 seconds", retryBaseDelay: "20 millis", retryMaxDelay: "250 millis" } as const

describe("issues through lost answers, resets and two restarts of the sandbox", () => {
  it("with a deadline longer than the outages: every outcome true, none unknown", { timeout: 180_000 }, async () => {
    const run = await chaos({
      seed: 47,
      rates: RATES,
      singles: 120,
      concurrency: 8,
      bulk: 300,
      restartsAfter: [40, 60],
      sdk: { ...QUICK, callTimeout: "30 seconds" },
      prefix: "LONG"
    })
    expect(run.outages, JSON.stringify(summary(run))).toHaveLength(2)
    expect(run.fates.loseAnswer).toBeGreaterThan(0)
    expect(broken(run)).toEqual([])
    expect([...run.singles, ...run.bulk].filter((r) => r.outcome === "unknown")).toEqual([])
    // Every receipt issued: nothing was refused by the service, and the outages were waited out.
    expect(run.singles.filter((r) => r.outcome !== "issued")).toEqual([])
    expect(run.bulk.filter((r) => r.outcome !== "issued")).toEqual([])
  })

  it("with a deadline shorter than an outage: every outcome true, unknown only once the deadline passed", { timeout: 180_000 }, async () => {
    const run = await chaos({
      seed: 4747,
      rates: RATES,
      singles: 80,
      concurrency: 8,
      bulk: 0,
      restartsAfter: [40],
      sdk: { ...QUICK, requestTimeout: "250 millis", retryMaxDelay: "50 millis", callTimeout: "300 millis" },
      prefix: "SHORT"
    })
    expect(run.outages, JSON.stringify(summary(run))).toHaveLength(1)
    expect(broken(run)).toEqual([])
    // Given up only when the deadline left no room for another wait (at most 50 ms).
    expect(unknownEarly(run, 250)).toEqual([])
    // The outage outlasted some calls' deadline: they ended without an issue.
    expect(run.singles.filter((r) => r.outcome !== "issued").length).toBeGreaterThan(0)
  })
})
