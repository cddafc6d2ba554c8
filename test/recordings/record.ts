/**
 * Records the committed cassette of the scenario against a fresh in-process sandbox:
 * `npx tsx test/recordings/record.ts`. The clock is the test clock, as in the suite, so that
 * recording again gives the same file.
 */
import { Effect, TestContext } from "effect"
import { CASSETTE, recordingLayer, runScenario } from "./scenario.js"

Effect.runPromise(runScenario(recordingLayer(CASSETTE, "record")).pipe(Effect.provide(TestContext.TestContext))).then(
  () => console.log(`recorded ${CASSETTE}`),
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  }
)
