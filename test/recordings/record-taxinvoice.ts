/**
 * Records the committed e-Tax invoice cassette against a fresh in-process sandbox:
 * `npx tsx test/recordings/record-taxinvoice.ts`. The clock is the test clock, so recording again
 * gives the same file.
 */
import { Effect, TestContext } from "effect"
import { recordingLayer, runScenario, TAXINVOICE_CASSETTE } from "./taxinvoiceScenario.js"

Effect.runPromise(runScenario(recordingLayer(TAXINVOICE_CASSETTE, "record")).pipe(Effect.provide(TestContext.TestContext))).then(
  () => console.log(`recorded ${TAXINVOICE_CASSETTE}`),
  (error: unknown) => {
    console.error(error)
    process.exitCode = 1
  }
)
