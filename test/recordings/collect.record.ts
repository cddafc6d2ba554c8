/**
 * Records the committed cassette of the collection scenario against a fresh in-process sandbox:
 * `npx tsx test/recordings/collect.record.ts`.
 */
import { Effect, TestContext } from "effect"
import { COLLECT_CASSETTE, runCollectScenario } from "./collect.scenario.js"
import { recordingLayer } from "./scenario.js"

Effect.runPromise(runCollectScenario(recordingLayer(COLLECT_CASSETTE, "record")).pipe(Effect.provide(TestContext.TestContext))).then(
  () => console.log(`recorded ${COLLECT_CASSETTE}`),
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  }
)
